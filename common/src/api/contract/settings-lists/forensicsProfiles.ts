/**
 * Forensics (BF) profiles (docs/settings.md §3): what a browsing-forensics rule captures and where
 * the captures go, a row of the tenant settings registry (../tenantSettings.ts). The spec names the
 * groups (capture_params: retain_bf_file, screenshot, user-input flags, files and network settings;
 * capture_indicator; storage_default and storage_profile_id) and the sample values (screenshot
 * frequency 10, file limit 100 MB, payload 10 KB, post 100 KB), which a new profile starts with; the
 * fields inside the flag and settings groups are ours (docs/settings.md §3).
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from '../providerOps';
import type { SettingsListDef } from '../tenantSettings';

export const FORENSICS_PROFILES_MAX = 50;
export const RETAIN_BF_FILE = ['always', 'user_input'] as const;
/** The retention choices in words (the list and the form show these; the code is what is sent). */
export const RETAIN_BF_FILE_LABELS: Readonly<Record<(typeof RETAIN_BF_FILE)[number], string>> = {
  always: 'Always',
  user_input: 'When the user chooses',
};
/** The spec's sample values: a new profile's. */
export const FORENSICS_SAMPLES = {
  screenshot_frequency: 10,
  file_limit_mb: 100,
  payload_kb: 10,
  post_kb: 100,
} as const;

const TEXT = Type.String({ minLength: 1, maxLength: 250 });
const UUID = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });
const closed = { additionalProperties: false } as const;

const CaptureParams = Type.Object(
  {
    retain_bf_file: literalUnion(RETAIN_BF_FILE),
    // Seconds between screenshots.
    screenshot: Type.Object(
      { enabled: Type.Boolean(), frequency: Type.Integer({ minimum: 1, maximum: 3600 }) },
      closed,
    ),
    user_input: Type.Object(
      { keystrokes: Type.Boolean(), clipboard: Type.Boolean(), form_fields: Type.Boolean() },
      closed,
    ),
    files: Type.Object(
      { enabled: Type.Boolean(), max_file_size_mb: Type.Integer({ minimum: 1, maximum: 10_240 }) },
      closed,
    ),
    network: Type.Object(
      {
        enabled: Type.Boolean(),
        max_payload_kb: Type.Integer({ minimum: 1, maximum: 10_240 }),
        max_post_kb: Type.Integer({ minimum: 1, maximum: 102_400 }),
      },
      closed,
    ),
  },
  closed,
);

const fields = {
  name: TEXT,
  description: Type.String({ maxLength: 250 }),
  capture_params: CaptureParams,
  capture_indicator: Type.Object({ enabled: Type.Boolean() }, closed),
  /** The tenant's default storage, or the storage profile `storage_profile_id` names. */
  storage_default: Type.Boolean(),
  storage_profile_id: Type.Optional(UUID),
};
export const ForensicsProfileBody = Type.Object({ uuid: Type.Optional(UUID), ...fields }, closed);
export const ForensicsProfile = Type.Object({ uuid: UUID, ...fields });
export type ForensicsProfile = Static<typeof ForensicsProfile>;

const NOT_DEFAULT = { field: 'storage_default', is: [false] } as const;

export const FORENSICS_PROFILES: SettingsListDef = {
  title: 'Forensics Profiles',
  noun: 'forensics profile',
  menuPath: 'forensics-profiles',
  path: '/api/settings/v1/tenants/bf_profiles',
  listField: 'list',
  idField: 'uuid',
  nameField: 'name',
  minItems: 0,
  maxItems: FORENSICS_PROFILES_MAX,
  permissionItem: 'bf_profiles',
  features: ['browsing_forensics'],
  auditArea: 'forensics',
  item: ForensicsProfile,
  itemBody: ForensicsProfileBody,
  writeOnly: [],
  references: [{ field: 'storage_profile_id', list: 'storage_profiles' }],
  problem(item) {
    if (item.storage_default === false && item.storage_profile_id === undefined)
      return [
        'storage_profile_id',
        'storage_profile_id is required when storage_default is off: choose a storage profile.',
      ];
    return null;
  },
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'description', header: 'Description' },
    { field: 'capture_params.retain_bf_file', header: 'Retain file', labels: RETAIN_BF_FILE_LABELS },
    { field: 'capture_params.screenshot.enabled', header: 'Screenshots', format: 'boolean' },
    { field: 'storage_default', header: 'Default storage', format: 'boolean' },
  ],
  form: [
    { field: 'name', label: 'Name', kind: 'text' },
    { field: 'description', label: 'Description', kind: 'multiline' },
    {
      field: 'capture_params.retain_bf_file',
      label: 'Retain the file',
      kind: 'select',
      options: RETAIN_BF_FILE,
      labels: RETAIN_BF_FILE_LABELS,
    },
    { field: 'capture_params.screenshot.enabled', label: 'Take screenshots', kind: 'checkbox' },
    { field: 'capture_params.screenshot.frequency', label: 'Screenshot every (seconds)', kind: 'number' },
    { field: 'capture_params.user_input.keystrokes', label: 'Record keystrokes', kind: 'checkbox' },
    { field: 'capture_params.user_input.clipboard', label: 'Record the clipboard', kind: 'checkbox' },
    { field: 'capture_params.user_input.form_fields', label: 'Record form fields', kind: 'checkbox' },
    { field: 'capture_params.files.enabled', label: 'Capture files', kind: 'checkbox' },
    { field: 'capture_params.files.max_file_size_mb', label: 'File limit (MB)', kind: 'number' },
    { field: 'capture_params.network.enabled', label: 'Capture network requests', kind: 'checkbox' },
    { field: 'capture_params.network.max_payload_kb', label: 'Payload limit (KB)', kind: 'number' },
    { field: 'capture_params.network.max_post_kb', label: 'Post limit (KB)', kind: 'number' },
    { field: 'capture_indicator.enabled', label: 'Show the capture indicator to the user', kind: 'checkbox' },
    { field: 'storage_default', label: 'Keep captures in the default storage', kind: 'checkbox' },
    {
      field: 'storage_profile_id',
      label: 'Storage profile',
      kind: 'reference',
      references: 'storage_profiles',
      when: NOT_DEFAULT,
      optional: true,
    },
  ],
  newItem: {
    name: '',
    description: '',
    capture_params: {
      retain_bf_file: 'always',
      screenshot: { enabled: true, frequency: FORENSICS_SAMPLES.screenshot_frequency },
      user_input: { keystrokes: false, clipboard: false, form_fields: false },
      files: { enabled: true, max_file_size_mb: FORENSICS_SAMPLES.file_limit_mb },
      network: {
        enabled: true,
        max_payload_kb: FORENSICS_SAMPLES.payload_kb,
        max_post_kb: FORENSICS_SAMPLES.post_kb,
      },
    },
    capture_indicator: { enabled: true },
    storage_default: true,
  },
};

