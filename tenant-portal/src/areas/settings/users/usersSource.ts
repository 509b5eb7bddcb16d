/**
 * The tenant's end users (user database) as a source of common's entity feature: the Users
 * page's list, writes and password reset go through its one watcher.
 */
import type { EntitySource, HttpClient } from '@workbench/common';
import {
  bulkDeleteUsers,
  bulkModifyUsers,
  createUser,
  listUsers,
  resetUserPassword,
  updateUser,
} from '@workbench/common/api/udb';
import {
  UDB_BULK_LIMIT,
  USER_SORT_FIELDS,
  type EndUser,
  type EndUserChanges,
  type EndUserCreate,
  type UserSortField,
} from '@workbench/common/api/contract/udb';

export const USERS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const USERS_DEFAULT_PAGE_SIZE = 25;

/** "1 user has been deleted." / "3 users have been deleted." */
export const usersChangedText = (count: number, verb: string): string =>
  count === 1 ? `1 user has been ${verb}.` : `${count} users have been ${verb}.`;

/** Runs a bulk call over the ids in batches of the bulk limit; answers the sum of their counts. */
async function inBatches(ids: string[], run: (batch: string[]) => Promise<number>): Promise<number> {
  let count = 0;
  for (let i = 0; i < ids.length; i += UDB_BULK_LIMIT) count += await run(ids.slice(i, i + UDB_BULK_LIMIT));
  return count;
}

export const RESET_PASSWORD = 'resetPassword';

export const usersSource: EntitySource<EndUser, EndUserCreate, EndUserChanges> = {
  name: 'users',
  idOf: (u) => u.uid,
  defaultQuery: { search: '', sort: 'username', order: 'asc', page: 0, pageSize: USERS_DEFAULT_PAGE_SIZE },
  sortFields: USER_SORT_FIELDS,
  async list(http, q) {
    const reply = await listUsers(http, {
      search: q.search || undefined,
      sort: q.sort as UserSortField,
      order: q.order,
      limit: q.pageSize,
      offset: q.page * q.pageSize,
    });
    return { rows: reply.users, total: reply.total };
  },
  create: (http, body) => createUser(http, body),
  // An edit that changes nothing sends nothing.
  update: async (http, uid, changes) =>
    Object.keys(changes).length > 0 ? updateUser(http, uid, changes) : null,
  remove: (http, uids) => inBatches(uids, async (batch) => (await bulkDeleteUsers(http, batch)).deleted),
  modify: (http, uids, changes) =>
    inBatches(uids, async (batch) => (await bulkModifyUsers(http, batch, changes)).modified),
  commands: {
    /** The command's id is the username (the reset call names the user by it); answers the new password. */
    [RESET_PASSWORD]: async (http: HttpClient, username: string) =>
      (await resetUserPassword(http, username)).password,
  },
  messages: {
    created: (u) => `The user ${u.username} has been added.`,
    updated: (username) => `The user ${username} has been saved.`,
    removed: (count) => usersChangedText(count, 'deleted'),
    modified: (count, changes) =>
      usersChangedText(count, changes.status === 'active' ? 'enabled' : 'disabled'),
  },
};
