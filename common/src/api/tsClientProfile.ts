/** The TS client profile (docs/settings.md §11; the contract ./contract/tsClientProfile.ts). */
import {
  TS_CLIENT_PROFILE_PATH,
  type TsClientProfile,
  type TsClientProfileBody,
} from './contract/tsClientProfile';
import type { HttpClient } from './http';

export async function getTsClientProfile(http: HttpClient): Promise<TsClientProfile> {
  return (await http.get<TsClientProfile>(TS_CLIENT_PROFILE_PATH, { callName: 'getTsClientProfile' })).data;
}

export async function saveTsClientProfile(
  http: HttpClient,
  body: TsClientProfileBody,
): Promise<TsClientProfile> {
  return (await http.put<TsClientProfile>(TS_CLIENT_PROFILE_PATH, body, { callName: 'saveTsClientProfile' }))
    .data;
}
