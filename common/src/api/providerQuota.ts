/** Tenant quota in the provider console (contract/providerQuota.ts, docs/provider-console.md §11). */
import type { HttpClient } from './http';
import {
  QUOTA_PATH,
  tenantQuotaPath,
  type QuotaLimits,
  type TenantQuota,
  type TenantQuotaList,
} from './contract/providerQuota';

/** Every tenant's limits, use and passed limits. */
export async function listTenantQuota(http: HttpClient): Promise<TenantQuotaList> {
  return (await http.get<TenantQuotaList>(QUOTA_PATH, { callName: 'listTenantQuota' })).data;
}

/** Replaces one tenant's limits; answers its quota as now. */
export async function putTenantQuota(
  http: HttpClient,
  tid: string,
  limits: QuotaLimits,
): Promise<TenantQuota> {
  return (await http.put<TenantQuota>(tenantQuotaPath(tid), { limits }, { callName: 'putTenantQuota' })).data;
}
