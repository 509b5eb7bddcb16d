/** The provider console's tenant calls (docs/provider-console.md §3 tenant commands, §6 Provider console). */
import type { HttpClient } from './http';
import type { ProviderTenantList } from './contract/provider';
import type { BulkCreateReply, EndUser, EndUserChanges } from './contract/udb';
import type {
  AccountPasswordReset,
  CapabilitiesReply,
  PolicyToken,
  PolicyTokenCreated,
  TenantAdminBody,
  TenantAdminCreated,
  TenantCommand,
  TenantCreateBody,
  TenantCreateReply,
  TenantDetail,
  TenantDocument,
  TenantDocumentName,
  TenantListQuery,
  TenantPolicy,
  TenantRbac,
  TenantRbacChange,
  TenantRevisionList,
  TenantTokenListName,
  TenantSkus,
  TenantUserList,
} from './contract/providerTenants';
import {
  REVISIONS_DEFAULT_LIMIT,
  REVISIONS_MAX_LIMIT,
  TENANTS_PATH,
  tenantAdminsPath,
  tenantMfaUsersPath,
  tenantPath,
  tenantRevisionsPath,
  tenantRevisionDiffPath,
  tenantSubPath,
  tenantUserDisableMfaPath,
  tenantUserResetPasswordPath,
} from './contract/providerTenantPaths';
import type { MfaUser, MfaUserList } from './contract/auth';
import type { PolicyDiff } from './contract/policy';
import {
  DEFAULT_DEPLOYMENT_PATH,
  TENANT_DEPLOYMENTS_PATH,
  type DefaultDeployment,
  type TenantDeploymentList,
  type TenantMoveJob,
} from './contract/providerOps';
import type { RolloutTenant, TenantPolicyInitReply } from './contract/providerRollouts';

const defined = (o: object) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

export async function listTenantPage(http: HttpClient, query: TenantListQuery): Promise<ProviderTenantList> {
  return (
    await http.get<ProviderTenantList>(TENANTS_PATH, { callName: 'listTenants', params: defined(query) })
  ).data;
}
export async function createTenant(http: HttpClient, body: TenantCreateBody): Promise<TenantCreateReply> {
  return (await http.post<TenantCreateReply>(TENANTS_PATH, body, { callName: 'createTenant' })).data;
}
/** Adds an administrator to a tenant; the answer carries its one-time password (shown once). */
export async function addTenantAdmin(
  http: HttpClient,
  tid: string,
  body: TenantAdminBody,
): Promise<TenantAdminCreated> {
  return (await http.post<TenantAdminCreated>(tenantAdminsPath(tid), body, { callName: 'addTenantAdmin' }))
    .data;
}
export async function getTenant(http: HttpClient, tid: string): Promise<TenantDetail> {
  return (await http.get<TenantDetail>(tenantPath(tid), { callName: 'getTenant' })).data;
}
export async function deleteTenant(http: HttpClient, tid: string): Promise<void> {
  await http.delete(tenantPath(tid), { callName: 'deleteTenant' });
}
/** docs/provider-console.md §3: disabletenant, reenable, renametenant {name}. */
export async function tenantCommand(
  http: HttpClient,
  tid: string,
  command: TenantCommand,
  body: { name?: string } = {},
): Promise<TenantDetail> {
  return (await http.post<TenantDetail>(tenantSubPath(tid, command), body, { callName: command })).data;
}

export async function getCapabilities(http: HttpClient, tid: string): Promise<CapabilitiesReply> {
  return (
    await http.get<CapabilitiesReply>(tenantSubPath(tid, 'capabilities'), { callName: 'getCapabilities' })
  ).data;
}
/** Sets capabilities; with dryRun the server answers the changes and makes none. */
export async function patchCapabilities(
  http: HttpClient,
  tid: string,
  capabilities: Record<string, boolean | number | string>,
  dryRun: boolean,
): Promise<CapabilitiesReply> {
  return (
    await http.patch<CapabilitiesReply>(
      tenantSubPath(tid, 'capabilities'),
      { capabilities },
      { callName: 'patchCapabilities', params: dryRun ? { DryRun: true } : undefined },
    )
  ).data;
}
/** Removes capabilities; with dryRun (docs/provider-console.md §6 DryRun) the server answers what would change. */
export async function deleteCapabilities(
  http: HttpClient,
  tid: string,
  capabilities: string[],
  dryRun: boolean,
): Promise<CapabilitiesReply> {
  return (
    await http.delete<CapabilitiesReply>(tenantSubPath(tid, 'capabilities'), {
      callName: 'deleteCapabilities',
      data: { capabilities },
      params: dryRun ? { DryRun: true } : undefined,
    })
  ).data;
}

