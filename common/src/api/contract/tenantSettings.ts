/**
 * The tenant settings registry (docs/settings.md §1, docs/adding-a-row.md §4): the one table of
 * the settings lists a tenant keeps as one document (`{<list>: [...], updated_at, updated_by}`,
 * read with GET and replaced whole with POST at the row's path). Each row names its path, its
 * permission item and feature flags, the schema of one item as read and as written, its id field,
 * its write-only fields, its list columns and its form, and optionally a `validate` check and the
 * `capabilities` it answers. The server registers every row's routes from it
 * (server/src/settings/settingsListRoutes.ts: session, tenant, permission, feature, audit with
 * before and after, the authorisation matrix and `/openapi.json`); the portal derives its
 * Settings page, its entity source and its menu entry from the same row.
 *
 * Adding a settings list: its row file under `settings-lists/` (schemas, form, checks), its key in
 * TENANT_SETTINGS_REGISTRY below, its demo rows (server/src/seed/demoSettings.ts) and its tests.
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { STORAGE_PROFILES } from './settings-lists/storageProfiles';
import { FORENSICS_PROFILES } from './settings-lists/forensicsProfiles';
import { MPA_CERTIFICATES } from './settings-lists/mpaCertificates';
import { CLIENT_PROFILES } from './settings-lists/clientProfiles';
import { POSTURE_PROFILES } from './settings-lists/postureProfiles';

/** A column of the list: a field (a dot path into the item), its header, how it shows. */
export interface SettingsColumnDef {
  field: string;
  header: string;
  format?: 'text' | 'boolean' | 'date';
  /** Words for a code field's codes (the list shows "Read and write", not `readwrite`). */
  labels?: Readonly<Record<string, string>>;
}

/** A field of the item's form; `field` is a dot path into the item as written. */
export interface SettingsFormFieldDef {
  field: string;
  label: string;
  /**
   * `pem`: a certificate pasted or read from a file (several lines, monospace);
   * `posture-checks`: the rows of a posture profile's checks (common/src/posture/evaluate.ts).
   */
  kind:
    | 'text'
    | 'multiline'
    | 'password'
    | 'checkbox'
    | 'select'
    | 'number'
    | 'reference'
    | 'pem'
    | 'posture-checks';
  /** Characters the field takes (250 unless said). */
  maxLength?: number;
  options?: readonly string[];
  /** Words for the options' codes (the value sent stays the code). */
  labels?: Readonly<Record<string, string>>;
  /** A `reference` field picks an item of this list (by name; its id is sent). */
  references?: string;
  helperText?: string;
  /** Shown (and sent) only while another field has one of these values (a platform's fields). */
  when?: { field: string; is: readonly unknown[] };
  /** Sent only when it has a value (an optional field left empty is left out). */
  optional?: boolean;
}

/** One check of `validate`: the field it is about (a dot path), whether it passed, and why not. */
export const SettingsCheck = Type.Object({
  field: Type.String(),
  ok: Type.Boolean(),
  message: Type.String(),
});
export type SettingsCheck = Static<typeof SettingsCheck>;

export const SettingsValidateReply = Type.Object({
  validated: Type.Boolean(),
  checks: Type.Array(SettingsCheck),
});
export type SettingsValidateReply = Static<typeof SettingsValidateReply>;

/** Where `validate` knocks: the item's endpoint, and the field a failure there is about. */
export interface SettingsEndpoint {
  url: string;
  field: string;
  /** The field a "not found" answer is about (a bucket, a share), when not `field`. */
  notFoundField?: string;
}

/** A file made of one item (`GET <export.path>?<idField>=`), to download. */
export interface SettingsExportFile {
  name: string;
  type: string;
  body: string;
}

export interface SettingsListDef {
  /** The page's title (plural, as the Settings menu shows it) and the noun of one item. */
  title: string;
  noun: string;
  /** What the page says above the list, when the title alone does not. */
  intro?: string;
  /** The portal's path under Settings (`#/settings/<menuPath>`). */
  menuPath: string;
  path: string;
  /** The verb of a save (the whole document): POST unless the spec names PUT (client_profiles). */
  saveMethod?: 'POST' | 'PUT';
  /** The document's field that holds the items. */
  listField: string;
  idField: string;
  /** How many items a save holds. */
  minItems: number;
  maxItems: number;
  /** Permission item: reads need `settings:<item>:read`, writes `settings:<item>:write`. */
  permissionItem: string;
  features: readonly string[];
  /** The audit trail's area of its saves: a code of SUB_EVENT_TYPES (the server refuses others). */
  auditArea: string;
  /** One item as read (write-only fields absent; `<field>_set` says one is stored). */
  item: TObject;
  /** One item as written (the id absent for a new one; write-only fields may be left out to keep them). */
  itemBody: TObject;
  /** Dot paths of write-only fields: kept by the server, never answered nor audited. */
  writeOnly: readonly string[];
  /** The stored write-only values carry over to an edited item only while this holds (same platform). */
  keepsWriteOnly?: (before: Record<string, unknown>, after: Record<string, unknown>) => boolean;
  /** Fields holding the id of another list's item: a save naming one that does not exist is refused. */
  references?: readonly { field: string; list: string }[];
  /**
   * A field holding one PEM certificate: the server decodes it into `into` (subject, issuer,
   * validity, fingerprint, key) at save and refuses one that does not parse or has expired (400
   * naming the field; a stored one kept unchanged is not refused again); reads give `into.status`
   * against the clock now.
   */
  certificate?: { field: string; into: string };
  /** A field the server sets (never the client): `validate` sets it; any edit of the item clears it. */
  validatedField?: string;
  /** Checks the schema cannot say (fields required by another's value): [field, message] of the first failure. */
  problem?: (item: Record<string, unknown>) => [string, string] | null;
  /** The item's name, unique in the list (case-insensitive), and shown in messages. */
  nameField: string;
  columns: readonly SettingsColumnDef[];
  form: readonly SettingsFormFieldDef[];
  /** A new item's values in the form. */
  newItem: Record<string, unknown>;
  /** `POST <path>/validate`: per-field checks, then the endpoint the item names. */
  validate?: {
    checks: (item: Record<string, unknown>) => SettingsCheck[];
    endpoint: (item: Record<string, unknown>) => SettingsEndpoint;
  };
  /**
   * `GET <export.path>?<idField>=`: one item as a file to download (an attachment); `referenced`
   * holds the items its references name (by field), null where none.
   */
  export?: {
    path: string;
    file: (
      item: SettingsItem,
      meta: { tenant: string; exportedAt: string; referenced: Record<string, SettingsItem | null> },
    ) => SettingsExportFile;
  };
  /** `GET <path>/capabilities`: what the list offers (the form's choices and limits). */
  capabilities?: { schema: TSchema; value: unknown };
}

