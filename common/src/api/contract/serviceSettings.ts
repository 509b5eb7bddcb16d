/**
 * The service settings documents' rows of the settings documents registry (tenantSettingsDocuments.ts,
 * docs/settings.md §9): the Web and Safemail services' own settings under `/api/v1/settings/`
 * (`web`, `ssl_bump`, `safemail`, `attachments`, `smtp`, `emails`), read and written with
 * `setting:<item>` or `settings_cmr:<item>`, and the checks of a document's form fields with the
 * shared validators (their error keys), which the server and the portal's forms share.
 *
 * The spec names the paths and nothing of their fields: the fields below are our decision
 * (docs/settings.md §9), what the Web and Safemail services of such a product are configured with.
 */
import { Type } from 'typebox';
import type { SettingsDocumentDef, SettingsDocumentFieldDef } from './tenantSettingsDocuments';
import { valueAt } from './tenantSettings';
import {
  domain,
  email,
  hostname,
  hostnameOrIp,
  pemCertificate,
  portOrPortRange,
  userName,
} from '../../validators/index';
import { ACTIONS } from './policy-kinds/enumerations';

/** Reads and writes need `setting:<item>` or `settings_cmr:<item>` (docs/access.md §4). */
const SERVICE_GROUPS = ['setting', 'settings_cmr'] as const;

const PORT = { minimum: 1, maximum: 65535 };
const text = (max: number) => Type.String({ maxLength: max });
const texts = (maxItems: number, max = 253) => Type.Array(Type.String({ maxLength: max }), { maxItems });
const strict = { additionalProperties: false } as const;
const port = (label: string, helperText?: string): Omit<SettingsDocumentFieldDef, 'field'> => ({
  label,
  kind: 'number',
  min: PORT.minimum,
  max: PORT.maximum,
  helperText: helperText ?? '1 to 65535',
});

/** A file extension of blocked attachments: letters and digits, without the dot. */
export const extension = (value: string): string | null =>
  value === '' || /^[A-Za-z0-9]{1,10}$/.test(value) ? null : 'invalidExtension';

export const WEB: SettingsDocumentDef = {
  title: 'Web service',
  intro: 'How users reach the isolation service: its host name, its ports, and its block page.',
  path: '/api/v1/settings/web',
  entity: 'service_settings_web',
  area: 'web',
  permissionGroups: SERVICE_GROUPS,
  permissionItem: 'web',
  features: [],
  auditArea: 'web_settings',
  schema: Type.Object(
    {
      service_hostname: text(253),
      http_port: Type.Integer(PORT),
      https_port: Type.Integer(PORT),
      proxy_port: Type.Integer(PORT),
      idle_timeout_minutes: Type.Integer({ minimum: 1, maximum: 1440 }),
      admin_contact_email: text(254),
      block_page_message: text(500),
    },
    strict,
  ),
  distinct: ['http_port', 'https_port', 'proxy_port'],
  form: [
    {
      field: 'service_hostname',
      label: 'Service host name',
      kind: 'text',
      required: true,
      validator: hostname,
      helperText: 'The name users and the PAC file reach the service by, e.g. safe.example.com',
    },
    { field: 'http_port', ...port('HTTP port') },
    { field: 'https_port', ...port('HTTPS port') },
    {
      field: 'proxy_port',
      ...port('Explicit proxy port', 'The port browsers use as their proxy, 1 to 65535'),
    },
    {
      field: 'idle_timeout_minutes',
      label: 'Idle session time-out (minutes)',
      kind: 'number',
      min: 1,
      max: 1440,
      helperText: 'An isolated session with no activity ends after this, 1 to 1440',
    },
    {
      field: 'admin_contact_email',
      label: 'Administrator contact e-mail',
      kind: 'text',
      required: true,
      validator: email,
      helperText: 'Shown on block pages for users to ask for access',
    },
    {
      field: 'block_page_message',
      label: 'Block page message',
      kind: 'multiline',
      max: 500,
      helperText: 'Up to 500 characters',
    },
  ],
  defaults: {
    service_hostname: 'safe.example.com',
    http_port: 80,
    https_port: 443,
    proxy_port: 3128,
    idle_timeout_minutes: 30,
    admin_contact_email: 'it-help@example.com',
    block_page_message: '',
  },
};

