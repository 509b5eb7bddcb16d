/**
 * The provider console's tenant calls (docs/provider-console.md §3 Tenant, §3 tenant commands, §6
 * Provider console): tenant CRUD and commands, capabilities with a dry run, the tenant's SKUs,
 * documents (config, tags, entitlements, IP restrictions), policy API tokens, its policy and
 * revisions (read from the store the tenant portal writes) and its users (the user database the
 * portal uses). Paths the spec does not spell out are `/gdmanage/api/v1/tenants/{id}/<name>`.
 */
import { API_TOKEN_KINDS, ApiToken, ApiTokenCreate, ApiTokenCreated, ApiTokenList } from './apiTokens';
import { Type, type Static, type TObject } from 'typebox';
import { EndUser } from './udb';
import { REVISIONS_WINDOW } from './policy';

export * from './providerTenantPaths';
import { REVISIONS_MAX_LIMIT, TENANTS_MAX_LIMIT } from './providerTenantPaths';

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

/**
 * A tenant administrator (an account of the tenant portal with the full-admin role): its user
 * name, and optionally its name. It signs in with a one-time password, answered once.
 */
const ADMIN_FIELDS = {
  admin_username: EMAIL,
  admin_first_name: Type.Optional(PERSON_NAME),
  admin_last_name: Type.Optional(PERSON_NAME),
};

/**
 * POST tenants: the tenant (the spec's tenant has no administrator), and optionally its first
 * administrator in the same step; an administrator can be added after (TenantAdminBody).
 */
export const TenantCreateBody = Type.Object(
  {
    name: TENANT_NAME,
    admin_username: Type.Optional(EMAIL),
    admin_first_name: Type.Optional(PERSON_NAME),
    admin_last_name: Type.Optional(PERSON_NAME),
  },
  { additionalProperties: false },
);
export type TenantCreateBody = Static<typeof TenantCreateBody>;

/** POST tenants/{id}/admins: an administrator for a tenant that exists. */
export const TenantAdminBody = Type.Object(ADMIN_FIELDS, { additionalProperties: false });
export type TenantAdminBody = Static<typeof TenantAdminBody>;
/** The administrator's one-time password is answered once (this backend sends no e-mail). */
export const TenantAdminCreated = Type.Object({
  admin_username: Type.String(),
  admin_password: Type.String(),
});
export type TenantAdminCreated = Static<typeof TenantAdminCreated>;

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
/** The tenant; with a first administrator, its user name and one-time password (answered once). */
export const TenantCreateReply = Type.Object({
  tenant: TenantDetail,
  admin_username: Type.Optional(Type.String()),
  admin_password: Type.Optional(Type.String()),
});
export type TenantCreateReply = Static<typeof TenantCreateReply>;
/** The reply to a create that named a first administrator: it carries its one-time password. */
export type TenantCreatedWithAdmin = TenantCreateReply & TenantAdminCreated;
/** A portal account's password reset by the provider: the one-time password, answered once. */
export const AccountPasswordReset = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  password: Type.String(),
});
export type AccountPasswordReset = Static<typeof AccountPasswordReset>;

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
/** docs/provider-console.md §6: capabilities DELETE takes a DryRun flag; the console sends it on PATCH too, to preview. */
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
  /** GET: the capabilities past their capabilities_validity day by the server's clock (not in effect). */
  expired: Type.Optional(Type.Array(Type.String())),
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

