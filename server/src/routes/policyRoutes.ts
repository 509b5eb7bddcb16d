import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import {
  POLICY_GROUPS,
  policyReadPermission,
  policyWritePermission,
} from '@workbench/common/vocabularies/policyGroups';
import {
  POLICY_PATHS,
  PublishReply,
  RevParams,
  Revision,
  RevisionState,
} from '@workbench/common/api/contract/policy';
import type { RevisionRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';

/** Reading the revision: any policy group's read, or the dashboard's (reports show the revision). */
export const REVISION_READ = { any: [...POLICY_GROUPS.map(policyReadPermission), 'dashboard:*:read'] };
/** Publishing: any policy group's write. */
export const REVISION_PUBLISH = { any: POLICY_GROUPS.map(policyWritePermission) };
export const PORTAL_NOTE_READ = 'web_policy:*:read';
export const PORTAL_NOTE_WRITE = 'web_policy:*:write';
export const PORTAL_NOTE_MAX_LENGTH = 500;

export const PORTAL_NOTE_PATH = (rev: number | string) => `${POLICY_PATHS.rules}/portal_note/${rev}`;

export const STALE_REVISION_MSG =
  'The policy revision has changed since it was loaded. Reload and try again.';

/** The "portal_note" policy kind: a note operators attach to the staged revision. */
export const PortalNote = Type.Object({ note: Type.String({ maxLength: PORTAL_NOTE_MAX_LENGTH }) });
export const PortalNoteSave = Type.Object({
  rev_id: Type.Integer(),
  state: RevisionState,
  updated_at: Type.String(),
  data: PortalNote,
});
export type PortalNoteSave = Static<typeof PortalNoteSave>;
export const PortalNoteReply = Type.Object({ rev_id: Type.Integer(), note: Type.String() });

export const revisionReply = (r: RevisionRecord): Revision => ({
  staged_rev_id: r.stagedRevId,
  rev_id: r.revId,
  state: r.state,
  updated_at: r.updatedAt,
});

/** A new updated_at, strictly later than the previous one (it is the optimistic-concurrency token). */
const nextUpdatedAt = (now: Date, previous: string): string =>
  new Date(Math.max(now.getTime(), (Date.parse(previous) || 0) + 1)).toISOString();

export const policyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['policy'];

  const revisionOf = async (tid: string): Promise<RevisionRecord> => {
    const r = await ctx.store.getRevision(tid);
    if (!r) throw new ApiHttpError(404, 'The tenant has no policy revision.');
    return r;
  };

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
    async (request) => revisionReply(await revisionOf(tenantSessionOf(request).tid)),
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
        if (!current) throw new ApiHttpError(404, 'The tenant has no policy revision.');
        if (request.params.rev !== current.stagedRevId)
          throw new ApiHttpError(409, STALE_REVISION_MSG, 'rev');
        if (current.state !== 'staged') return {};
        const next: RevisionRecord = {
          tid: s.tid,
          revId: current.stagedRevId,
          stagedRevId: current.stagedRevId,
          state: 'new',
          updatedAt: nextUpdatedAt(ctx.now(), current.updatedAt),
        };
        const note = await tx.getRevisionNote(s.tid, current.stagedRevId);
        await tx.insertPublishedRevision({
          tid: s.tid,
          revId: next.revId,
          publishedAt: next.updatedAt,
          publishedBy: s.username,
          note: note?.note ?? null,
        });
        await tx.putRevision(next);
        return revisionReply(next);
      });
    },
  );

  app.get(
    PORTAL_NOTE_PATH(':rev'),
    {
      config: { world: 'tenant', permission: PORTAL_NOTE_READ },
      schema: {
        tags,
        summary: 'The portal note of a revision (empty when none was saved)',
        params: RevParams,
        response: { 200: PortalNoteReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const note = await ctx.store.getRevisionNote(s.tid, request.params.rev);
      return { rev_id: request.params.rev, note: note?.note ?? '' };
    },
  );

  app.put(
    PORTAL_NOTE_PATH(':rev'),
    {
      config: { world: 'tenant', permission: PORTAL_NOTE_WRITE },
      schema: {
        tags,
        summary: 'Saves the portal note into the staged revision (state becomes staged); 409 when stale',
        params: RevParams,
        body: PortalNoteSave,
        response: { 200: Revision, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return ctx.store.transaction(async (tx) => {
        const current = await tx.getRevision(s.tid);
        if (!current) throw new ApiHttpError(404, 'The tenant has no policy revision.');
        if (request.params.rev !== current.stagedRevId)
          throw new ApiHttpError(409, STALE_REVISION_MSG, 'rev');
        if (request.body.updated_at !== current.updatedAt) {
          throw new ApiHttpError(409, STALE_REVISION_MSG, 'updated_at');
        }
        const stagedRevId = current.state === 'staged' ? current.stagedRevId : current.revId + 1;
        const next: RevisionRecord = {
          tid: s.tid,
          revId: current.revId,
          stagedRevId,
          state: 'staged',
          updatedAt: nextUpdatedAt(ctx.now(), current.updatedAt),
        };
        await tx.putRevisionNote({ tid: s.tid, revId: stagedRevId, note: request.body.data.note });
        await tx.putRevision(next);
        return revisionReply(next);
      });
    },
  );
};
