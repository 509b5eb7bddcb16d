/**
 * Capability schema states (api-client-layer §3 Enumerations "schema state: deprecated, ga,
 * controlled, obsolete"; §7 Provider console "schema endpoints", "capability state"; issue 14).
 * One row per capability the service knows: the tenant portal's feature flags that pass through
 * from a capability (deriveFeatureFlags.ts PASS_THROUGH_FEATURE_DEFAULTS), the capabilities the
 * derived flags and the server read by name. What each state means
 * (provider-console/src/capabilities/README.md):
 * - `ga`: every tenant has it unless its capabilities turn it off;
 * - `controlled`: only the tenants it is explicitly given to;
 * - `deprecated`: still works; the console warns when it is set;
 * - `obsolete`: setting it is refused (400 naming it); it no longer takes effect.
 * Capabilities not in the table (a tenant may carry others) are set and read as before.
 * A capability past its `capabilities_validity` day is not in effect either (capabilitiesInEffect).
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './providerOps';

const V1 = '/gdmanage/api/v1';
export const SCHEMA_STATES = ['deprecated', 'ga', 'controlled', 'obsolete'] as const;
export type SchemaState = (typeof SCHEMA_STATES)[number];
export const SCHEMA_STATE_LABELS: Record<SchemaState, string> = {
  deprecated: 'Deprecated',
  ga: 'GA',
  controlled: 'Controlled',
  obsolete: 'Obsolete',
};
export const SCHEMA_STATE_DESCRIPTIONS: Record<SchemaState, string> = {
  deprecated: 'Still works; being retired, so set it no more.',
  ga: 'Every tenant has it unless its capabilities turn it off.',
  controlled: 'Only the tenants it is given to have it.',
  obsolete: 'No longer takes effect and can no longer be set.',
};

interface CapabilityStateDef {
  state: SchemaState;
  /** Why it is deprecated or obsolete, and what replaces it. */
  note?: string;
}
const ga: CapabilityStateDef = { state: 'ga' };
const controlled: CapabilityStateDef = { state: 'controlled' };

/** The one table of capability schema states. */
export const CAPABILITY_SCHEMA_STATES = {
  ssl: ga,
  usersAndGroups: ga,
  policySettings: ga,
  customization: ga,
  contactForm: ga,
  dashboard: ga,
  reports: ga,
  scheduledReports: ga,
  instantReports: ga,
  webLogs: ga,
  auditLogs: ga,
  copyPaste: ga,
  categoryOverrides: ga,
  emailLogs: controlled,
  dlpLogs: controlled,
  fwaasLogs: controlled,
  saaLogs: controlled,
  dlp: controlled,
  casb: controlled,
  egress: controlled,
  egress_headers: controlled,
  rbac: controlled,
  sso: controlled,
  tfa: controlled,
  pac: controlled,
  fwaas: controlled,
  watermarking: controlled,
  browsing_forensics: controlled,
  multiple_idp: controlled,
  private_access: controlled,
  browser_posture: controlled,
  insights: controlled,
  safemailPolicy: controlled,
  safedocs: controlled,
  filedownload: controlled,
  swg_upload: controlled,
  flash: { state: 'obsolete', note: 'Browsers dropped Flash (end of life 2020).' },
  webmail: { state: 'deprecated', note: 'Superseded by safemailPolicy.' },
  policy_only_domains: controlled,
  bandwidth_limits: controlled,
  daily_bandwidth_quota: controlled,
  email_attachments: controlled,
  reversinglabs_license: controlled,
  url_isolate_disabled: controlled,
  bnb: controlled,
  bnb_strict: controlled,
  categoryExtensions: { state: 'deprecated', note: 'Superseded by categoryOverrides.' },
  popularSites: controlled,
  phishTargets: controlled,
  smtpUsers: controlled,
  adGroups: controlled,
  clientProfiles: controlled,
  mfaUsers: controlled,
  multiTenant: controlled,
  termsOfService: controlled,
  restrictedLogs: controlled,
  restricted_logs: controlled,
  runtime_analysis: controlled,
  mobileSupport: controlled,
  appliances: controlled,
} as const satisfies Record<string, CapabilityStateDef>;
export type KnownCapability = keyof typeof CAPABILITY_SCHEMA_STATES;
export const KNOWN_CAPABILITIES = Object.keys(CAPABILITY_SCHEMA_STATES).sort() as KnownCapability[];

/** The state of a capability, or undefined for one the table does not know. */
export const schemaStateOf = (capability: string): SchemaState | undefined =>
  Object.hasOwn(CAPABILITY_SCHEMA_STATES, capability)
    ? CAPABILITY_SCHEMA_STATES[capability as KnownCapability].state
    : undefined;
