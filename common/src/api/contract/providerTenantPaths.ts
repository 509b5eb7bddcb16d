/**
 * The tenant calls' paths, limits and messages (no schemas), so the console's entry loads them
 * without the schema library (issue 14: first load). The schemas: providerTenants.ts.
 */
export const TENANTS_PATH = '/gdmanage/api/v1/tenants';
/** What the tenants' routes and the console's tenant pages need (providerRoles.ts re-exports it). */
export const TENANTS_READ = 'tenants:*:read';
export const tenantPath = (tid: string): string => `${TENANTS_PATH}/${encodeURIComponent(tid)}`;
export const tenantSubPath = (tid: string, name: string): string => `${tenantPath(tid)}/${name}`;
/** docs/provider-console.md §6: revisions come in v1, v2 and v3 (the same page in each; the spec shows no difference). */
export const REVISION_VERSIONS = ['v1', 'v2', 'v3'] as const;
export const tenantRevisionsPath = (version: (typeof REVISION_VERSIONS)[number], tid: string): string =>
  `/gdmanage/api/${version}/tenants/${encodeURIComponent(tid)}/revisions`;
/**
 * What changed between two of the tenant's revisions (`?from=&to=`): the tenant's own revision
 * diff (POLICY_PATHS.diff) read by the provider, for the console's revision opened from a chart's
 * change marker (issue 41).
 */
export const tenantRevisionDiffPath = (tid: string): string => tenantSubPath(tid, 'revisions/diff');
/** A tenant's administrators (accounts of the tenant portal): POST adds one (issue 30). */
export const tenantAdminsPath = (tid: string): string => tenantSubPath(tid, 'admins');
/** docs/provider-console.md §3: tenants can be disabled, re-enabled and renamed. */
export const TENANT_COMMANDS = ['disabletenant', 'reenable', 'renametenant'] as const;
export type TenantCommand = (typeof TENANT_COMMANDS)[number];

/** docs/provider-console.md §3: policy revision page size default 25, offset 0. */
export const REVISIONS_DEFAULT_LIMIT = 25;
/** The most revisions one page answers. */
export const REVISIONS_MAX_LIMIT = 200;
export const TENANT_SORT_FIELDS = ['name', 'tid', 'status', 'created_at', 'user_count'] as const;
export const TENANTS_MAX_LIMIT = 500;

export const TENANT_NOT_FOUND = 'No such tenant.';
export const TENANT_EXISTS = (name: string): string => `A tenant named '${name}' already exists.`;
export const UNKNOWN_SKU = (id: string): string => `No such SKU: ${id}.`;
export const TOKEN_NOT_FOUND = 'No such policy API token.';
export const tokenNotFound = (noun: string): string => `No such ${noun}.`;
/** Custom host names are the tenant's alone (docs/provider-console.md §3 Custom host names per tenant). */
export const HOSTNAME_TAKEN = (host: string, tenant: string): string =>
  `The host name ${host} is already used by the tenant ${tenant}.`;
/** A tenant group or category override naming a tenant that does not exist. */
export const UNKNOWN_TENANTS = (tids: readonly string[]): string =>
  `No such tenant${tids.length === 1 ? '' : 's'}: ${tids.join(', ')}.`;

/**
 * Two-factor sign-in of the tenant's portal accounts (docs/provider-console.md §1 "tenantusers CRUD and
 * disablemfa"): the accounts with their second-factor state, and the reset of one account's.
 * The uid is a portal account's (only those sign in with a second factor).
 */
export const tenantMfaUsersPath = (tid: string): string => tenantSubPath(tid, 'mfa/users');
export const tenantUserDisableMfaPath = (tid: string, uid: string): string =>
  `${tenantSubPath(tid, 'tenantusers')}/${encodeURIComponent(uid)}/disablemfa`;
export const MFA_ACCOUNT_NOT_FOUND = 'No such account.';
/**
 * The provider's reset of a portal account's password (an administrator who lost it): a new
 * one-time password, answered once, which the account must change at its next sign-in.
 */
export const tenantUserResetPasswordPath = (tid: string, uid: string): string =>
  `${tenantSubPath(tid, 'tenantusers')}/${encodeURIComponent(uid)}/resetpassword`;
