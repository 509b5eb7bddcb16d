/**
 * The central manager's contract (docs/central-manager.md): a server started on premises as the
 * management station manages appliances (servers of an appliance mode, each its own process) over
 * their own API. Paths beyond the names the calls carry are ours. Every reply that concerns an
 * appliance carries its state and, when it is not `online`, the reason in the appliance's own words
 * or the transport's.
 */
import { Type, type Static } from 'typebox';

/** The appliance's port in certificate and approve calls. */
export const APPLIANCE_PORT = 8442;
/** approve_sv's time-out. */
export const APPROVE_SV_TIMEOUT_MS = 45_000;
/** validate_license and the licence check's time-out. */
export const LICENSE_TIMEOUT_MS = 60_000;
/** The version the manager records on an appliance it approves (appliance_manager_version). */
export const CENTRAL_MANAGER_VERSION = '1.0.0';
/** How long a status read waits for one appliance before calling it slow (ours). */
export const STATUS_TIMEOUT_MS = 3_000;
/** An action's (settings push, maintenance, reboot) wait for one appliance (ours). */
export const ACTION_TIMEOUT_MS = 15_000;

export const CM_MSGS = {
  certFetch: 'Could not fetch appliance certificate',
  licenseCheck: 'license check failure',
  systemNotFound: 'No such managed system.',
  groupNotFound: 'No such group.',
  templateNotFound: 'No such template.',
  jobNotFound: 'No such job.',
  duplicate: (host: string, port: number) => `The appliance ${host}:${port} is already managed.`,
  certChanged: (pinned: string, now: string) =>
    `The appliance's certificate changed (pinned ${pinned}, now ${now}); approve it again.`,
  pinMismatch: 'The certificate the appliance presents now is not the one approved.',
  timedOut: (ms: number) => `The appliance did not answer within ${Math.round(ms / 1000)} s.`,
  unreachable: (why: string) => `The appliance cannot be reached: ${why}.`,
  appliance: (status: number, message: string) => `The appliance answered ${status}: ${message}`,
  notMember: (system: string) => `The system ${system} is not managed here.`,
} as const;

export const CM_PATHS = {
  getAppliances: '/api/v1/dashboard/get_appliances',
  systems: '/api/v1/managed_systems',
  system: '/api/v1/managed_systems/:id',
  getSvCert: '/api/v1/managed_systems/get_sv_cert',
  approveSv: '/api/v1/managed_systems/approve_sv',
  status: '/api/v1/managed_systems/:id/status',
  currentSettings: '/api/v1/managed_systems/:id/current_settings',
  maintenance: '/api/v1/managed_systems/:id/maintenance',
  action: '/api/v1/managed_systems/:id/:action',
  groups: '/api/v1/groups',
  group: '/api/v1/groups/:id',
  templates: '/api/v1/templates',
  template: '/api/v1/templates/:id',
  templateApply: '/api/v1/templates/:id/apply',
  templateDrift: '/api/v1/templates/:id/drift',
  job: '/api/v1/cm/jobs/:id',
} as const;
export const cmPath = (template: string, params: Record<string, string>): string =>
  template.replace(/:(\w+)/g, (_m, k: string) => encodeURIComponent(params[k] ?? ''));

/** What the manager last saw of an appliance. */
export const APPLIANCE_STATES = [
  'online',
  'maintenance',
  'down',
  'slow',
  'error',
  'certificate_changed',
] as const;
export type ApplianceState = (typeof APPLIANCE_STATES)[number];

/** The remote system actions that become jobs (maintenance mode is a plain call). */
export const SYSTEM_ACTIONS = ['restart', 'reboot', 'shutdown'] as const;
export type SystemAction = (typeof SYSTEM_ACTIONS)[number];

/** The appliance side: its own state and actions, under its /api/mgr/v2 (ours). */
export const APPLIANCE_SYSTEM_PATHS = {
  status: '/api/mgr/v2/system/status',
  maintenance: '/api/mgr/v2/system/maintenance',
  action: '/api/mgr/v2/system/:action',
} as const;

