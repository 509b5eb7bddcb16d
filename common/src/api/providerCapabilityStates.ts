/** The provider console's schema endpoints and capability state (docs/provider-console.md §6; issue 14). */
import type { HttpClient } from './http';
import {
  CAPABILITY_STATES_PATH,
  SCHEMA_STATES_PATH,
  capabilityStatePath,
  type CapabilityStateDetail,
  type CapabilityStateList,
  type CapabilityStateQuery,
  type SchemaStateList,
} from './contract/providerCapabilityStates';

const defined = <T extends object>(q: T): Partial<T> =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

export async function getSchemaStates(http: HttpClient): Promise<SchemaStateList> {
  return (await http.get<SchemaStateList>(SCHEMA_STATES_PATH, { callName: 'getSchemaStates' })).data;
}
/** Each capability with its schema state and tenant count; `tid` counts that tenant only. */
export async function getCapabilityStates(
  http: HttpClient,
  query: CapabilityStateQuery = {},
): Promise<CapabilityStateList> {
  return (
    await http.get<CapabilityStateList>(CAPABILITY_STATES_PATH, {
      callName: 'getCapabilityStates',
      params: defined(query),
    })
  ).data;
}
/** One capability and which tenants have it (or carry it expired). */
export async function getCapabilityState(
  http: HttpClient,
  capability: string,
  tid?: string,
): Promise<CapabilityStateDetail> {
  return (
    await http.get<CapabilityStateDetail>(capabilityStatePath(capability), {
      callName: 'getCapabilityState',
      params: tid ? { tid } : undefined,
    })
  ).data;
}
