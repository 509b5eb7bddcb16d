/**
 * The provider-entity registry (api-client-layer §3 Tenant and provider-console entities, §7
 * Provider console): the one table of the things provider operators manage. Each row names the
 * entity's path (`/gdmanage/api/v1/<plural>[/{id}]` where the spec gives none), the schema of a
 * row as read and of its body as written, its id field, its list columns, the fields it is
 * searched and sorted by, who may read and write it, its form and its spec section. The server
 * builds list, read, create, replace and delete routes per row over one generic repository
 * (server/src/provider/entityRoutes.ts); the client calls (api/providerEntities.ts), the entity
 * feature's source and the console's page derive from the same row.
 *
 * Adding an entity: a row here with its schemas, its page in the console's area table, and its
 * tests (server/src/provider/entityRoutes.test.ts); the consistency test
 * (server/src/registries.test.ts) checks the routes, permissions and OpenAPI entries of every row.
 */
import { Type, type Static, type TObject } from 'typebox';

/** A column of the entity's list: a field of the row, its header, and whether the server sorts by it. */
export interface EntityColumnDef {
  field: string;
  header: string;
  sortable?: boolean;
  /** How the cell shows the value: a list joins with commas, a date shows its day. */
  format?: 'text' | 'list' | 'date';
}

/** A field of the entity's form. `list` fields are edited as one value per line. */
export interface EntityFormFieldDef {
  field: string;
  label: string;
  kind: 'text' | 'multiline' | 'list';
  /** Only set when the entity is created (its id). */
  createOnly?: boolean;
  helperText?: string;
}

export interface ProviderEntityDef {
  /** The console page's title (plural) and the noun of one row. */
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
}

/** Names and ids: letters, digits and . _ - (they appear in URLs and in the licence files). */
const ENTITY_ID = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$', minLength: 1, maxLength: 64 });
const NAME = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const DESCRIPTION = Type.String({ maxLength: 500 });
const FEATURE_NAMES = Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' }), {
  maxItems: 100,
  uniqueItems: true,
});
const TIMESTAMPS = {
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

/** A SKU: a sellable bundle of features, assigned to tenants (api-client-layer §3). */
const SkuFields = {
  sku_id: ENTITY_ID,
  name: NAME,
  description: DESCRIPTION,
  features: FEATURE_NAMES,
};
export const SkuBody = Type.Object(SkuFields, { additionalProperties: false });
export const Sku = Type.Object({ ...SkuFields, ...TIMESTAMPS });
export type Sku = Static<typeof Sku>;

export const PROVIDER_ENTITY_REGISTRY = {
  skus: {
    title: 'SKUs',
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
      { field: 'features', label: 'Features', kind: 'list', helperText: 'One feature name per line' },
    ],
    spec: 'api-client-layer §3 Tenant and provider-console entities (SKU), §7 Provider console (SKUs)',
  },
} satisfies Record<string, ProviderEntityDef>;

export type ProviderEntity = keyof typeof PROVIDER_ENTITY_REGISTRY;
export const PROVIDER_ENTITIES = Object.keys(PROVIDER_ENTITY_REGISTRY) as ProviderEntity[];

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

/** api-client-layer §9: revision lists page by 25; the console's lists do the same. */
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