export async function getTenantSkus(http: HttpClient, tid: string): Promise<TenantSkus> {
  return (await http.get<TenantSkus>(tenantSubPath(tid, 'skus'), { callName: 'getTenantSkus' })).data;
}
export async function putTenantSkus(http: HttpClient, tid: string, skuIds: string[]): Promise<TenantSkus> {
  return (
    await http.put<TenantSkus>(tenantSubPath(tid, 'skus'), { sku_ids: skuIds }, { callName: 'putTenantSkus' })
  ).data;
}

export async function getTenantDocument<N extends TenantDocumentName>(
  http: HttpClient,
  tid: string,
  name: N,
): Promise<TenantDocument<N>> {
  return (await http.get<TenantDocument<N>>(tenantSubPath(tid, name), { callName: `get:${name}` })).data;
}
export async function putTenantDocument<N extends TenantDocumentName>(
  http: HttpClient,
  tid: string,
  name: N,
  doc: TenantDocument<N>,
): Promise<TenantDocument<N>> {
  return (await http.put<TenantDocument<N>>(tenantSubPath(tid, name), doc, { callName: `put:${name}` })).data;
}

/** A token list of the tenant (policy API tokens: `tokens`; logging auth tokens). */
export async function listPolicyTokens(
  http: HttpClient,
  tid: string,
  list: TenantTokenListName = 'tokens',
): Promise<PolicyToken[]> {
  return (await http.get<{ tokens: PolicyToken[] }>(tenantSubPath(tid, list), { callName: `list:${list}` }))
    .data.tokens;
}
export async function createPolicyToken(
  http: HttpClient,
  tid: string,
  name: string,
  list: TenantTokenListName = 'tokens',
): Promise<PolicyTokenCreated> {
  return (
    await http.post<PolicyTokenCreated>(tenantSubPath(tid, list), { name }, { callName: `create:${list}` })
  ).data;
}
export async function revokePolicyToken(
  http: HttpClient,
  tid: string,
  id: string,
  list: TenantTokenListName = 'tokens',
): Promise<void> {
  await http.delete(`${tenantSubPath(tid, list)}/${encodeURIComponent(id)}`, { callName: `revoke:${list}` });
}

/** docs/provider-console.md §3 RBAC list: the roles of the tenant portal's accounts. */
export async function getTenantRbac(http: HttpClient, tid: string): Promise<TenantRbac> {
  return (await http.get<TenantRbac>(tenantSubPath(tid, 'rbac'), { callName: 'getTenantRbac' })).data;
}

/** The RBAC list's PUT: the listed accounts get the named roles (docs/provider-console.md §15). */
export async function putTenantRbac(
  http: HttpClient,
  tid: string,
  body: TenantRbacChange,
): Promise<TenantRbac> {
  return (await http.put<TenantRbac>(tenantSubPath(tid, 'rbac'), body, { callName: 'putTenantRbac' })).data;
}

export async function getTenantPolicy(http: HttpClient, tid: string): Promise<TenantPolicy> {
  return (await http.get<TenantPolicy>(tenantSubPath(tid, 'policy'), { callName: 'getTenantPolicy' })).data;
}
/** A page of the tenant's revisions: limit and offset sent as the spec's client sends them (default 25, 0). */
export async function listTenantRevisions(
  http: HttpClient,
  tid: string,
  page: { limit?: number; offset?: number } = {},
): Promise<TenantRevisionList> {
  return (
    await http.get<TenantRevisionList>(tenantRevisionsPath('v3', tid), {
      callName: 'listRevisions',
      params: { limit: page.limit ?? REVISIONS_DEFAULT_LIMIT, offset: page.offset ?? 0 },
    })
  ).data;
}

/**
 * A tenant's revisions published in [from, to) (ISO times), newest first: the console's change
 * markers on a chart narrowed to that tenant. One page of the most the server answers; a chart's
 * range holds far fewer publishes.
 */
export async function listTenantRevisionsPublishedIn(
  http: HttpClient,
  tid: string,
  window: { from: string; to: string },
): Promise<TenantRevisionList> {
  return (
    await http.get<TenantRevisionList>(tenantRevisionsPath('v3', tid), {
      callName: 'listTenantRevisionsPublishedIn',
      params: { from: window.from, to: window.to, limit: REVISIONS_MAX_LIMIT, offset: 0 },
    })
  ).data;
}

/**
 * What changed from the tenant's revision `from` to its revision `to` (the provider-revision-diff
 * extension): the answer of the tenant's own diff.
 */
export async function getTenantRevisionDiff(
  http: HttpClient,
  tid: string,
  revs: { from: number; to: number },
): Promise<PolicyDiff> {
  return (
    await http.get<PolicyDiff>(tenantRevisionDiffPath(tid), {
      callName: 'getTenantRevisionDiff',
      params: { from: revs.from, to: revs.to },
    })
  ).data;
}

