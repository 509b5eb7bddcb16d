import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BulkCreateBody,
  BulkCreateReply,
  BulkDeleteBody,
  BulkDeleteReply,
  BulkModifyBody,
  BulkModifyReply,
  DomainsReply,
  DryRunQuery,
  EndUser,
  EndUserChanges,
  EndUserCreate,
  ResetPasswordBody,
  ResetPasswordReply,
  UDB_BULK_LIMIT,
  UDB_BULK_LIMIT_MSG,
  UDB_PATHS,
  UDB_READ_PERMISSION,
  UDB_REASONS,
  UDB_V2,
  UDB_WRITE_PERMISSION,
  UdbTenantsReply,
  UserListQuery,
  UserListReply,
  UsernamesQuery,
  UsernamesReply,
  bulkCreateRowProblem,
  endUserRowProblem,
  type BulkRowError,
  type EndUser as EndUserType,
} from '@workbench/common/api/contract/udb';
import { nameKey, normaliseName } from '@workbench/common/validators/controlCharacters';
import type { ConfigStore, EndUserRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { generatePassword, hashPassword } from '../security/passwords';
import { auditedChange, auditInTransaction, noteAudit } from '../audit/auditTrail';
import { checkQuota, quotaRoomOf } from '../quota/tenantQuota';

export const endUserReply = (u: EndUserRecord): EndUserType => ({
  uid: u.uid,
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  groups: u.groups,
  status: u.status,
  created_at: u.createdAt,
  updated_at: u.updatedAt,
});

export const USER_NOT_FOUND_MSG = 'No such user in this tenant.';

/** The writable fields of an API row, as given (password excluded). */
interface RowFields {
  username?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  groups?: string[];
  status?: 'active' | 'disabled';
  password?: string;
}

const cleanGroups = (groups: string[]): string[] => [...new Set(groups.map((g) => g.trim()))];

function newRecord(tid: string, row: RowFields, passwordHash: string | null, at: string): EndUserRecord {
  return {
    uid: crypto.randomUUID(),
    tid,
    username: normaliseName((row.username ?? '').trim()),
    firstName: normaliseName(row.first_name ?? ''),
    lastName: normaliseName(row.last_name ?? ''),
    email: row.email ?? '',
    groups: cleanGroups(row.groups ?? []),
    status: row.status ?? 'active',
    passwordHash,
    createdAt: at,
    updatedAt: at,
  };
}

export function applyChanges(
  u: EndUserRecord,
  c: RowFields,
  passwordHash: string | undefined,
  at: string,
): EndUserRecord {
  return {
    ...u,
    username: c.username !== undefined ? normaliseName(c.username.trim()) : u.username,
    firstName: c.first_name !== undefined ? normaliseName(c.first_name) : u.firstName,
    lastName: c.last_name !== undefined ? normaliseName(c.last_name) : u.lastName,
    email: c.email ?? u.email,
    groups: c.groups !== undefined ? cleanGroups(c.groups) : u.groups,
    status: c.status ?? u.status,
    passwordHash: passwordHash ?? u.passwordHash,
    updatedAt: at,
  };
}

const rowError = (problem: { field: string; reason: string }) =>
  new ApiHttpError(400, problem.reason, problem.field);

const checkBulkSize = (length: number): void => {
  if (length > UDB_BULK_LIMIT) throw new ApiHttpError(413, UDB_BULK_LIMIT_MSG);
};

/** A username already taken in the tenant by someone else. */
export async function usernameTaken(
  store: ConfigStore,
  tid: string,
  username: string,
  exceptUid?: string,
): Promise<boolean> {
  const other = await store.endUsers.findByUsername(tid, username.trim());
  return other !== null && other.uid !== exceptUid;
}

/**
 * The users a bulk modify or delete names, each once, in the list's order: `act` runs on each
 * user of the tenant; a uid that is not one (or is named again) becomes a row error.
 */
async function eachListedUser(
  tx: ConfigStore,
  tid: string,
  uids: readonly string[],
  act: (user: EndUserRecord) => Promise<void>,
): Promise<{ errors: BulkRowError[]; names: string[] }> {
  const errors: BulkRowError[] = [];
  const names: string[] = [];
  const done = new Set<string>();
  for (const [index, uid] of uids.entries()) {
    const u = done.has(uid) ? null : await tx.endUsers.get(tid, uid);
    if (!u) {
      errors.push({ index, uid, field: 'uid', reason: UDB_REASONS.noSuchUser(uid) });
      continue;
    }
    done.add(uid);
    await act(u);
    names.push(u.username);
  }
  return { errors, names };
}

/**
 * Bulk create (the portal's import, and the provider console's tenant users): each row checked,
 * refused rows reported with index and reason, the others written in one transaction (none when
 * a dry run).
 */
export async function bulkCreateEndUsers(
  store: ConfigStore,
  tid: string,
  rows: unknown[],
  dryRun: boolean,
  at: string,
  /** Called in the transaction once its rows are written: the import's audit event commits with them. */
  audit?: (
    tx: ConfigStore,
    created: readonly EndUserRecord[],
    errors: readonly BulkRowError[],
  ) => Promise<void>,
): Promise<{ created: EndUserRecord[]; errors: BulkRowError[] }> {
  checkBulkSize(rows.length);
  const errors: BulkRowError[] = [];
  const accepted: { index: number; row: RowFields }[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const username =
      typeof row === 'object' && row !== null && typeof (row as RowFields).username === 'string'
        ? ((row as RowFields).username as string)
        : undefined;
    const problem = bulkCreateRowProblem(row);
    if (problem) {
      errors.push({
        index,
        field: problem.field,
        reason: problem.reason,
        ...(username ? { username } : {}),
      });
      return;
    }
    const key = nameKey((username as string).trim());
    if (seen.has(key)) {
      errors.push({
        index,
        field: 'username',
        username,
        reason: UDB_REASONS.duplicateInList(username as string),
      });
      return;
    }
    seen.set(key, index);
    accepted.push({ index, row: row as RowFields });
  });
  // Hash before the transaction (scrypt is real async work; the transaction only awaits the store).
  const hashes = new Map<number, string>();
  if (!dryRun)
    for (const a of accepted) if (a.row.password) hashes.set(a.index, await hashPassword(a.row.password));
  const created = await store.transaction(async (tx) => {
    const out: EndUserRecord[] = [];
    // Rows are taken while the tenant's user quota has room; the rest are reported as refused.
    const quota = await quotaRoomOf(tx, tid, 'users');
    for (const a of accepted) {
      const username = (a.row.username as string).trim();
      if (await usernameTaken(tx, tid, username)) {
        errors.push({
          index: a.index,
          field: 'username',
          username,
          reason: UDB_REASONS.duplicate(username),
        });
        continue;
      }
      if (out.length >= quota.room) {
        errors.push({ index: a.index, field: 'username', username, reason: quota.refusal });
        continue;
      }
      const record = newRecord(tid, a.row, hashes.get(a.index) ?? null, at);
      if (!dryRun) await tx.endUsers.insert(record);
      out.push(record);
    }
    await audit?.(tx, out, errors);
    return out;
  });
  errors.sort((a, b) => a.index - b.index);
  return { created, errors };
}

