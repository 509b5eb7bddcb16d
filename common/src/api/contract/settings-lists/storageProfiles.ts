/**
 * Storage profiles (docs/settings.md §2): where browsing-forensics files are kept, a row of the
 * tenant settings registry (../tenantSettings.ts). The envelope holds `list` (1 to 50 profiles),
 * `updated_at` and `updated_by`; a profile's texts are 1-250 characters; `storage_platform` is
 * one of two forms, named by its `name` (docs/settings.md §2 "Shapes the spec does not show").
 * `secret_key` is write-only. `validate` checks each field as the cloud provider names it, then
 * knocks at the profile's endpoint.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from '../providerOps';
import type { SettingsCheck, SettingsListDef } from '../tenantSettings';

export const STORAGE_PROFILES_MAX = 50;
export const STORAGE_TEXT_MAX = 250;
export const STORAGE_PLATFORMS = ['Amazon AWS', 'Microsoft Azure'] as const;
export type StoragePlatformName = (typeof STORAGE_PLATFORMS)[number];
export const STORAGE_UNITS = ['GB', 'MB', 'KB'] as const;
export const STORAGE_ACCESS_TYPES = ['read', 'readwrite'] as const;
export const STORAGE_MODES = ['file', 'blob'] as const;
/** The access types and storage modes in words, for the list and the form. */
const ACCESS_TYPE_LABELS = { read: 'Read only', readwrite: 'Read and write' } as const;
const STORAGE_MODE_LABELS = { file: 'File share', blob: 'Blob container' } as const;
/** The largest `limit_size.max_size` (the spec shows none; a number needs bounds). */
export const STORAGE_MAX_SIZE = 1_000_000;

const TEXT = Type.String({ minLength: 1, maxLength: STORAGE_TEXT_MAX });
const UUID = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });

const LimitSize = Type.Object(
  {
    enabled: Type.Boolean(),
    max_size: Type.Integer({ minimum: 1, maximum: STORAGE_MAX_SIZE }),
    units: literalUnion(STORAGE_UNITS),
  },
  { additionalProperties: false },
);

const AssumeRole = Type.Object(
  { external_aws_ac_id: TEXT, iam_role_name: TEXT, external_id: TEXT },
  { additionalProperties: false },
);

/**
 * Both platforms' fields in one object named by `name`: which are required (and which refused)
 * for each is STORAGE_PROFILES.problem's, so a 400 names the one field rather than a union.
 */
const platformFields = {
  name: literalUnion(STORAGE_PLATFORMS),
  path: TEXT,
  // Amazon AWS
  s3_bucket: Type.Optional(TEXT),
  key_id: Type.Optional(TEXT),
  assume_role: Type.Optional(AssumeRole),
  assume_role_key: Type.Optional(TEXT),
  // Microsoft Azure
  account: Type.Optional(TEXT),
  share: Type.Optional(TEXT),
  storage_mode: Type.Optional(literalUnion(STORAGE_MODES)),
};
const StoragePlatformBody = Type.Object(
  { ...platformFields, secret_key: Type.Optional(TEXT) },
  { additionalProperties: false },
);
const StoragePlatform = Type.Object({ ...platformFields, secret_key_set: Type.Boolean() });

const profileFields = {
  name: TEXT,
  description: TEXT,
  limit_size: LimitSize,
  access_type: literalUnion(STORAGE_ACCESS_TYPES),
};
export const StorageProfileBody = Type.Object(
  {
    uuid: Type.Optional(UUID),
    ...profileFields,
    // The server's to set (validate); accepted so a profile read can be sent back as it is.
    validated: Type.Optional(Type.Boolean()),
    storage_platform: StoragePlatformBody,
  },
  { additionalProperties: false },
);
export type StorageProfileBody = Static<typeof StorageProfileBody>;
export const StorageProfile = Type.Object({
  uuid: UUID,
  ...profileFields,
  validated: Type.Boolean(),
  storage_platform: StoragePlatform,
});
export type StorageProfile = Static<typeof StorageProfile>;

const AWS_ONLY = ['s3_bucket', 'key_id', 'assume_role', 'assume_role_key'] as const;
const AZURE_ONLY = ['account', 'share', 'storage_mode'] as const;
const REQUIRED: Record<StoragePlatformName, readonly string[]> = {
  'Amazon AWS': ['s3_bucket', 'key_id'],
  'Microsoft Azure': ['account', 'share', 'storage_mode'],
};
const OTHERS: Record<StoragePlatformName, readonly string[]> = {
  'Amazon AWS': AZURE_ONLY,
  'Microsoft Azure': AWS_ONLY,
};