const FEATURE_OPTIONS = { minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' };
const CAPABILITY_NAME_OPTIONS = { minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' };
/** A day (YYYY-MM-DD), or empty for none. */
const DAY_OR_EMPTY = { maxLength: 10, pattern: '^(\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01]))?$' };
const VPN_NAME = { minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]*$' };
const IPV4 = '^((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$';
/** Ports: `any`, or numbers and ranges separated by commas (443, 8000-8080). */
const PORTS = '^(any|\\d{1,5}(-\\d{1,5})?(,\\s*\\d{1,5}(-\\d{1,5})?)*)$';
/** A DNS name in lower case with at least two labels (portal.example.com). */
const HOST_OPTIONS = {
  minLength: 3,
  maxLength: 253,
  pattern: '^(?=.{3,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$',
};

/** A problem a schema cannot state (a name that refers to another list): the field and the words. */
export interface DocumentProblem {
  field: string;
  message: string;
}

/**
 * A row of TENANT_DOCUMENTS. `tab` is the console tab that edits it (none: a tab of its own);
 * `keys` names, per list of objects, the field that tells its items apart (unique in the list);
 * `check` finds what the schema cannot; `uniqueAcrossTenants` names a list whose values no two
 * tenants may share (409 naming the tenant that holds one).
 */
export interface TenantDocumentDef {
  title: string;
  schema: TObject;
  defaults: Record<string, unknown>;
  tab?: 'settings' | 'entitlements' | 'capabilities' | 'vpn';
  keys?: Record<string, string>;
  check?: (doc: Record<string, unknown>) => DocumentProblem | null;
  uniqueAcrossTenants?: string;
  /**
   * What the document is for where nothing in the service applies it (docs/provider-console.md
   * §13): shown above its form, so that nobody expects an effect it does not have.
   */
  note?: string;
}

/** Field names, as labels say them: the schema's title, else the name in words. */
export const fieldLabel = (name: string, schema?: { title?: unknown }): string =>
  typeof schema?.title === 'string'
    ? schema.title
    : name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/** The first item key that appears twice in one of the document's keyed lists. */
export function duplicateKeyProblem(
  def: TenantDocumentDef,
  doc: Record<string, unknown>,
): DocumentProblem | null {
  for (const [list, key] of Object.entries(def.keys ?? {})) {
    const items = (doc[list] as Record<string, unknown>[] | undefined) ?? [];
    const seen = new Set<string>();
    for (const [i, item] of items.entries()) {
      const k = String(item[key]);
      if (seen.has(k))
        return {
          field: `${list}.${i}.${key}`,
          message: `${fieldLabel(list, (def.schema.properties as Record<string, { title?: unknown }>)[list])} lists '${k}' twice.`,
        };
      seen.add(k);
    }
  }
  return null;
}

/** VPN config: rules name a destination, child gateways a gateway, tunnels a gateway or child gateway. */
export function vpnProblem(doc: Record<string, unknown>): DocumentProblem | null {
  const names = (list: string) =>
    new Set(((doc[list] as { name: string }[] | undefined) ?? []).map((x) => x.name));
  const destinations = names('destinations');
  const gateways = names('gateways');
  const anyGateway = new Set([...gateways, ...names('child_gateways')]);
  const refs: [string, string, Set<string>, string][] = [
    ['network_rules', 'destination', destinations, 'destination'],
    ['child_gateways', 'parent', gateways, 'gateway'],
    ['tunnels', 'gateway', anyGateway, 'gateway or child gateway'],
  ];
  for (const [list, field, known, noun] of refs) {
    const items = (doc[list] as Record<string, string>[] | undefined) ?? [];
    for (const [i, item] of items.entries())
      if (!known.has(item[field]))
        return {
          field: `${list}.${i}.${field}`,
          message: `${fieldLabel(list)}: '${item.name}' names the ${noun} '${item[field]}', which is not in the list.`,
        };
  }
  return null;
}

/** Every check of a document beyond its schema: keyed lists, then the row's own check. */
export const documentProblem = (
  def: TenantDocumentDef,
  doc: Record<string, unknown>,
): DocumentProblem | null => duplicateKeyProblem(def, doc) ?? def.check?.(doc) ?? null;

/**
 * The tenant's documents: one JSON document each, read whole (defaults before the first write)
 * and replaced whole. The spec names them without their content; the fields are what a tenant
 * record of such a service carries (README.md in provider-console/src/tenants).
 */
export const TENANT_DOCUMENTS = {
  config: {
    title: 'Config',
    tab: 'settings',
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
    tab: 'settings',
    schema: Type.Object(
      { tags: Type.Array(TAG, { maxItems: 50, uniqueItems: true }) },
      { additionalProperties: false },
    ),
    defaults: { tags: [] },
  },
  entitlements: {
    title: 'Entitlements',
    tab: 'entitlements',
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
  global_settings: {
    title: 'Global settings',
    tab: 'settings',
    schema: Type.Object(
      {
        session_timeout_minutes: Type.Integer({
          minimum: 5,
          maximum: 1440,
          title: 'Session time-out (minutes)',
        }),
        default_language: Type.String({
          pattern: '^[a-z]{2}(-[A-Z]{2})?$',
          maxLength: 5,
          title: 'Default language',
        }),
        notification_email: Type.Union([EMAIL, Type.Literal('')], { title: 'Notification e-mail' }),
        banner: Type.String({ maxLength: 500, title: 'Portal banner' }),
      },
      { additionalProperties: false },
    ),
    defaults: { session_timeout_minutes: 60, default_language: 'en', notification_email: '', banner: '' },
    note: "The provider's record of this tenant's preferences: kept and audited, but not applied by this service (no session time-out, language, notification or banner is taken from here). What the tenant's users see (organisation name, support contact, time zone, block page message) is the tenant's own global settings, in the tenant portal under Settings › General.",
  },
  entitlement_overrides: {
    title: 'Entitlement overrides',
    tab: 'entitlements',
    schema: Type.Object(
      {
        overrides: Type.Array(
          Type.Object(
            {
              feature: Type.String({ ...FEATURE_OPTIONS, title: 'Feature' }),
              seats: Type.Integer({ minimum: 0, maximum: 10_000_000, title: 'Seats' }),
              expires_at: Type.String({ ...DAY_OR_EMPTY, title: 'Until' }),
              reason: Type.String({ maxLength: 200, title: 'Reason' }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 200, title: 'Overrides' },
        ),
      },
      { additionalProperties: false },
    ),
    defaults: { overrides: [] },
    keys: { overrides: 'feature' },
  },
  feature_capabilities: {
    title: 'Feature capabilities',
    tab: 'entitlements',
    schema: Type.Object(
      {
        features: Type.Array(
          Type.Object(
            {
              feature: Type.String({ ...FEATURE_OPTIONS, title: 'Feature' }),
              enabled: Type.Boolean({ title: 'Enabled' }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 200, title: 'Features' },
        ),
      },
      { additionalProperties: false },
    ),
    defaults: { features: [] },
    keys: { features: 'feature' },
  },
  capabilities_validity: {
    title: 'Capabilities validity',
    tab: 'capabilities',
    schema: Type.Object(
      {
        validity: Type.Array(
          Type.Object(
            {
              capability: Type.String({ ...CAPABILITY_NAME_OPTIONS, title: 'Capability' }),
              valid_until: Type.String({ ...DAY_OR_EMPTY, title: 'Valid until' }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 200, title: 'Valid until' },
        ),
      },
      { additionalProperties: false },
    ),
    defaults: { validity: [] },
    keys: { validity: 'capability' },
  },
  tos: {
    title: 'EULA',
    tab: 'settings',
    schema: Type.Object(
      {
        required: Type.Boolean({ title: 'Users accept the EULA before first use' }),
        version: Type.String({ maxLength: 32, title: 'Version' }),
        url: Type.Union([Type.String({ maxLength: 2048, pattern: '^https://\\S+$' }), Type.Literal('')], {
          title: 'EULA address (https)',
        }),
        text: Type.String({ maxLength: 20_000, title: 'Text' }),
      },
      { additionalProperties: false },
    ),
    defaults: { required: false, version: '', url: '', text: '' },
  },
  vpn: {
    title: 'VPN config',
    tab: 'vpn',
    schema: Type.Object(
      {
        enabled: Type.Boolean({ title: 'VPN enabled' }),
        destinations: Type.Array(
          Type.Object(
            {
              name: Type.String({ ...VPN_NAME, title: 'Name' }),
              cidr: Type.String({ pattern: IPV4_CIDR, maxLength: 18, title: 'Network (CIDR)' }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 200, title: 'Destinations' },
        ),
        network_rules: Type.Array(
          Type.Object(
            {
              name: Type.String({ ...VPN_NAME, title: 'Name' }),
              destination: Type.String({ ...VPN_NAME, title: 'Destination' }),
              ports: Type.String({ pattern: PORTS, maxLength: 100, title: 'Ports' }),
              action: Type.Union([Type.Literal('allow'), Type.Literal('deny')], { title: 'Action' }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 200, title: 'Network rules' },
        ),
        gateways: Type.Array(
          Type.Object(
            {
              name: Type.String({ ...VPN_NAME, title: 'Name' }),
              host: Type.String({ ...HOST_OPTIONS, title: 'Host' }),
              region: Type.String({ maxLength: 64, title: 'Region' }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 50, title: 'Gateways' },
        ),
        child_gateways: Type.Array(
          Type.Object(
            {
              name: Type.String({ ...VPN_NAME, title: 'Name' }),
              parent: Type.String({ ...VPN_NAME, title: 'Parent gateway' }),
              host: Type.String({ ...HOST_OPTIONS, title: 'Host' }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 100, title: 'Child gateways' },
        ),
        tunnels: Type.Array(
          Type.Object(
            {
              name: Type.String({ ...VPN_NAME, title: 'Name' }),
              gateway: Type.String({ ...VPN_NAME, title: 'Gateway' }),
              peer_ip: Type.String({ pattern: IPV4, maxLength: 15, title: 'Peer address' }),
              protocol: Type.Union([Type.Literal('ikev2'), Type.Literal('wireguard')], { title: 'Protocol' }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 100, title: 'Tunnels' },
        ),
      },
      { additionalProperties: false },
    ),
    defaults: {
      enabled: false,
      destinations: [],
      network_rules: [],
      gateways: [],
      child_gateways: [],
      tunnels: [],
    },
    keys: {
      destinations: 'name',
      network_rules: 'name',
      gateways: 'name',
      child_gateways: 'name',
      tunnels: 'name',
    },
    check: vpnProblem,
  },
  safemail: {
    title: 'Safemail config',
    tab: 'settings',
    schema: Type.Object(
      {
        enabled: Type.Boolean({ title: 'Safemail enabled' }),
        quarantine_days: Type.Integer({ minimum: 1, maximum: 365, title: 'Quarantine (days)' }),
        notify_recipients: Type.Boolean({ title: 'Tell recipients about held messages' }),
        trusted_domains: Type.Array(Type.String(HOST_OPTIONS), {
          maxItems: 500,
          uniqueItems: true,
          title: 'Trusted sender domains',
        }),
      },
      { additionalProperties: false },
    ),
    defaults: { enabled: false, quarantine_days: 30, notify_recipients: true, trusted_domains: [] },
  },
  custom_hostnames: {
    title: 'Custom host names',
    tab: 'settings',
    schema: Type.Object(
      {
        hostnames: Type.Array(Type.String(HOST_OPTIONS), {
          maxItems: 20,
          uniqueItems: true,
          title: 'Host names of the portal',
        }),
      },
      { additionalProperties: false },
    ),
    defaults: { hostnames: [] },
    uniqueAcrossTenants: 'hostnames',
    note: 'The host names reserved for this tenant, each held by one tenant only: kept and audited, but this server does not route requests by host name, so the portal is not served at them. Point the DNS names at the deployment the tenant is on when the front end that serves them is in place.',
  },
} as const satisfies Record<string, TenantDocumentDef>;
export type TenantDocumentName = keyof typeof TENANT_DOCUMENTS;
export const TENANT_DOCUMENT_NAMES = Object.keys(TENANT_DOCUMENTS) as TenantDocumentName[];
/** A row as any row (one builder, one editor serve them all). */
export const tenantDocumentDef = (name: TenantDocumentName): TenantDocumentDef => TENANT_DOCUMENTS[name];
export type TenantDocument<N extends TenantDocumentName> = Static<(typeof TENANT_DOCUMENTS)[N]['schema']>;

/**
 * The tenant's token lists (docs/settings.md §4: logging auth tokens, policy API tokens), rows of the one token
 * store (apiTokens.ts API_TOKEN_KINDS; a list fixes its tokens' scope): the secret is answered once
 * at creation, lists show its last 4 characters, only its digest is kept.
 * Routes: GET and POST `tenants/{id}/<name>`, DELETE `tenants/{id}/<name>/{token_id}`.
 */
export const PolicyToken = ApiToken;
export type PolicyToken = ApiToken;
export const PolicyTokenList = ApiTokenList;
export const PolicyTokenCreate = Type.Object(
  { name: ApiTokenCreate.properties.name, expires_at: Type.Optional(ApiTokenCreate.properties.expires_at) },
  { additionalProperties: false },
);
export type PolicyTokenCreate = Static<typeof PolicyTokenCreate>;
export const PolicyTokenCreated = ApiTokenCreated;
export type PolicyTokenCreated = ApiTokenCreated;

export const TENANT_TOKEN_LISTS = {
  tokens: API_TOKEN_KINDS.tokens,
  logging_auth_tokens: API_TOKEN_KINDS.logging_auth_tokens,
} as const;
export type TenantTokenListName = keyof typeof TENANT_TOKEN_LISTS;
export const TENANT_TOKEN_LIST_NAMES = Object.keys(TENANT_TOKEN_LISTS) as TenantTokenListName[];

/**
 * docs/provider-console.md §3 RBAC list, docs/policy.md §10: the roles of the tenant portal's accounts for this tenant, as the portal's
 * sign-in reads them (each account's read and write permission lists; `role` names the portal's
 * predefined role those lists match, or `custom`), and whether the tenant's RBAC is enforced.
 */
export const TenantRbacAccount = Type.Object({
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.String(),
  read: Type.Array(Type.String()),
  write: Type.Array(Type.String()),
});
export type TenantRbacAccount = Static<typeof TenantRbacAccount>;
/** A role an account may be given: the portal's built-in ones, then the tenant's own. */
export const TenantRbacRole = Type.Object({
  name: Type.String(),
  builtin: Type.Boolean(),
  read: Type.Array(Type.String()),
  write: Type.Array(Type.String()),
});
export type TenantRbacRole = Static<typeof TenantRbacRole>;
export const TenantRbac = Type.Object({
  enforced: Type.Boolean(),
  accounts: Type.Array(TenantRbacAccount),
  /** The roles the PUT gives (docs/provider-console.md §15). */
  roles: Type.Array(TenantRbacRole),
});
export type TenantRbac = Static<typeof TenantRbac>;
/**
 * The RBAC list's PUT (docs/provider-console.md §15): each listed account (by user name) gets the
 * named role, with that role's read and write lists; accounts not listed keep theirs. All or none.
 */
export const TenantRbacChange = Type.Object(
  {
    accounts: Type.Array(
      Type.Object(
        {
          username: Type.String({ minLength: 1, maxLength: 254 }),
          role: Type.String({ minLength: 1, maxLength: 64 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);
export type TenantRbacChange = Static<typeof TenantRbacChange>;
export const RBAC_MSGS = {
  noSuchAccount: (username: string): string => `The tenant has no portal account ${username}.`,
  noSuchRole: (role: string): string => `The tenant has no role ${role}.`,
  twice: (username: string): string => `The account ${username} is listed twice.`,
} as const;

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
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REVISIONS_MAX_LIMIT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    // The tenant's change markers on the console's charts: the portal's window, as strict.
    ...REVISIONS_WINDOW,
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
