/**
 * The service settings documents (docs/settings.md §9): the Web and Safemail services' own
 * settings under `/api/v1/settings/` (`web`, `ssl_bump`, `safemail`, `attachments`, `smtp`,
 * `emails`). The tenant settings registry's document-shaped rows: each is one document per tenant,
 * read with `GET <path>` and replaced with `PUT <path>`, taking effect on save (not staged in the
 * policy revision). A row names its path, the portal area that shows it, its permission item
 * (`setting:<item>` or `settings_cmr:<item>`), its features, its audit area, its schema, its
 * write-only fields and its form fields with the shared validators (their error keys); the server
 * (server/src/settings/serviceSettingsRoutes.ts) and the portal's Web and Safemail pages derive
 * everything from it.
 *
 * The spec names the paths and nothing of their fields: the fields below are our decision
 * (docs/settings.md §9), what the Web and Safemail services of such a product are configured with.
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox';
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

/** A form field of a document; `field` is the document's field. */
export interface ServiceFieldDef {
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

export type ServiceArea = 'web' | 'safemail';

export interface ServiceSettingsDef {
  /** The form's heading on its area's page. */
  title: string;
  /** What it is for, under the heading. */
  description: string;
  path: string;
  /** The portal area (`#/web`, `#/safemail`) that shows the form. */
  area: ServiceArea;
  /** Permission item: reads need `setting:<item>:read` or `settings_cmr:<item>:read`; writes `:write`. */
  permissionItem: string;
  features: readonly string[];
  /** The audit trail's area of its saves: a code of SUB_EVENT_TYPES. */
  auditArea: string;
  /** The document as written (without updated_at / updated_by). */
  schema: TObject;
  /** Fields the server keeps and never answers (reads say `<field>_set`); left out of a save keeps them. */
  writeOnly: readonly string[];
  fields: readonly ServiceFieldDef[];
  /** Ports the service listens on: no two may be the same. */
  distinct?: readonly string[];
  /** What a tenant that never saved reads. */
  defaults: Record<string, unknown>;
}

const PORT = { minimum: 1, maximum: 65535 };
const text = (max: number) => Type.String({ maxLength: max });
const texts = (maxItems: number, max = 253) => Type.Array(Type.String({ maxLength: max }), { maxItems });
const strict = { additionalProperties: false } as const;
const port = (label: string, helperText?: string): Omit<ServiceFieldDef, 'field'> => ({
  label,
  kind: 'number',
  min: PORT.minimum,
  max: PORT.maximum,
  helperText: helperText ?? '1 to 65535',
});

/** A file extension of blocked attachments: letters and digits, without the dot. */
export const extension = (value: string): string | null =>
  value === '' || /^[A-Za-z0-9]{1,10}$/.test(value) ? null : 'invalidExtension';

const WEB: ServiceSettingsDef = {
  title: 'Web service',
  description: 'How users reach the isolation service: its host name, its ports, and its block page.',
  path: '/api/v1/settings/web',
  area: 'web',
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
  writeOnly: [],
  distinct: ['http_port', 'https_port', 'proxy_port'],
  fields: [
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

const SSL_BUMP: ServiceSettingsDef = {
  title: 'SSL inspection',
  description:
    'Whether HTTPS traffic is decrypted and inspected, on which ports, which hosts are left alone, and which private certificate authorities the service trusts.',
  path: '/api/v1/settings/ssl_bump',
  area: 'web',
  permissionItem: 'ssl_bump',
  features: ['ssl'],
  auditArea: 'web_settings',
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
  writeOnly: [],
  fields: [
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

const SAFEMAIL: ServiceSettingsDef = {
  title: 'Email processor',
  description:
    'The mail domains the service receives mail for, and the mail server it hands processed mail to.',
  path: '/api/v1/settings/safemail',
  area: 'safemail',
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
  writeOnly: [],
  fields: [
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

const ATTACHMENTS: ServiceSettingsDef = {
  title: 'Attachments',
  description: 'How attachments of processed mail are isolated and which are refused.',
  path: '/api/v1/settings/attachments',
  area: 'safemail',
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
  writeOnly: [],
  fields: [
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

const SMTP: ServiceSettingsDef = {
  title: 'Outgoing mail server (SMTP)',
  description: 'The mail server the service sends its notifications and reports through.',
  path: '/api/v1/settings/smtp',
  area: 'safemail',
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
  fields: [
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

const EMAILS: ServiceSettingsDef = {
  title: 'Notification recipients',
  description: 'Who receives the service’s alerts and summaries.',
  path: '/api/v1/settings/emails',
  area: 'safemail',
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
  writeOnly: [],
  fields: [
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

/** The registry: one row per service settings document, in the order the pages show them. */
export const SERVICE_SETTINGS_REGISTRY = {
  web: WEB,
  ssl_bump: SSL_BUMP,
  safemail: SAFEMAIL,
  attachments: ATTACHMENTS,
  smtp: SMTP,
  emails: EMAILS,
} satisfies Record<string, ServiceSettingsDef>;

export type ServiceSettingsName = keyof typeof SERVICE_SETTINGS_REGISTRY;
export const SERVICE_SETTINGS = Object.keys(SERVICE_SETTINGS_REGISTRY) as ServiceSettingsName[];

export const serviceSettingsOf = (area: ServiceArea): ServiceSettingsName[] =>
  SERVICE_SETTINGS.filter((name) => SERVICE_SETTINGS_REGISTRY[name].area === area);

/** Reads need either group's read permission on the item (docs/access.md §4: `setting`, `settings_cmr`). */
export const serviceReadPermission = (def: ServiceSettingsDef) => ({
  any: [`setting:${def.permissionItem}:read`, `settings_cmr:${def.permissionItem}:read`],
});
export const serviceWritePermission = (def: ServiceSettingsDef) => ({
  any: [`setting:${def.permissionItem}:write`, `settings_cmr:${def.permissionItem}:write`],
});

/** The `<field>_set` flag that stands for a write-only field in a read. */
export const serviceWriteOnlySet = (field: string): string => `${field}_set`;

/** The document as read: its fields (write-only ones as `<field>_set`), and who saved it last. */
export const serviceSettingsReply = (def: ServiceSettingsDef): TObject => {
  const props: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(def.schema.properties)) {
    if (def.writeOnly.includes(key)) props[serviceWriteOnlySet(key)] = Type.Boolean();
    else props[key] = schema as TSchema;
  }
  return Type.Object({
    ...props,
    updated_at: Type.Union([Type.String(), Type.Null()]),
    updated_by: Type.Union([Type.String(), Type.Null()]),
  });
};

/** The document as written: its fields, and optionally the updated_at it was edited from (409 if stale). */
export const serviceSettingsBody = (def: ServiceSettingsDef): TObject =>
  Type.Object(
    {
      ...def.schema.properties,
      updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    },
    strict,
  );

export type ServiceSettingsDocument = Record<string, unknown> & {
  updated_at: string | null;
  updated_by: string | null;
};

/** The texts of the validators' error keys these forms use (validators give keys only). */
export const SERVICE_ERROR_TEXTS: Readonly<Record<string, string>> = {
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
export interface ServiceFieldProblem {
  field: string;
  key: string;
  message: string;
}

const problem = (f: ServiceFieldDef, field: string, key: string): ServiceFieldProblem => {
  const line = /\.(\d+)$/.exec(field);
  const where = line ? `${f.label}, line ${Number(line[1]) + 1}` : f.label;
  return { field, key, message: `${where}: ${SERVICE_ERROR_TEXTS[key] ?? key} (${key})` };
};

/**
 * One field's refusal, or null: a required text or list left empty, the shared validator's error
 * key (of each value of a list, named by its position: `mail_domains.2`), a repeat in a list, a
 * text too long, a number not whole or out of its bounds.
 */
export function serviceFieldProblem(f: ServiceFieldDef, value: unknown): ServiceFieldProblem | null {
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
export function serviceSettingsProblem(
  def: ServiceSettingsDef,
  doc: Record<string, unknown>,
): ServiceFieldProblem | null {
  for (const f of def.fields) {
    const refused = serviceFieldProblem(f, doc[f.field]);
    if (refused) return refused;
  }
  return distinctProblem(def, doc);
}

/** Two listeners of one service cannot share a port (the web service's HTTP, HTTPS and proxy). */
export function distinctProblem(
  def: ServiceSettingsDef,
  doc: Record<string, unknown>,
): ServiceFieldProblem | null {
  const seen = new Set<unknown>();
  for (const field of def.distinct ?? []) {
    const f = def.fields.find((d) => d.field === field);
    if (f && seen.has(doc[field])) return problem(f, field, 'samePort');
    seen.add(doc[field]);
  }
  return null;
}

export type ServiceSettingsReply = Static<ReturnType<typeof serviceSettingsReply>>;
