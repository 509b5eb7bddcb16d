/**
 * The provider entities' names (api-client-layer §3): each row's page title (plural) and the noun
 * of one row. Schema-free, so the console's navigation names its pages without loading the
 * registry's schemas (providerEntities.ts) into its first load (issue 14).
 */
export const PROVIDER_ENTITY_NAMES = {
  skus: { title: 'SKUs', noun: 'SKU' },
  features: { title: 'Features', noun: 'feature' },
  feature_sku_groups: { title: 'Feature-SKU groups', noun: 'feature-SKU group' },
  sku_incompatibilities: { title: 'SKU incompatibilities', noun: 'SKU incompatibility' },
  ova_keys: { title: 'Licence keys', noun: 'licence key' },
  ova_versions: { title: 'OVA versions', noun: 'OVA version' },
  deployments: { title: 'Deployments', noun: 'deployment' },
  pods: { title: 'Pods', noun: 'pod' },
  tenant_groups: { title: 'Tenant groups', noun: 'tenant group' },
  category_overrides: { title: 'Category overrides', noun: 'category override' },
} as const satisfies Record<string, { title: string; noun: string }>;

/** A row of the provider-entity registry, by its key. */
export type ProviderEntity = keyof typeof PROVIDER_ENTITY_NAMES;