export async function listTenantUsers(
  http: HttpClient,
  tid: string,
  page: { limit?: number; offset?: number; search?: string } = {},
): Promise<TenantUserList> {
  return (
    await http.get<TenantUserList>(tenantSubPath(tid, 'tenantusers'), {
      callName: 'listTenantUsers',
      params: defined(page),
    })
  ).data;
}
export async function bulkCreateTenantUsers(
  http: HttpClient,
  tid: string,
  rows: unknown[],
  options: { dryRun?: boolean } = {},
): Promise<BulkCreateReply> {
  return (
    await http.post<BulkCreateReply>(
      `${tenantSubPath(tid, 'tenantusers')}/bulk`,
      { user_list: rows },
      { callName: 'bulkUserCreate', params: options.dryRun ? { dry_run: true } : undefined },
    )
  ).data;
}
export async function updateTenantUser(
  http: HttpClient,
  tid: string,
  uid: string,
  changes: EndUserChanges,
): Promise<EndUser> {
  return (
    await http.put<EndUser>(`${tenantSubPath(tid, 'tenantusers')}/${encodeURIComponent(uid)}`, changes, {
      callName: 'updateTenantUser',
    })
  ).data;
}
export async function deleteTenantUser(http: HttpClient, tid: string, uid: string): Promise<void> {
  await http.delete(`${tenantSubPath(tid, 'tenantusers')}/${encodeURIComponent(uid)}`, {
    callName: 'deleteTenantUser',
  });
}

/** The tenant's portal accounts with their second-factor state. */
export async function listTenantMfaUsers(http: HttpClient, tid: string): Promise<MfaUserList> {
  return (await http.get<MfaUserList>(tenantMfaUsersPath(tid), { callName: 'listTenantMfaUsers' })).data;
}
/** disablemfa: turns off a portal account's two-factor sign-in (409 when it has none). */
export async function disableTenantUserMfa(http: HttpClient, tid: string, uid: string): Promise<MfaUser> {
  return (
    await http.post<MfaUser>(tenantUserDisableMfaPath(tid, uid), {}, { callName: 'disableTenantUserMfa' })
  ).data;
}
/** A new one-time password for a portal account, which it must change at its next sign-in. */
export async function resetTenantUserPassword(
  http: HttpClient,
  tid: string,
  uid: string,
): Promise<AccountPasswordReset> {
  return (
    await http.post<AccountPasswordReset>(
      tenantUserResetPasswordPath(tid, uid),
      {},
      {
        callName: 'resetTenantUserPassword',
      },
    )
  ).data;
}

/** Every tenant's deployment, and the default one (docs/provider-console.md §5 tenant deployment). */
export async function getTenantDeployments(http: HttpClient): Promise<TenantDeploymentList> {
  return (await http.get<TenantDeploymentList>(TENANT_DEPLOYMENTS_PATH, { callName: 'tenant deployments' }))
    .data;
}
/** Moves tenants to a deployment: answers the job, which the caller polls (docs/provider-console.md §15). */
export async function moveTenantDeployments(
  http: HttpClient,
  tids: string[],
  deployment: string,
): Promise<TenantMoveJob> {
  return (
    await http.post<TenantMoveJob>(
      TENANT_DEPLOYMENTS_PATH,
      { tids, deployment },
      { callName: 'tenant_deployments' },
    )
  ).data;
}
export async function setDefaultDeployment(http: HttpClient, deployment: string): Promise<DefaultDeployment> {
  return (
    await http.put<DefaultDeployment>(
      DEFAULT_DEPLOYMENT_PATH,
      { default_deployment: deployment },
      { callName: 'default_deployment' },
    )
  ).data;
}

/** rolloutinit: applies a rollout's change to this tenant now (ahead of its wave, or a retry). */
export async function rolloutInit(http: HttpClient, tid: string, rolloutId: string): Promise<RolloutTenant> {
  return (
    await http.post<RolloutTenant>(
      tenantSubPath(tid, 'rolloutinit'),
      { rollout_id: rolloutId },
      { callName: 'rolloutinit' },
    )
  ).data;
}
/** tenantpolicyinit: publishes a policy template as the tenant's next revision. */
export async function tenantPolicyInit(
  http: HttpClient,
  tid: string,
  template: string,
): Promise<TenantPolicyInitReply> {
  return (
    await http.post<TenantPolicyInitReply>(
      tenantSubPath(tid, 'tenantpolicyinit'),
      { template },
      { callName: 'tenantpolicyinit' },
    )
  ).data;
}