const platformOf = (item: Record<string, unknown>) =>
  (item.storage_platform ?? {}) as Record<string, unknown> & { name: StoragePlatformName };

/** The cloud providers' own naming rules, each with the reason a value breaks it. */
const RULES: Record<string, [RegExp, string]> = {
  s3_bucket: [
    /^(?!\d+\.\d+\.\d+\.\d+$)(?!.*\.\.)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'An S3 bucket name is 3-63 lower-case letters, digits, dots and hyphens, starts and ends with a letter or digit, and is not an IP address.',
  ],
  key_id: [
    /^(AKIA|ASIA)[A-Z0-9]{16}$/,
    'An AWS access key ID is AKIA or ASIA followed by 16 upper-case letters or digits.',
  ],
  aws_secret: [
    /^[A-Za-z0-9/+=]{40}$/,
    'An AWS secret access key is 40 characters of letters, digits, / + and =.',
  ],
  external_aws_ac_id: [/^\d{12}$/, 'An AWS account ID is 12 digits.'],
  iam_role_name: [/^[\w+=,.@-]{1,64}$/, 'An IAM role name is 1-64 letters, digits and + = , . @ _ -.'],
  external_id: [
    /^[\w+=,.@:/-]{2,250}$/,
    'An external ID is at least 2 letters, digits and + = , . @ : / _ -.',
  ],
  account: [/^[a-z0-9]{3,24}$/, 'An Azure storage account name is 3-24 lower-case letters and digits.'],
  share: [
    /^(?!.*--)[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/,
    'An Azure share or container name is 3-63 lower-case letters, digits and single hyphens, starting and ending with a letter or digit.',
  ],
  azure_secret: [
    /^[A-Za-z0-9+/]{86}==$/,
    'An Azure storage account key is 88 characters of base64 ending in ==.',
  ],
  path: [
    /^(?!\/)(?!.*(^|\/)\.\.(\/|$))[^\\]*$/,
    'A path is a folder inside the storage: no leading /, no .. step and no \\.',
  ],
};

function storageChecks(item: Record<string, unknown>): SettingsCheck[] {
  const platform = platformOf(item);
  const check = (field: string, value: unknown, rule: keyof typeof RULES): SettingsCheck => {
    const [pattern, reason] = RULES[rule];
    const ok = typeof value === 'string' && pattern.test(value);
    return { field: `storage_platform.${field}`, ok, message: ok ? '' : reason };
  };
  if (platform.name === 'Microsoft Azure')
    return [
      check('account', platform.account, 'account'),
      check('share', platform.share, 'share'),
      check('secret_key', platform.secret_key, 'azure_secret'),
      check('path', platform.path, 'path'),
    ];
  const role = platform.assume_role as Record<string, unknown> | undefined;
  return [
    check('s3_bucket', platform.s3_bucket, 's3_bucket'),
    check('key_id', platform.key_id, 'key_id'),
    check('secret_key', platform.secret_key, 'aws_secret'),
    check('path', platform.path, 'path'),
    ...(role
      ? (['external_aws_ac_id', 'iam_role_name', 'external_id'] as const).map((f) =>
          check(`assume_role.${f}`, role[f], f),
        )
      : []),
  ];
}

const AWS = { field: 'storage_platform.name', is: ['Amazon AWS'] } as const;
const AZURE = { field: 'storage_platform.name', is: ['Microsoft Azure'] } as const;

export const STORAGE_PROFILES: SettingsListDef = {
  title: 'Storage Profiles',
  noun: 'storage profile',
  menuPath: 'storage-profiles',
  path: '/api/settings/v1/tenants/storage_profiles',
  listField: 'list',
  idField: 'uuid',
  nameField: 'name',
  minItems: 1,
  maxItems: STORAGE_PROFILES_MAX,
  permissionItem: 'storage_profiles',
  // Storage profiles keep the browsing-forensics files: without the feature they serve nothing.
  features: ['browsing_forensics'],
  auditArea: 'storage_profiles',
  item: StorageProfile,
  itemBody: StorageProfileBody,
  writeOnly: ['storage_platform.secret_key'],
  // A key of one platform means nothing to the other: switching asks for the new one.
  keepsWriteOnly: (before, after) => platformOf(before).name === platformOf(after).name,
  validatedField: 'validated',
  problem(item) {
    const platform = platformOf(item);
    for (const field of REQUIRED[platform.name])
      if (platform[field] === undefined)
        return [`storage_platform.${field}`, `storage_platform.${field} is required for ${platform.name}.`];
    for (const field of OTHERS[platform.name])
      if (platform[field] !== undefined)
        return [`storage_platform.${field}`, `storage_platform.${field} is not a field of ${platform.name}.`];
    return null;
  },
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'description', header: 'Description' },
    { field: 'storage_platform.name', header: 'Platform' },
    { field: 'access_type', header: 'Access', labels: ACCESS_TYPE_LABELS },
    { field: 'validated', header: 'Validated', format: 'boolean' },
  ],
  form: [
    { field: 'name', label: 'Name', kind: 'text' },
    { field: 'description', label: 'Description', kind: 'multiline' },
    {
      field: 'access_type',
      label: 'Access type',
      kind: 'select',
      options: STORAGE_ACCESS_TYPES,
      labels: ACCESS_TYPE_LABELS,
    },
    { field: 'limit_size.enabled', label: 'Limit the size', kind: 'checkbox' },
    {
      field: 'limit_size.max_size',
      label: 'Maximum size',
      kind: 'number',
    },
    {
      field: 'limit_size.units',
      label: 'Units',
      kind: 'select',
      options: STORAGE_UNITS,
    },
    { field: 'storage_platform.name', label: 'Storage platform', kind: 'select', options: STORAGE_PLATFORMS },
    { field: 'storage_platform.s3_bucket', label: 'S3 bucket', kind: 'text', when: AWS },
    { field: 'storage_platform.key_id', label: 'Access key ID', kind: 'text', when: AWS },
    { field: 'storage_platform.account', label: 'Storage account', kind: 'text', when: AZURE },
    { field: 'storage_platform.share', label: 'Share', kind: 'text', when: AZURE },
    {
      field: 'storage_platform.storage_mode',
      label: 'Storage mode',
      kind: 'select',
      options: STORAGE_MODES,
      labels: STORAGE_MODE_LABELS,
      when: AZURE,
    },
    {
      field: 'storage_platform.secret_key',
      label: 'Secret key',
      kind: 'password',
      optional: true,
      helperText: 'Write-only: leave empty to keep the stored key.',
    },
    { field: 'storage_platform.path', label: 'Path', kind: 'text' },
    {
      field: 'storage_platform.assume_role.external_aws_ac_id',
      label: 'Assume role: AWS account ID',
      kind: 'text',
      when: AWS,
      optional: true,
    },
    {
      field: 'storage_platform.assume_role.iam_role_name',
      label: 'Assume role: IAM role name',
      kind: 'text',
      when: AWS,
      optional: true,
    },
    {
      field: 'storage_platform.assume_role.external_id',
      label: 'Assume role: external ID',
      kind: 'text',
      when: AWS,
      optional: true,
    },
  ],
  newItem: {
    name: '',
    description: '',
    access_type: 'readwrite',
    limit_size: { enabled: false, max_size: 10, units: 'GB' },
    storage_platform: { name: 'Amazon AWS', path: '' },
  },
  validate: {
    checks: storageChecks,
    endpoint(item) {
      const platform = platformOf(item);
      if (platform.name === 'Microsoft Azure') {
        const service = platform.storage_mode === 'blob' ? 'blob' : 'file';
        return {
          url: `https://${String(platform.account)}.${service}.core.windows.net/${String(platform.share)}`,
          field: 'storage_platform.account',
          notFoundField: 'storage_platform.share',
        };
      }
      return {
        url: `https://${String(platform.s3_bucket)}.s3.amazonaws.com/`,
        field: 'storage_platform.s3_bucket',
      };
    },
  },
  capabilities: {
    schema: Type.Object({
      platforms: Type.Array(Type.String()),
      max_profiles: Type.Integer(),
      text_max: Type.Integer(),
      units: Type.Array(Type.String()),
      access_types: Type.Array(Type.String()),
      storage_modes: Type.Array(Type.String()),
      max_size: Type.Integer(),
    }),
    value: {
      platforms: STORAGE_PLATFORMS,
      max_profiles: STORAGE_PROFILES_MAX,
      text_max: STORAGE_TEXT_MAX,
      units: STORAGE_UNITS,
      access_types: STORAGE_ACCESS_TYPES,
      storage_modes: STORAGE_MODES,
      max_size: STORAGE_MAX_SIZE,
    },
  },
};
