/**
 * An appliance's own settings documents (docs/appliances.md): the `/api/v1/settings/*` and
 * `/api/dash/v1/settings/*` calls of a non-management on-premises appliance. The calls are named
 * without their shapes; the fields below are ours, what an administrator of such an appliance
 * expects to set. Each is a row of the settings documents' kind (SettingsDocumentDef: schema,
 * defaults, form fields with the shared validators, write-only fields, checks), stored in the
 * appliance's own config store rather than per tenant.
 */
import { Type } from 'typebox';
import type { SettingsDocumentDef, SettingsDocumentFieldDef } from '../tenantSettingsDocuments';
import { hostname, hostnameOrIp, ipv4, ipv4Cidr } from '../../../validators/network';
import { pemCertificate } from '../../../validators/certificates';
import { userName } from '../../../validators/text';
import { httpUrl } from '../../../validators/urls';
import { APPLIANCE_PERMISSION_ITEM, type AppliancePage } from './appliancePages';

const PORT = { minimum: 1, maximum: 65535 };
const text = (max: number) => Type.String({ maxLength: max });
const texts = (maxItems: number, max = 253) => Type.Array(Type.String({ maxLength: max }), { maxItems });
const strict = { additionalProperties: false } as const;
const flag = (field: string, label: string): SettingsDocumentFieldDef => ({ field, label, kind: 'checkbox' });
const port = (field: string, label: string): SettingsDocumentFieldDef => ({
  field,
  label,
  kind: 'number',
  min: PORT.minimum,
  max: PORT.maximum,
  helperText: '1 to 65535',
});
const option = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** The audit trail's area of an appliance's settings. */
export const APPLIANCE_AUDIT_AREA = 'appliance_settings';

export interface ApplianceSettingsDef extends SettingsDocumentDef {
  page: AppliancePage;
}

const base = {
  entity: 'appliance_settings',
  area: 'appliance-settings',
  permissionGroups: ['settings', 'settings_cmr'],
  permissionItem: APPLIANCE_PERMISSION_ITEM,
  features: [],
  auditArea: APPLIANCE_AUDIT_AREA,
} as const;

/** Required when the document's `enabled` is on: [field, message] of the first one left empty. */
const requiredWhenEnabled =
  (...fields: string[]) =>
  (doc: Record<string, unknown>): [string, string] | null => {
    if (doc.enabled !== true) return null;
    const empty = fields.find((f) => String(doc[f] ?? '').trim() === '');
    return empty ? [empty, `${empty}: required while this is enabled.`] : null;
  };

export const APPLIANCE_MESSAGES = {
  staticNeedsAddress: (field: string) => `${field}: required when DHCP is off.`,
  unknownTimezone: (tz: string) => `timezone: '${tz}' is not a time zone of GET /api/dash/v1/timezones.`,
  badRoute: (text: string) =>
    `'${text}' is not a route: write a destination CIDR, "via" and a gateway address (10.20.0.0/16 via 192.168.1.254).`,
} as const;

export const SYSLOG_PROTOCOLS = ['udp', 'tcp', 'tls'] as const;
export const LOG_LEVELS = ['error', 'warning', 'info', 'debug'] as const;
export const TLS_VERSIONS = ['1.2', '1.3'] as const;
export const USER_AUTH_METHODS = ['none', 'ldap', 'saml'] as const;

/** A route line: `<destination CIDR> via <gateway IPv4>`. */
export const ROUTE_LINE = /^(\S+) via (\S+)$/;
const routeLine = (value: string | null | undefined) => {
  const m = ROUTE_LINE.exec(String(value ?? ''));
  return m && ipv4Cidr(m[1]) === null && ipv4(m[2]) === null ? null : ('invalidIpRange' as const);
};

/** The time zones the appliance knows (GET /api/dash/v1/timezones): the runtime's IANA list. */
export const applianceTimezones = (): string[] => [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC'),
];

