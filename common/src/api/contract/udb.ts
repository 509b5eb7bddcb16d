/**
 * User database (docs/sessions.md §9 "User database"): the tenant's END users, the people who browse
 * through the service. A separate table from the portal's admin accounts. One source of truth
 * for the server's validation, its OpenAPI and the client's types.
 */
import { nameCharacterMessage, nameForbiddenCharacter } from '../../validators/controlCharacters';
import { Type, type Static } from 'typebox';

export const UDB_V1 = '/api/udb-rest/v1';
export const UDB_V2 = '/api/udb-rest/v2';

export const UDB_PATHS = {
  domains: `${UDB_V1}/domains`,
  usernames: `${UDB_V1}/usernames`,
  users: `${UDB_V2}/users`,
  user: (id: string) => `${UDB_V2}/users/${encodeURIComponent(id)}`,
  bulkModify: `${UDB_V2}/tenants/bulkusermodify`,
  bulkDelete: `${UDB_V2}/tenants/bulkuserdelete`,
  bulkCreate: `${UDB_V2}/tenants/bulkusercreate`,
  resetPassword: `${UDB_V2}/reset_password`,
  tenants: `${UDB_V2}/tenants`,
} as const;

/** Permissions the server checks (RBAC entry `settings:users`, or `settings:*`). */
export { UDB_READ_PERMISSION, UDB_WRITE_PERMISSION } from './settingsPermissions';

/** Rows per bulk call; more is refused with 413 and UDB_BULK_LIMIT_MSG. */
export const UDB_BULK_LIMIT = 500;
export const UDB_BULK_LIMIT_MSG = `At most ${UDB_BULK_LIMIT} rows per call; send the list in smaller batches.`;
export const UDB_MAX_PAGE = 1000;
export const UDB_TEXT_MAX = 200;

export const END_USER_STATUSES = ['active', 'disabled'] as const;
export const EndUserStatus = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);
export type EndUserStatus = Static<typeof EndUserStatus>;

/** Field names in import files and forms, in column order. */
export const END_USER_FIELDS = ['username', 'first_name', 'last_name', 'email', 'groups', 'status'] as const;
export type EndUserField = (typeof END_USER_FIELDS)[number];

export const EndUser = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  groups: Type.Array(Type.String()),
  status: EndUserStatus,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type EndUser = Static<typeof EndUser>;

/** Writable fields. Values are checked by the server's row rules (names the field on failure). */
export const EndUserFields = Type.Object(
  {
    username: Type.String(),
    first_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    groups: Type.Optional(Type.Array(Type.String())),
    status: Type.Optional(EndUserStatus),
  },
  { additionalProperties: false },
);
export type EndUserFields = Static<typeof EndUserFields>;

/** A new user: the writable fields plus the password (the same fields, so one list to keep). */
export const EndUserCreate = Type.Object(
  { password: Type.String(), ...EndUserFields.properties },
  { additionalProperties: false },
);
export type EndUserCreate = Static<typeof EndUserCreate>;

export const EndUserChanges = Type.Object(
  {
    username: Type.Optional(Type.String()),
    first_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    groups: Type.Optional(Type.Array(Type.String())),
    status: Type.Optional(EndUserStatus),
    password: Type.Optional(Type.String()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type EndUserChanges = Static<typeof EndUserChanges>;

/** Changes a bulk modify may apply to many users at once (no username, no password). */
export const BulkChanges = Type.Object(
  {
    first_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    groups: Type.Optional(Type.Array(Type.String())),
    status: Type.Optional(EndUserStatus),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type BulkChanges = Static<typeof BulkChanges>;

export const USER_SORT_FIELDS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'status',
  'created_at',
] as const;
export const UserSortField = Type.Union([
  Type.Literal('username'),
  Type.Literal('first_name'),
  Type.Literal('last_name'),
  Type.Literal('email'),
  Type.Literal('status'),
  Type.Literal('created_at'),
]);
export type UserSortField = Static<typeof UserSortField>;

/** Paging offsets stop here (far beyond any tenant's user count; keeps 1e20 away from the store). */
export const UDB_MAX_OFFSET = 1_000_000_000;

export const UserListQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: UDB_TEXT_MAX })),
    sort: Type.Optional(UserSortField),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: UDB_MAX_PAGE })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: UDB_MAX_OFFSET })),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

