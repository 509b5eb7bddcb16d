/**
 * Capability schema states (docs/glossary.md §3 Enumerations "schema state: deprecated, ga,
 * controlled, obsolete"; docs/provider-console.md §6 Provider console "schema endpoints", "capability state"; issue 14).
 * One row per capability the service knows: the tenant portal's feature flags that pass through
 * from a capability (deriveFeatureFlags.ts PASS_THROUGH_FEATURE_DEFAULTS), the capabilities the
 * derived flags and the server read by name. What each state means
 * (provider-console/src/capabilities/README.md):
 * - `ga`: every tenant has it unless its capabilities turn it off;
 * - `controlled`: only the tenants it is explicitly given to;
 * - `deprecated`: still works; the console warns when it is set;
 * - `obsolete`: setting it is refused (400 naming it); it no longer takes effect.
 * A name not in the table is refused when it is set (400 naming it: UNKNOWN_CAPABILITY); one a
 * tenant already carries is still read and may be removed.
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
  /** What it gives the tenant, in a line (shown where capabilities are picked). */
  meaning: string;
}
const ga = { state: 'ga' } as const;
const controlled = { state: 'controlled' } as const;

/** The one table of the capabilities the service knows: each one's schema state and meaning. */
export const CAPABILITY_SCHEMA_STATES = {
  ssl: { ...ga, meaning: 'The SSL bypass policy: sites whose TLS is not inspected.' },
  usersAndGroups: { ...ga, meaning: 'Users and groups of the tenant in its portal settings.' },
  policySettings: { ...ga, meaning: 'The policy settings page of the portal.' },
  customization: { ...ga, meaning: 'Branding of the pages users see (block and warning pages).' },
  contactForm: { ...ga, meaning: "The portal's contact form to the provider's support." },
  dashboard: { ...ga, meaning: 'The report dashboards of the portal.' },
  reports: { ...ga, meaning: 'Reports of the portal (tables and charts over the logs).' },
  scheduledReports: { ...ga, meaning: 'Reports sent by e-mail on a schedule.' },
  instantReports: { ...ga, meaning: 'Reports generated on demand as PDF.' },
  webLogs: { ...ga, meaning: 'Web logs: the browsing events of the tenant.' },
  auditLogs: { ...ga, meaning: "Audit logs: the tenant administrators' own actions." },
  copyPaste: { ...ga, meaning: 'The copy/paste and watermark controls of isolated pages.' },
  categoryOverrides: { ...ga, meaning: 'Tenant overrides of URL categories.' },
  emailLogs: { ...controlled, meaning: 'E-mail logs: the events of isolated e-mail links and attachments.' },
  dlpLogs: { ...controlled, meaning: 'DLP logs: the data-loss-prevention violations.' },
  fwaasLogs: { ...controlled, meaning: 'Cloud firewall logs: the events of the firewall policy.' },
  saaLogs: { ...controlled, meaning: 'Private access logs: the events of the private application access.' },
  dlp: { ...controlled, meaning: 'The data-loss-prevention policy.' },
  casb: { ...controlled, meaning: 'The cloud application (CASB) policy.' },
  egress: { ...controlled, meaning: 'Fixed egress IP addresses for the tenant.' },
  egress_headers: {
    ...controlled,
    meaning: 'The egress header policy (headers added to outgoing requests).',
  },
  rbac: { ...controlled, meaning: 'Roles: each portal account may do only what its role allows.' },
  sso: { ...controlled, meaning: 'Single sign-on of the portal through a SAML identity provider.' },
  tfa: { ...controlled, meaning: 'Two-factor sign-in of the portal accounts.' },
  pac: { ...controlled, meaning: 'Proxy auto-configuration (PAC) files.' },
  fwaas: { ...controlled, meaning: 'The cloud firewall (firewall as a service) policy.' },
  watermarking: { ...controlled, meaning: 'Watermarks on isolated pages.' },
  browsing_forensics: { ...controlled, meaning: 'Recording of browsing sessions for forensics.' },
  multiple_idp: { ...controlled, meaning: 'More than one identity provider for sign-in.' },
  private_access: { ...controlled, meaning: 'Private access to internal applications without a VPN.' },
  browser_posture: { ...controlled, meaning: 'Browser posture checks and their assessments.' },
  insights: { ...controlled, meaning: 'The insights reports (analytics summaries).' },
  safemailPolicy: { ...controlled, meaning: 'The e-mail isolation policy (safe mail).' },
  safedocs: { ...controlled, meaning: 'Documents opened in isolation (safe documents).' },
  filedownload: { ...controlled, meaning: 'The file download policy.' },
  swg_upload: { ...controlled, meaning: 'The file upload policy of the secure web gateway.' },
  flash: {
    state: 'obsolete',
    note: 'Browsers dropped Flash (end of life 2020).',
    meaning: 'Flash content in isolated pages.',
  },
  webmail: { state: 'deprecated', note: 'Superseded by safemailPolicy.', meaning: 'The web mail policy.' },
  policy_only_domains: {
    ...controlled,
    meaning: 'Policy by domain only: no threat or category controls, no content inspection.',
  },
  bandwidth_limits: { ...controlled, meaning: 'Bandwidth limits per user or group.' },
  daily_bandwidth_quota: { ...controlled, meaning: 'A daily bandwidth quota per user.' },
  email_attachments: { ...controlled, meaning: 'Isolation of e-mail attachments.' },
  reversinglabs_license: {
    ...controlled,
    meaning: 'File analysis by the ReversingLabs engine (attachments and downloads).',
  },
  url_isolate_disabled: { ...controlled, meaning: 'Turns off the isolation of links in e-mail.' },
  bnb: { ...controlled, meaning: 'The application policy (browser and application rules).' },
  bnb_strict: { ...controlled, meaning: 'Strict mode of the application policy (with bnb).' },
  categoryExtensions: {
    state: 'deprecated',
    note: 'Superseded by categoryOverrides.',
    meaning: 'The extension categories 85–88 of the category tree.',
  },
  popularSites: { ...controlled, meaning: 'The popular-sites list in policy rules.' },
  phishTargets: { ...controlled, meaning: 'The phishing-target lists in policy rules.' },
  smtpUsers: { ...controlled, meaning: 'Users known by their SMTP addresses.' },
  adGroups: { ...controlled, meaning: 'Groups read from Active Directory.' },
  clientProfiles: { ...controlled, meaning: 'Client profiles of the tenant (TS client profiles).' },
  mfaUsers: { ...controlled, meaning: 'Second-factor enrolment of the tenant users.' },
  multiTenant: { ...controlled, meaning: 'Association with other tenants (multi-tenant).' },
  termsOfService: { ...controlled, meaning: 'Terms of service accepted at sign-in.' },
  restrictedLogs: { ...controlled, meaning: 'Restricted logs: log fields hidden from some roles.' },
  restricted_logs: { ...controlled, meaning: 'Settings of the restricted logs (e.g. heat alerts).' },
  runtime_analysis: { ...controlled, meaning: 'Runtime analysis of pages (heat shield) and its settings.' },
  mobileSupport: { ...controlled, meaning: 'Mobile devices, with their e-mail support level.' },
  appliances: { ...controlled, meaning: 'On-premises appliances managed from the portal.' },
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
/** What a known capability gives the tenant; undefined for any other name. */
export const capabilityMeaning = (capability: string): string | undefined =>
  Object.hasOwn(CAPABILITY_SCHEMA_STATES, capability)
    ? CAPABILITY_SCHEMA_STATES[capability as KnownCapability].meaning
    : undefined;
export const isKnownCapability = (name: string): name is KnownCapability =>
  Object.hasOwn(CAPABILITY_SCHEMA_STATES, name);
/** The first name among capabilities being set that the service does not know, if any. */
export const firstUnknown = (names: Iterable<string>): string | undefined =>
  [...names].find((n) => !isKnownCapability(n));
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

// Endpoints (schema endpoints and capability state, docs/provider-console.md §6), paths per the entity-table convention.
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
