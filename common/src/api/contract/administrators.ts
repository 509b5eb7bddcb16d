/**
 * The tenant's administrators (its portal accounts) and its roles (issue 33 point 1; shapes and
 * rules: docs/administrators.md). The spec names `GET /api/auth/v1/list_users`, `GET/POST
 * /api/policy/v1/rbac` and `GET/POST /api/policy/v2/rbac` without shapes; the writes of
 * administrators (create, reset, status, unlock, delete) and the deletion of a role are the
 * cloud's, extensions of the spec (the `administrators` and `role-delete` rows of extensions.ts).
 */
import { Type, type Static } from 'typebox';
import { DEMO_TENANT_ROLES } from './demo';

export {
  ADMINS_READ_PERMISSION,
  ADMINS_WRITE_PERMISSION,
  ROLES_READ_PERMISSION,
  ROLES_WRITE_PERMISSION,
} from './settingsPermissions';

export const ADMIN_PATHS = {
  /** The spec's list (GET). */
  list: '/api/auth/v1/list_users',
  /** Ours: POST creates an administrator with a one-time password. */
  create: '/api/auth/v1/users',
  oneRoute: '/api/auth/v1/users/:uid',
  one: (uid: string) => `/api/auth/v1/users/${encodeURIComponent(uid)}`,
  resetPasswordRoute: '/api/auth/v1/users/:uid/reset_password',
  resetPassword: (uid: string) => `/api/auth/v1/users/${encodeURIComponent(uid)}/reset_password`,
  statusRoute: '/api/auth/v1/users/:uid/status',
  status: (uid: string) => `/api/auth/v1/users/${encodeURIComponent(uid)}/status`,
  unlockRoute: '/api/auth/v1/users/:uid/unlock',
  unlock: (uid: string) => `/api/auth/v1/users/${encodeURIComponent(uid)}/unlock`,
  /** Ours: an administrator of the tenant turns off another account's second factor. */
  mfaResetRoute: '/api/auth/v1/mfa/users/:uid/reset',
  mfaReset: (uid: string) => `/api/auth/v1/mfa/users/${encodeURIComponent(uid)}/reset`,
} as const;

export const RBAC_PATHS = {
  /** v1: the administrators and the role each holds; POST assigns a role to one. */
  v1: '/api/policy/v1/rbac',
  /** v2: the roles; POST saves one (create or edit). */
  v2: '/api/policy/v2/rbac',
  /** Ours: DELETE a role (409 naming its holders while anyone holds it). */
  oneRoute: '/api/policy/v2/rbac/:name',
  one: (name: string) => `/api/policy/v2/rbac/${encodeURIComponent(name)}`,
} as const;

/** The built-in roles: every tenant has them; they can be copied, never edited or deleted. */
export const BUILTIN_ROLES = DEMO_TENANT_ROLES;
export type BuiltinRoleName = keyof typeof BUILTIN_ROLES;
export const BUILTIN_ROLE_NAMES = Object.keys(BUILTIN_ROLES) as BuiltinRoleName[];
export const isBuiltinRole = (name: string): name is BuiltinRoleName => Object.hasOwn(BUILTIN_ROLES, name);
/** The role a tenant's first administrator holds, and the one a full administrator holds. */
export const FULL_ADMIN_ROLE: BuiltinRoleName = 'admin';
/** The name shown for an account whose lists match no role (set before roles had names). */
export const CUSTOM_ROLE_LABEL = 'custom';

/** Full administrator: may do everything (the `*:*` pattern in both lists). */
export const isFullAdministrator = (roles: { read: readonly string[]; write: readonly string[] }): boolean =>
  roles.read.includes('*:*') && roles.write.includes('*:*');

export const ADMIN_STATUSES = ['active', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
const AdminStatusSchema = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);

export const ROLE_NAME_MAX = 64;
/** A role entry: `item` or `item:action…` segments of letters, digits, `_`, `-` or `*`. */
export const ROLE_ENTRY_PATTERN = '^[A-Za-z0-9_*-]+(:[A-Za-z0-9_*-]+){0,3}$';
const RoleEntries = Type.Array(Type.String({ pattern: ROLE_ENTRY_PATTERN, maxLength: 120 }), {
  maxItems: 200,
  uniqueItems: true,
});

