/** The provider's audit trail (contract/providerAudit.ts). */
import type { HttpClient } from './http';
import {
  PROVIDER_AUDIT_PATH,
  type ProviderAuditList,
  type ProviderAuditQuery,
} from './contract/providerAudit';

export async function listProviderAudit(
  http: HttpClient,
  query: ProviderAuditQuery,
): Promise<ProviderAuditList> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return (await http.get<ProviderAuditList>(PROVIDER_AUDIT_PATH, { callName: 'listProviderAudit', params }))
    .data;
}
