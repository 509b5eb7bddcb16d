/**
 * The connectivity test (issue 34 point 8; docs/contact.md §2): the sites to test,
 * each served here on the server's own origin (`/connectivity/site/{id}/status`, answering at once
 * with no body, so the browser's no-cors fetch reaches a real server and its timing is the round
 * trip), the results of a run stored per tenant (rows of the config store's entity table) and the
 * last runs, and the auth server's sign-in check (`success` true or false; never a 401, which would
 * sign the portal out).
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CONNECTIVITY_DUPLICATE_SITE,
  CONNECTIVITY_PATHS,
  CONNECTIVITY_RUNS_SHOWN,
  CONNECTIVITY_SITES,
  CONNECTIVITY_SITE_IDS,
  CONNECTIVITY_SITE_STATUS_ROUTE,
  ConnectivityResultsBody,
  ConnectivityRun,
  ConnectivityRuns,
  ConnectivitySites,
  SAFEVIEW_LOGIN_OTHER_ACCOUNT,
  SafeviewLoginBody,
  SafeviewLoginReply,
  connectivitySiteStatusPath,
} from '@workbench/common/api/contract/connectivity';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { verifyPassword } from '../security/passwords';
import { loginRateLimitConfig } from '../security/loginRateLimit';

/** The config store's entity of the runs (one row per run, its id a UUID). */
export const CONNECTIVITY_ENTITY = 'connectivity_runs';

export const connectivityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['connectivity'];
  // Every signed-in administrator may test (the page sits under Contact Us, which needs login only).
  const signedIn = { world: 'tenant' as const, permission: null, sessionOnly: true };

  app.get(
    CONNECTIVITY_PATHS.sites,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The sites the browser tests, each fetched no-cors with a testId',
        response: { 200: ConnectivitySites, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      data: CONNECTIVITY_SITE_IDS.map((id) => ({
        id,
        ...CONNECTIVITY_SITES[id],
        url: connectivitySiteStatusPath(id),
      })),
    }),
  );

  app.get(
    CONNECTIVITY_SITE_STATUS_ROUTE,
    {
      // A site a browser reaches before anything else: no session, nothing read or kept.
      config: { world: 'public' },
      schema: {
        tags,
        summary: "A test site's status: 204 at once (the connectivity test times the round trip)",
        params: Type.Object({ id: Type.Enum(CONNECTIVITY_SITE_IDS) }),
        querystring: Type.Object(
          { testId: Type.Optional(Type.String({ maxLength: 64 })) },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), ...errorResponses(400) },
      },
    },
    async (_request, reply) => reply.code(204).send(null),
  );

  app.post(
    CONNECTIVITY_PATHS.results,
    {
      config: {
        ...signedIn,
        audit: {
          action: 'create',
          area: 'connectivity',
          what: 'Ran a connectivity test.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary: "Stores a run's results (one per site) for the tenant",
        body: ConnectivityResultsBody,
        response: { 201: ConnectivityRun, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const s = tenantSessionOf(request);
      const { test_id, results } = request.body;
      const seen = new Set<string>();
      results.forEach((r, i) => {
        if (seen.has(r.site_id))
          throw new ApiHttpError(400, CONNECTIVITY_DUPLICATE_SITE, `results.${i}.site_id`);
        seen.add(r.site_id);
      });
      const run: ConnectivityRun = {
        id: crypto.randomUUID(),
        test_id,
        ran_at: ctx.now().toISOString(),
        ran_by: s.username,
        results: results.map((r) => ({ ...r, duration_ms: Math.round(r.duration_ms * 10) / 10 })),
      };
      const failed = run.results.filter((r) => !r.passed).length;
      // The run and its audit event commit together.
      await auditedChange(request, async (tx) => {
        await tx.entities.insert({
          entity: CONNECTIVITY_ENTITY,
          id: run.id,
          data: { ...run, tid: s.tid },
          createdAt: run.ran_at,
          updatedAt: run.ran_at,
        });
        noteAudit(request, {
          object: test_id,
          after: run,
          details: `Ran a connectivity test: ${run.results.length - failed} of ${run.results.length} sites reached.`,
        });
      });
      return reply.code(201).send(run);
    },
  );

  app.get(
    CONNECTIVITY_PATHS.results,
    {
      config: signedIn,
      schema: {
        tags,
        summary: `The tenant's last ${CONNECTIVITY_RUNS_SHOWN} connectivity runs, newest first`,
        response: { 200: ConnectivityRuns, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { records } = await ctx.store.entities.newest(
        CONNECTIVITY_ENTITY,
        { tid: tenantSessionOf(request).tid },
        { limit: CONNECTIVITY_RUNS_SHOWN },
      );
      return { data: records.map((r) => r.data as unknown as ConnectivityRun) };
    },
  );

  app.post(
    CONNECTIVITY_PATHS.authLogin,
    {
      config: {
        ...signedIn,
        // A password check: the sign-in calls' budget per address (security/loginRateLimit.ts).
        rateLimit: loginRateLimitConfig(ctx),
        audit: { exempt: 'a check of the signed-in account’s own password; nothing changes' },
      },
      schema: {
        tags,
        summary: "Checks the auth server accepts the signed-in account's credentials: success true or false",
        body: SafeviewLoginBody,
        response: { 200: SafeviewLoginReply, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      if (request.body.username.trim().toLowerCase() !== s.username.toLowerCase())
        throw new ApiHttpError(400, SAFEVIEW_LOGIN_OTHER_ACCOUNT, 'username');
      return { success: await verifyPassword(request.body.password, s.user.passwordHash) };
    },
  );
};
