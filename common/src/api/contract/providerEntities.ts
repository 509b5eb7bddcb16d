/**
 * The provider-entity registry (docs/provider-console.md §3 Tenant and provider-console entities, §6
 * Provider console): the one table of the things provider operators manage. Each row names the
 * entity's path (`/gdmanage/api/v1/<plural>[/{id}]` where the spec gives none), the schema of a
 * row as read and of its body as written, its id field, its list columns, the fields it is
 * searched and sorted by, who may read and write it, its form and its spec section. The server
 * builds list, read, create, replace and delete routes per row over one generic repository
 * (server/src/provider/entityRoutes.ts); the client calls (api/providerEntities.ts), the entity
 * feature's source and the console's page derive from the same row.
 *
 * Adding an entity: a row here with its schemas (its names and its audit area come with the row),
 * its page in the console's area table, and its tests (server/src/provider/entityRoutes.test.ts);
 * the consistency test
 * (server/src/registries.test.ts) checks the routes, permissions and OpenAPI entries of every row.
 */
import { Type, type Static, type TObject } from 'typebox';
import { LicenceStateSchema, licenceStateOf, literalUnion } from './providerOps';
import { PROVIDER_ENTITY_TITLES } from './providerEntityTitles';
import {
  RA_PREFILTER_ACTIONS,
  RA_PREFILTER_ACTION_LABELS,
  RA_PREFILTER_MATCH_LABELS,
  RA_PREFILTER_MATCH_TYPES,
  RaPrefilterEntry,
  RaPrefilterEntryBody,
} from './raPrefilter';

/** A column of the entity's list: a field of the row, its header, and whether the server sorts by it. */
export interface EntityColumnDef {
  field: string;
  header: string;
  sortable?: boolean;
  /** How the cell shows the value: a list joins with commas, a date shows its day, keys an object's keys. */
  format?: 'text' | 'list' | 'date' | 'boolean' | 'licence_state' | 'keys';
  /**
   * The field holds ids of other things (tenants, categories): the cell shows their names, which
   * the server resolves when the row is read (`names[field]`, REFERENCE_NAMES), each with its id.
   */
  names?: boolean;
  /** What an empty list means (a category override for no tenant is for every tenant). */
  empty?: string;
  /** Words for the codes the field holds (an inventory item's status): the cell shows the word. */
  labels?: Readonly<Record<string, string>>;
}

/**
 * The lists a `references` field picks from (their nouns: ENTITY_REFERENCE_LISTS, below the
 * registry whose rows name three of them). Where the console reads each list is its own table
 * (provider-console/src/entities/referenceLists.ts).
 */
export type EntityReferenceList = 'tenants' | 'skus' | 'features' | 'ova_versions' | 'web_categories';

/**
 * A field of the entity's form. `list` fields are edited as one value per line; `references`
 * fields hold ids of other things (tenants, SKUs, categories), picked by name from their list and
 * sent as the ids; `json` fields hold an object, edited as JSON text.
 */
export interface EntityFormFieldDef {
  field: string;
  label: string;
  kind: 'text' | 'multiline' | 'list' | 'references' | 'checkbox' | 'select' | 'date' | 'json';
  /** Only set when the entity is created (its id). */
  createOnly?: boolean;
  helperText?: string;
  /** The choices of a `select` field, and the words they are shown with (the code without one). */
  options?: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  /** A `list` or `references` of numbers: ids of digits are sent as numbers. */
  numeric?: boolean;
  /** The list a `references` field picks from. */
  references?: EntityReferenceList;
}

/**
 * A list held by one row of the entity (a licence key's features and SKUs): read and replaced as
 * a whole at `{path}/{id}/{name}`, with the row's permissions; deleted with the row.
 */
export interface EntitySubResourceDef {
  name: string;
  title: string;
  /** The field that tells two items apart (unique in the list). */
  itemKey: string;
  /** One item as written. */
  item: TObject;
  /** One item as read (the written fields and any derived ones). */
  itemRow: TObject;
  /** Fields computed when an item is read. */
  derive?: (item: Record<string, unknown>, now: Date) => Record<string, unknown>;
}

export interface ProviderEntityDef {
  /**
   * The console page's title (plural) and the noun of one row; the title also labels the
   * entity's area in the audit trail (its key, api/contract/auditAreas.ts).
   */
  title: string;
  noun: string;
  path: string;
  idField: string;
  /** A row as the server answers it (the body's fields plus created_at and updated_at). */
  row: TObject;
  /** A create body: every field the operator gives, the id included. A replace sends it without the id. */
  body: TObject;
  columns: readonly EntityColumnDef[];
  /** Fields `sort` may name (the first is the default), and fields `q` searches. */
  sortFields: readonly string[];
  searchFields: readonly string[];
  /** Permission item: reads need `<item>:*:read`, writes `<item>:*:write` (operators only). */
  permissionItem: string;
  form: readonly EntityFormFieldDef[];
  spec: string;
  /** Fields computed when a row is read (in `row`, never in `body`): a licence key's state. */
  derive?: (data: Record<string, unknown>, now: Date) => Record<string, unknown>;
  subResources?: readonly EntitySubResourceDef[];
  /** Values of body fields the operator may leave out (stored with the row). */
  defaults?: Record<string, unknown>;
}