export const UserListReply = Type.Object({ total: Type.Integer(), users: Type.Array(EndUser) });
export type UserListReply = Static<typeof UserListReply>;

/** A refused row of a bulk call: its 0-based index in the list, the field at fault when one is. */
export const BulkRowError = Type.Object({
  index: Type.Integer(),
  reason: Type.String(),
  field: Type.Optional(Type.String()),
  username: Type.Optional(Type.String()),
  uid: Type.Optional(Type.String()),
});
export type BulkRowError = Static<typeof BulkRowError>;

export const BulkCreateBody = Type.Object(
  { user_list: Type.Array(Type.Unknown()) },
  { additionalProperties: false },
);
export type BulkCreateBody = Static<typeof BulkCreateBody>;
export const BulkCreateReply = Type.Object({
  dry_run: Type.Boolean(),
  created: Type.Integer(),
  users: Type.Array(EndUser),
  errors: Type.Array(BulkRowError),
});
export type BulkCreateReply = Static<typeof BulkCreateReply>;

export const BulkModifyBody = Type.Object(
  { uid_list: Type.Array(Type.String()), changes: BulkChanges },
  { additionalProperties: false },
);
export type BulkModifyBody = Static<typeof BulkModifyBody>;
export const BulkModifyReply = Type.Object({ modified: Type.Integer(), errors: Type.Array(BulkRowError) });
export type BulkModifyReply = Static<typeof BulkModifyReply>;

export const BulkDeleteBody = Type.Object(
  { uid_list: Type.Array(Type.String()) },
  { additionalProperties: false },
);
export type BulkDeleteBody = Static<typeof BulkDeleteBody>;
export const BulkDeleteReply = Type.Object({ deleted: Type.Integer(), errors: Type.Array(BulkRowError) });
export type BulkDeleteReply = Static<typeof BulkDeleteReply>;

export const DryRunQuery = Type.Object(
  { dry_run: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const ResetPasswordBody = Type.Object({ username: Type.String() }, { additionalProperties: false });
/** The new one-time password is returned once (this backend sends no e-mail). */
export const ResetPasswordReply = Type.Object({ username: Type.String(), password: Type.String() });
export type ResetPasswordReply = Static<typeof ResetPasswordReply>;

export const UdbTenant = Type.Object({ tid: Type.String(), name: Type.String(), users: Type.Integer() });
export const UdbTenantsReply = Type.Array(UdbTenant);
export type UdbTenantsReply = Static<typeof UdbTenantsReply>;

export const DomainCount = Type.Object({ domain: Type.String(), users: Type.Integer() });
/** GET /domains: the names; GET /domains/full: each with its user count. */
export const DomainsReply = Type.Union([Type.Array(Type.String()), Type.Array(DomainCount)]);
export type DomainCount = Static<typeof DomainCount>;

export const UsernamesQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: UDB_TEXT_MAX })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: UDB_MAX_PAGE })),
  },
  { additionalProperties: false },
);
export const UsernamesReply = Type.Array(Type.String());

// ---------------------------------------------------------------------------------------------
// Row rules: the same checks on the server (each row of a bulk call, each single write) and in
// the portal (forms, import preview). A failure names the field and says why.
// ---------------------------------------------------------------------------------------------

