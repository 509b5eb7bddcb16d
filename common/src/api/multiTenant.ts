/**
 * Multi-tenant calls (docs/settings.md §1 Tenant settings "GET multi_tenant/", "PATCH
 * multi_tenant/associations/{id} with status"): the tenant's associations, and a change of one
 * (approving sets `active`). Reading them tolerates 403 and 404 (docs/http-client.md §5): a
 * tenant without multi-tenant, or a role that may not see it, reads none. Shapes: contract/multiTenant.ts.
 */
import { ApiCallError } from './ApiCallError';
import { SKIP_403_HEADER } from './contract/wire';
import {
  MULTI_TENANT_PATHS,
  NO_MULTI_TENANT,
  type AssociationReply,
  type AssociationStatus,
  type MultiTenantInfo,
} from './contract/multiTenant';
import type { HttpClient } from './http';

export async function getMultiTenantInfo(http: HttpClient): Promise<MultiTenantInfo> {
  try {
    const r = await http.get<MultiTenantInfo>(MULTI_TENANT_PATHS.info, {
      callName: 'getMultiTenantInfo',
      headers: { [SKIP_403_HEADER]: '1' },
    });
    return r.data;
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 403 || error.status === 404))
      return NO_MULTI_TENANT;
    throw error;
  }
}

/** Sets an association's status (`active` approves a pending request). */
export async function setAssociationStatus(
  http: HttpClient,
  id: string,
  status: AssociationStatus,
): Promise<AssociationReply> {
  const r = await http.patch<AssociationReply>(
    MULTI_TENANT_PATHS.association(id),
    { status },
    { callName: 'setAssociationStatus' },
  );
  return r.data;
}