/** Names and ids: letters, digits and . _ - (they appear in URLs and in the licence files). */
const ENTITY_ID = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$', minLength: 1, maxLength: 64 });
const NAME = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const DESCRIPTION = Type.String({ maxLength: 500 });
const FEATURE_NAMES = Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' }), {
  maxItems: 100,
  uniqueItems: true,
});
/**
 * Names of the ids a row refers to, resolved by the server when the row is read (never written):
 * by field, each list parallel to the field's ids (a tenant's name for its tid, a category's name
 * for its id).
 */
const REFERENCE_NAMES = {
  names: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
};
/** The keys of a row's sub-resource list (a key's feature names, its SKUs), added when it is read. */
const SUB_RESOURCE_KEYS = Type.Optional(Type.Array(Type.String()));
const TIMESTAMPS = {
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

/** A SKU: a sellable bundle of features, assigned to tenants (docs/provider-console.md §4). */
const SkuFields = {
  sku_id: ENTITY_ID,
  name: NAME,
  description: DESCRIPTION,
  features: FEATURE_NAMES,
};
export const SkuBody = Type.Object(SkuFields, { additionalProperties: false });
export const Sku = Type.Object({ ...SkuFields, ...TIMESTAMPS });
export type Sku = Static<typeof Sku>;

/** A feature: a capability SKUs bundle (docs/provider-console.md §4: features link to SKUs and groups). */
const FeatureFields = {
  feature_name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' }),
  name: NAME,
  description: DESCRIPTION,
};
export const FeatureBody = Type.Object(FeatureFields, { additionalProperties: false });
export const Feature = Type.Object({ ...FeatureFields, ...TIMESTAMPS });
export type Feature = Static<typeof Feature>;

const SKU_IDS = Type.Array(ENTITY_ID, { maxItems: 100, uniqueItems: true });

/** A feature-SKU group: features and the SKUs that grant them, managed together (docs/provider-console.md §4). */
const FeatureSkuGroupFields = {
  group_id: ENTITY_ID,
  name: NAME,
  features: FEATURE_NAMES,
  skus: SKU_IDS,
};
export const FeatureSkuGroupBody = Type.Object(FeatureSkuGroupFields, { additionalProperties: false });
export const FeatureSkuGroup = Type.Object({ ...FeatureSkuGroupFields, ...TIMESTAMPS });
export type FeatureSkuGroup = Static<typeof FeatureSkuGroup>;

/** SKU incompatibilities hold a list of skus (docs/provider-console.md §4): no tenant may hold two of them. */
const SkuIncompatibilityFields = {
  incompatibility_id: ENTITY_ID,
  skus: Type.Array(ENTITY_ID, { minItems: 2, maxItems: 20, uniqueItems: true }),
  note: DESCRIPTION,
};
export const SkuIncompatibilityBody = Type.Object(SkuIncompatibilityFields, { additionalProperties: false });
export const SkuIncompatibility = Type.Object({ ...SkuIncompatibilityFields, ...TIMESTAMPS });
export type SkuIncompatibility = Static<typeof SkuIncompatibility>;

/** A day (YYYY-MM-DD), or empty for none. */
const EXPIRY = Type.String({ maxLength: 10, pattern: '^(\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01]))?$' });
const VERSION = Type.String({ minLength: 1, maxLength: 32, pattern: '^\\d+(\\.\\d+){1,3}$' });
export const LICENCE_TYPES = ['customer', 'poc', 'internal'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
const licenceStateField = { license_state: LicenceStateSchema };
const deriveLicenceState = (data: Record<string, unknown>, now: Date) => ({
  license_state: licenceStateOf(data, now),
});

/** OVA licence key (docs/provider-console.md §4), its state computed when read (Enumerations: license state). */
const OvaKeyFields = {
  key_id: ENTITY_ID,
  expires_at: EXPIRY,
  tenant_name: NAME,
  license_type: literalUnion(LICENCE_TYPES),
  does_not_expire: Type.Boolean(),
  include_ga_supported: Type.Boolean(),
  versions: Type.Array(VERSION, { maxItems: 50, uniqueItems: true }),
  note: DESCRIPTION,
};
export const OvaKeyBody = Type.Object(OvaKeyFields, { additionalProperties: false });
export const OvaKey = Type.Object({
  ...OvaKeyFields,
  ...licenceStateField,
  features: SUB_RESOURCE_KEYS,
  skus: SUB_RESOURCE_KEYS,
  ...TIMESTAMPS,
});
export type OvaKey = Static<typeof OvaKey>;

/** Key feature (docs/provider-console.md §4): feature_name, expires_at, does_not_expire. */
const KeyFeatureFields = {
  feature_name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' }),
  expires_at: EXPIRY,
  does_not_expire: Type.Boolean(),
};
export const KeyFeatureBody = Type.Object(KeyFeatureFields, { additionalProperties: false });
export const KeyFeature = Type.Object({ ...KeyFeatureFields, ...licenceStateField });
export type KeyFeature = Static<typeof KeyFeature>;

/** Key SKU (docs/provider-console.md §4): expires_at, sku. An empty expiry follows the key's. */
const KeySkuFields = { sku: ENTITY_ID, expires_at: EXPIRY };
export const KeySkuBody = Type.Object(KeySkuFields, { additionalProperties: false });
export const KeySku = Type.Object({ ...KeySkuFields, ...licenceStateField });
export type KeySku = Static<typeof KeySku>;

/** OVA version (docs/provider-console.md §4): version_string, supported_version, ga_version, note. */
const OvaVersionFields = {
  version_string: VERSION,
  supported_version: Type.Boolean(),
  ga_version: Type.Boolean(),
  note: DESCRIPTION,
};
export const OvaVersionBody = Type.Object(OvaVersionFields, { additionalProperties: false });
export const OvaVersion = Type.Object({ ...OvaVersionFields, ...TIMESTAMPS });
export type OvaVersion = Static<typeof OvaVersion>;

/** Deployment (docs/provider-console.md §5: deployment_id): a set of pods in one region that tenants are placed on. */
const DeploymentFields = {
  deployment_id: ENTITY_ID,
  name: NAME,
  region: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' }),
  note: DESCRIPTION,
};
export const DeploymentBody = Type.Object(DeploymentFields, { additionalProperties: false });
export const DeploymentRow = Type.Object({ ...DeploymentFields, ...TIMESTAMPS });
export type DeploymentRow = Static<typeof DeploymentRow>;

const HOST = Type.String({
  minLength: 1,
  maxLength: 253,
  pattern: '^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$',
});

/** Pod configuration (docs/provider-console.md §5): its deployment, its nodes and its gateways; node state is read apart. */
const PodFields = {
  pod_id: ENTITY_ID,
  deployment: ENTITY_ID,
  nodes: Type.Array(ENTITY_ID, { minItems: 1, maxItems: 64, uniqueItems: true }),
  gateways: Type.Array(HOST, { maxItems: 64, uniqueItems: true }),
  note: DESCRIPTION,
};
export const PodBody = Type.Object(PodFields, { additionalProperties: false });
export const Pod = Type.Object({ ...PodFields, ...TIMESTAMPS });
export type Pod = Static<typeof Pod>;

/** Tenant ids (the tenants' `tid`). */
const TENANT_IDS = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: 1000,
  uniqueItems: true,
});

