/**
 * A tenant's users in the provider console (issue 14): the user database the portal manages
 * (its end users), a page searched, bulk create, and one user read, changed or deleted.
 *
 * One of the tenant route plugins (app.ts registers each; their shared helpers are
 * tenantRouteKit.ts). Reads need `tenants:*:read` (operators and support), writes
 * `tenants:*:write` (operators only: support gets 403, a tenant session 401). Every write goes to
 * the provider's audit trail (config.audit).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { TenantUserList } from '@workbench/common/api/contract/providerTenants';
import {
  BulkCreateBody,
  BulkCreateReply,
  DryRunQuery,
  EndUser,
  EndUserChanges,
  UDB_REASONS,
  endUserRowProblem,
} from '@workbench/common/api/contract/udb';
import { ApiHttpError, errorResponses } from '../http/errors';
import { auditInTransaction, auditedChange, noteAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import {
  USER_NOT_FOUND_MSG,
  applyChanges,
  bulkCreateEndUsers,
  endUserReply,
  usernameTaken,
} from '../udb/udbRoutes';
import { IdParams, UserParams, tenantRouteKit } from './tenantRouteKit';

const UserPage = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const tenantUserRoutes: FastifyPluginAsync = async (fastify) => {
  const { app, store, tags, read, write, users, nowIso, tenantOr404 } = tenantRouteKit(fastify);

  // The tenant's users: the user database the portal manages (its end users).

  const userOr404 = async (tid: string, uid: string, on: ConfigStore = store) => {
    const u = await on.endUsers.get(tid, uid);
    if (!u) throw new ApiHttpError(404, USER_NOT_FOUND_MSG);
    return u;
  };
  app.get(
    users,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's users: a page, searched",
        params: IdParams,
        querystring: UserPage,
        response: { 200: TenantUserList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await tenantOr404(request.params.id);
      const { limit = 25, offset = 0, search } = request.query;
      const page = await store.endUsers.list(request.params.id, {
        limit,
        offset,
        search,
        sort: 'username',
        order: 'asc',
      });
      return { users: page.users.map(endUserReply), total: page.total };
    },
  );
  app.post(
    `${users}/bulk`,
    {
      config: write('add_user', "Created a tenant's users.", 'users', true),
      schema: {
        tags,
        summary:
          'Bulk user create: refused rows come back with index and reason, the others are saved together',
        params: IdParams,
        // ?dry_run=true: the import wizard's processing step (rows checked, nothing saved).
        querystring: DryRunQuery,
        body: BulkCreateBody,
        response: { 200: BulkCreateReply, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const dryRun = request.query.dry_run === true;
      const { created, errors } = await bulkCreateEndUsers(
        store,
        t.tid,
        request.body.user_list,
        dryRun,
        nowIso(),
        (tx, rows) =>
          auditInTransaction(tx, request, {
            skip: dryRun || rows.length === 0,
            object: t.name,
            after: rows.map(endUserReply),
            details: `Created ${rows.length} user${rows.length === 1 ? '' : 's'} of ${t.name}.`,
          }),
      );
      return { dry_run: dryRun, created: created.length, users: created.map(endUserReply), errors };
    },
  );
  app.get(
    `${users}/:uid`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One user of the tenant',
        params: UserParams,
        response: { 200: EndUser, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      endUserReply(await userOr404((await tenantOr404(request.params.id)).tid, request.params.uid)),
  );
  app.put(
    `${users}/:uid`,
    {
      config: write('update', "Modified a tenant's user.", 'users', true),
      schema: {
        tags,
        summary: "Changes a user's fields",
        params: UserParams,
        body: EndUserChanges,
        response: { 200: EndUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      auditedChange(request, async (tx) => {
        const t = await tenantOr404(request.params.id, tx);
        const u = await userOr404(t.tid, request.params.uid, tx);
        const problem = endUserRowProblem(request.body, { partial: true });
        if (problem) throw new ApiHttpError(400, problem.reason, problem.field);
        const name = request.body.username;
        if (name !== undefined && (await usernameTaken(tx, t.tid, name, u.uid)))
          throw new ApiHttpError(409, UDB_REASONS.duplicate(name), 'username');
        const next = applyChanges(u, request.body, undefined, nowIso());
        await tx.endUsers.update(next);
        noteAudit(request, {
          object: `${t.name}: ${next.username}`,
          before: endUserReply(u),
          after: endUserReply(next),
        });
        return endUserReply(next);
      }),
  );
  app.delete(
    `${users}/:uid`,
    {
      config: write('remove_user', "Deleted a tenant's user.", 'users', true),
      schema: {
        tags,
        summary: 'Deletes a user of the tenant',
        params: UserParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await auditedChange(request, async (tx) => {
        const t = await tenantOr404(request.params.id, tx);
        const u = await userOr404(t.tid, request.params.uid, tx);
        await tx.endUsers.delete(t.tid, u.uid);
        noteAudit(request, { object: `${t.name}: ${u.username}`, before: endUserReply(u) });
      });
      return reply.code(204).send(null);
    },
  );
};