export const NETWORK: ApplianceSettingsDef = {
  ...base,
  page: 'network',
  title: 'Network',
  intro: "The appliance's host name, address and name servers.",
  path: '/api/dash/v1/settings/network',
  schema: Type.Object(
    {
      hostname: text(253),
      dhcp: Type.Boolean(),
      ip_address: text(15),
      netmask_bits: Type.Integer({ minimum: 1, maximum: 32 }),
      gateway: text(15),
      dns_servers: texts(4, 15),
    },
    strict,
  ),
  defaults: {
    hostname: 'appliance.local',
    dhcp: true,
    ip_address: '',
    netmask_bits: 24,
    gateway: '',
    dns_servers: [],
  },
  problem(doc) {
    if (doc.dhcp === true) return null;
    for (const f of ['ip_address', 'gateway'])
      if (String(doc[f] ?? '').trim() === '') return [f, APPLIANCE_MESSAGES.staticNeedsAddress(f)];
    return null;
  },
  form: [
    { field: 'hostname', label: 'Host name', kind: 'text', required: true, validator: hostname, max: 253 },
    flag('dhcp', 'Address from DHCP'),
    {
      field: 'ip_address',
      label: 'IP address',
      kind: 'text',
      validator: ipv4,
      helperText: 'e.g. 192.168.1.20 (when DHCP is off)',
    },
    {
      field: 'netmask_bits',
      label: 'Prefix length',
      kind: 'number',
      min: 1,
      max: 32,
      helperText: '1 to 32, e.g. 24',
    },
    { field: 'gateway', label: 'Default gateway', kind: 'text', validator: ipv4 },
    {
      field: 'dns_servers',
      label: 'Name servers',
      kind: 'list',
      validator: ipv4,
      max: 4,
      helperText: 'One IPv4 address per line, up to 4',
    },
  ],
};

export const ROUTES: ApplianceSettingsDef = {
  ...base,
  page: 'network',
  title: 'Static routes',
  intro: 'Networks reached through a gateway other than the default one.',
  path: '/api/dash/v1/settings/route',
  schema: Type.Object({ routes: texts(64, 40) }, strict),
  defaults: { routes: [] },
  form: [
    {
      field: 'routes',
      label: 'Routes',
      kind: 'list',
      validator: routeLine,
      max: 64,
      helperText: 'One per line: destination CIDR via gateway, e.g. 10.20.0.0/16 via 192.168.1.254',
    },
  ],
};

export const TIME: ApplianceSettingsDef = {
  ...base,
  page: 'time',
  title: 'Time',
  intro: "The appliance's time zone and the NTP servers it keeps its clock by.",
  path: '/api/v1/settings/time',
  schema: Type.Object({ timezone: text(64), ntp_enabled: Type.Boolean(), ntp_servers: texts(8) }, strict),
  defaults: { timezone: 'UTC', ntp_enabled: true, ntp_servers: ['pool.ntp.org'] },
  problem(doc) {
    const tz = String(doc.timezone);
    if (!applianceTimezones().includes(tz)) return ['timezone', APPLIANCE_MESSAGES.unknownTimezone(tz)];
    if (doc.ntp_enabled === true && (doc.ntp_servers as unknown[]).length === 0)
      return ['ntp_servers', 'ntp_servers: name at least one NTP server while NTP is on.'];
    return null;
  },
  form: [
    { field: 'timezone', label: 'Time zone', kind: 'select', options: applianceTimezones() },
    flag('ntp_enabled', 'Synchronise the clock with NTP'),
    {
      field: 'ntp_servers',
      label: 'NTP servers',
      kind: 'list',
      validator: hostnameOrIp,
      max: 8,
      helperText: 'One host name or address per line',
    },
  ],
};

