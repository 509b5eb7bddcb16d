/**
 * Settings documents and the reads beside them (docs/settings.md §9 and §10): a document of the
 * registry read and replaced (Settings › Network and General, the Web and Safemail services'), the
 * caller's address, the deployment's public addresses, one global setting (a capability's details:
 * capabilityDetails.ts). Shapes: contract/tenantSettingsDocuments.ts.
 */
import {
  SETTINGS_UTILITY_PATHS as PATHS,
  SETTINGS_DOCUMENTS,
  type PublicIpsReply,
  type SettingReply,
  type SettingsDocumentValue,
  type SettingsDocumentKey,
  type UserIpReply,
} from './contract/tenantSettingsDocuments';
import type { HttpClient } from './http';

export async function getSettingsDocument(
  http: HttpClient,
  key: SettingsDocumentKey,
): Promise<SettingsDocumentValue> {
  const path = SETTINGS_DOCUMENTS[key].path;
  return (await http.get<SettingsDocumentValue>(path, { callName: `getSettingsDocument(${key})` })).data;
}

/** Replaces the document; `updated_at` (the one read) makes a save over a newer one a 409. */
export async function saveSettingsDocument(
  http: HttpClient,
  key: SettingsDocumentKey,
  body: Record<string, unknown>,
): Promise<SettingsDocumentValue> {
  const path = SETTINGS_DOCUMENTS[key].path;
  return (await http.put<SettingsDocumentValue>(path, body, { callName: `saveSettingsDocument(${key})` }))
    .data;
}

export async function getUserIp(http: HttpClient): Promise<UserIpReply> {
  return (await http.get<UserIpReply>(PATHS.userIp, { callName: 'getUserIp' })).data;
}

export async function getAllPublicIps(http: HttpClient): Promise<PublicIpsReply> {
  return (await http.get<PublicIpsReply>(PATHS.publicIps, { callName: 'getAllPublicIps' })).data;
}

export async function getTenantSetting(http: HttpClient, name: string): Promise<SettingReply> {
  return (await http.get<SettingReply>(PATHS.setting(name), { callName: 'getTenantSetting' })).data;
}
