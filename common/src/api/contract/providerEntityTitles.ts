/**
 * The provider entities' titles (the registry's rows, api/contract/providerEntities.ts, take theirs
 * from here), in the registry's order. Apart from the registry, whose schemas are the provider
 * console's: the audit trail's areas (auditAreas.ts, the log schema's Area field) name the entities
 * in every tenant-portal page that shows logs, without loading them (bench/README.md "First load").
 */
export const PROVIDER_ENTITY_TITLES = {
  skus: 'SKUs',
  features: 'Features',
  feature_sku_groups: 'Feature-SKU groups',
  sku_incompatibilities: 'SKU incompatibilities',
  ova_keys: 'Licence keys',
  ova_versions: 'OVA versions',
  deployments: 'Deployments',
  pods: 'Pods',
  tenant_groups: 'Tenant groups',
  category_overrides: 'Category overrides',
  inventory: 'Inventory',
  templates: 'Policy templates',
  ra_prefilter: 'RA pre-filter',
} as const;