/** Tenant group (docs/provider-console.md §3 Tenant-group: groups with associations): the tenants it holds. */
const TenantGroupFields = {
  group_id: ENTITY_ID,
  name: NAME,
  description: DESCRIPTION,
  tenants: TENANT_IDS,
};
export const TenantGroupBody = Type.Object(TenantGroupFields, { additionalProperties: false });
export const TenantGroup = Type.Object({ ...TenantGroupFields, ...REFERENCE_NAMES, ...TIMESTAMPS });
export type TenantGroup = Static<typeof TenantGroup>;

/** A URL as categories know it: a host name and an optional path, without the scheme. */
const CATEGORY_URL = Type.String({
  minLength: 3,
  maxLength: 255,
  pattern: '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+(/\\S*)?$',
});
/**
 * Category override (docs/provider-console.md §3: url, category_ids, tenants default [], submission_reference default '',
 * active): the URL is its id (one override per URL); no tenants means every tenant.
 */
export const CATEGORY_OVERRIDE_DEFAULTS = { tenants: [], submission_reference: '' };
const CategoryOverrideRequired = {
  url: CATEGORY_URL,
  category_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 9999 }), {
    minItems: 1,
    maxItems: 20,
    uniqueItems: true,
  }),
  active: Type.Boolean(),
};
const CategoryOverrideDefaulted = {
  tenants: TENANT_IDS,
  submission_reference: Type.String({ maxLength: 200 }),
};
export const CategoryOverrideBody = Type.Object(
  {
    ...CategoryOverrideRequired,
    tenants: Type.Optional(CategoryOverrideDefaulted.tenants),
    submission_reference: Type.Optional(CategoryOverrideDefaulted.submission_reference),
  },
  { additionalProperties: false },
);
export const CategoryOverride = Type.Object({
  ...CategoryOverrideRequired,
  ...CategoryOverrideDefaulted,
  ...REFERENCE_NAMES,
  ...TIMESTAMPS,
});
export type CategoryOverride = Static<typeof CategoryOverride>;

/**
 * Inventory management (docs/provider-console.md §4 "inventory management"; its fields are ours,
 * docs/provider-console.md §8): the provider's equipment, one row per serial number, with where it
 * stands and, once it is out of stock, the tenant and the site it serves.
 */