/** Characters a user name must not contain (docs/shared-ui.md §10 [invalidUserName]). */
const USER_NAME_FORBIDDEN = /[!<\\\s'"]/;
/** Characters a password must not contain (docs/shared-ui.md §10 [invalidPassword]). */
const PASSWORD_FORBIDDEN = /[!\\\s']/;
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const END_USER_PASSWORD_MIN = 8;

export interface RowProblem {
  field: string;
  reason: string;
}

export const UDB_REASONS = {
  required: (field: string) => `${field} is required.`,
  notText: (field: string) => `${field} must be text.`,
  tooLong: (field: string) => `${field} must be at most ${UDB_TEXT_MAX} characters.`,
  lineBreaks: (field: string) => `${field} must not contain line breaks.`,
  userName:
    'username must be a name like user@domain, without ! < \\ whitespace or quotes (invalidUserName).',
  email: 'email is not a valid e-mail address (invalidEmail).',
  status: `status must be one of: ${END_USER_STATUSES.join(', ')}.`,
  groups: 'groups must be a list of non-empty group names.',
  password: `password must be at least ${END_USER_PASSWORD_MIN} characters, without ! \\ whitespace or single quote (invalidPassword).`,
  unknownField: (field: string) => `${field} is not an allowed field.`,
  notObject: 'The row must be an object of user fields.',
  duplicateInList: (username: string) => `username ${username} appears more than once in the list.`,
  duplicate: (username: string) => `username ${username} already exists.`,
  noSuchUser: (uid: string) => `No such user: ${uid}.`,
} as const;

const textProblem = (field: string, value: unknown, required: boolean): RowProblem | null => {
  if (value === undefined || value === null || value === '')
    return required ? { field, reason: UDB_REASONS.required(field) } : null;
  if (typeof value !== 'string') return { field, reason: UDB_REASONS.notText(field) };
  if (required && value.trim() === '') return { field, reason: UDB_REASONS.required(field) };
  if (value.length > UDB_TEXT_MAX) return { field, reason: UDB_REASONS.tooLong(field) };
  if (/[\r\n]/.test(value)) return { field, reason: UDB_REASONS.lineBreaks(field) };
  return null;
};

/** A name (username, first or last name) with an invisible or control character (issue 38). */
const nameCharacterProblem = (field: string, value: unknown): RowProblem | null => {
  const character = typeof value === 'string' ? nameForbiddenCharacter(value) : null;
  return character === null ? null : { field, reason: nameCharacterMessage(field, character) };
};

export const userNameProblem = (value: unknown): RowProblem | null => {
  const p = textProblem('username', value, true);
  if (p) return p;
  const v = value as string;
  // The spec's rule first (a tab is whitespace: invalidUserName), then the invisible and control
  // characters it does not name.
  if (USER_NAME_FORBIDDEN.test(v) || !/^[^@]+@[^@]+$/.test(v))
    return { field: 'username', reason: UDB_REASONS.userName };
  return nameCharacterProblem('username', value);
};

export const passwordProblem = (value: unknown): RowProblem | null => {
  const p = textProblem('password', value, true);
  if (p) return p;
  const v = value as string;
  if (v.length < END_USER_PASSWORD_MIN || PASSWORD_FORBIDDEN.test(v))
    return { field: 'password', reason: UDB_REASONS.password };
  return null;
};

/**
 * The first problem of a user row (create: username required; changes: only present fields), or
 * null. `allowPassword` lets a row carry an optional password.
 */
export function endUserRowProblem(
  row: unknown,
  options: { partial?: boolean; allowPassword?: boolean; allowUsername?: boolean } = {},
): RowProblem | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    return { field: 'row', reason: UDB_REASONS.notObject };
  const r = row as Record<string, unknown>;
  const allowed = new Set<string>(END_USER_FIELDS);
  if (options.allowPassword) allowed.add('password');
  if (options.allowUsername === false) allowed.delete('username');
  for (const key of Object.keys(r))
    if (!allowed.has(key)) return { field: key, reason: UDB_REASONS.unknownField(key) };
  if (!options.partial || r.username !== undefined) {
    const p = userNameProblem(r.username);
    if (p) return p;
  }
  for (const field of ['first_name', 'last_name'] as const) {
    const p = textProblem(field, r[field], false) ?? nameCharacterProblem(field, r[field]);
    if (p) return p;
  }
  if (r.email !== undefined && r.email !== '') {
    const p = textProblem('email', r.email, false);
    if (p) return p;
    if (!EMAIL.test(r.email as string)) return { field: 'email', reason: UDB_REASONS.email };
  }
  if (r.groups !== undefined) {
    const g = r.groups;
    if (
      !Array.isArray(g) ||
      g.some((x) => typeof x !== 'string' || x.trim() === '' || x.length > UDB_TEXT_MAX)
    )
      return { field: 'groups', reason: UDB_REASONS.groups };
  }
  if (r.status !== undefined && !(END_USER_STATUSES as readonly unknown[]).includes(r.status))
    return { field: 'status', reason: UDB_REASONS.status };
  if (r.password !== undefined) return passwordProblem(r.password);
  return null;
}

/**
 * The first problem of a bulkusercreate row (a new user, an optional password): the server's
 * check of each row, and the import wizard's before Next, so both give the same reason.
 */
export const bulkCreateRowProblem = (row: unknown): RowProblem | null =>
  endUserRowProblem(row, { allowPassword: true });
