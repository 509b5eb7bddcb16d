/**
 * A tenant's policy in the provider console (issue 14): its current revision with the kinds
 * saved in it, its published revisions and what changed between two of them (issue 41), as the
 * portal wrote them (read-only here).
 *
 * One of the tenant route plugins (app.ts registers each; their shared helpers are
 * tenantRouteKit.ts). Reads need `tenants:*:read` (operators and support), writes
 * `tenants:*:write` (operators only: support gets 403, a tenant session 401). Every write goes to
 * the provider's audit trail (config.audit).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  REVISIONS_DEFAULT_LIMIT,
  REVISION_VERSIONS,
  RevisionsQuery,
  TENANT_NOT_FOUND,
  TenantPolicy,
  TenantRevisionList,
} from '@workbench/common/api/contract/providerTenants';
import { ApiHttpError, errorResponses } from '../http/errors';
import { IdParams, tenantRouteKit } from './tenantRouteKit';
import { publishedWindowOf } from '../policy/publishedWindow';
import { revisionDiff } from '../policy/revisionDiff';
import { DiffQuery, PolicyDiff } from '@workbench/common/api/contract/policy';

export const tenantPolicyRoutes: FastifyPluginAsync = async (fastify) => {
  const { app, store, tags, read, item, tenantOr404 } = tenantRouteKit(fastify);

  // The tenant's policy and published revisions, as the portal wrote them (read-only here).
  app.get(
    `${item}/policy`,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's current policy revision and the kinds saved in it",
        params: IdParams,
        response: { 200: TenantPolicy, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const r = await store.revisions.get(t.tid);
      if (!r) throw new ApiHttpError(404, TENANT_NOT_FOUND);
      const kinds = new Set<string>();
      for (let rev = 1; rev <= r.stagedRevId; rev += 1)
        for (const k of await store.policyDocs.listKinds(t.tid, rev)) kinds.add(k);
      return {
        rev_id: r.revId,
        staged_rev_id: r.stagedRevId,
        state: r.state,
        updated_at: r.updatedAt,
        updated_by: r.updatedBy,
        kinds: [...kinds].sort(),
      };
    },
  );
  for (const version of REVISION_VERSIONS)
    app.get(
      `/gdmanage/api/${version}/tenants/:id/revisions`,
      {
        config: read,
        schema: {
          tags,
          summary: `The tenant's published revisions, newest first (limit default ${REVISIONS_DEFAULT_LIMIT}, offset 0), published in [from, to) when given`,
          params: IdParams,
          querystring: RevisionsQuery,
          response: { 200: TenantRevisionList, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const t = await tenantOr404(request.params.id);
        const { limit = REVISIONS_DEFAULT_LIMIT, offset = 0 } = request.query;
        const window = publishedWindowOf(request.query);
        const page = await store.revisions.listPublished(t.tid, { limit, offset }, window);
        return {
          revisions: page.map((p) => ({
            rev_id: p.revId,
            published_at: p.publishedAt,
            published_by: p.publishedBy,
            note: p.note,
            rolled_back_from: p.rolledBackFrom,
          })),
          total: await store.revisions.countPublished(t.tid, window),
          limit,
          offset,
        };
      },
    );

  // The tenant's own diff (GET /api/policy/v1/revisions/diff), every kind: the provider reads all
  // of a tenant's policy with tenants read, as its revisions above.
  app.get(
    `${item}/revisions/diff`,
    {
      config: read,
      schema: {
        tags,
        summary: "What changed from the tenant's revision `from` to its revision `to`, per kind",
        params: IdParams,
        querystring: DiffQuery,
        response: { 200: PolicyDiff, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      return revisionDiff(store, t.tid, request.query, () => true);
    },
  );
};
