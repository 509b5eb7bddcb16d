/**
 * The tenant settings registry's second row shape (docs/settings.md §10, docs/adding-a-row.md §4):
 * a settings **document**, one object per tenant read with `GET <path>` and replaced with
 * `PUT <path>` (egress IPs, fixed egress, global settings, CASB settings), beside the lists of
 * tenantSettings.ts. A row names its path, its permission item and feature flags, its audit area,
 * the document's fields (one closed schema, as read and as written), its defaults (what a tenant
 * that never saved reads), the checks the schema cannot say, and its form. The server registers
 * every row's routes from it (server/src/settings/settingsDocumentRoutes.ts: session, tenant,
 * permission, feature, audit with before and after, the authorisation matrix); the portal draws
 * each row's form from the same row (tenant-portal/src/areas/settings/SettingsDocumentForm.tsx).
 *
 * Adding a settings document: its row file under `settings-documents/`, its key in
 * TENANT_SETTINGS_DOCUMENTS below, and its tests.
 */
import { Type, type Static, type TObject } from 'typebox';
import type { SettingsFormFieldDef } from './tenantSettings';
import { CAPABILITY_DETAIL_NAMES, CAPABILITY_DETAILS_ROUTE } from './capabilityDetails';
import { EGRESS_IPS, FIXED_EGRESS } from './settings-documents/networkSettings';
import { CASB_SETTINGS, GLOBAL_SETTINGS } from './settings-documents/generalSettings';

/** A field of a document's form; `lines` edits a list of texts one per line (addresses, users). */
export interface SettingsDocumentFieldDef extends Omit<SettingsFormFieldDef, 'kind' | 'references'> {
  kind: Exclude<SettingsFormFieldDef['kind'], 'reference'> | 'lines';
}

export interface SettingsDocumentDef {
  /** The form's title on its page. */
  title: string;
  /** One sentence under the title: what the document decides. */
  intro: string;
  path: string;
  /** Permission item: reads need `settings:<item>:read`, writes `settings:<item>:write`. */
  permissionItem: string;
  features: readonly string[];
  /** The audit trail's area of its saves: a code of SUB_EVENT_TYPES. */
  auditArea: string;
  /** The document's own fields (closed): as read (with updated_at and updated_by) and as written. */
  fields: TObject;
  /** What a tenant that never saved reads. */
  defaults: Record<string, unknown>;
  /** Checks the schema cannot say: [field (a dot path, `ips.2`), message] of the first failure. */
  problem?: (doc: Record<string, unknown>) => [string, string] | null;
  form: readonly SettingsDocumentFieldDef[];
}

/** The registry's documents: one row per settings document (docs/settings.md §10). */
export const TENANT_SETTINGS_DOCUMENTS = {
  egress_ips: EGRESS_IPS,
  fixed_egress: FIXED_EGRESS,
  global_settings: GLOBAL_SETTINGS,
  casb: CASB_SETTINGS,
} satisfies Record<string, SettingsDocumentDef>;

export type TenantSettingsDocument = keyof typeof TENANT_SETTINGS_DOCUMENTS;
export const TENANT_SETTINGS_DOCUMENT_KEYS = Object.keys(
  TENANT_SETTINGS_DOCUMENTS,
) as TenantSettingsDocument[];

export const documentReadPermission = (def: SettingsDocumentDef): string =>
  `settings:${def.permissionItem}:read`;
export const documentWritePermission = (def: SettingsDocumentDef): string =>
  `settings:${def.permissionItem}:write`;

const Stamp = {
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
};
/** The document as read: its fields, and who saved it last (null before the first save). */
export const settingsDocumentReply = (def: SettingsDocumentDef): TObject =>
  Type.Object({ ...def.fields.properties, ...Stamp });
/**
 * The document as written: every field, and optionally the `updated_at` it was read with: when
 * another save came in between, the save is refused (409) rather than overwrite it.
 */
export const settingsDocumentWrite = (def: SettingsDocumentDef): TObject =>
  Type.Object(
    {
      ...def.fields.properties,
      updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    },
    { additionalProperties: false },
  );

export type SettingsDocumentValue = Record<string, unknown> & {
  updated_at: string | null;
  updated_by: string | null;
};

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
export const GLOBAL_SETTINGS_NAMES = Object.keys(GLOBAL_SETTINGS.fields.properties);
