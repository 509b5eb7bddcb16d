/**
 * The appliance settings area's contract (docs/appliances.md): served by a server started on
 * premises in a non-management mode (safeview, safeview_isolation, safeview_proxy, safemail,
 * safemail_worker); any other server has none of these routes (404). One registry row per settings
 * document (applianceSettingsRows.ts), and beside them the time zones, the appliance's CA, the
 * service certificate (CSR, install), decodeCert, the manager version, and the export file.
 */
import { Type, type Static } from 'typebox';
import {
  ACCESS,
  ADMIN_AUTH,
  AUTO_UPDATES,
  ENABLE_TLS,
  EXTEND_IME,
  LDAP,
  LOGGING,
  NETWORK,
  PNR_PROXY,
  ROUTES,
  SAML,
  SCP_FILEEXPORT,
  SCP_FILEEXPORT_RECORDER,
  SERVICE_DOMAIN,
  SSL,
  TIME,
  USER_AUTH,
  type ApplianceSettingsDef,
} from './applianceSettingsRows';

export * from './applianceSettingsRows';
export * from './appliancePages';
import {
  APPLIANCE_READ_PERMISSIONS,
  APPLIANCE_WRITE_PERMISSIONS,
  type AppliancePage,
} from './appliancePages';

/** The registry: one row per appliance settings document, keyed as its path names it. */
export const APPLIANCE_SETTINGS = {
  network: NETWORK,
  route: ROUTES,
  time: TIME,
  'auth/admins': ADMIN_AUTH,
  'auth/users': USER_AUTH,
  'auth/ldap': LDAP,
  'auth/saml': SAML,
  ssl: SSL,
  service_domain: SERVICE_DOMAIN,
  logging: LOGGING,
  access: ACCESS,
  extend_ime: EXTEND_IME,
  enable_tls: ENABLE_TLS,
  enable_auto_updates: AUTO_UPDATES,
  scp_fileexport: SCP_FILEEXPORT,
  scp_fileexport_recorder: SCP_FILEEXPORT_RECORDER,
  pnr_proxy: PNR_PROXY,
} satisfies Record<string, ApplianceSettingsDef>;
export type ApplianceSettingsKey = keyof typeof APPLIANCE_SETTINGS;
export const APPLIANCE_SETTINGS_KEYS = Object.keys(APPLIANCE_SETTINGS) as ApplianceSettingsKey[];
export const applianceSettingsOf = (page: AppliancePage): ApplianceSettingsKey[] =>
  APPLIANCE_SETTINGS_KEYS.filter((key) => APPLIANCE_SETTINGS[key].page === page);

export const APPLIANCE_READ_PERMISSION = { any: APPLIANCE_READ_PERMISSIONS };
export const APPLIANCE_WRITE_PERMISSION = { any: APPLIANCE_WRITE_PERMISSIONS };

export const APPLIANCE_PATHS = {
  timezones: '/api/dash/v1/timezones',
  caCert: '/api/dash/v1/certs/ca/cert',
  caReinitialize: '/api/dash/v1/certs/ca/reinitialize',
  serviceCsr: '/api/dash/v1/certs/service/csr',
  serviceCert: '/api/dash/v1/certs/service/cert',
  selfService: '/api/mgr/v2/certs/self/service',
  caCertDownload: '/api/v1/ca_cert',
  decodeCert: '/api/v1/decodeCert',
  managerVersion: '/api/v1/dashboard/appliance_manager_version',
  exportedConfig: '/api/v1/settings/exported_config',
} as const;

export const TimezonesReply = Type.Object({ timezones: Type.Array(Type.String()) });
export type TimezonesReply = Static<typeof TimezonesReply>;

/** A subject of the service CSR: the common name is the service domain's host name. */
export const CsrRequest = Type.Object(
  {
    common_name: Type.String({ minLength: 1, maxLength: 253 }),
    organization: Type.Optional(Type.String({ maxLength: 200 })),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2 })),
    alt_names: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 32 })),
  },
  { additionalProperties: false },
);
export type CsrRequest = Static<typeof CsrRequest>;