export const schemaStateNote = (capability: string): string | undefined =>
  Object.hasOwn(CAPABILITY_SCHEMA_STATES, capability)
    ? (CAPABILITY_SCHEMA_STATES[capability as KnownCapability] as CapabilityStateDef).note
    : undefined;

export const obsoleteCapabilityMessage = (capability: string): string =>
  `The capability '${capability}' is obsolete and can no longer be set.`;
export const deprecatedCapabilityWarning = (capability: string): string => {
  const note = schemaStateNote(capability);
  return `The capability '${capability}' is deprecated${note ? `: ${note}` : '.'}`;
};
export const UNKNOWN_CAPABILITY = (capability: string): string =>
  `The capability '${capability}' is not one the service knows.`;
/** The first obsolete name among capabilities being set, if any. */
export const firstObsolete = (names: Iterable<string>): string | undefined =>
  [...names].find((n) => schemaStateOf(n) === 'obsolete');

/** Off, as the portal reads a capability: false, 0, '', 'false', or `{ enabled: false }`. */
export function capabilityOn(value: unknown): boolean {
  if (value && typeof value === 'object') return 'enabled' in value ? Boolean(value.enabled) : true;
  return (
    value !== undefined &&
    value !== null &&
    value !== false &&
    value !== 0 &&
    value !== '' &&
    value !== 'false'
  );
}

export interface ValidityRow {
  capability: string;
  /** YYYY-MM-DD, or '' for no end. */
  valid_until: string;
}
/** Past its day: valid through `valid_until` (UTC), expired from the day after. */
export const isExpired = (validUntil: string, now: Date): boolean =>
  validUntil !== '' && now.toISOString().slice(0, 10) > validUntil;
/** The capabilities whose validity day has passed by `now`, by name. */
export const expiredCapabilities = (validity: readonly ValidityRow[], now: Date): string[] =>
  validity.filter((v) => isExpired(v.valid_until, now)).map((v) => v.capability);

/**
 * What takes effect for the tenant portal: the stored capabilities without the expired and the
 * obsolete ones (what the tenant's sign-in, feature flags and guards read).
 */
export function capabilitiesInEffect(
  capabilities: Record<string, unknown>,
  validity: readonly ValidityRow[],
  now: Date,
): Record<string, unknown> {
  const expired = new Set(expiredCapabilities(validity, now));
  return Object.fromEntries(
    Object.entries(capabilities).filter(([k]) => !expired.has(k) && schemaStateOf(k) !== 'obsolete'),
  );
}

// Endpoints (schema endpoints and capability state, §7), paths per the entity-table convention.
export const SCHEMA_STATES_PATH = `${V1}/schema_states`;
export const CAPABILITY_STATES_PATH = `${V1}/capability_states`;
export const capabilityStatePath = (capability: string): string =>
  `${CAPABILITY_STATES_PATH}/${encodeURIComponent(capability)}`;

export const SchemaStateRow = Type.Object({
  capability: Type.String(),
  state: literalUnion(SCHEMA_STATES),
  note: Type.Union([Type.String(), Type.Null()]),
});
export type SchemaStateRow = Static<typeof SchemaStateRow>;
export const SchemaStateList = Type.Object({
  states: Type.Array(
    Type.Object({ state: literalUnion(SCHEMA_STATES), label: Type.String(), description: Type.String() }),
  ),
  capabilities: Type.Array(SchemaStateRow),
});
export type SchemaStateList = Static<typeof SchemaStateList>;

export const CapabilityStateQuery = Type.Object(
  {
    /** Only this tenant: each row says whether it has the capability. */
    tid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    state: Type.Optional(literalUnion(SCHEMA_STATES)),
    q: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type CapabilityStateQuery = Static<typeof CapabilityStateQuery>;

export const CapabilityTenant = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  /** The stored value; null when a ga capability reaches the tenant by default. */
  value: Type.Unknown(),
  valid_until: Type.String(),
  expired: Type.Boolean(),
});
export type CapabilityTenant = Static<typeof CapabilityTenant>;
export const CapabilityStateRow = Type.Object({
  ...SchemaStateRow.properties,
  /** Tenants it is in effect for. */
  tenant_count: Type.Integer(),
  /** Tenants that carry it past its validity day (not in effect). */
  expired_count: Type.Integer(),
});
export type CapabilityStateRow = Static<typeof CapabilityStateRow>;
export const CapabilityStateList = Type.Object({
  capabilities: Type.Array(CapabilityStateRow),
  /** The tenants counted (one with ?tid). */
  tenant_total: Type.Integer(),
});
export type CapabilityStateList = Static<typeof CapabilityStateList>;
export const CapabilityStateDetail = Type.Object({
  ...CapabilityStateRow.properties,
  /** Tenants that have it or carry it expired, by name. */
  tenants: Type.Array(CapabilityTenant),
});
export type CapabilityStateDetail = Static<typeof CapabilityStateDetail>;
