/**
 * The settings documents registry (docs/settings.md §9 and §10, docs/adding-a-row.md §4): a settings
 * **document** is one object per tenant read with `GET <path>` and replaced whole with `PUT <path>`,
 * in effect on save (not staged in the policy revision): Settings › Network and General (egress IPs,
 * fixed egress, global settings, CASB) and the Web and Safemail services' own settings (web,
 * ssl_bump, safemail, attachments, smtp, emails). One row per document, the differences as row
 * fields: its path, its stored entity, its portal area, its permission groups and item, its
 * features, its audit area, its schema, its write-only fields, its defaults (what a tenant that
 * never saved reads), its form fields with the shared validators, and the checks a schema cannot
 * say. The server registers every row's routes from it with one builder
 * (server/src/settings/settingsDocumentRoutes.ts: session, tenant, permission, feature, 400 naming
 * the field, 409 on a stale updated_at, audit with before and after, the authorisation matrix); the
 * portal draws each row's form from the same row.
 *
 * Adding a settings document: its row (under `settings-documents/`, or serviceSettings.ts for a
 * service's), its key in SETTINGS_DOCUMENTS below, and its tests.
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { CAPABILITY_DETAIL_NAMES, CAPABILITY_DETAILS_ROUTE } from './capabilityDetails';
import { EGRESS_IPS, FIXED_EGRESS } from './settings-documents/networkSettings';
import { CASB_SETTINGS, GLOBAL_SETTINGS } from './settings-documents/generalSettings';
import { POLICY_APPROVAL_SETTINGS } from './settings-documents/policyApprovalSettings';
import { ATTACHMENTS, EMAILS, SAFEMAIL, SMTP, SSL_BUMP, WEB, documentFieldsProblem } from './serviceSettings';

/** A form field of a document; `field` is the document's field (a dot path for a nested one). */
export interface SettingsDocumentFieldDef {
  field: string;
  label: string;
  /** `list`: an array of texts, one per line in the form. */
  kind: 'text' | 'multiline' | 'number' | 'checkbox' | 'select' | 'password' | 'list';
  helperText?: string;
  /** The shared validator of the value (of each value of a list): its error key is the refusal. */
  validator?: (value: string) => string | null;
  /** A text (or a list) that may not be empty. */
  required?: boolean;
  /** Bounds of a number, of a text's length, of a list's length. */
  min?: number;
  max?: number;
  options?: readonly string[];
  labels?: Readonly<Record<string, string>>;
}

/** The portal page that shows a document's form. */
export type SettingsDocumentArea =
  | 'settings/network'
  | 'settings/general'
  | 'web'
  | 'safemail'
  /** An on-premises appliance's own settings (appliance/applianceSettings.ts). */
  | 'appliance-settings';

export interface SettingsDocumentDef {
  /** The form's title on its page. */
  title: string;
  /** One sentence under the title: what the document decides. */
  intro: string;
  path: string;
  /** The config-store entity a tenant's document is stored as (one per tenant). */
  entity: string;
  area: SettingsDocumentArea;
  /**
   * Permission groups: reads need `<group>:<item>:read` of any of them, writes `:write`
   * (docs/access.md §4: `settings` or `setting`, and `settings_cmr`).
   */
  permissionGroups: readonly string[];
  permissionItem: string;
  features: readonly string[];
  /** The audit trail's area of its saves: a code of SUB_EVENT_TYPES. */
  auditArea: string;
  /** The document's own fields (closed), as written (without updated_at / updated_by). */
  schema: TObject;
  /** Fields the server keeps and never answers (reads say `<field>_set`); left out of a save keeps them. */
  writeOnly?: readonly string[];
  /** What a tenant that never saved reads. */
  defaults: Record<string, unknown>;
  /** Checks the fields cannot say: [field (a dot path, `ips.2`), message] of the first failure. */
  problem?: (doc: Record<string, unknown>) => [string, string] | null;
  /** Ports the service listens on: no two may be the same. */
  distinct?: readonly string[];
  /** Fields holding PEM certificates: each block must decode and be in its validity period. */
  certificates?: readonly string[];
  form: readonly SettingsDocumentFieldDef[];
}

/** The registry: one row per settings document, in the order the pages show them. */
export const SETTINGS_DOCUMENTS = {
  egress_ips: EGRESS_IPS,
  fixed_egress: FIXED_EGRESS,
  global_settings: GLOBAL_SETTINGS,
  casb: CASB_SETTINGS,
  policy_approval: POLICY_APPROVAL_SETTINGS,
  web: WEB,
  ssl_bump: SSL_BUMP,
  safemail: SAFEMAIL,
  attachments: ATTACHMENTS,
  smtp: SMTP,
  emails: EMAILS,
} satisfies Record<string, SettingsDocumentDef>;

