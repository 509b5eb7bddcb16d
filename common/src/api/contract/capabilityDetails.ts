/**
 * The capability details the portal reads at the start (docs/access.md §6,
 * `GET /api/settings/v1/tenants/capabilities/{name}`) and its feature flags take, in a module of
 * their own without schemas: the session saga is in every first load (bench/README.md, First
 * load). The reply's schema is tenantSettingsDocuments.ts's CapabilityReply.
 */
export const CAPABILITY_DETAIL_NAMES = ['restricted_logs', 'runtime_analysis', 'mobileSupport'] as const;
export type CapabilityDetailName = (typeof CAPABILITY_DETAIL_NAMES)[number];

export const capabilityDetailsPath = (name: string): string =>
  `/api/settings/v1/tenants/capabilities/${encodeURIComponent(name)}`;
export const CAPABILITY_DETAILS_ROUTE = '/api/settings/v1/tenants/capabilities/:name';

/**
 * A capability's details: `enabled` (the tenant has it), and its details object as the provider
 * set it (`{heat}`, `{test}`, `{enabled, emailSupportLevel}`); `{}` when the tenant has none.
 */
export interface CapabilityDetails {
  name: string;
  enabled: boolean;
  details: Record<string, unknown>;
}