export const CsrReply = Type.Object({
  csr: Type.String(),
  subject: Type.String(),
  alt_names: Type.Array(Type.String()),
  key_algorithm: Type.String(),
  created_at: Type.String(),
});
export type CsrReply = Static<typeof CsrReply>;

export const InstallCertRequest = Type.Object(
  { cert: Type.String({ minLength: 1, maxLength: 64 * 1024 }) },
  { additionalProperties: false },
);

export const ManagerVersionRequest = Type.Object(
  { version: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' }) },
  { additionalProperties: false },
);
export const ManagerVersionReply = Type.Object({
  version: Type.String(),
  updated_at: Type.String(),
  updated_by: Type.String(),
});

export const APPLIANCE_CERT_MSGS = {
  noCsr: 'No service CSR: generate one first (POST /api/dash/v1/certs/service/csr).',
  keyMismatch:
    'cert: the certificate is not for the key of the service CSR; sign the CSR this appliance generated.',
  noServiceCert: 'No service certificate is installed.',
  badCommonName: 'common_name: enter a host name like safe.example.com.',
  badAltName: (i: number) => `alt_names.${i}: enter a host name like safe.example.com.`,
} as const;

/** The export file: every document (write-only fields left out: they stay on the appliance). */
export const EXPORT_FORMAT = 'workbench-appliance-settings' as const;
export const EXPORT_VERSION = 1;
export const ExportedConfig = Type.Object(
  {
    format: Type.Literal(EXPORT_FORMAT),
    version: Type.Literal(EXPORT_VERSION),
    mode: Type.String({ maxLength: 40 }),
    exported_at: Type.String({ maxLength: 64 }),
    settings: Type.Record(
      Type.String({ maxLength: 64 }),
      Type.Record(Type.String({ maxLength: 64 }), Type.Unknown()),
      {
        maxProperties: 64,
      },
    ),
  },
  { additionalProperties: false },
);
export type ExportedConfig = Static<typeof ExportedConfig>;
export const ImportReply = Type.Object({ imported: Type.Array(Type.String()) });

export const EXPORT_MSGS = {
  unknownDocument: (key: string) => `settings.${key}: no appliance setting is named '${key}'.`,
  fileName: (hostname: string) => `${hostname}-settings.json`,
} as const;

/** Admin accounts under /api/mgr/v2 (the tenant's portal accounts, as the appliance names them). */
export const APPLIANCE_ADMIN_PATHS = {
  list: '/api/mgr/v2/settings/auth/user',
  password: (id: string) => `/api/mgr/v2/user/${encodeURIComponent(id)}/password`,
  status: (id: string) => `/api/mgr/v2/user/${encodeURIComponent(id)}/status`,
  unlock: (id: string) => `/api/mgr/v2/user/${encodeURIComponent(id)}/unlock`,
  ssh: (id: string) => `/api/mgr/v2/user/${encodeURIComponent(id)}/ssh`,
  passwordRoute: '/api/mgr/v2/user/:id/password',
  statusRoute: '/api/mgr/v2/user/:id/status',
  unlockRoute: '/api/mgr/v2/user/:id/unlock',
  sshRoute: '/api/mgr/v2/user/:id/ssh',
} as const;

export const ApplianceAdmin = Type.Object({
  id: Type.String(),
  username: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  locked: Type.Boolean(),
  ssh_enabled: Type.Boolean(),
});
export type ApplianceAdmin = Static<typeof ApplianceAdmin>;
export const ApplianceAdminList = Type.Object({ users: Type.Array(ApplianceAdmin) });
export const ApplianceAdminParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const AdminPasswordRequest = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);
export const AdminStatusRequest = Type.Object(
  { status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]) },
  { additionalProperties: false },
);
export const AdminSshRequest = Type.Object({ ssh_enabled: Type.Boolean() }, { additionalProperties: false });

export const APPLIANCE_ADMIN_MSGS = {
  notFound: 'id: no administrator of this appliance has this id.',
  self: 'status: you cannot disable your own account.',
  notLocked: 'id: this administrator is not locked.',
} as const;