export const SSL_BUMP: SettingsDocumentDef = {
  title: 'SSL inspection',
  intro:
    'Whether HTTPS traffic is decrypted and inspected, on which ports, which hosts are left alone, and which private certificate authorities the service trusts.',
  path: '/api/v1/settings/ssl_bump',
  entity: 'service_settings_ssl_bump',
  area: 'web',
  permissionGroups: SERVICE_GROUPS,
  permissionItem: 'ssl_bump',
  features: ['ssl'],
  auditArea: 'web_settings',
  certificates: ['trusted_ca_certificates'],
  schema: Type.Object(
    {
      enabled: Type.Boolean(),
      inspect_ports: texts(50, 11),
      bypass_hosts: texts(500),
      invalid_certificate_action: Type.Union(ACTIONS.map((a) => Type.Literal(a))),
      trusted_ca_certificates: text(64 * 1024),
    },
    strict,
  ),
  form: [
    { field: 'enabled', label: 'Inspect HTTPS traffic', kind: 'checkbox' },
    {
      field: 'inspect_ports',
      label: 'Ports inspected',
      kind: 'list',
      required: true,
      max: 50,
      validator: portOrPortRange,
      helperText: 'One port or range per line, e.g. 443 or 8443-8445',
    },
    {
      field: 'bypass_hosts',
      label: 'Hosts not inspected',
      kind: 'list',
      max: 500,
      validator: hostname,
      helperText: 'One host name per line (banking, health, pinned applications)',
    },
    {
      field: 'invalid_certificate_action',
      label: 'A site whose certificate fails verification',
      kind: 'select',
      options: ACTIONS,
      labels: { allow: 'Allow', safeview: 'Isolate (read-only warning)', block: 'Block' },
    },
    {
      field: 'trusted_ca_certificates',
      label: 'Trusted private CA certificates (PEM)',
      kind: 'multiline',
      validator: pemCertificate,
      helperText: 'Certificates of your own authorities that sign internal sites; leave empty for none',
    },
  ],
  defaults: {
    enabled: false,
    inspect_ports: ['443'],
    bypass_hosts: [],
    invalid_certificate_action: 'block',
    trusted_ca_certificates: '',
  },
};

export const SAFEMAIL: SettingsDocumentDef = {
  title: 'Email processor',
  intro: 'The mail domains the service receives mail for, and the mail server it hands processed mail to.',
  path: '/api/v1/settings/safemail',
  entity: 'service_settings_safemail',
  area: 'safemail',
  permissionGroups: SERVICE_GROUPS,
  permissionItem: 'safemail',
  features: ['menlo_email'],
  auditArea: 'safemail_settings',
  schema: Type.Object(
    {
      enabled: Type.Boolean(),
      mail_domains: texts(50),
      listen_port: Type.Integer(PORT),
      next_hop_host: text(253),
      next_hop_port: Type.Integer(PORT),
      require_tls: Type.Boolean(),
      postmaster_email: text(254),
    },
    strict,
  ),
  form: [
    { field: 'enabled', label: 'Process inbound mail', kind: 'checkbox' },
    {
      field: 'mail_domains',
      label: 'Mail domains',
      kind: 'list',
      required: true,
      max: 50,
      validator: domain,
      helperText: 'One domain per line, e.g. example.com',
    },
    { field: 'listen_port', ...port('SMTP listening port') },
    {
      field: 'next_hop_host',
      label: 'Next-hop mail server',
      kind: 'text',
      required: true,
      validator: hostnameOrIp,
      helperText: 'The host name or IPv4 address processed mail is delivered to',
    },
    { field: 'next_hop_port', ...port('Next-hop port') },
    { field: 'require_tls', label: 'Require TLS to the next hop', kind: 'checkbox' },
    {
      field: 'postmaster_email',
      label: 'Postmaster e-mail',
      kind: 'text',
      required: true,
      validator: email,
      helperText: 'Where delivery failures are reported',
    },
  ],
  defaults: {
    enabled: false,
    mail_domains: [],
    listen_port: 25,
    next_hop_host: '',
    next_hop_port: 25,
    require_tls: true,
    postmaster_email: '',
  },
};