/**
 * The user database (docs/sessions.md §9): the tenant's end users. Reads need settings:users:read,
 * writes settings:users:write (both held by `settings:*` roles). Every query is scoped to the
 * session's tenant: another tenant's uid is "not found". Bulk calls are all-or-report: each row is
 * checked, refused rows come back with their index and reason, the others are written in one
 * transaction.
 */
export const udbRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['user database'];
  const read = { world: 'tenant' as const, permission: UDB_READ_PERMISSION };
  /**
   * A write's access with its audit event (sub-event type users; docs/glossary.md §2), written in
   * the write's transaction.
   */
  const write = (action: string, what: string) => ({
    world: 'tenant' as const,
    permission: UDB_WRITE_PERMISSION,
    audit: { action, area: 'users', what, inTransaction: true as const },
  });
  /** At most this many usernames are named in a bulk change's object. */
  const namesOf = (names: readonly string[]) =>
    names.length <= 20 ? names.join(', ') : `${names.slice(0, 20).join(', ')} and ${names.length - 20} more`;
  const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
  const LimitOne = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1 })) });
  const nowIso = () => ctx.now().toISOString();

  app.get(
    UDB_PATHS.users,
    {
      config: read,
      schema: {
        tags,
        summary:
          "The tenant's end users: search (username, names, e-mail, groups), sort, limit/offset paging",
        querystring: UserListQuery,
        response: { 200: UserListReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const q = request.query;
      const page = await ctx.store.endUsers.list(s.tid, {
        search: q.search,
        sort: q.sort,
        order: q.order,
        limit: q.limit ?? 25,
        offset: q.offset ?? 0,
      });
      return { total: page.total, users: page.users.map(endUserReply) };
    },
  );

  app.get(
    `${UDB_V2}/users/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One end user',
        params: IdParams,
        querystring: LimitOne,
        response: { 200: EndUser, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const u = await ctx.store.endUsers.get(tenantSessionOf(request).tid, request.params.id);
      if (!u) throw new ApiHttpError(404, USER_NOT_FOUND_MSG, 'id');
      return endUserReply(u);
    },
  );

  app.post(
    UDB_PATHS.users,
    {
      config: write('add_user', 'Created a user.'),
      schema: {
        tags,
        summary: 'Creates an end user with a password; 409 when the username exists in the tenant',
        querystring: LimitOne,
        body: EndUserCreate,
        response: { 200: EndUser, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const body = request.body;
      const problem = endUserRowProblem(body, { allowPassword: true });
      if (problem) throw rowError(problem);
      const hash = await hashPassword(body.password);
      return ctx.store.transaction(async (tx) => {
        if (await usernameTaken(tx, s.tid, body.username))
          throw new ApiHttpError(409, UDB_REASONS.duplicate(body.username.trim()), 'username');
        await checkQuota(tx, s.tid, 'users');
        const record = newRecord(s.tid, body, hash, nowIso());
        await tx.endUsers.insert(record);
        const created = endUserReply(record);
        await auditInTransaction(tx, request, {
          object: record.username,
          after: created,
          details: `Created the user ${record.username}.`,
        });
        return created;
      });
    },
  );

  app.patch(
    `${UDB_V2}/users/:id`,
    {
      config: write('update', 'Modified a user.'),
      schema: {
        tags,
        summary: "Changes an end user's fields (and password when given)",
        params: IdParams,
        querystring: LimitOne,
        body: EndUserChanges,
        response: { 200: EndUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const changes = request.body;
      const problem = endUserRowProblem(changes, { partial: true, allowPassword: true });
      if (problem) throw rowError(problem);
      const hash = changes.password !== undefined ? await hashPassword(changes.password) : undefined;
      return ctx.store.transaction(async (tx) => {
        const u = await tx.endUsers.get(s.tid, request.params.id);
        if (!u) throw new ApiHttpError(404, USER_NOT_FOUND_MSG, 'id');
        if (changes.username !== undefined && (await usernameTaken(tx, s.tid, changes.username, u.uid)))
          throw new ApiHttpError(409, UDB_REASONS.duplicate(changes.username.trim()), 'username');
        const next = applyChanges(u, changes, hash, nowIso());
        await tx.endUsers.update(next);
        const after = endUserReply(next);
        await auditInTransaction(tx, request, {
          object: u.username,
          before: endUserReply(u),
          after,
          details: `Modified the user ${u.username}${changes.password !== undefined ? ' (password changed)' : ''}.`,
        });
        return after;
      });
    },
  );

  app.delete(
    `${UDB_V2}/users/:id`,
    {
      config: write('remove_user', 'Deleted a user.'),
      schema: {
        tags,
        summary: 'Deletes an end user',
        params: IdParams,
        response: { 200: Type.Object({ deleted: Type.Integer() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const tid = tenantSessionOf(request).tid;
      return auditedChange(request, async (tx) => {
        const before = await tx.endUsers.get(tid, request.params.id);
        const ok = before !== null && (await tx.endUsers.delete(tid, request.params.id));
        if (!ok) throw new ApiHttpError(404, USER_NOT_FOUND_MSG, 'id');
        noteAudit(request, {
          object: before.username,
          before: endUserReply(before),
          details: `Deleted the user ${before.username}.`,
        });
        return { deleted: 1 };
      });
    },
  );

  app.post(
    UDB_PATHS.bulkCreate,
    {
      config: write('add_user', 'Imported users.'),
      schema: {
        tags,
        summary: `Creates up to ${UDB_BULK_LIMIT} end users; refused rows come back with index and reason, the others are saved in one transaction. ?dry_run=true checks without writing.`,
        querystring: DryRunQuery,
        body: BulkCreateBody,
        response: { 200: BulkCreateReply, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const dryRun = request.query.dry_run === true;
      const { created, errors } = await bulkCreateEndUsers(
        ctx.store,
        s.tid,
        request.body.user_list,
        dryRun,
        nowIso(),
        (tx, rows, refused) =>
          auditInTransaction(tx, request, {
            skip: dryRun || rows.length === 0,
            object: namesOf(rows.map((r) => r.username)),
            after: rows.map(endUserReply),
            details: `Imported ${rows.length} user${rows.length === 1 ? '' : 's'}${refused.length > 0 ? ` (${refused.length} refused)` : ''}.`,
          }),
      );
      return { dry_run: dryRun, created: created.length, users: created.map(endUserReply), errors };
    },
  );

  app.put(
    UDB_PATHS.bulkModify,
    {
      config: write('update', 'Modified users.'),
      schema: {
        tags,
        summary: `Applies the same changes to up to ${UDB_BULK_LIMIT} end users; unknown uids come back as errors`,
        querystring: DryRunQuery,
        body: BulkModifyBody,
        response: { 200: BulkModifyReply, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const { uid_list, changes } = request.body;
      const dryRun = request.query.dry_run === true;
      checkBulkSize(uid_list.length);
      const problem = endUserRowProblem(changes, { partial: true, allowUsername: false });
      if (problem) throw new ApiHttpError(400, problem.reason, `changes.${problem.field}`);
      const at = nowIso();
      return ctx.store.transaction(async (tx) => {
        const { errors, names } = await eachListedUser(tx, s.tid, uid_list, async (u) => {
          if (!dryRun) await tx.endUsers.update(applyChanges(u, changes, undefined, at));
        });
        const modified = names.length;
        await auditInTransaction(tx, request, {
          skip: dryRun || modified === 0,
          object: namesOf(names),
          after: changes,
          details: `Modified ${modified} user${modified === 1 ? '' : 's'}.`,
        });
        return { modified, errors };
      });
    },
  );

  app.post(
    UDB_PATHS.bulkDelete,
    {
      config: write('remove_user', 'Deleted users.'),
      schema: {
        tags,
        summary: `Deletes up to ${UDB_BULK_LIMIT} end users; unknown uids come back as errors`,
        querystring: DryRunQuery,
        body: BulkDeleteBody,
        response: { 200: BulkDeleteReply, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const { uid_list } = request.body;
      const dryRun = request.query.dry_run === true;
      checkBulkSize(uid_list.length);
      return ctx.store.transaction(async (tx) => {
        const { errors, names } = await eachListedUser(tx, s.tid, uid_list, async (u) => {
          if (!dryRun) await tx.endUsers.delete(s.tid, u.uid);
        });
        const deleted = names.length;
        await auditInTransaction(tx, request, {
          skip: dryRun || deleted === 0,
          object: namesOf(names),
          details: `Deleted ${deleted} user${deleted === 1 ? '' : 's'}.`,
        });
        return { deleted, errors };
      });
    },
  );

  app.post(
    UDB_PATHS.resetPassword,
    {
      config: write('change_pwd', "Reset a user's password."),
      schema: {
        tags,
        summary:
          'Gives the end user a new generated password, returned once in the reply (this backend sends no e-mail)',
        body: ResetPasswordBody,
        response: { 200: ResetPasswordReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const username = request.body.username.trim();
      const password = generatePassword();
      const hash = await hashPassword(password);
      return ctx.store.transaction(async (tx) => {
        const u = await tx.endUsers.findByUsername(s.tid, username);
        if (!u) throw new ApiHttpError(404, USER_NOT_FOUND_MSG, 'username');
        await tx.endUsers.update({ ...u, passwordHash: hash, updatedAt: nowIso() });
        await auditInTransaction(tx, request, {
          object: u.username,
          details: `Reset the password of the user ${u.username}.`,
        });
        return { username: u.username, password };
      });
    },
  );

  app.get(
    UDB_PATHS.tenants,
    {
      config: read,
      schema: {
        tags,
        summary: "The session's tenant with its end-user count (a tenant sees only itself)",
        response: { 200: UdbTenantsReply, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return [{ tid: s.tid, name: s.tenant.name, users: await ctx.store.endUsers.count(s.tid) }];
    },
  );

  const domainsSummary = "Domains of the end users' usernames";
  app.get(
    UDB_PATHS.domains,
    {
      config: read,
      schema: { tags, summary: domainsSummary, response: { 200: DomainsReply, ...errorResponses(401, 403) } },
    },
    async (request) =>
      (await ctx.store.endUsers.listDomains(tenantSessionOf(request).tid)).map((d) => d.domain),
  );
  app.get(
    `${UDB_PATHS.domains}/:full`,
    {
      config: read,
      schema: {
        tags,
        summary: `${domainsSummary}, each with its user count (the only value of :full is 'full')`,
        params: Type.Object({ full: Type.Literal('full') }),
        response: { 200: DomainsReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ctx.store.endUsers.listDomains(tenantSessionOf(request).tid),
  );

  app.get(
    UDB_PATHS.usernames,
    {
      config: read,
      schema: {
        tags,
        summary: 'End-user usernames (optionally containing `search`), sorted; at most `limit` (default 100)',
        querystring: UsernamesQuery,
        response: { 200: UsernamesReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ctx.store.endUsers.listUsernames(
        tenantSessionOf(request).tid,
        request.query.search,
        request.query.limit ?? 100,
      ),
  );
};