export const ADMIN_AUTH: ApplianceSettingsDef = {
  ...base,
  page: 'authentication',
  title: 'Administrator sign-in',
  intro: 'How many wrong passwords lock an administrator account, and for how long.',
  path: '/api/v1/settings/auth/admins',
  schema: Type.Object(
    {
      lockout_attempts: Type.Integer({ minimum: 1, maximum: 20 }),
      lockout_minutes: Type.Integer({ minimum: 1, maximum: 1440 }),
      ldap_admins: Type.Boolean(),
    },
    strict,
  ),
  defaults: { lockout_attempts: 5, lockout_minutes: 15, ldap_admins: false },
  form: [
    { field: 'lockout_attempts', label: 'Wrong passwords before lock-out', kind: 'number', min: 1, max: 20 },
    { field: 'lockout_minutes', label: 'Lock-out minutes', kind: 'number', min: 1, max: 1440 },
    flag('ldap_admins', 'Administrators may also sign in with their directory (LDAP) account'),
  ],
};

export const USER_AUTH: ApplianceSettingsDef = {
  ...base,
  page: 'authentication',
  title: 'User authentication',
  intro: 'How users of the isolation service are identified.',
  path: '/api/v1/settings/auth/users',
  schema: Type.Object(
    { method: option(USER_AUTH_METHODS), session_minutes: Type.Integer({ minimum: 5, maximum: 10080 }) },
    strict,
  ),
  defaults: { method: 'none', session_minutes: 480 },
  form: [
    {
      field: 'method',
      label: 'Method',
      kind: 'select',
      options: USER_AUTH_METHODS,
      labels: { none: 'None (anonymous)', ldap: 'LDAP directory', saml: 'SAML identity provider' },
    },
    { field: 'session_minutes', label: 'Session length (minutes)', kind: 'number', min: 5, max: 10080 },
  ],
};

export const LDAP: ApplianceSettingsDef = {
  ...base,
  page: 'authentication',
  title: 'LDAP directory',
  intro: 'The directory users (and, when allowed, administrators) sign in with.',
  path: '/api/v1/settings/auth/ldap',
  schema: Type.Object(
    {
      enabled: Type.Boolean(),
      host: text(253),
      port: Type.Integer(PORT),
      use_tls: Type.Boolean(),
      base_dn: text(500),
      bind_dn: text(500),
      bind_password: Type.Optional(text(200)),
    },
    strict,
  ),
  writeOnly: ['bind_password'],
  defaults: { enabled: false, host: '', port: 636, use_tls: true, base_dn: '', bind_dn: '' },
  problem: requiredWhenEnabled('host', 'base_dn'),
  form: [
    flag('enabled', 'Use an LDAP directory'),
    { field: 'host', label: 'Server', kind: 'text', validator: hostnameOrIp },
    port('port', 'Port'),
    flag('use_tls', 'LDAPS (TLS)'),
    { field: 'base_dn', label: 'Base DN', kind: 'text', max: 500, helperText: 'e.g. dc=example,dc=com' },
    { field: 'bind_dn', label: 'Bind DN', kind: 'text', max: 500 },
    { field: 'bind_password', label: 'Bind password', kind: 'password' },
  ],
};

export const SAML: ApplianceSettingsDef = {
  ...base,
  page: 'authentication',
  title: 'SAML identity provider',
  intro: 'The identity provider users sign in with.',
  path: '/api/v1/settings/auth/saml',
  schema: Type.Object(
    { enabled: Type.Boolean(), entity_id: text(500), sso_url: text(2048), idp_certificate: text(64 * 1024) },
    strict,
  ),
  defaults: { enabled: false, entity_id: '', sso_url: '', idp_certificate: '' },
  certificates: ['idp_certificate'],
  problem: requiredWhenEnabled('entity_id', 'sso_url', 'idp_certificate'),
  form: [
    flag('enabled', 'Use a SAML identity provider'),
    { field: 'entity_id', label: 'Entity ID', kind: 'text', max: 500 },
    { field: 'sso_url', label: 'Sign-in URL', kind: 'text', validator: httpUrl, max: 2048 },
    {
      field: 'idp_certificate',
      label: 'Signing certificate (PEM)',
      kind: 'multiline',
      validator: pemCertificate,
    },
  ],
};