export const ApplianceSystemStatus = Type.Object({
  mode: Type.String(),
  hostname: Type.String(),
  maintenance_mode: Type.Boolean(),
  /** Starts of the process on this data directory (a restart or reboot adds one). */
  boot_count: Type.Integer(),
  booted_at: Type.String(),
  manager_version: Type.Union([Type.String(), Type.Null()]),
});
export type ApplianceSystemStatus = Static<typeof ApplianceSystemStatus>;
export const MaintenanceRequest = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export const SystemActionName = Type.Union([
  Type.Literal('restart'),
  Type.Literal('reboot'),
  Type.Literal('shutdown'),
]);
export const SystemActionParams = Type.Object({ action: SystemActionName });
export const SystemActionReply = Type.Object({ action: Type.String(), accepted: Type.Boolean() });

const Host = Type.String({
  minLength: 1,
  maxLength: 253,
  pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\\[[0-9A-Fa-f:.]+\\]$',
});
const Port = Type.Integer({ minimum: 1, maximum: 65535 });
const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const IdParams = Type.Object({ id: Id });

export const ApplianceCredentials = {
  host: Host,
  port: Type.Optional(Port),
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
};
export const GetSvCertRequest = Type.Object(ApplianceCredentials, { additionalProperties: false });
/** get_sv_cert's answer: `cert` null (with the reason) when the appliance gave none. */
export const SvCert = Type.Object({
  cert: Type.Union([Type.String(), Type.Null()]),
  fingerprint_sha256: Type.Union([Type.String(), Type.Null()]),
  subject: Type.Union([Type.String(), Type.Null()]),
  not_after: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type SvCert = Static<typeof SvCert>;
export const ApproveSvRequest = Type.Object(
  {
    ...ApplianceCredentials,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** The fingerprint the administrator saw in get_sv_cert and approves (pinned). */
    fingerprint_sha256: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const ManagedSystem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  mode: Type.String(),
  fingerprint_sha256: Type.String(),
  approved_at: Type.String(),
  state: Type.Union([
    Type.Literal('online'),
    Type.Literal('maintenance'),
    Type.Literal('down'),
    Type.Literal('slow'),
    Type.Literal('error'),
    Type.Literal('certificate_changed'),
  ]),
  reason: Type.Union([Type.String(), Type.Null()]),
  checked_at: Type.Union([Type.String(), Type.Null()]),
  system: Type.Union([ApplianceSystemStatus, Type.Null()]),
});
export type ManagedSystem = Static<typeof ManagedSystem>;
export const ApproveSvReply = Type.Object({
  ok: Type.Boolean(),
  reason: Type.Optional(Type.String()),
  system: Type.Optional(ManagedSystem),
});
export const AppliancesReply = Type.Object({ appliances: Type.Array(ManagedSystem) });
export const CurrentSettingsReply = Type.Object({
  id: Type.String(),
  settings: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
});

export const GroupNode = Type.Object({
  id: Id,
  /** Whether the node follows the group's template on its own (the text 'True' is read as true). */
  auto_group: Type.Union([Type.Boolean(), Type.Literal('True'), Type.Literal('False')]),
});
export const GroupWrite = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    nodes: Type.Array(GroupNode, { maxItems: 500 }),
    template_id: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export const Group = Type.Object({
  id: Type.String(),
  name: Type.String(),
  nodes: Type.Array(Type.Object({ id: Type.String(), auto_group: Type.Boolean() })),
  template_id: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
});
export type Group = Static<typeof Group>;
export const GroupList = Type.Object({ groups: Type.Array(Group) });

/** Nodes as some managers send them: auto_group as the text 'True'/'False'. Only 'True' (or true) is true. */
export function normaliseGroupNodes(
  nodes: readonly { id: string; auto_group: unknown }[],
): { id: string; auto_group: boolean }[] {
  return nodes.map((n) => ({ id: n.id, auto_group: n.auto_group === true || n.auto_group === 'True' }));
}

/** Settings documents a template carries: all but the appliance's own identity (network, routes). */
export const TEMPLATE_EXCLUDED_KEYS: readonly string[] = ['network', 'route'];
export const TemplateCreate = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), from_system: Id },
  { additionalProperties: false },
);
export const Template = Type.Object({
  id: Type.String(),
  name: Type.String(),
  from_system: Type.String(),
  settings: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  created_at: Type.String(),
});
export type Template = Static<typeof Template>;
export const TemplateList = Type.Object({
  templates: Type.Array(Type.Omit(Template, ['settings'])),
});
export const TemplateApply = Type.Object({ group_id: Id }, { additionalProperties: false });
export const DriftQuery = Type.Object({ group_id: Id }, { additionalProperties: false });
export const DriftReply = Type.Object({
  template_id: Type.String(),
  group_id: Type.String(),
  members: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      /** in_sync, drifted, or unknown (the appliance did not answer: reason). */
      drift: Type.Union([Type.Literal('in_sync'), Type.Literal('drifted'), Type.Literal('unknown')]),
      /** `<document>.<field>` paths whose value differs from the template's. */
      fields: Type.Array(Type.String()),
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

export const JobTarget = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('started'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ]),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** How far the appliance is, 0-100, for the actions that say (an install). */
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});
/** A job: its status (pending, started, finished, failed), the reason, ok, cert, progress per appliance. */
export const CmJob = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('started'),
    Type.Literal('finished'),
    Type.Literal('failed'),
  ]),
  reason: Type.Union([Type.String(), Type.Null()]),
  ok: Type.Union([Type.Boolean(), Type.Null()]),
  /** The certificate the job concerns (an approval's), else null. */
  cert: Type.Union([Type.String(), Type.Null()]),
  done: Type.Integer(),
  total: Type.Integer(),
  targets: Type.Array(JobTarget),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type CmJob = Static<typeof CmJob>;