export type SettingsDocumentKey = keyof typeof SETTINGS_DOCUMENTS;
export const SETTINGS_DOCUMENT_KEYS = Object.keys(SETTINGS_DOCUMENTS) as SettingsDocumentKey[];

/** The documents a portal page shows, in the registry's order. */
export const settingsDocumentsOf = (area: SettingsDocumentArea): SettingsDocumentKey[] =>
  SETTINGS_DOCUMENT_KEYS.filter((key) => SETTINGS_DOCUMENTS[key].area === area);

/** Reads need any of the row's groups' read permission on its item; writes the write permission. */
export const documentReadPermission = (def: SettingsDocumentDef) => ({
  any: def.permissionGroups.map((group) => `${group}:${def.permissionItem}:read`),
});
export const documentWritePermission = (def: SettingsDocumentDef) => ({
  any: def.permissionGroups.map((group) => `${group}:${def.permissionItem}:write`),
});

/** The `<field>_set` flag that stands for a write-only field in a read. */
export const writeOnlySet = (field: string): string => `${field}_set`;

const Stamp = {
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
};
/** The document as read: its fields (write-only ones as `<field>_set`), and who saved it last. */
export const settingsDocumentReply = (def: SettingsDocumentDef): TObject => {
  const props: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(def.schema.properties)) {
    if (def.writeOnly?.includes(key)) props[writeOnlySet(key)] = Type.Boolean();
    else props[key] = schema as TSchema;
  }
  return Type.Object({ ...props, ...Stamp });
};
/**
 * The document as written: every field, and optionally the `updated_at` it was read with: when
 * another save came in between, the save is refused (409) rather than overwrite it.
 */
export const settingsDocumentWrite = (def: SettingsDocumentDef): TObject =>
  Type.Object(
    {
      ...def.schema.properties,
      updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    },
    { additionalProperties: false },
  );

export type SettingsDocumentValue = Record<string, unknown> & {
  updated_at: string | null;
  updated_by: string | null;
};

/**
 * The checks a schema cannot say, shared by the forms and the server: the row's own (a list's bad
 * or repeated entry), then each form field's (required, the shared validator's error key, bounds,
 * repeats), then a service's listening ports all different. The first problem, or null.
 */
export function settingsDocumentProblem(
  def: SettingsDocumentDef,
  doc: Record<string, unknown>,
): { field: string; message: string } | null {
  const own = def.problem?.(doc);
  if (own) return { field: own[0], message: own[1] };
  return documentFieldsProblem(def, doc);
}

export const documentMessages = {
  changedMeanwhile: (def: SettingsDocumentDef, by: string | null, at: string | null) =>
    `${def.title}: changed${by ? ` by ${by}` : ''}${at ? ` at ${at}` : ''} after you loaded them. Reload the page and make your change again.`,
} as const;

// ---------------------------------------------------------------------------------------------
// The reads beside the documents (docs/settings.md §10): the caller's address, the deployment's
// public addresses, one named global setting, and a capability's details.

export const SETTINGS_UTILITY_PATHS = {
  userIp: '/api/settings/v1/tenants/get_user_ip',
  publicIps: '/api/settings/v1/tenants/all_public_ips',
  setting: (name: string) => `/api/settings/v1/tenants/setting/${encodeURIComponent(name)}`,
  settingRoute: '/api/settings/v1/tenants/setting/:name',
  capabilityRoute: CAPABILITY_DETAILS_ROUTE,
} as const;

/** The caller's address as the server sees it (the proxy's X-Forwarded-For only when trusted). */
export const UserIpReply = Type.Object({ ip: Type.String() });
export type UserIpReply = Static<typeof UserIpReply>;

/** The deployment's public addresses (WORKBENCH_PUBLIC_IPS): what a firewall lets through. */
export const PublicIpsReply = Type.Object({ ips: Type.Array(Type.String()) });
export type PublicIpsReply = Static<typeof PublicIpsReply>;

/** `setting/{name}`: one field of the global settings by its name. */
export const SettingNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) });
export const SettingReply = Type.Object({
  name: Type.String(),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
});
export type SettingReply = Static<typeof SettingReply>;

export { CAPABILITY_DETAIL_NAMES, type CapabilityDetailName } from './capabilityDetails';
export const CapabilityNameParams = Type.Object({
  name: Type.Union(CAPABILITY_DETAIL_NAMES.map((n) => Type.Literal(n))),
});
/** A capability's details (capabilityDetails.ts's CapabilityDetails). */
export const CapabilityReply = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type CapabilityReply = Static<typeof CapabilityReply>;

/** The names `setting/{name}` answers: the global settings' fields. */
export const GLOBAL_SETTINGS_NAMES = Object.keys(GLOBAL_SETTINGS.schema.properties);