export const SSL: ApplianceSettingsDef = {
  ...base,
  page: 'certificates',
  title: 'TLS protocol',
  intro: 'The oldest TLS version and the cipher profile the appliance accepts.',
  path: '/api/v1/settings/ssl',
  schema: Type.Object(
    { min_tls_version: option(TLS_VERSIONS), cipher_profile: option(['modern', 'intermediate'] as const) },
    strict,
  ),
  defaults: { min_tls_version: '1.2', cipher_profile: 'intermediate' },
  form: [
    {
      field: 'min_tls_version',
      label: 'Oldest TLS version',
      kind: 'select',
      options: TLS_VERSIONS,
      labels: { '1.2': 'TLS 1.2', '1.3': 'TLS 1.3' },
    },
    {
      field: 'cipher_profile',
      label: 'Cipher profile',
      kind: 'select',
      options: ['modern', 'intermediate'],
      labels: { modern: 'Modern', intermediate: 'Intermediate' },
    },
  ],
};

export const SERVICE_DOMAIN: ApplianceSettingsDef = {
  ...base,
  page: 'certificates',
  title: 'Service domain',
  intro: 'The domain users reach the service at; the service certificate is made for it.',
  path: '/api/v1/settings/service_domain',
  schema: Type.Object({ domain: text(253) }, strict),
  defaults: { domain: '' },
  form: [
    {
      field: 'domain',
      label: 'Domain',
      kind: 'text',
      validator: hostname,
      helperText: 'e.g. safe.example.com',
    },
  ],
};

export const LOGGING: ApplianceSettingsDef = {
  ...base,
  page: 'logging',
  title: 'Logs/Alerts',
  intro: 'Where the appliance keeps its logs: locally (what the Logs pages read) and to a syslog server.',
  path: '/api/v1/settings/logging',
  schema: Type.Object(
    {
      local_logs: Type.Boolean(),
      level: option(LOG_LEVELS),
      syslog_enabled: Type.Boolean(),
      syslog_host: text(253),
      syslog_port: Type.Integer(PORT),
      syslog_protocol: option(SYSLOG_PROTOCOLS),
    },
    strict,
  ),
  defaults: {
    local_logs: true,
    level: 'info',
    syslog_enabled: false,
    syslog_host: '',
    syslog_port: 514,
    syslog_protocol: 'udp',
  },
  problem: (doc) =>
    doc.syslog_enabled === true && String(doc.syslog_host).trim() === ''
      ? ['syslog_host', 'syslog_host: required while syslog is on.']
      : null,
  form: [
    flag('local_logs', 'Local Logs (keep logs on the appliance)'),
    {
      field: 'level',
      label: 'Level',
      kind: 'select',
      options: LOG_LEVELS,
      labels: { error: 'Errors', warning: 'Warnings', info: 'Information', debug: 'Debug' },
    },
    flag('syslog_enabled', 'Send to a syslog server'),
    { field: 'syslog_host', label: 'Syslog server', kind: 'text', validator: hostnameOrIp },
    port('syslog_port', 'Syslog port'),
    {
      field: 'syslog_protocol',
      label: 'Protocol',
      kind: 'select',
      options: SYSLOG_PROTOCOLS,
      labels: { udp: 'UDP', tcp: 'TCP', tls: 'TLS' },
    },
  ],
};

export const ACCESS: ApplianceSettingsDef = {
  ...base,
  page: 'access',
  title: 'Administration access',
  intro: 'The networks the administration pages and ssh may be reached from; empty: any.',
  path: '/api/v1/settings/access',
  schema: Type.Object({ admin_networks: texts(64, 18), ssh_networks: texts(64, 18) }, strict),
  defaults: { admin_networks: [], ssh_networks: [] },
  form: [
    {
      field: 'admin_networks',
      label: 'Administration from',
      kind: 'list',
      validator: ipv4Cidr,
      max: 64,
      helperText: 'One IPv4 CIDR range per line, e.g. 10.0.0.0/8',
    },
    {
      field: 'ssh_networks',
      label: 'ssh from',
      kind: 'list',
      validator: ipv4Cidr,
      max: 64,
      helperText: 'One IPv4 CIDR range per line',
    },
  ],
};

