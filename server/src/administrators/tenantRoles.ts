/**
 * The rules of a tenant's administrators and roles (docs/administrators.md), shared by the
 * administrator routes and the role routes: which role an account holds, the role of a name
 * (built-in or the tenant's own), who holds a role, what a caller may give, and that a change
 * never leaves the tenant without an active full administrator.
 */
import {
  ADMIN_MSGS,
  BUILTIN_ROLES,
  CUSTOM_ROLE_LABEL,
  isBuiltinRole,
  isFullAdministrator,
  type Administrator,
  type Role,
} from '@workbench/common/api/contract/administrators';
import type { AccessController } from '@workbench/common/features/rbac/permissions';
import { ApiHttpError } from '../http/errors';
import type { ConfigStore, TenantRoleRecord, UserRecord } from '../store/ConfigStore';
import { mfaStateOf } from '../auth/mfaRoutes';

export interface ResolvedRole {
  name: string;
  description: string;
  read: string[];
  write: string[];
  builtin: boolean;
  updatedAt: string | null;
}

const BUILTIN_DESCRIPTIONS: Record<keyof typeof BUILTIN_ROLES, string> = {
  admin: 'Full administrator: every area, read and write.',
  auditor: 'Reads every area except the DLP logs; changes nothing.',
  logs: 'Reads the dashboard, the logs and the reports; changes nothing.',
};

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export const builtinRole = (name: keyof typeof BUILTIN_ROLES): ResolvedRole => ({
  name,
  description: BUILTIN_DESCRIPTIONS[name],
  read: [...BUILTIN_ROLES[name].read],
  write: [...BUILTIN_ROLES[name].write],
  builtin: true,
  updatedAt: null,
});

const fromRecord = (r: TenantRoleRecord): ResolvedRole => ({
  name: r.name,
  description: r.description,
  read: r.read,
  write: r.write,
  builtin: false,
  updatedAt: r.updatedAt,
});

/** Every role of the tenant: the built-in ones first, then its own by name. */
export async function tenantRoles(store: ConfigStore, tid: string): Promise<ResolvedRole[]> {
  return [
    ...Object.keys(BUILTIN_ROLES).map((n) => builtinRole(n as keyof typeof BUILTIN_ROLES)),
    ...(await store.roles.list(tid)).map(fromRecord),
  ];
}

/** The role of that name in the tenant; null when there is none. */
export async function roleNamed(store: ConfigStore, tid: string, name: string): Promise<ResolvedRole | null> {
  if (isBuiltinRole(name)) return builtinRole(name);
  const r = await store.roles.get(tid, name);
  return r ? fromRecord(r) : null;
}

/**
 * The role an account holds: its recorded name, else the built-in role its lists equal (accounts
 * made before roles had names), else `custom`.
 */
export function roleNameOf(user: UserRecord): string {
  if (user.role) return user.role;
  const hit = Object.entries(BUILTIN_ROLES).find(
    ([, r]) => sameList(r.read, user.roles.read) && sameList(r.write, user.roles.write),
  );
  return hit?.[0] ?? CUSTOM_ROLE_LABEL;
}

/** The user names of the tenant's accounts holding the role. */
export const holdersOf = (users: readonly UserRecord[], name: string): string[] =>
  users.filter((u) => roleNameOf(u) === name).map((u) => u.username);

export const roleReply = (r: ResolvedRole, users: readonly UserRecord[]): Role => ({
  name: r.name,
  description: r.description,
  read: [...r.read],
  write: [...r.write],
  builtin: r.builtin,
  holders: holdersOf(users, r.name),
  updated_at: r.updatedAt,
});

/**
 * Whether a granted permission covers a wanted one: `*` in the grant covers any segment, but a
 * `*` in the wanted one only a `*` (the guard's permissionMatches is symmetric, which suits a
 * route's need, not a grant).
 */
function covers(granted: string, wanted: string): boolean {
  if (granted === '*:*') return true;
  const g = granted.split(':');
  const w = wanted.split(':');
  for (let i = 0; i < Math.max(g.length, w.length); i += 1) {
    const a = g[i] ?? '*';
    if (a !== '*' && a !== (w[i] ?? '*')) return false;
  }
  return true;
}

/**
 * 403 naming `field` when the lists give more than the caller holds: nobody makes or hands out a
 * role beyond their own (else settings:roles:write alone would lead to `*:*`). A tenant whose roles
 * are not enforced lets everyone do everything, so there is nothing beyond.
 */
export function checkWithinOwn(
  access: AccessController,
  lists: { read: readonly string[]; write: readonly string[] },
  field: string,
): void {
  if (!access.enforced) return;
  const wanted = [...lists.read.map((e) => `${e}:read`), ...lists.write.map((e) => `${e}:write`)];
  const beyond = wanted.filter((w) => !access.permissions.some((g) => covers(g, w)));
  if (beyond.length > 0) throw new ApiHttpError(403, ADMIN_MSGS.beyondOwn(beyond.join(', ')), field);
}

/**
 * 409 when the change would leave the tenant without an active full administrator. `after` says
 * what an account becomes (null: deleted); the check locks the tenant's administrators and
 * reads the accounts in the caller's transaction.
 */
export async function keepAFullAdministrator(
  tx: ConfigStore,
  tid: string,
  after: (u: UserRecord) => UserRecord | null,
  field: string,
): Promise<void> {
  const full = (u: UserRecord | null) =>
    u !== null && u.status !== 'disabled' && isFullAdministrator(u.roles);
  // Two changes of different administrators would each see the other still full (PostgreSQL's
  // read committed): the second waits here until the first's transaction ends.
  await tx.lockTenantAdministrators(tid);
  const users = await tx.users.list(tid);
  const before = users.filter(full).length;
  const remaining = users.map(after).filter(full).length;
  if (before > 0 && remaining === 0) throw new ApiHttpError(409, ADMIN_MSGS.lastFullAdmin, field);
}

/** The tenant's administrators as GET list_users answers them. */
export async function administratorList(
  store: ConfigStore,
  tid: string,
  now: number,
): Promise<Administrator[]> {
  const [users, mfa, locked] = await Promise.all([
    store.users.list(tid),
    store.mfa.list(tid),
    store.loginFailures.lockedNow('tenant', now),
  ]);
  const mfaOf = new Map(mfa.map((m) => [m.uid, m]));
  return users.map((u) => administratorReply(u, mfaStateOf(mfaOf.get(u.uid) ?? null).enrolled_since, locked));
}

export const administratorReply = (
  u: UserRecord,
  mfaSince: string | null,
  locked: ReadonlySet<string>,
): Administrator => ({
  uid: u.uid,
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  role: roleNameOf(u),
  status: u.status ?? 'active',
  locked: locked.has(u.username.toLowerCase()),
  show_change_password: u.showChangePassword,
  mfa_enrolled_since: mfaSince,
});
