/**
 * Settings › General's documents (docs/settings.md §10): the tenant's global settings and its CASB
 * settings. The spec names `global_settings` and `casb` (GET and PUT) and `setting/{name}`; the
 * fields are ours, what the best consoles put on such a page:
 *
 * - `global_settings`: the organisation's name and support contact (shown to users on block and
 *   isolation pages), the time zone reports and schedules are read in, the block page's message,
 *   and whether users may report a page they think wrongly blocked. `setting/{name}` reads one of
 *   these fields by its name.
 * - `casb`: cloud-app discovery from the tenant's traffic, how long discovered apps are kept, and
 *   what happens to an app nobody has classified (the spec's action enumeration: allow, safeview,
 *   block). Needs the `casb` feature.
 */
import { Type } from 'typebox';
import { literalUnion } from '../providerOps';
import { email } from '../../../validators/network';
import type { SettingsDocumentDef } from '../tenantSettingsDocuments';
import { SETTINGS_DOCUMENT_GROUPS } from '../settingsPermissions';

const closed = { additionalProperties: false } as const;

/** An IANA time zone name the runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(text: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: text });
    return text.trim() === text && text !== '';
  } catch {
    return false;
  }
}

export const GENERAL_MESSAGES = {
  timezone: (text: string) => `'${text}' is not a time zone name (e.g. UTC or Europe/Berlin).`,
  supportEmail: (text: string) => `'${text}' is not an e-mail address.`,
} as const;

export const GLOBAL_SETTINGS: SettingsDocumentDef = {
  title: 'Global settings',
  intro: 'How the service presents your organisation to its users, and the time zone of your reports.',
  path: '/api/settings/v1/tenants/global_settings',
  entity: 'settings_doc_global_settings',
  area: 'settings/general',
  permissionGroups: SETTINGS_DOCUMENT_GROUPS,
  permissionItem: 'global_settings',
  features: [],
  auditArea: 'portal_settings',
  schema: Type.Object(
    {
      organization_name: Type.String({ maxLength: 100 }),
      support_email: Type.String({ maxLength: 254 }),
      timezone: Type.String({ minLength: 1, maxLength: 64 }),
      block_page_message: Type.String({ maxLength: 500 }),
      allow_user_feedback: Type.Boolean(),
    },
    closed,
  ),
  defaults: {
    organization_name: '',
    support_email: '',
    timezone: 'UTC',
    block_page_message: '',
    allow_user_feedback: true,
  },
  problem(doc) {
    const mail = doc.support_email as string;
    if (mail !== '' && email(mail) !== null) return ['support_email', GENERAL_MESSAGES.supportEmail(mail)];
    const tz = doc.timezone as string;
    if (!isTimeZone(tz)) return ['timezone', GENERAL_MESSAGES.timezone(tz)];
    return null;
  },
  form: [
    { field: 'organization_name', label: 'Organisation name', kind: 'text' },
    {
      field: 'support_email',
      label: 'Support contact e-mail',
      kind: 'text',
      helperText: 'Shown to users on block and isolation pages',
    },
    {
      field: 'timezone',
      label: 'Time zone',
      kind: 'text',
      required: true,
      helperText: 'The time zone reports and schedules are read in, e.g. UTC or Europe/Berlin',
    },
    { field: 'block_page_message', label: 'Block page message', kind: 'multiline' },
    {
      field: 'allow_user_feedback',
      label: 'Users may report a page they think wrongly blocked',
      kind: 'checkbox',
    },
  ],
};

/** What happens to a cloud app nobody classified: the spec's action enumeration. */
export const CASB_UNCLASSIFIED_ACTIONS = ['allow', 'safeview', 'block'] as const;
export const CASB_RETENTION_DAYS_MAX = 365;

export const CASB_SETTINGS: SettingsDocumentDef = {
  title: 'CASB settings',
  intro: 'Cloud-app discovery from your traffic, and what happens to apps nobody has classified.',
  path: '/api/settings/v1/tenants/casb',
  entity: 'settings_doc_casb',
  area: 'settings/general',
  permissionGroups: SETTINGS_DOCUMENT_GROUPS,
  permissionItem: 'casb',
  features: ['casb'],
  auditArea: 'casb_settings',
  schema: Type.Object(
    {
      app_discovery: Type.Boolean(),
      discovery_retention_days: Type.Integer({ minimum: 1, maximum: CASB_RETENTION_DAYS_MAX }),
      unclassified_action: literalUnion(CASB_UNCLASSIFIED_ACTIONS),
    },
    closed,
  ),
  defaults: { app_discovery: true, discovery_retention_days: 90, unclassified_action: 'safeview' },
  form: [
    { field: 'app_discovery', label: 'Discover cloud apps from your traffic', kind: 'checkbox' },
    {
      field: 'discovery_retention_days',
      label: 'Keep discovered apps (days)',
      kind: 'number',
      required: true,
      helperText: `1 to ${CASB_RETENTION_DAYS_MAX} days`,
    },
    {
      field: 'unclassified_action',
      label: 'Apps nobody has classified',
      kind: 'select',
      required: true,
      options: CASB_UNCLASSIFIED_ACTIONS,
      labels: { allow: 'Allow', safeview: 'Isolate', block: 'Block' },
    },
  ],
};