export const Administrator = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  /** The role's name; `custom` for lists that match no role. */
  role: Type.String(),
  status: AdminStatusSchema,
  /** Locked out by failed sign-ins now (unlock clears it). */
  locked: Type.Boolean(),
  /** A one-time password someone else set is still to be changed. */
  show_change_password: Type.Boolean(),
  mfa_enrolled_since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Administrator = Static<typeof Administrator>;
export const AdministratorList = Type.Object({ users: Type.Array(Administrator) });
export type AdministratorList = Static<typeof AdministratorList>;

export const AdministratorCreate = Type.Object(
  {
    username: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    first_name: Type.String({ minLength: 1, maxLength: 80 }),
    last_name: Type.String({ minLength: 1, maxLength: 80 }),
    role: Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX }),
  },
  { additionalProperties: false },
);
export type AdministratorCreate = Static<typeof AdministratorCreate>;
/** The creation's and the reset's answer: the one-time password, this once. */
export const AdministratorPassword = Type.Object({
  user: Administrator,
  password: Type.String(),
});
export type AdministratorPassword = Static<typeof AdministratorPassword>;
export const AdministratorStatusChange = Type.Object(
  { status: AdminStatusSchema },
  { additionalProperties: false },
);
export type AdministratorStatusChange = Static<typeof AdministratorStatusChange>;

/** GET /api/policy/v1/rbac. */
export const RbacV1 = Type.Object({
  /** Whether the tenant's roles are enforced (docs/access.md §2). */
  enforced: Type.Boolean(),
  accounts: Type.Array(
    Type.Object({
      uid: Type.String(),
      username: Type.String(),
      role: Type.String(),
      read: Type.Array(Type.String()),
      write: Type.Array(Type.String()),
    }),
  ),
});
export type RbacV1 = Static<typeof RbacV1>;
/** POST /api/policy/v1/rbac: give an administrator a role. */
export const RbacAssign = Type.Object(
  {
    uid: Type.String({ minLength: 1, maxLength: 64 }),
    role: Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX }),
  },
  { additionalProperties: false },
);
export type RbacAssign = Static<typeof RbacAssign>;

export const Role = Type.Object({
  name: Type.String(),
  description: Type.String(),
  read: Type.Array(Type.String()),
  write: Type.Array(Type.String()),
  builtin: Type.Boolean(),
  /** The user names of the administrators who hold it. */
  holders: Type.Array(Type.String()),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Role = Static<typeof Role>;
/** GET /api/policy/v2/rbac. */
export const RoleList = Type.Object({ enforced: Type.Boolean(), roles: Type.Array(Role) });
export type RoleList = Static<typeof RoleList>;
/** POST /api/policy/v2/rbac: save a role; `create` says whether it must be new (409) or exist (404). */
export const RoleSave = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX, pattern: '\\S' }),
    description: Type.String({ maxLength: 500 }),
    read: RoleEntries,
    write: RoleEntries,
    create: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RoleSave = Static<typeof RoleSave>;

export const ADMIN_MSGS = {
  notFound: 'No such administrator in this tenant.',
  usernameTaken: 'An account with this user name exists.',
  unknownRole: 'No such role in this tenant.',
  lastFullAdmin:
    'This is the last full administrator of the tenant: give another administrator the admin role first.',
  notLocked: 'The administrator is not locked out.',
  self: 'You cannot delete or disable your own account.',
  selfReset: 'Change your own password with Change password: a reset is for another administrator.',
  beyondOwn: (what: string) => `You cannot give more than you may do yourself: ${what}.`,
} as const;

export const ROLE_MSGS = {
  builtin: (name: string) => `The built-in role ${name} cannot be changed or deleted: copy it instead.`,
  exists: (name: string) => `A role named ${name} exists.`,
  notFound: (name: string) => `No role named ${name}.`,
  inUse: (name: string, holders: readonly string[]) =>
    `The role ${name} is held by ${holders.join(', ')}: give them another role first.`,
} as const;
