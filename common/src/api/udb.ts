/** User database calls (docs/sessions.md §9 User database): the tenant's end users. */
import {
  UDB_PATHS,
  type BulkChanges,
  type BulkCreateReply,
  type BulkDeleteReply,
  type BulkModifyReply,
  type DomainCount,
  type EndUser,
  type EndUserChanges,
  type EndUserCreate,
  type EndUserFields,
  type ResetPasswordReply,
  type UdbTenantsReply,
  type UserListQuery,
  type UserListReply,
} from './contract/udb';
import type { HttpClient } from './http';

export async function listUsers(http: HttpClient, query: UserListQuery = {}): Promise<UserListReply> {
  const r = await http.get<UserListReply>(UDB_PATHS.users, { callName: 'listUsers', params: query });
  return r.data;
}

export async function getUser(http: HttpClient, uid: string): Promise<EndUser> {
  const r = await http.get<EndUser>(UDB_PATHS.user(uid), { callName: 'getUser', params: { limit: 1 } });
  return r.data;
}

export async function createUser(http: HttpClient, user: EndUserCreate): Promise<EndUser> {
  const r = await http.post<EndUser>(UDB_PATHS.users, user, { callName: 'createUser', params: { limit: 1 } });
  return r.data;
}

export async function updateUser(http: HttpClient, uid: string, changes: EndUserChanges): Promise<EndUser> {
  const r = await http.patch<EndUser>(UDB_PATHS.user(uid), changes, {
    callName: 'updateUser',
    params: { limit: 1 },
  });
  return r.data;
}

export async function deleteUser(http: HttpClient, uid: string): Promise<void> {
  await http.delete(UDB_PATHS.user(uid), { callName: 'deleteUser' });
}

/** At most UDB_BULK_LIMIT rows; refused rows come back in `errors` with their index and reason. */
export async function bulkCreateUsers(
  http: HttpClient,
  userList: (EndUserFields & { password?: string })[],
  options: { dryRun?: boolean } = {},
): Promise<BulkCreateReply> {
  const r = await http.post<BulkCreateReply>(
    UDB_PATHS.bulkCreate,
    { user_list: userList },
    { callName: 'bulkCreateUsers', params: options.dryRun ? { dry_run: true } : undefined },
  );
  return r.data;
}

export async function bulkModifyUsers(
  http: HttpClient,
  uidList: string[],
  changes: BulkChanges,
): Promise<BulkModifyReply> {
  const r = await http.put<BulkModifyReply>(
    UDB_PATHS.bulkModify,
    { uid_list: uidList, changes },
    { callName: 'bulkModifyUsers' },
  );
  return r.data;
}

export async function bulkDeleteUsers(http: HttpClient, uidList: string[]): Promise<BulkDeleteReply> {
  const r = await http.post<BulkDeleteReply>(
    UDB_PATHS.bulkDelete,
    { uid_list: uidList },
    { callName: 'bulkDeleteUsers' },
  );
  return r.data;
}

export async function resetUserPassword(http: HttpClient, username: string): Promise<ResetPasswordReply> {
  const r = await http.post<ResetPasswordReply>(
    UDB_PATHS.resetPassword,
    { username },
    { callName: 'resetUserPassword' },
  );
  return r.data;
}

export async function listUdbTenants(http: HttpClient): Promise<UdbTenantsReply> {
  const r = await http.get<UdbTenantsReply>(UDB_PATHS.tenants, { callName: 'listUdbTenants' });
  return r.data;
}

export async function listDomains(http: HttpClient): Promise<string[]> {
  const r = await http.get<string[]>(UDB_PATHS.domains, { callName: 'listDomains' });
  return r.data;
}

export async function listDomainCounts(http: HttpClient): Promise<DomainCount[]> {
  const r = await http.get<DomainCount[]>(`${UDB_PATHS.domains}/full`, { callName: 'listDomainCounts' });
  return r.data;
}

export async function listUsernames(http: HttpClient, search?: string, limit?: number): Promise<string[]> {
  const r = await http.get<string[]>(UDB_PATHS.usernames, {
    callName: 'listUsernames',
    params: { search, limit },
  });
  return r.data;
}