export const EXTEND_IME: ApplianceSettingsDef = {
  ...base,
  page: 'access',
  title: 'Input method editors',
  intro: 'Lets isolated pages take text from the user’s own input method (Chinese, Japanese, Korean input).',
  path: '/api/v1/settings/extend_ime',
  schema: Type.Object({ enabled: Type.Boolean() }, strict),
  defaults: { enabled: false },
  form: [flag('enabled', 'Extend input method editors into isolated pages')],
};

export const ENABLE_TLS: ApplianceSettingsDef = {
  ...base,
  page: 'updates',
  title: 'TLS to the service',
  intro: 'Users reach the service over TLS (https) with the service certificate.',
  path: '/api/v1/settings/enable_tls',
  schema: Type.Object({ enabled: Type.Boolean() }, strict),
  defaults: { enabled: true },
  form: [flag('enabled', 'Serve over TLS')],
};

export const AUTO_UPDATES: ApplianceSettingsDef = {
  ...base,
  page: 'updates',
  title: 'Automatic updates',
  intro: 'The appliance installs updates by itself, in the hour given (appliance time).',
  path: '/api/v1/settings/enable_auto_updates',
  schema: Type.Object({ enabled: Type.Boolean(), hour: Type.Integer({ minimum: 0, maximum: 23 }) }, strict),
  defaults: { enabled: false, hour: 3 },
  form: [
    flag('enabled', 'Install updates automatically'),
    { field: 'hour', label: 'Hour', kind: 'number', min: 0, max: 23, helperText: '0 to 23' },
  ],
};

const scpRow = (path: string, title: string, intro: string): ApplianceSettingsDef => ({
  ...base,
  page: 'file-export',
  title,
  intro,
  path,
  schema: Type.Object(
    {
      enabled: Type.Boolean(),
      host: text(253),
      port: Type.Integer(PORT),
      username: text(200),
      password: Type.Optional(text(200)),
      directory: text(1024),
    },
    strict,
  ),
  writeOnly: ['password'],
  defaults: { enabled: false, host: '', port: 22, username: '', directory: '' },
  problem: requiredWhenEnabled('host', 'username', 'directory'),
  form: [
    flag('enabled', 'Export by SCP'),
    { field: 'host', label: 'Server', kind: 'text', validator: hostnameOrIp },
    port('port', 'Port'),
    { field: 'username', label: 'User name', kind: 'text', validator: userName },
    { field: 'password', label: 'Password', kind: 'password' },
    { field: 'directory', label: 'Directory', kind: 'text', max: 1024, helperText: 'e.g. /srv/exports' },
  ],
});

export const SCP_FILEEXPORT = scpRow(
  '/api/v1/settings/scp_fileexport',
  'File export',
  'Files users download through the service are copied to this SCP server.',
);
export const SCP_FILEEXPORT_RECORDER = scpRow(
  '/api/v1/settings/scp_fileexport_recorder',
  'Session recordings export',
  'Recorded isolation sessions are copied to this SCP server.',
);

export const PNR_PROXY: ApplianceSettingsDef = {
  ...base,
  page: 'proxy',
  title: 'Upstream proxy',
  intro: 'The proxy the appliance sends its own outbound web traffic through.',
  path: '/api/v1/settings/pnr_proxy',
  schema: Type.Object(
    {
      enabled: Type.Boolean(),
      host: text(253),
      port: Type.Integer(PORT),
      username: text(200),
      password: Type.Optional(text(200)),
    },
    strict,
  ),
  writeOnly: ['password'],
  defaults: { enabled: false, host: '', port: 3128, username: '' },
  problem: requiredWhenEnabled('host'),
  form: [
    flag('enabled', 'Use an upstream proxy'),
    { field: 'host', label: 'Proxy server', kind: 'text', validator: hostnameOrIp },
    port('port', 'Port'),
    {
      field: 'username',
      label: 'User name',
      kind: 'text',
      validator: userName,
      helperText: 'Leave empty for none',
    },
    { field: 'password', label: 'Password', kind: 'password' },
  ],
};