/** The registry: one row per settings list (docs/settings.md). */
export const TENANT_SETTINGS_REGISTRY = {
  storage_profiles: STORAGE_PROFILES,
  bf_profiles: FORENSICS_PROFILES,
  mpa_certificates: MPA_CERTIFICATES,
  client_profiles: CLIENT_PROFILES,
  posture_profiles: POSTURE_PROFILES,
} satisfies Record<string, SettingsListDef>;

export type TenantSettingsList = keyof typeof TENANT_SETTINGS_REGISTRY;
export const TENANT_SETTINGS_LISTS = Object.keys(TENANT_SETTINGS_REGISTRY) as TenantSettingsList[];

export const settingsReadPermission = (def: SettingsListDef): string => `settings:${def.permissionItem}:read`;
export const settingsWritePermission = (def: SettingsListDef): string =>
  `settings:${def.permissionItem}:write`;

/** The document as read: the items, and who saved it last (null before the first save). */
export const settingsDocument = (def: SettingsListDef) =>
  Type.Object({
    [def.listField]: Type.Array(def.item, { maxItems: def.maxItems }),
    updated_at: Type.Union([Type.String(), Type.Null()]),
    updated_by: Type.Union([Type.String(), Type.Null()]),
  });

/**
 * The document as written: every item (min to max), and optionally the `updated_at` of the
 * document it was edited from: when another save came in between, the save is refused (409)
 * rather than overwrite it.
 */
export const settingsDocumentBody = (def: SettingsListDef) =>
  Type.Object(
    {
      [def.listField]: Type.Array(def.itemBody, { minItems: def.minItems, maxItems: def.maxItems }),
      updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
      updated_by: Type.Optional(Type.Union([Type.String({ maxLength: 250 }), Type.Null()])),
    },
    { additionalProperties: false },
  );

export type SettingsItem = Record<string, unknown>;
export interface SettingsDocument {
  updated_at: string | null;
  updated_by: string | null;
  [list: string]: unknown;
}

/** The value at a dot path (undefined when a step is missing). */
export function valueAt(item: unknown, path: string): unknown {
  let at: unknown = item;
  for (const step of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[step];
  }
  return at;
}

/** A copy of `item` with the value at a dot path set (undefined removes it). */
export function withValueAt(item: SettingsItem, path: string, value: unknown): SettingsItem {
  const [head, ...rest] = path.split('.');
  const copy = { ...item };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const inner = copy[head];
  // Removing under a missing object changes nothing (and makes no empty object).
  if (value === undefined && (inner === null || typeof inner !== 'object')) return copy;
  copy[head] = withValueAt(
    inner !== null && typeof inner === 'object' ? (inner as SettingsItem) : {},
    rest.join('.'),
    value,
  );
  return copy;
}

/** The `<field>_set` flag that stands for a write-only field in a read. */
export const writeOnlySetField = (path: string): string => `${path}_set`;

export const settingsMessages = {
  unknownId: (def: SettingsListDef) =>
    `No ${def.noun} has this ${def.idField}: leave it out to add a new ${def.noun}.`,
  repeatedId: (def: SettingsListDef) => `Two ${def.noun}s have the same ${def.idField}.`,
  repeatedName: (def: SettingsListDef, name: string) => `Another ${def.noun} is already named '${name}'.`,
  writeOnlyRequired: (path: string) => `${path} is required for a new item or another platform.`,
  changedMeanwhile: (def: SettingsListDef, by: string | null, at: string | null) =>
    `The ${def.title.toLowerCase()} were changed${by ? ` by ${by}` : ''}${at ? ` at ${at}` : ''} after you loaded them: reload them and make your change again.`,
  unknownReference: (noun: string) => `No ${noun} has this id: choose one from the list.`,
  certificateExpired: (path: string, notAfter: string) =>
    `${path}: the certificate expired on ${notAfter.slice(0, 10)}: upload a current one.`,
  lastItem: (def: SettingsListDef) =>
    `Keep at least ${def.minItems} ${def.noun}${def.minItems === 1 ? '' : 's'}: the list cannot be empty.`,
} as const;