export const JobCreated = Type.Object({ job_id: Type.String() });

/** The managed appliances are settings of the management station (ours: the spec names no permission). */
export const CM_READ_PERMISSION = {
  any: ['settings', 'settings_cmr'].map((g) => `${g}:managed_systems:read`),
};
export const CM_WRITE_PERMISSION = {
  any: ['settings', 'settings_cmr'].map((g) => `${g}:managed_systems:write`),
};
export const CM_AUDIT_AREA = 'central_manager';

// ---------------------------------------------------------------------------------------------
// Licences, registration, updates (docs/central-manager.md §8, §9)

/**
 * A licence string: `WBL1.` then the OVA licence key's fields as base64url JSON (key_id,
 * tenant_name, license_type, expires_at, does_not_expire, versions), the way the provider console
 * issues them. The appliance reads and checks it; nothing here signs it.
 */
export const LICENSE_PREFIX = 'WBL1.';
export const LICENSE_MSGS = {
  malformed: `The licence string is not a licence (it starts with ${LICENSE_PREFIX} followed by the key's fields).`,
  missingField: (field: string) => `The licence has no valid ${field}.`,
  expired: (day: string) => `The licence expired on ${day}.`,
  notIssued: 'The licence has no expiry date: it was not issued.',
  version: (version: string, versions: readonly string[]) =>
    `The licence covers the versions ${versions.join(', ')}, not ${version} that this appliance runs.`,
  registerFirst: 'Install a valid licence before registering the appliance.',
} as const;

/** The releases of the appliance software, oldest first: the first is the factory image. */
export const APPLIANCE_RELEASES: readonly { version: string; description: string }[] = [
  { version: '1.0.0', description: 'Factory image' },
  { version: '1.1.0', description: 'Isolation engine update; faster certificate checks' },
  { version: '1.2.0', description: 'Email attachment rewriting; scheduled actions' },
];
export const FACTORY_VERSION = APPLIANCE_RELEASES[0].version;
/** The rollback list's entry at slot 0: the factory reset. */
export const FACTORY_RESET_SLOT = {
  slot_id: 0,
  version: FACTORY_VERSION,
  description: 'Factory Reset',
} as const;
/** How long an install's job waits for the appliance to finish or to answer again (ours). */
export const UPDATE_INSTALL_TIMEOUT_MS = 120_000;