export const INVENTORY_ITEM_TYPES = [
  'hardware_appliance',
  'virtual_appliance',
  'server',
  'network_device',
] as const;
export const INVENTORY_STATUSES = ['in_stock', 'allocated', 'deployed', 'in_repair', 'retired'] as const;
export const INVENTORY_ITEM_TYPE_LABELS: Record<(typeof INVENTORY_ITEM_TYPES)[number], string> = {
  hardware_appliance: 'Hardware appliance',
  virtual_appliance: 'Virtual appliance',
  server: 'Server',
  network_device: 'Network device',
};
export const INVENTORY_STATUS_LABELS: Record<(typeof INVENTORY_STATUSES)[number], string> = {
  in_stock: 'In stock',
  allocated: 'Allocated',
  deployed: 'Deployed',
  in_repair: 'In repair',
  retired: 'Retired',
};
const InventoryFields = {
  serial_number: ENTITY_ID,
  item_type: literalUnion(INVENTORY_ITEM_TYPES),
  model: NAME,
  status: literalUnion(INVENTORY_STATUSES),
  /** The tenant the item is allocated to or deployed for, by name as on a licence key; empty while in stock. */
  tenant_name: Type.String({ maxLength: 120 }),
  location: Type.String({ maxLength: 120 }),
  note: DESCRIPTION,
};
export const InventoryItemBody = Type.Object(InventoryFields, { additionalProperties: false });
export const InventoryItem = Type.Object({ ...InventoryFields, ...TIMESTAMPS });
export type InventoryItem = Static<typeof InventoryItem>;

/**
 * Policy templates (docs/provider-console.md §9; the spec's "templates" of the ops/rollout calls):
 * policy documents by policy kind, which tenantpolicyinit and a rollout's policy-template change
 * stage into a tenant's revision and publish. The server checks each document against its kind.
 */
export const POLICY_TEMPLATE_MAX_DOCUMENTS = 60;
const TemplateFields = {
  template_id: ENTITY_ID,
  title: NAME,
  description: DESCRIPTION,
  documents: Type.Record(Type.String({ pattern: '^[a-z0-9_]+(/[a-z0-9_]+)*$' }), Type.Unknown(), {
    minProperties: 1,
    maxProperties: POLICY_TEMPLATE_MAX_DOCUMENTS,
  }),
};
export const PolicyTemplateBody = Type.Object(TemplateFields, { additionalProperties: false });
export const PolicyTemplate = Type.Object({ ...TemplateFields, ...TIMESTAMPS });
export type PolicyTemplate = Static<typeof PolicyTemplate>;

