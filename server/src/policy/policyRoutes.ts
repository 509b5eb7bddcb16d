/**
 * Policy (portal-core §3, §4, §7 Policy): the tenant's revision, publishing, and GET + PUT of
 * every policy document of common's policy-kind registry, built from its rows. A save goes into
 * the staged revision through the one staging transaction (`stageChange`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { POLICY_KIND_GROUPS } from '@workbench/common/api/contract/policyKinds';
import {
  POLICY_PATHS,
  PublishReply,
  RevParams,
  Revision,
} from '@workbench/common/api/contract/policy';
import type { RevisionRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { policyKindRoutes } from './policyKindRoutes';
import {
  NO_REVISION_MSG,
  STALE_REVISION_MSG,
  currentRevision,
  nextUpdatedAt,
  readPolicyDoc,
  revisionReply,
} from './revisionStaging';

export { STALE_REVISION_MSG } from './revisionStaging';

/** Reading the revision: any policy group's read, or the dashboard's (reports show the revision). */
export const REVISION_READ = { any: [...POLICY_KIND_GROUPS.map((g) => `${g}:*:read`), 'dashboard:*:read'] };
/** Publishing: any policy group's write. */
export const REVISION_PUBLISH = { any: POLICY_KIND_GROUPS.map((g) => `${g}:*:write`) };

export const policyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['policy'];

  app.get(
    POLICY_PATHS.rules,
    {
      config: { world: 'tenant', permission: REVISION_READ },
      schema: {
        tags,
        summary: "The tenant's current policy revision",
        querystring: Type.Object({ timestamp: Type.Optional(Type.String()) }),
        response: { 200: Revision, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => revisionReply(await currentRevision(ctx.store, tenantSessionOf(request).tid)),
  );

  app.post(
    `${POLICY_PATHS.rules}/:rev`,
    {
      config: { world: 'tenant', permission: REVISION_PUBLISH },
      schema: {
        tags,
        summary:
          'Publishes the staged revision; {} and no change when nothing is staged; 409 for a stale rev',
        params: RevParams,
        response: { 200: PublishReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return ctx.store.transaction(async (tx) => {
        const current = await tx.getRevision(s.tid);
        if (!current) throw new ApiHttpError(404, NO_REVISION_MSG);
        if (request.params.rev !== current.stagedRevId)
          throw new ApiHttpError(409, STALE_REVISION_MSG, 'rev');
        if (current.state !== 'staged') return {};
        const next: RevisionRecord = {
          tid: s.tid,
          revId: current.stagedRevId,
          stagedRevId: current.stagedRevId,
          state: 'new',
          updatedAt: nextUpdatedAt(ctx.now(), current.updatedAt),
          updatedBy: s.username,
        };
        const note = (await readPolicyDoc(tx, s.tid, 'portal_note', current.stagedRevId)) as { note: string };
        await tx.insertPublishedRevision({
          tid: s.tid,
          revId: next.revId,
          publishedAt: next.updatedAt,
          publishedBy: s.username,
          note: note.note === '' ? null : note.note,
          rolledBackFrom: null,
        });
        await tx.putRevision(next);
        return revisionReply(next);
      });
    },
  );

  await app.register(policyKindRoutes);
};