export const UPDATE_MSGS = {
  upToDate: (version: string) => `No newer release: the appliance runs ${version}, the newest.`,
  unknownRelease: (version: string) => `version: ${version} is not a release of the appliance software.`,
  notNewer: (version: string, current: string) =>
    `version: ${version} is not newer than ${current} that the appliance runs.`,
  notDownloaded: (version: string) => `version: ${version} is not downloaded; download it first.`,
  busy: (version: string) => `An install of ${version} is under way.`,
  noSlot: (slot: number) => `slot_id: the appliance has no slot ${slot} to roll back to.`,
  activeSlot: (slot: number) => `slot_id: slot ${slot} is the one the appliance runs.`,
  interrupted: (version: string, step: string, current: string) =>
    `The appliance restarted during the install of ${version} (step: ${step}); it still runs ${current}. Install it again.`,
  noComeBack: (name: string, seconds: number) =>
    `${name} did not finish the install nor answer within ${seconds} s.`,
} as const;

/** The appliance side of licences and updates, under its /api/mgr/v2 (ours). */
export const APPLIANCE_LIFECYCLE_PATHS = {
  license: '/api/mgr/v2/license',
  validateLicense: '/api/mgr/v2/license/validate',
  registration: '/api/mgr/v2/registration',
  update: '/api/mgr/v2/update',
  updateCheck: '/api/mgr/v2/update/check',
  updateDownload: '/api/mgr/v2/update/download',
  updateInstall: '/api/mgr/v2/update/install',
  updateRollback: '/api/mgr/v2/update/rollback',
  factoryReset: '/api/mgr/v2/update/factory_reset',
} as const;

/** The manager's calls on one managed system (ours beyond the names). */
export const CM_LIFECYCLE_PATHS = {
  license: '/api/v1/managed_systems/:id/license',
  validateLicense: '/api/v1/managed_systems/:id/validate_license',
  reg: '/api/v1/managed_systems/:id/reg',
  updates: '/api/v1/managed_systems/:id/updates',
  updateCheck: '/api/v1/managed_systems/:id/updates/check',
  updateDownload: '/api/v1/managed_systems/:id/updates/download',
  updateInstall: '/api/v1/managed_systems/:id/updates/install',
  updateRollback: '/api/v1/managed_systems/:id/updates/rollback',
  factoryReset: '/api/v1/managed_systems/:id/updates/factory_reset',
} as const;

export const LicenseRequest = Type.Object(
  { license_string: Type.String({ minLength: 1, maxLength: 8192 }) },
  { additionalProperties: false },
);
/** What a licence string says, with its state now (none, active, expired, about_to_expire). */
export const LicenseInfo = Type.Object({
  key_id: Type.String(),
  tenant_name: Type.String(),
  license_type: Type.String(),
  expires_at: Type.String(),
  does_not_expire: Type.Boolean(),
  versions: Type.Array(Type.String()),
  license_state: Type.String(),
});
export type LicenseInfo = Static<typeof LicenseInfo>;
/** validate_license's and a licence set's answer: ok false with the reason (the set then changes nothing). */
export const LicenseCheckReply = Type.Object({
  ok: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
  license: Type.Union([LicenseInfo, Type.Null()]),
});
export type LicenseCheckReply = Static<typeof LicenseCheckReply>;
/** The licence an appliance holds (null: none), with when it was installed. */
export const InstalledLicense = Type.Object({
  license: Type.Union([LicenseInfo, Type.Null()]),
  license_state: Type.String(),
  installed_at: Type.Union([Type.String(), Type.Null()]),
});
export type InstalledLicense = Static<typeof InstalledLicense>;

