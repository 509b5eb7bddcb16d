/**
 * The provider console's tenant calls (api-client-layer §3 Tenant, §4 tenant commands, §7
 * Provider console): tenant CRUD and commands, capabilities with a dry run, the tenant's SKUs,
 * documents (config, tags, entitlements, IP restrictions), policy API tokens, its policy and
 * revisions (read from the store the tenant portal writes) and its users (the user database the
 * portal uses). Paths the spec does not spell out are `/gdmanage/api/v1/tenants/{id}/<name>`.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { EndUser } from './udb';

export * from './providerTenantPaths';
import { TENANTS_MAX_LIMIT } from './providerTenantPaths';

export const TENANT_NAME = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]*$',
});
const EMAIL = Type.String({ minLength: 3, maxLength: 254, format: 'email' });
const PERSON_NAME = Type.String({ maxLength: 100 });

export const TenantListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: TENANTS_MAX_LIMIT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    sort: Type.Optional(
      Type.Union([
        Type.Literal('name'),
        Type.Literal('tid'),
        Type.Literal('status'),
        Type.Literal('created_at'),
        Type.Literal('user_count'),
      ]),
    ),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
  },
  { additionalProperties: false },
);
export type TenantListQuery = Static<typeof TenantListQuery>;

/** POST tenants: the tenant and its first administrator (who signs in to the tenant portal). */
export const TenantCreateBody = Type.Object(
  {
    name: TENANT_NAME,
    admin_username: EMAIL,
    admin_first_name: Type.Optional(PERSON_NAME),
    admin_last_name: Type.Optional(PERSON_NAME),
  },
  { additionalProperties: false },
);
export type TenantCreateBody = Static<typeof TenantCreateBody>;

export const TenantStatus = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);
export const TenantDetail = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  status: TenantStatus,
  created_at: Type.String({ format: 'date-time' }),
  user_count: Type.Integer(),
  capabilities: Type.Record(Type.String(), Type.Unknown()),
});
export type TenantDetail = Static<typeof TenantDetail>;
/** The first administrator's one-time password is answered once (this backend sends no e-mail). */
export const TenantCreateReply = Type.Object({
  tenant: TenantDetail,
  admin_username: Type.String(),
  admin_password: Type.String(),
});
export type TenantCreateReply = Static<typeof TenantCreateReply>;

export const RenameBody = Type.Object({ name: TENANT_NAME }, { additionalProperties: false });
export const EmptyBody = Type.Object({}, { additionalProperties: false });

