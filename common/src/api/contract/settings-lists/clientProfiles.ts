/**
 * Client profiles (docs/settings.md §11): the settings a tenant's endpoint client (the TS client)
 * runs with, a row of the tenant settings registry (../tenantSettings.ts). The spec gives the calls
 * (`GET` and `PUT client_profiles`, body `profiles`; `GET export_client_profile?uuid=`) and
 * `uuid`; the fields of a profile are ours: how the client connects, whether it fails open, may be
 * paused by the user and updates itself, and the posture profile it checks the device against.
 * Export: one profile as a JSON file a client imports (docs/settings.md §11).
 */
import { Type } from 'typebox';
import { literalUnion } from '../providerOps';
import type { SettingsExportFile, SettingsItem, SettingsListDef } from '../tenantSettings';

export const CLIENT_PROFILES_MAX = 50;
export const CONNECTION_MODES = ['always_on', 'on_demand'] as const;
export const CONNECTION_MODE_LABELS: Record<string, string> = {
  always_on: 'Always on',
  on_demand: 'When the user connects',
};
/** The `format` of an exported file: a client refuses a file of another format or a newer version. */
export const CLIENT_PROFILE_FILE_FORMAT = 'workbench-client-profile';
export const CLIENT_PROFILE_FILE_VERSION = 1;

const TEXT = Type.String({ minLength: 1, maxLength: 250 });
const UUID = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });
const closed = { additionalProperties: false } as const;

const fields = {
  name: TEXT,
  description: Type.String({ maxLength: 250 }),
  connection_mode: literalUnion(CONNECTION_MODES),
  /** When the service cannot be reached, traffic goes direct rather than nowhere. */
  fail_open: Type.Boolean(),
  allow_user_disable: Type.Boolean(),
  auto_update: Type.Boolean(),
  posture_check: Type.Boolean(),
  /** The posture profile the device must pass (required while posture_check is on). */
  posture_profile_id: Type.Optional(UUID),
};
export const ClientProfileBody = Type.Object({ uuid: Type.Optional(UUID), ...fields }, closed);
export const ClientProfile = Type.Object({ uuid: UUID, ...fields });

/** The exported file's name: the profile's name made safe for a file system. */
export const clientProfileFileName = (name: string): string =>
  `client-profile-${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'profile'}.json`;

/** The exported file: the format and version, who exported it when, the profile and its posture profile. */
export function clientProfileFile(
  item: SettingsItem,
  meta: { tenant: string; exportedAt: string; referenced: Record<string, SettingsItem | null> },
): SettingsExportFile {
  const file = {
    format: CLIENT_PROFILE_FILE_FORMAT,
    version: CLIENT_PROFILE_FILE_VERSION,
    tenant: meta.tenant,
    exported_at: meta.exportedAt,
    profile: item,
    posture_profile: meta.referenced.posture_profile_id ?? null,
  };
  return {
    name: clientProfileFileName(String(item.name)),
    type: 'application/json',
    body: `${JSON.stringify(file, null, 2)}\n`,
  };
}

export const CLIENT_PROFILES: SettingsListDef = {
  title: 'Client Profiles',
  noun: 'client profile',
  menuPath: 'client-profiles',
  path: '/api/settings/v1/tenants/client_profiles',
  saveMethod: 'PUT',
  listField: 'profiles',
  idField: 'uuid',
  nameField: 'name',
  minItems: 0,
  maxItems: CLIENT_PROFILES_MAX,
  permissionItem: 'client_profiles',
  features: ['clientProfiles'],
  auditArea: 'client_profiles',
  item: ClientProfile,
  itemBody: ClientProfileBody,
  writeOnly: [],
  references: [{ field: 'posture_profile_id', list: 'posture_profiles' }],
  problem(item) {
    if (item.posture_check === true && item.posture_profile_id === undefined)
      return [
        'posture_profile_id',
        'posture_profile_id is required when posture_check is on: choose a posture profile.',
      ];
    return null;
  },
  export: { path: '/api/settings/v1/tenants/export_client_profile', file: clientProfileFile },
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'description', header: 'Description' },
    { field: 'connection_mode', header: 'Connects', labels: CONNECTION_MODE_LABELS },
    { field: 'fail_open', header: 'Fails open', format: 'boolean' },
    { field: 'posture_check', header: 'Posture check', format: 'boolean' },
  ],
  form: [
    { field: 'name', label: 'Name', kind: 'text' },
    { field: 'description', label: 'Description', kind: 'multiline' },
    {
      field: 'connection_mode',
      label: 'The client connects',
      kind: 'select',
      options: CONNECTION_MODES,
      labels: CONNECTION_MODE_LABELS,
    },
    {
      field: 'fail_open',
      label: 'Let traffic go direct when the service cannot be reached',
      kind: 'checkbox',
    },
    { field: 'allow_user_disable', label: 'The user may pause the client', kind: 'checkbox' },
    { field: 'auto_update', label: 'Update the client automatically', kind: 'checkbox' },
    { field: 'posture_check', label: "Check the device's posture before it connects", kind: 'checkbox' },
    {
      field: 'posture_profile_id',
      label: 'Posture profile',
      kind: 'reference',
      references: 'posture_profiles',
      when: { field: 'posture_check', is: [true] },
      optional: true,
    },
  ],
  newItem: {
    name: '',
    description: '',
    connection_mode: 'always_on',
    fail_open: false,
    allow_user_disable: false,
    auto_update: true,
    posture_check: false,
  },
};