/* ---------------------------------------------------------------- Status and viewer */

const BF_PATH = '/api/settings/v1/tenants/bf_profiles';
/** `GET bf_profiles/status` and `GET`/`POST bf_profiles/viewer` (docs/settings.md §3). */
export const FORENSICS_PATHS = { status: `${BF_PATH}/status`, viewer: `${BF_PATH}/viewer` } as const;

export const OPEN_LINK = ['modal_window', 'new_tab'] as const;
export const OPEN_LINK_LABELS: Readonly<Record<(typeof OPEN_LINK)[number], string>> = {
  modal_window: 'In a window over the logs (modal)',
  new_tab: 'In a new browser tab',
};
export const VIEWER_URL_MAX = 2048;

/** The spec's viewer URL check: any non-empty value passes. */
export const viewerUrlPasses = (url: string): boolean => url.trim() !== '';

export const VIEWER_MESSAGES = {
  urlRequired: 'viewer_url is required while the forensics viewer is enabled.',
} as const;

/**
 * The forensics viewer: where an administrator opens a recorded session from the logs, and how.
 * `validated` is the server's (the spec's URL check on the stored `viewer_url`).
 */
export const ForensicsViewer = Type.Object({
  enabled: Type.Boolean(),
  validated: Type.Boolean(),
  viewer_url: Type.String({ maxLength: VIEWER_URL_MAX }),
  open_link: literalUnion(OPEN_LINK),
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type ForensicsViewer = Static<typeof ForensicsViewer>;

/** A save: `validated`, `updated_at` and `updated_by` may be sent back as read; the server sets them. */
export const ForensicsViewerBody = Type.Object(
  {
    enabled: Type.Boolean(),
    viewer_url: Type.String({ maxLength: VIEWER_URL_MAX }),
    open_link: literalUnion(OPEN_LINK),
    validated: Type.Optional(Type.Boolean()),
    updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    updated_by: Type.Optional(Type.Union([Type.String({ maxLength: 250 }), Type.Null()])),
  },
  closed,
);
export type ForensicsViewerBody = Static<typeof ForensicsViewerBody>;

export const FORENSICS_VIEWER_DEFAULTS: ForensicsViewer = {
  enabled: false,
  validated: false,
  viewer_url: '',
  open_link: 'modal_window',
  updated_at: null,
  updated_by: null,
};

/**
 * Whether browsing forensics records anything, and what stands in its way (docs/settings.md §3
 * "status"): the staged web policy's switch and rules, the profiles, the profiles whose storage
 * profile is not validated, and the viewer.
 */
export const ForensicsStatus = Type.Object({
  /** The staged revision's browsing-forensics switch (Web Policy › Browsing forensics). */
  recording: Type.Boolean(),
  /** Enabled rules of the staged revision (each names a profile). */
  rules: Type.Integer(),
  profiles: Type.Integer(),
  /** Names of profiles whose storage profile has not passed validation. */
  unvalidated_storage: Type.Array(Type.String()),
  viewer: Type.Object({ enabled: Type.Boolean(), validated: Type.Boolean() }),
  /** One word for all of it: recording and every profile's storage validated. */
  state: literalUnion(['off', 'ready', 'attention'] as const),
});
export type ForensicsStatus = Static<typeof ForensicsStatus>;