export const ATTACHMENTS: SettingsDocumentDef = {
  title: 'Attachments',
  intro: 'How attachments of processed mail are isolated and which are refused.',
  path: '/api/v1/settings/attachments',
  entity: 'service_settings_attachments',
  area: 'safemail',
  permissionGroups: SERVICE_GROUPS,
  permissionItem: 'attachments',
  features: ['attachments'],
  auditArea: 'safemail_settings',
  schema: Type.Object(
    {
      enabled: Type.Boolean(),
      attachment_host: text(253),
      max_attachment_size_mb: Type.Integer({ minimum: 1, maximum: 150 }),
      scan_archives: Type.Boolean(),
      archive_depth: Type.Integer({ minimum: 1, maximum: 10 }),
      blocked_extensions: texts(200, 10),
    },
    strict,
  ),
  form: [
    { field: 'enabled', label: 'Isolate attachments', kind: 'checkbox' },
    {
      field: 'attachment_host',
      label: 'Attachment viewer host name',
      kind: 'text',
      required: true,
      validator: hostname,
      helperText: 'The host the rewritten attachment links open, e.g. attachments.example.com',
    },
    {
      field: 'max_attachment_size_mb',
      label: 'Largest attachment (MB)',
      kind: 'number',
      min: 1,
      max: 150,
      helperText: '1 to 150',
    },
    {
      field: 'scan_archives',
      label: 'Open archives (zip, 7z, rar) to inspect their files',
      kind: 'checkbox',
    },
    {
      field: 'archive_depth',
      label: 'Archive depth',
      kind: 'number',
      min: 1,
      max: 10,
      helperText: 'Archives inside archives opened, 1 to 10',
    },
    {
      field: 'blocked_extensions',
      label: 'Blocked extensions',
      kind: 'list',
      max: 200,
      validator: extension,
      helperText: 'One extension per line, without the dot, e.g. exe',
    },
  ],
  defaults: {
    enabled: false,
    attachment_host: 'attachments.example.com',
    max_attachment_size_mb: 25,
    scan_archives: true,
    archive_depth: 3,
    blocked_extensions: [],
  },
};

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;

export const SMTP: SettingsDocumentDef = {
  title: 'Outgoing mail server (SMTP)',
  intro: 'The mail server the service sends its notifications and reports through.',
  path: '/api/v1/settings/smtp',
  entity: 'service_settings_smtp',
  area: 'safemail',
  permissionGroups: SERVICE_GROUPS,
  permissionItem: 'smtp',
  features: [],
  auditArea: 'safemail_settings',
  schema: Type.Object(
    {
      host: text(253),
      port: Type.Integer(PORT),
      security: Type.Union(SMTP_SECURITY.map((s) => Type.Literal(s))),
      username: text(200),
      password: Type.Optional(text(200)),
      from_address: text(254),
    },
    strict,
  ),
  writeOnly: ['password'],
  form: [
    {
      field: 'host',
      label: 'Server',
      kind: 'text',
      required: true,
      validator: hostnameOrIp,
      helperText: 'Host name or IPv4 address, e.g. smtp.example.com',
    },
    { field: 'port', ...port('Port', '25, 465 or 587 usually; 1 to 65535') },
    {
      field: 'security',
      label: 'Connection security',
      kind: 'select',
      options: SMTP_SECURITY,
      labels: { none: 'None', starttls: 'STARTTLS', tls: 'TLS' },
    },
    {
      field: 'username',
      label: 'User name',
      kind: 'text',
      validator: userName,
      helperText: 'Leave empty when the server takes mail without signing in',
    },
    { field: 'password', label: 'Password', kind: 'password' },
    {
      field: 'from_address',
      label: 'Sender address',
      kind: 'text',
      required: true,
      validator: email,
      helperText: 'The From: of the mail the service sends',
    },
  ],
  defaults: { host: '', port: 587, security: 'starttls', username: '', from_address: '' },
};

export const EMAILS: SettingsDocumentDef = {
  title: 'Notification recipients',
  intro: 'Who receives the service’s alerts and summaries.',
  path: '/api/v1/settings/emails',
  entity: 'service_settings_emails',
  area: 'safemail',
  permissionGroups: SERVICE_GROUPS,
  permissionItem: 'emails',
  features: [],
  auditArea: 'safemail_settings',
  schema: Type.Object(
    {
      admin_emails: texts(20, 254),
      alert_emails: texts(20, 254),
      daily_summary: Type.Boolean(),
    },
    strict,
  ),
  form: [
    {
      field: 'admin_emails',
      label: 'Administrators',
      kind: 'list',
      required: true,
      max: 20,
      validator: email,
      helperText: 'One address per line: service notices and the daily summary',
    },
    {
      field: 'alert_emails',
      label: 'Security alerts',
      kind: 'list',
      max: 20,
      validator: email,
      helperText: 'One address per line: quarantined mail and blocked attachments',
    },
    { field: 'daily_summary', label: 'Send a daily summary', kind: 'checkbox' },
  ],
  defaults: { admin_emails: [], alert_emails: [], daily_summary: true },
};