export const RegistrationRequest = Type.Object(
  {
    organisation: Type.String({ minLength: 1, maxLength: 200 }),
    contact_email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
  },
  { additionalProperties: false },
);
/** Registration info: who the appliance is registered to, under which licence key. */
export const Registration = Type.Object({
  registered: Type.Boolean(),
  organisation: Type.Union([Type.String(), Type.Null()]),
  contact_email: Type.Union([Type.String(), Type.Null()]),
  key_id: Type.Union([Type.String(), Type.Null()]),
  registered_at: Type.Union([Type.String(), Type.Null()]),
});
export type Registration = Static<typeof Registration>;

/** Update slot: version, slot_id, description. */
export const UpdateSlot = Type.Object({
  slot_id: Type.Integer({ minimum: 0 }),
  version: Type.String(),
  description: Type.String(),
});
export type UpdateSlot = Static<typeof UpdateSlot>;
/** The steps of an install, in order; `progress` is the share of them done. */
export const INSTALL_STEPS = ['verify', 'write_slot', 'switch_slot'] as const;
export const UpdateState = Type.Object({
  version: Type.String(),
  active_slot: Type.Integer(),
  slots: Type.Array(UpdateSlot),
  /** The rollback list: slot 0 Factory Reset, then every slot but the active one. */
  rollback: Type.Array(UpdateSlot),
  checked_at: Type.Union([Type.String(), Type.Null()]),
  available: Type.Array(Type.Object({ version: Type.String(), description: Type.String() })),
  /** The last check's result: its reason when it found nothing to install. */
  check_reason: Type.Union([Type.String(), Type.Null()]),
  downloaded: Type.Array(Type.String()),
  install: Type.Object({
    state: Type.Union([
      Type.Literal('idle'),
      Type.Literal('installing'),
      Type.Literal('installed'),
      Type.Literal('failed'),
    ]),
    version: Type.Union([Type.String(), Type.Null()]),
    step: Type.Union([Type.String(), Type.Null()]),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    reason: Type.Union([Type.String(), Type.Null()]),
    enter_maintenance_mode: Type.Boolean(),
    updated_at: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type UpdateState = Static<typeof UpdateState>;
const Version = Type.String({ minLength: 1, maxLength: 32, pattern: '^\\d+(\\.\\d+){1,3}$' });
export const UpdateDownloadRequest = Type.Object({ version: Version }, { additionalProperties: false });
export const UpdateInstallRequest = Type.Object(
  { version: Version, enter_maintenance_mode: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const UpdateRollbackRequest = Type.Object(
  { slot_id: Type.Integer({ minimum: 0, maximum: 16 }) },
  { additionalProperties: false },
);
/** The check's result: the newer releases, or the reason there is none (the check then fails). */
export const UpdateCheckReply = Type.Object({
  available: Type.Array(Type.Object({ version: Type.String(), description: Type.String() })),
  reason: Type.Union([Type.String(), Type.Null()]),
});

// ---------------------------------------------------------------------------------------------
// Scheduled actions of a managed system (docs/central-manager.md §10)

export const CM_SCHEDULE_PATHS = {
  schedules: '/api/v1/managed_systems/:id/schedule',
  schedule: '/api/v1/managed_systems/:id/schedule/:schedule_id',
} as const;
/** How far ahead an action may be scheduled (ours). */
export const SCHEDULE_MAX_AHEAD_DAYS = 366;
export const SCHEDULE_MSGS = {
  past: 'at: the time has passed; choose a time to come.',
  tooFar: `at: at most ${SCHEDULE_MAX_AHEAD_DAYS} days ahead.`,
  notFound: 'No such scheduled action.',
  notPending: (status: string) => `The scheduled action is ${status}; only a scheduled one can be cancelled.`,
  missed: (at: string) => `The management station was not running at ${at}; schedule it again.`,
} as const;
export const ScheduleRequest = Type.Object(
  { action: SystemActionName, at: Type.String({ format: 'date-time', maxLength: 40 }) },
  { additionalProperties: false },
);
/** A scheduled action: what, when, and once due, the job that did it (or why none ran). */
export const ScheduledAction = Type.Object({
  id: Type.String(),
  system_id: Type.String(),
  action: Type.String(),
  at: Type.String(),
  status: Type.Union([
    Type.Literal('scheduled'),
    Type.Literal('started'),
    Type.Literal('missed'),
    Type.Literal('cancelled'),
  ]),
  job_id: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.String(),
  created_at: Type.String(),
});
export type ScheduledAction = Static<typeof ScheduledAction>;
export const ScheduleList = Type.Object({ schedules: Type.Array(ScheduledAction) });
export const ScheduleParams = Type.Object({
  id: IdParams.properties.id,
  schedule_id: IdParams.properties.id,
});

// ---------------------------------------------------------------------------------------------
// cr_update, logs and exports of a managed system; the manager's own about, password, settings
// (docs/central-manager.md §12, §13)

export const CM_SYSTEM_DATA_PATHS = {
  crUpdate: '/api/v1/managed_systems/:id/cr_update',
  logs: '/api/v1/managed_systems/:id/logs',
  exports: '/api/v1/managed_systems/:id/exports',
} as const;
/** The manager's own calls (ours beyond the names). */
export { CM_OWN_PATHS } from './cmOwnPaths';

/**
 * cr_update: changes to the appliance's current settings, `<document>: {<field>: value}`; the
 * fields not named keep their value now. The appliance checks the whole result.
 */
export const CrUpdateRequest = Type.Object(
  {
    settings: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown(), { minProperties: 1 }), {
      minProperties: 1,
    }),
  },
  { additionalProperties: false },
);
export const CM_DATA_MSGS = {
  unknownDocument: (key: string) => `settings.${key}: the appliance has no settings document ${key}.`,
  excludedField: (key: string, field: string) =>
    `settings.${key}.${field}: kept by the appliance itself, not changed by cr_update.`,
} as const;
/** Fields an update never sends: the document's own bookkeeping. */
export const CR_UPDATE_EXCLUDED_FIELDS: readonly string[] = ['updated_at', 'updated_by'];

/** The log types an appliance keeps, its audit trail first (the default). */
export const APPLIANCE_LOG_TYPES = ['scan_audit', 'scan_web', 'scan_email'] as const;
export const SystemLogsQuery = Type.Object(
  {
    log_type: Type.Optional(Type.Union(APPLIANCE_LOG_TYPES.map((t) => Type.Literal(t)))),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    /** The previous block's cursor (pagingIdentifiers.cursor). */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export const SystemLogsReply = Type.Object({
  id: Type.String(),
  log_type: Type.String(),
  events: Type.Array(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  pagingIdentifiers: Type.Object({
    cursor: Type.Optional(Type.String()),
    last_iteration: Type.Boolean(),
  }),
});
export const SystemExportQuery = Type.Object(
  {
    log_type: Type.Optional(Type.Union(APPLIANCE_LOG_TYPES.map((t) => Type.Literal(t)))),
    search: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** What the management station says of itself. */
export const CmAbout = Type.Object({
  product: Type.String(),
  version: Type.String(),
  mode: Type.String(),
  hostname: Type.String(),
  started_at: Type.String(),
  runtime: Type.String(),
  managed_systems: Type.Integer(),
  groups: Type.Integer(),
  templates: Type.Integer(),
});
export const CM_PRODUCT = 'Workbench central manager';

/** The manager's own settings: the port a new appliance is asked on, how long a status read waits. */
export const CmSettingsWrite = Type.Object(
  {
    appliance_port: Port,
    status_timeout_s: Type.Integer({ minimum: 1, maximum: 60 }),
  },
  { additionalProperties: false },
);
export const CmSettings = Type.Object({
  appliance_port: Type.Integer(),
  status_timeout_s: Type.Integer(),
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type CmSettings = Static<typeof CmSettings>;
export const CM_SETTINGS_DEFAULTS = {
  appliance_port: APPLIANCE_PORT,
  status_timeout_s: STATUS_TIMEOUT_MS / 1000,
} as const;