export const PROVIDER_ENTITY_REGISTRY = {
  skus: {
    title: PROVIDER_ENTITY_TITLES.skus,
    noun: 'SKU',
    path: '/gdmanage/api/v1/skus',
    idField: 'sku_id',
    row: Sku,
    body: SkuBody,
    columns: [
      { field: 'sku_id', header: 'SKU ID', sortable: true },
      { field: 'name', header: 'Name', sortable: true },
      { field: 'description', header: 'Description' },
      { field: 'features', header: 'Features', format: 'list' },
      { field: 'updated_at', header: 'Updated', sortable: true, format: 'date' },
    ],
    sortFields: ['sku_id', 'name', 'updated_at'],
    searchFields: ['sku_id', 'name', 'description', 'features'],
    permissionItem: 'skus',
    form: [
      {
        field: 'sku_id',
        label: 'SKU ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      { field: 'name', label: 'Name', kind: 'text' },
      { field: 'description', label: 'Description', kind: 'multiline' },
      { field: 'features', label: 'Features', kind: 'references', references: 'features' },
    ],
    spec: 'docs/provider-console.md §4 Tenant and provider-console entities (SKU), §6 Provider console (SKUs)',
  },
  features: {
    title: PROVIDER_ENTITY_TITLES.features,
    noun: 'feature',
    path: '/gdmanage/api/v1/features',
    idField: 'feature_name',
    row: Feature,
    body: FeatureBody,
    columns: [
      { field: 'feature_name', header: 'Feature', sortable: true },
      { field: 'name', header: 'Name', sortable: true },
      { field: 'description', header: 'Description' },
      { field: 'updated_at', header: 'Updated', sortable: true, format: 'date' },
    ],
    sortFields: ['feature_name', 'name', 'updated_at'],
    searchFields: ['feature_name', 'name', 'description'],
    permissionItem: 'features',
    form: [
      {
        field: 'feature_name',
        label: 'Feature',
        kind: 'text',
        createOnly: true,
        helperText: 'Lower-case letters, digits and _',
      },
      { field: 'name', label: 'Name', kind: 'text' },
      { field: 'description', label: 'Description', kind: 'multiline' },
    ],
    spec: 'docs/provider-console.md §4 Tenant and provider-console entities (feature)',
  },
  feature_sku_groups: {
    title: PROVIDER_ENTITY_TITLES.feature_sku_groups,
    noun: 'feature-SKU group',
    path: '/gdmanage/api/v1/feature_sku_groups',
    idField: 'group_id',
    row: FeatureSkuGroup,
    body: FeatureSkuGroupBody,
    columns: [
      { field: 'group_id', header: 'Group ID', sortable: true },
      { field: 'name', header: 'Name', sortable: true },
      { field: 'features', header: 'Features', format: 'list' },
      { field: 'skus', header: 'SKUs', format: 'list' },
    ],
    sortFields: ['group_id', 'name', 'updated_at'],
    searchFields: ['group_id', 'name', 'features', 'skus'],
    permissionItem: 'feature_sku_groups',
    form: [
      {
        field: 'group_id',
        label: 'Group ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      { field: 'name', label: 'Name', kind: 'text' },
      { field: 'features', label: 'Features', kind: 'references', references: 'features' },
      { field: 'skus', label: 'SKUs', kind: 'references', references: 'skus' },
    ],
    spec: 'docs/provider-console.md §4 Tenant and provider-console entities (feature-SKU group)',
  },
  sku_incompatibilities: {
    title: PROVIDER_ENTITY_TITLES.sku_incompatibilities,
    noun: 'SKU incompatibility',
    path: '/gdmanage/api/v1/sku_incompatibilities',
    idField: 'incompatibility_id',
    row: SkuIncompatibility,
    body: SkuIncompatibilityBody,
    columns: [
      { field: 'incompatibility_id', header: 'Incompatibility ID', sortable: true },
      { field: 'skus', header: 'SKUs', format: 'list' },
      { field: 'note', header: 'Note' },
    ],
    sortFields: ['incompatibility_id', 'updated_at'],
    searchFields: ['incompatibility_id', 'skus', 'note'],
    permissionItem: 'sku_incompatibilities',
    form: [
      {
        field: 'incompatibility_id',
        label: 'Incompatibility ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      {
        field: 'skus',
        label: 'SKUs',
        kind: 'references',
        references: 'skus',
        helperText: 'Two or more SKUs no tenant may hold together',
      },
      { field: 'note', label: 'Note', kind: 'multiline' },
    ],
    spec: 'docs/provider-console.md §4 Tenant and provider-console entities (SKU incompatibilities)',
  },
  ova_keys: {
    title: PROVIDER_ENTITY_TITLES.ova_keys,
    noun: 'licence key',
    path: '/gdmanage/api/v1/ova_keys',
    idField: 'key_id',
    row: OvaKey,
    body: OvaKeyBody,
    columns: [
      { field: 'key_id', header: 'Key ID', sortable: true },
      { field: 'tenant_name', header: 'Tenant', sortable: true },
      { field: 'license_type', header: 'Type', sortable: true },
      { field: 'license_state', header: 'State', format: 'licence_state' },
      { field: 'expires_at', header: 'Expires', sortable: true },
      { field: 'versions', header: 'Versions', format: 'list' },
    ],
    sortFields: ['key_id', 'tenant_name', 'license_type', 'expires_at', 'updated_at'],
    searchFields: ['key_id', 'tenant_name', 'license_type', 'note'],
    permissionItem: 'ova_keys',
    form: [
      {
        field: 'key_id',
        label: 'Key ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      { field: 'tenant_name', label: 'Tenant name', kind: 'text' },
      { field: 'license_type', label: 'Licence type', kind: 'select', options: LICENCE_TYPES },
      { field: 'expires_at', label: 'Expires', kind: 'date', helperText: 'Empty: not issued yet' },
      { field: 'does_not_expire', label: 'Does not expire', kind: 'checkbox' },
      { field: 'include_ga_supported', label: 'Include GA-supported versions', kind: 'checkbox' },
      { field: 'versions', label: 'Versions', kind: 'references', references: 'ova_versions' },
      { field: 'note', label: 'Note', kind: 'multiline' },
    ],
    spec: 'docs/provider-console.md §4 Tenant and provider-console entities (OVA licence key), Enumerations (license state, license type)',
    derive: deriveLicenceState,
    subResources: [
      {
        name: 'features',
        title: 'Key features',
        itemKey: 'feature_name',
        item: KeyFeatureBody,
        itemRow: KeyFeature,
        derive: deriveLicenceState,
      },
      {
        name: 'skus',
        title: 'Key SKUs',
        itemKey: 'sku',
        item: KeySkuBody,
        itemRow: KeySku,
        derive: deriveLicenceState,
      },
    ],
  },
  ova_versions: {
    title: PROVIDER_ENTITY_TITLES.ova_versions,
    noun: 'OVA version',
    path: '/gdmanage/api/v1/ova_versions',
    idField: 'version_string',
    row: OvaVersion,
    body: OvaVersionBody,
    columns: [
      { field: 'version_string', header: 'Version', sortable: true },
      { field: 'supported_version', header: 'Supported', format: 'boolean' },
      { field: 'ga_version', header: 'GA', format: 'boolean' },
      { field: 'note', header: 'Note' },
    ],
    sortFields: ['version_string', 'updated_at'],
    searchFields: ['version_string', 'note'],
    permissionItem: 'ova_versions',
    form: [
      {
        field: 'version_string',
        label: 'Version',
        kind: 'text',
        createOnly: true,
        helperText: 'e.g. 5.2 or 5.2.1',
      },
      { field: 'supported_version', label: 'Supported version', kind: 'checkbox' },
      { field: 'ga_version', label: 'GA version', kind: 'checkbox' },
      { field: 'note', label: 'Note', kind: 'multiline' },
    ],
    spec: 'docs/provider-console.md §4 Tenant and provider-console entities (OVA version)',
  },
  deployments: {
    title: PROVIDER_ENTITY_TITLES.deployments,
    noun: 'deployment',
    path: '/gdmanage/api/v1/deployments',
    idField: 'deployment_id',
    row: DeploymentRow,
    body: DeploymentBody,
    columns: [
      { field: 'deployment_id', header: 'Deployment ID', sortable: true },
      { field: 'name', header: 'Name', sortable: true },
      { field: 'region', header: 'Region', sortable: true },
      { field: 'note', header: 'Note' },
    ],
    sortFields: ['deployment_id', 'name', 'region', 'updated_at'],
    searchFields: ['deployment_id', 'name', 'region', 'note'],
    permissionItem: 'deployments',
    form: [
      {
        field: 'deployment_id',
        label: 'Deployment ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      { field: 'name', label: 'Name', kind: 'text' },
      { field: 'region', label: 'Region', kind: 'text', helperText: 'Lower-case letters, digits and -' },
      { field: 'note', label: 'Note', kind: 'multiline' },
    ],
    spec: 'docs/provider-console.md §5 Tenant and provider-console entities (deployment)',
  },
  pods: {
    title: PROVIDER_ENTITY_TITLES.pods,
    noun: 'pod',
    path: '/gdmanage/api/v1/pods',
    idField: 'pod_id',
    row: Pod,
    body: PodBody,
    columns: [
      { field: 'pod_id', header: 'Pod ID', sortable: true },
      { field: 'deployment', header: 'Deployment', sortable: true },
      { field: 'nodes', header: 'Nodes', format: 'list' },
      { field: 'gateways', header: 'Gateways', format: 'list' },
    ],
    sortFields: ['pod_id', 'deployment', 'updated_at'],
    searchFields: ['pod_id', 'deployment', 'nodes', 'gateways', 'note'],
    permissionItem: 'pods',
    form: [
      {
        field: 'pod_id',
        label: 'Pod ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      { field: 'deployment', label: 'Deployment', kind: 'text', helperText: 'A deployment ID' },
      { field: 'nodes', label: 'Nodes', kind: 'list', helperText: 'One node name per line' },
      { field: 'gateways', label: 'Gateways', kind: 'list', helperText: 'One host name per line' },
      { field: 'note', label: 'Note', kind: 'multiline' },
    ],
    spec: 'docs/provider-console.md §5 Tenant and provider-console entities (pod configuration; nodes and gateways per pod)',
  },
  tenant_groups: {
    title: PROVIDER_ENTITY_TITLES.tenant_groups,
    noun: 'tenant group',
    path: '/gdmanage/api/v1/tenantgroups',
    idField: 'group_id',
    row: TenantGroup,
    body: TenantGroupBody,
    columns: [
      { field: 'group_id', header: 'Group ID', sortable: true },
      { field: 'name', header: 'Name', sortable: true },
      { field: 'description', header: 'Description' },
      { field: 'tenants', header: 'Tenants', format: 'list', names: true },
    ],
    sortFields: ['group_id', 'name', 'updated_at'],
    searchFields: ['group_id', 'name', 'description', 'tenants'],
    permissionItem: 'tenants',
    form: [
      {
        field: 'group_id',
        label: 'Group ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      { field: 'name', label: 'Name', kind: 'text' },
      { field: 'description', label: 'Description', kind: 'multiline' },
      { field: 'tenants', label: 'Tenants', kind: 'references', references: 'tenants' },
    ],
    spec: 'docs/provider-console.md §3 Tenant and provider-console entities (tenant-group: groups with associations), §6 Provider console (Tenantgroups)',
  },
  category_overrides: {
    title: PROVIDER_ENTITY_TITLES.category_overrides,
    noun: 'category override',
    path: '/gdmanage/api/v1/category_overrides',
    idField: 'url',
    row: CategoryOverride,
    body: CategoryOverrideBody,
    columns: [
      { field: 'url', header: 'URL', sortable: true },
      { field: 'category_ids', header: 'Categories', format: 'list', names: true },
      { field: 'tenants', header: 'Tenants', format: 'list', names: true, empty: 'Every tenant' },
      { field: 'submission_reference', header: 'Submission reference' },
      { field: 'active', header: 'Active', format: 'boolean' },
    ],
    sortFields: ['url', 'updated_at'],
    searchFields: ['url', 'submission_reference', 'tenants'],
    permissionItem: 'tenants',
    form: [
      {
        field: 'url',
        label: 'URL',
        kind: 'text',
        createOnly: true,
        helperText: 'A host name and optional path, without https://',
      },
      {
        field: 'category_ids',
        label: 'Categories',
        kind: 'references',
        references: 'web_categories',
        numeric: true,
      },
      {
        field: 'tenants',
        label: 'Tenants',
        kind: 'references',
        references: 'tenants',
        helperText: 'None: every tenant',
      },
      { field: 'submission_reference', label: 'Submission reference', kind: 'text' },
      { field: 'active', label: 'Active', kind: 'checkbox' },
    ],
    spec: 'docs/provider-console.md §4 Category override, §6 Provider console (Category overrides CRUD)',
    defaults: CATEGORY_OVERRIDE_DEFAULTS,
  },
  inventory: {
    title: PROVIDER_ENTITY_TITLES.inventory,
    noun: 'inventory item',
    path: '/gdmanage/api/v1/inventory-management',
    idField: 'serial_number',
    row: InventoryItem,
    body: InventoryItemBody,
    columns: [
      { field: 'serial_number', header: 'Serial number', sortable: true },
      { field: 'item_type', header: 'Type', sortable: true, labels: INVENTORY_ITEM_TYPE_LABELS },
      { field: 'model', header: 'Model', sortable: true },
      { field: 'status', header: 'Status', sortable: true, labels: INVENTORY_STATUS_LABELS },
      { field: 'tenant_name', header: 'Tenant', sortable: true },
      { field: 'location', header: 'Location', sortable: true },
      { field: 'updated_at', header: 'Updated', sortable: true, format: 'date' },
    ],
    sortFields: ['serial_number', 'item_type', 'model', 'status', 'tenant_name', 'location', 'updated_at'],
    searchFields: ['serial_number', 'model', 'tenant_name', 'location', 'note'],
    permissionItem: 'inventory',
    form: [
      {
        field: 'serial_number',
        label: 'Serial number',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      {
        field: 'item_type',
        label: 'Type',
        kind: 'select',
        options: INVENTORY_ITEM_TYPES,
        optionLabels: INVENTORY_ITEM_TYPE_LABELS,
      },
      { field: 'model', label: 'Model', kind: 'text' },
      {
        field: 'status',
        label: 'Status',
        kind: 'select',
        options: INVENTORY_STATUSES,
        optionLabels: INVENTORY_STATUS_LABELS,
      },
      { field: 'tenant_name', label: 'Tenant name', kind: 'text', helperText: 'Empty while in stock' },
      { field: 'location', label: 'Location', kind: 'text', helperText: 'Site or data centre' },
      { field: 'note', label: 'Note', kind: 'multiline' },
    ],
    spec: 'docs/provider-console.md §4 Tenant and provider-console entities (inventory management), §6 Provider console (inventory-management CRUD)',
  },
  templates: {
    title: PROVIDER_ENTITY_TITLES.templates,
    noun: 'policy template',
    path: '/gdmanage/api/v1/templates',
    idField: 'template_id',
    row: PolicyTemplate,
    body: PolicyTemplateBody,
    columns: [
      { field: 'template_id', header: 'Template ID', sortable: true },
      { field: 'title', header: 'Title', sortable: true },
      { field: 'description', header: 'Description' },
      { field: 'documents', header: 'Policy documents', format: 'keys' },
      { field: 'updated_at', header: 'Updated', sortable: true, format: 'date' },
    ],
    sortFields: ['template_id', 'title', 'updated_at'],
    searchFields: ['template_id', 'title', 'description'],
    permissionItem: 'tenants',
    form: [
      {
        field: 'template_id',
        label: 'Template ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      { field: 'title', label: 'Title', kind: 'text' },
      { field: 'description', label: 'Description', kind: 'multiline' },
      {
        field: 'documents',
        label: 'Policy documents',
        kind: 'json',
        helperText: 'A JSON object: each policy kind (e.g. customization/web) with its document',
      },
    ],
    spec: 'docs/provider-console.md §6 (ops/rollout: templates), §9 Policy templates',
  },
  ra_prefilter: {
    title: PROVIDER_ENTITY_TITLES.ra_prefilter,
    noun: 'RA pre-filter entry',
    path: '/gdmanage/api/v1/ra_prefilter',
    idField: 'entry_id',
    row: RaPrefilterEntry,
    body: RaPrefilterEntryBody,
    columns: [
      { field: 'entry_id', header: 'Entry ID', sortable: true },
      { field: 'match_type', header: 'Match', sortable: true, labels: RA_PREFILTER_MATCH_LABELS },
      { field: 'value', header: 'Address range or domain', sortable: true },
      { field: 'action', header: 'Action', sortable: true, labels: RA_PREFILTER_ACTION_LABELS },
      { field: 'tenants', header: 'Tenants', format: 'list', names: true, empty: 'Every tenant' },
      { field: 'active', header: 'Active', format: 'boolean' },
    ],
    sortFields: ['entry_id', 'match_type', 'value', 'action', 'updated_at'],
    searchFields: ['entry_id', 'value', 'note', 'tenants'],
    permissionItem: 'ra_prefilter',
    form: [
      {
        field: 'entry_id',
        label: 'Entry ID',
        kind: 'text',
        createOnly: true,
        helperText: 'Letters, digits, . _ -',
      },
      {
        field: 'match_type',
        label: 'Match',
        kind: 'select',
        options: RA_PREFILTER_MATCH_TYPES,
        optionLabels: RA_PREFILTER_MATCH_LABELS,
      },
      {
        field: 'value',
        label: 'Address range or domain',
        kind: 'text',
        helperText: 'e.g. 203.0.113.0/24, 2001:db8::/32 or example.com (its subdomains too)',
      },
      {
        field: 'action',
        label: 'Action',
        kind: 'select',
        options: RA_PREFILTER_ACTIONS,
        optionLabels: RA_PREFILTER_ACTION_LABELS,
      },
      {
        field: 'tenants',
        label: 'Tenants',
        kind: 'references',
        references: 'tenants',
        helperText: 'None: every tenant',
      },
      { field: 'active', label: 'Active', kind: 'checkbox' },
      { field: 'note', label: 'Note', kind: 'multiline' },
    ],
    spec: 'docs/provider-console.md §6 (ops/rollout: RA pre-filter), §10 RA pre-filter',
  },
} satisfies Record<string, ProviderEntityDef>;

/** A row of the registry, by its key. */
export type ProviderEntity = keyof typeof PROVIDER_ENTITY_REGISTRY;
export const PROVIDER_ENTITIES = Object.keys(PROVIDER_ENTITY_REGISTRY) as ProviderEntity[];

/** A registry row as a list to pick from: its noun, and its title inside a sentence ("features", "SKUs"). */
const listOfEntity = (entity: ProviderEntity): { noun: string; plural: string } => {
  const { noun, title } = PROVIDER_ENTITY_REGISTRY[entity];
  return { noun, plural: /^[A-Z][a-z]/.test(title) ? title.charAt(0).toLowerCase() + title.slice(1) : title };
};

/** What one item of each list a `references` field picks from is called, and what many are. */
export const ENTITY_REFERENCE_LISTS: Record<EntityReferenceList, { noun: string; plural: string }> = {
  tenants: { noun: 'tenant', plural: 'tenants' },
  skus: listOfEntity('skus'),
  features: listOfEntity('features'),
  ova_versions: listOfEntity('ova_versions'),
  web_categories: { noun: 'category', plural: 'categories' },
};

/** The row and body types of an entity. */
export type ProviderEntityRow<E extends ProviderEntity> = Static<(typeof PROVIDER_ENTITY_REGISTRY)[E]['row']>;
export type ProviderEntityBody<E extends ProviderEntity> = Static<
  (typeof PROVIDER_ENTITY_REGISTRY)[E]['body']
>;

export const providerEntityDef = (entity: ProviderEntity): ProviderEntityDef =>
  PROVIDER_ENTITY_REGISTRY[entity];
export const entityReadPermission = (def: ProviderEntityDef): string => `${def.permissionItem}:*:read`;
export const entityWritePermission = (def: ProviderEntityDef): string => `${def.permissionItem}:*:write`;
export const entityItemPath = (def: ProviderEntityDef, id: string): string =>
  `${def.path}/${encodeURIComponent(id)}`;

/** docs/provider-console.md §3: revision lists page by 25; the console's lists do the same. */
export const ENTITY_DEFAULT_LIMIT = 25;
export const ENTITY_MAX_LIMIT = 500;

/** GET {path}: `limit`, `offset`, `sort` (a sort field), `order`, `q` (text in the search fields). */
export const EntityListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ENTITY_MAX_LIMIT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    sort: Type.Optional(Type.String({ maxLength: 64 })),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    q: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type EntityListQuery = Static<typeof EntityListQuery>;

/** A list page: the rows under the entity's name, and how many match. */
export const entityListReply = (entity: ProviderEntity) =>
  Type.Object({ [entity]: Type.Array(PROVIDER_ENTITY_REGISTRY[entity].row), total: Type.Integer() });
export interface EntityListReply<Row> {
  rows: Row[];
  total: number;
}

export const entityNotFoundMessage = (def: ProviderEntityDef): string => `No such ${def.noun}.`;
export const entityExistsMessage = (def: ProviderEntityDef, id: string): string =>
  `A ${def.noun} with the ${def.idField} '${id}' already exists.`;
export const unknownSortMessage = (def: ProviderEntityDef, sort: string): string =>
  `The ${def.title} cannot be sorted by '${sort}'. Sort by one of: ${def.sortFields.join(', ')}.`;
