/**
 * What each provider role may read and write (docs/access.md §1 read/write lists): the server's
 * guard grants a provider session these permissions, and the console shows an area only when they
 * allow its reads. Support answers tickets about tenants: it reads the tenants and everything
 * under them, their reports and logs, the catalogue that explains a tenant's entitlements, the
 * remote-access pre-filter that may block a tenant's traffic and the provider's audit trail; it
 * writes nothing. Licence keys (secrets), OVA versions, deployments, pods, their nodes and jobs,
 * and the inventory are operators' work and refused to support (server/README.md, "Support's
 * reach", lists every route).
 */
import type { OperatorRole } from './provider';

// What the tenants' routes and the console's tenant pages need: with the tenant paths, apart from
// the roles table (the change markers' sources read it in both apps).
export { TENANTS_READ } from './providerTenantPaths';

/**
 * The catalogue rows support reads: what a SKU or feature a tenant holds means. No prices live there.
 * Each is its entity's permission item (its row in api/contract/providerEntities.ts, which
 * providerRoles.test.ts holds this to): the table does not read the registry, whose schemas would
 * come with it into every page that asks for the provider's access (the change markers' sources).
 */
export const SUPPORT_ENTITY_READS = [
  'skus',
  'features',
  'feature_sku_groups',
  'sku_incompatibilities',
  'ra_prefilter',
] as const;

export const PROVIDER_ROLES: Record<OperatorRole, { read: string[]; write: string[] }> = {
  operator: { read: ['*:*'], write: ['*:*'] },
  support: {
    read: [
      // Tenants and everything under them, which deployment each is on included.
      'tenants:*',
      // Their report dashboards, insights and logs (the support view).
      'reports:*',
      // Who changed what on the provider side (audit/providerAuditRoutes.ts).
      'audit:*',
      ...SUPPORT_ENTITY_READS.map((item) => `${item}:*`),
    ],
    write: [],
  },
};
