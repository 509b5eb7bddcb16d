/**
 * Saved searches of the logs area (issue 4): named filter sets, kept per tenant and user.
 * GET lists the caller's own; POST saves one (name 1–100 characters after trimming, unique per
 * user case-insensitively → 409 field name; the route's logs permission is needed); DELETE removes
 * one of the caller's own (another user's or tenant's id → 404, nothing changes).
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_NAME_TAKEN,
  SAVED_SEARCH_NOT_FOUND,
  SAVED_SEARCH_PATHS,
  SavedSearch,
  SavedSearchIdParams,
  SavedSearchInput,
  SavedSearchList,
} from '@workbench/common/api/contract/savedSearches';
import { LOG_ROUTES, logReadPermission } from '@workbench/common/vocabularies/logTypes';
import type { SavedSearchRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses, forbiddenMessage } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';

/** Any logs permission lets a user keep saved searches. */
export const SAVED_SEARCH_PERMISSION = { any: LOG_ROUTES.map((r) => logReadPermission(r)) };
export const SAVED_SEARCH_NAME_EMPTY = 'The name must not be empty.';

const reply = (r: SavedSearchRecord): SavedSearch => ({
  id: r.id,
  name: r.name,
  route: r.route,
  query: r.query,
  created_at: r.createdAt,
});

export const savedSearchRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['logs'];

  app.get(
    SAVED_SEARCH_PATHS.list,
    {
      config: { world: 'tenant', permission: SAVED_SEARCH_PERMISSION },
      schema: {
        tags,
        summary: "The caller's saved searches, by name",
        response: { 200: SavedSearchList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return { saved_searches: (await ctx.store.savedSearches.list(s.tid, s.uid)).map(reply) };
    },
  );

  app.post(
    SAVED_SEARCH_PATHS.list,
    {
      config: {
        world: 'tenant',
        permission: SAVED_SEARCH_PERMISSION,
        audit: { action: 'create', area: 'saved_searches', what: 'Saved a search.', inTransaction: true },
      },
      schema: {
        tags,
        summary: `Saves a named filter set (name 1–${SAVED_SEARCH_NAME_MAX} characters, unique per user)`,
        body: SavedSearchInput,
        response: { 200: SavedSearch, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const name = request.body.name.trim();
      if (!name) throw new ApiHttpError(400, SAVED_SEARCH_NAME_EMPTY, 'name');
      const permission = logReadPermission(request.body.route);
      if (!s.access.can(permission)) throw new ApiHttpError(403, forbiddenMessage(permission));
      const query = request.body.query.replace(/^\?/, '');
      const record: SavedSearchRecord = {
        id: crypto.randomUUID(),
        tid: s.tid,
        uid: s.uid,
        name,
        route: request.body.route,
        query,
        createdAt: ctx.now().toISOString(),
      };
      // The search and its audit event commit together.
      return auditedChange(request, async (tx) => {
        if (!(await tx.savedSearches.insert(record)))
          throw new ApiHttpError(409, SAVED_SEARCH_NAME_TAKEN, 'name');
        const saved = reply(record);
        noteAudit(request, { object: name, after: saved, details: `Saved the search ${name}.` });
        return saved;
      });
    },
  );

  app.delete(
    `${SAVED_SEARCH_PATHS.list}/:id`,
    {
      config: {
        world: 'tenant',
        permission: SAVED_SEARCH_PERMISSION,
        audit: {
          action: 'delete',
          area: 'saved_searches',
          what: 'Deleted a saved search.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary: "Deletes one of the caller's saved searches",
        params: SavedSearchIdParams,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return auditedChange(request, async (tx) => {
        const before = (await tx.savedSearches.list(s.tid, s.uid)).find((r) => r.id === request.params.id);
        if (!before || !(await tx.savedSearches.delete(s.tid, s.uid, request.params.id))) {
          throw new ApiHttpError(404, SAVED_SEARCH_NOT_FOUND, 'id');
        }
        noteAudit(request, {
          object: before.name,
          before: reply(before),
          details: `Deleted the saved search ${before.name}.`,
        });
        return { deleted: true };
      });
    },
  );
};