/** Capability values: feature flags are booleans; a few carry a number or a word. */
export const CapabilityValue = Type.Union([Type.Boolean(), Type.Number(), Type.String({ maxLength: 200 })]);
const CAPABILITY_NAME = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
export const CapabilitiesPatch = Type.Object(
  { capabilities: Type.Record(CAPABILITY_NAME, CapabilityValue, { maxProperties: 200 }) },
  { additionalProperties: false },
);
export type CapabilitiesPatch = Static<typeof CapabilitiesPatch>;
export const CapabilitiesDelete = Type.Object(
  { capabilities: Type.Array(CAPABILITY_NAME, { minItems: 1, maxItems: 200, uniqueItems: true }) },
  { additionalProperties: false },
);
export type CapabilitiesDelete = Static<typeof CapabilitiesDelete>;
/** §7: capabilities DELETE takes a DryRun flag; the console sends it on PATCH too, to preview. */
export const DryRunFlag = Type.Object(
  { DryRun: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const CapabilityChange = Type.Object({
  capability: Type.String(),
  before: Type.Union([CapabilityValue, Type.Null()]),
  after: Type.Union([CapabilityValue, Type.Null()]),
});
export type CapabilityChange = Static<typeof CapabilityChange>;
export const CapabilitiesReply = Type.Object({
  capabilities: Type.Record(Type.String(), Type.Unknown()),
  /** What the call changed (or, in a dry run, would change). */
  changes: Type.Array(CapabilityChange),
  dry_run: Type.Boolean(),
});
export type CapabilitiesReply = Static<typeof CapabilitiesReply>;

const SKU_ID = Type.String({ minLength: 1, maxLength: 64 });
export const TenantSkus = Type.Object(
  { sku_ids: Type.Array(SKU_ID, { maxItems: 100, uniqueItems: true }) },
  { additionalProperties: false },
);
export type TenantSkus = Static<typeof TenantSkus>;

const TAG = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9][a-z0-9:_-]*$' });
const FEATURE = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' });
/** IPv4 address or CIDR (a.b.c.d or a.b.c.d/n). */
const IPV4_CIDR =
  '^((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(/(3[0-2]|[12]?\\d))?$';

/**
 * The tenant's documents: one JSON document each, read whole (defaults before the first write)
 * and replaced whole. The spec names them without their content; the fields are what a tenant
 * record of such a service carries (README.md in provider-console/src/tenants).
 */
export const TENANT_DOCUMENTS = {
  config: {
    title: 'Config',
    schema: Type.Object(
      {
        region: Type.String({ maxLength: 64 }),
        seats: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
        support_contact: Type.Union([EMAIL, Type.Literal('')]),
        notes: Type.String({ maxLength: 2000 }),
      },
      { additionalProperties: false },
    ),
    defaults: { region: '', seats: 0, support_contact: '', notes: '' },
  },
  tags: {
    title: 'Tags',
    schema: Type.Object(
      { tags: Type.Array(TAG, { maxItems: 50, uniqueItems: true }) },
      { additionalProperties: false },
    ),
    defaults: { tags: [] },
  },
  entitlements: {
    title: 'Entitlements',
    schema: Type.Object(
      {
        entitlements: Type.Array(
          Type.Object(
            {
              feature: FEATURE,
              seats: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
              expires_at: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
            },
            { additionalProperties: false },
          ),
          { maxItems: 200 },
        ),
      },
      { additionalProperties: false },
    ),
    defaults: { entitlements: [] },
  },
  ip_restrictions: {
    title: 'IP restrictions',
    schema: Type.Object(
      {
        enabled: Type.Boolean(),
        allowed: Type.Array(Type.String({ pattern: IPV4_CIDR, maxLength: 18 }), {
          maxItems: 500,
          uniqueItems: true,
        }),
      },
      { additionalProperties: false },
    ),
    defaults: { enabled: false, allowed: [] },
  },
} as const satisfies Record<string, { title: string; schema: TSchema; defaults: unknown }>;
export type TenantDocumentName = keyof typeof TENANT_DOCUMENTS;
export const TENANT_DOCUMENT_NAMES = Object.keys(TENANT_DOCUMENTS) as TenantDocumentName[];
export type TenantDocument<N extends TenantDocumentName> = Static<(typeof TENANT_DOCUMENTS)[N]['schema']>;

/** Policy API tokens: the secret is answered once, at creation; lists show its last 4 characters. */
export const PolicyToken = Type.Object({
  id: Type.String(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  created_by: Type.String(),
  last4: Type.String(),
});
export type PolicyToken = Static<typeof PolicyToken>;
export const PolicyTokenList = Type.Object({ tokens: Type.Array(PolicyToken) });
export const PolicyTokenCreate = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }) },
  { additionalProperties: false },
);
export const PolicyTokenCreated = Type.Object({ ...PolicyToken.properties, token: Type.String() });
export type PolicyTokenCreated = Static<typeof PolicyTokenCreated>;

/** The tenant's policy as the portal last saved it: the revision and the kinds saved in it. */
export const TenantPolicy = Type.Object({
  rev_id: Type.Integer(),
  staged_rev_id: Type.Integer(),
  state: Type.Union([Type.Literal('new'), Type.Literal('staged')]),
  updated_at: Type.String(),
  updated_by: Type.Union([Type.String(), Type.Null()]),
  kinds: Type.Array(Type.String()),
});
export type TenantPolicy = Static<typeof TenantPolicy>;
export const RevisionsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export const TenantRevision = Type.Object({
  rev_id: Type.Integer(),
  published_at: Type.String(),
  published_by: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  rolled_back_from: Type.Union([Type.Integer(), Type.Null()]),
});
export type TenantRevision = Static<typeof TenantRevision>;
export const TenantRevisionList = Type.Object({
  revisions: Type.Array(TenantRevision),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});
export type TenantRevisionList = Static<typeof TenantRevisionList>;

export const TenantUserList = Type.Object({ users: Type.Array(EndUser), total: Type.Integer() });
export type TenantUserList = Static<typeof TenantUserList>;