/** The texts of the validators' error keys these forms use (validators give keys only). */
export const DOCUMENT_ERROR_TEXTS: Readonly<Record<string, string>> = {
  required: 'This field is required.',
  invalidHostname: 'Enter a host name like safe.example.com.',
  invalidHostnameOrIp: 'Enter a host name or an IPv4 address.',
  invalidEmail: 'Enter an e-mail address like name@example.com.',
  invalidDomain: 'Enter a domain like example.com.',
  invalidPortOrPortRange: 'Enter a port (1 to 65535) or a range like 8443-8445.',
  invalidPort: 'Enter a port from 1 to 65535.',
  invalidCert: 'Paste PEM certificates only (-----BEGIN CERTIFICATE----- blocks).',
  invalidUserName: 'A user name cannot contain ! < \\, spaces or quotes.',
  invalidExtension: 'Enter an extension of letters and digits, without the dot (exe).',
  invalidInteger: 'Enter a whole number.',
  outOfRange: 'The value is out of range.',
  tooLong: 'The text is too long.',
  tooMany: 'The list is too long.',
  duplicate: 'This is listed already.',
  samePort: 'Another port of this service is the same.',
};

/** A refusal of one field: the field (`mail_domains.2` for a list's value), its error key, and why. */
export interface DocumentFieldProblem {
  field: string;
  key: string;
  message: string;
}

const problem = (f: SettingsDocumentFieldDef, field: string, key: string): DocumentFieldProblem => {
  const line = /\.(\d+)$/.exec(field);
  const where = line ? `${f.label}, line ${Number(line[1]) + 1}` : f.label;
  return { field, key, message: `${where}: ${DOCUMENT_ERROR_TEXTS[key] ?? key} (${key})` };
};

/**
 * One field's refusal, or null: a required text or list left empty, the shared validator's error
 * key (of each value of a list, named by its position: `mail_domains.2`), a repeat in a list, a
 * text too long, a number not whole or out of its bounds.
 */
export function documentFieldProblem(
  f: SettingsDocumentFieldDef,
  value: unknown,
): DocumentFieldProblem | null {
  if (f.kind === 'list') {
    const list = Array.isArray(value) ? (value as unknown[]).map(String) : [];
    if (f.required && list.length === 0) return problem(f, f.field, 'required');
    if (f.max !== undefined && list.length > f.max) return problem(f, f.field, 'tooMany');
    const seen = new Set<string>();
    for (const [i, v] of list.entries()) {
      const key = v.trim() === '' ? 'required' : f.validator?.(v);
      if (key) return problem(f, `${f.field}.${i}`, key);
      if (seen.has(v.toLowerCase())) return problem(f, `${f.field}.${i}`, 'duplicate');
      seen.add(v.toLowerCase());
    }
  } else if (typeof value === 'string') {
    if (f.required && value.trim() === '') return problem(f, f.field, 'required');
    const key = f.validator?.(value);
    if (key) return problem(f, f.field, key);
    if (f.max !== undefined && value.length > f.max) return problem(f, f.field, 'tooLong');
  } else if (f.kind === 'number') {
    if (typeof value !== 'number' || !Number.isInteger(value)) return problem(f, f.field, 'invalidInteger');
    if ((f.min !== undefined && value < f.min) || (f.max !== undefined && value > f.max))
      return problem(f, f.field, 'outOfRange');
  }
  return null;
}

/**
 * The checks a schema cannot say, shared by the form and the server: each field's (above), then a
 * service's listening ports all different. The first problem, or null.
 */
export function documentFieldsProblem(
  def: SettingsDocumentDef,
  doc: Record<string, unknown>,
): DocumentFieldProblem | null {
  for (const f of def.form) {
    const refused = documentFieldProblem(f, valueAt(doc, f.field));
    if (refused) return refused;
  }
  return distinctProblem(def, doc);
}

/** Two listeners of one service cannot share a port (the web service's HTTP, HTTPS and proxy). */
export function distinctProblem(
  def: SettingsDocumentDef,
  doc: Record<string, unknown>,
): DocumentFieldProblem | null {
  const seen = new Set<unknown>();
  for (const field of def.distinct ?? []) {
    const f = def.form.find((d) => d.field === field);
    if (f && seen.has(doc[field])) return problem(f, field, 'samePort');
    seen.add(doc[field]);
  }
  return null;
}
