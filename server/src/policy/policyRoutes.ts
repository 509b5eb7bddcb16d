/**
 * Policy (portal-core §3, §4, §7 Policy): the tenant's revision, publishing, and GET + PUT of
 * every policy document of common's policy-kind registry, built from its rows. A save goes into
 * the staged revision through the one staging transaction (`stageChange`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
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
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  policyDocPath,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import type { ConfigStore, RevisionRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';

/** Reading the revision: any policy group's read, or the dashboard's (reports show the revision). */
export const REVISION_READ = { any: [...POLICY_GROUPS.map(policyReadPermission), 'dashboard:*:read'] };
/** Publishing: any policy group's write. */
export const REVISION_PUBLISH = { any: POLICY_GROUPS.map(policyWritePermission) };

export const STALE_REVISION_MSG =
  'The policy revision has changed since it was loaded. Reload and try again.';
const NO_REVISION_MSG = 'The tenant has no policy revision.';

/**
 * Every policy save carries rev_id, state, updated_at and data (portal-core §3); a client that
 * sends the whole revision back may include its staged_rev_id. Nothing else.
 */
export const policySaveBody = (def: PolicyKindDef) =>
  Type.Object(
    {
      rev_id: Type.Integer(),
      staged_rev_id: Type.Optional(Type.Integer()),
      state: RevisionState,
      updated_at: Type.String(),
      data: def.data,
    },
    { additionalProperties: false },
  );

/** A read answers the revision it was read at and the document's fields. */
const policyDocReply = (def: PolicyKindDef) =>
  Type.Intersect([Type.Object({ rev_id: Type.Integer() }), def.data]);

export const revisionReply = (r: RevisionRecord): Revision => ({
  staged_rev_id: r.stagedRevId,
  rev_id: r.revId,
  state: r.state,
  updated_at: r.updatedAt,
});

/** A new updated_at, strictly later than the previous one (it is the optimistic-concurrency token). */
const nextUpdatedAt = (now: Date, previous: string): string =>
  new Date(Math.max(now.getTime(), (Date.parse(previous) || 0) + 1)).toISOString();

/**
 * The one way a policy change is saved (portal-core §4): in one transaction, check that the
 * caller saw the current revision (the path's rev is the staged one and updated_at matches,
 * else 409 and nothing changes), write the change into the staged revision (a new one after a
 * publish), and mark it staged with a new updated_at.
 */
async function stageChange(
  store: ConfigStore,
  now: Date,
  tid: string,
  seen: { rev: number; updatedAt: string },
  write: (tx: ConfigStore, stagedRevId: number) => Promise<void>,
): Promise<Revision> {
  return store.transaction(async (tx) => {
    const current = await tx.getRevision(tid);
    if (!current) throw new ApiHttpError(404, NO_REVISION_MSG);
    if (seen.rev !== current.stagedRevId) throw new ApiHttpError(409, STALE_REVISION_MSG, 'rev');
    if (seen.updatedAt !== current.updatedAt) throw new ApiHttpError(409, STALE_REVISION_MSG, 'updated_at');
    const stagedRevId = current.state === 'staged' ? current.stagedRevId : current.revId + 1;
    await write(tx, stagedRevId);
    const next: RevisionRecord = {
      tid,
      revId: current.revId,
      stagedRevId,
      state: 'staged',
      updatedAt: nextUpdatedAt(now, current.updatedAt),
    };
    await tx.putRevision(next);
    return revisionReply(next);
  });
}

/** A kind's document as revision `rev` sees it (its defaults when never saved). */
async function readPolicyDoc(
  store: ConfigStore,
  tid: string,
  kind: PolicyKind,
  rev: number,
): Promise<unknown> {
  const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
  const saved = await store.getPolicyDoc(tid, kind, rev, def.scope === 'policy');
  return saved ? saved.data : def.defaults;
}

export const policyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['policy'];

  const revisionOf = async (tid: string): Promise<RevisionRecord> => {
    const r = await ctx.store.getRevision(tid);
    if (!r) throw new ApiHttpError(404, NO_REVISION_MSG);
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
        };
        const note = (await readPolicyDoc(tx, s.tid, 'portal_note', current.stagedRevId)) as { note: string };
        await tx.insertPublishedRevision({
          tid: s.tid,
          revId: next.revId,
          publishedAt: next.updatedAt,
          publishedBy: s.username,
          note: note.note === '' ? null : note.note,
        });
        await tx.putRevision(next);
        return revisionReply(next);
      });
    },
  );

  for (const kind of POLICY_KINDS) {
    const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
    const url = policyDocPath(kind, ':rev');

    app.get(
      url,
      {
        config: { world: 'tenant', permission: policyReadPermission(def.group) },
        schema: {
          tags,
          summary: `${def.title} (${kind}) as revision {rev} sees it; its defaults when never saved`,
          params: RevParams,
          response: { 200: policyDocReply(def), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const data = await readPolicyDoc(ctx.store, s.tid, kind, request.params.rev);
        return { rev_id: request.params.rev, ...(data as object) };
      },
    );

    app.put(
      url,
      {
        config: { world: 'tenant', permission: policyWritePermission(def.group) },
        schema: {
          tags,
          summary: `Saves ${def.title} (${kind}) into the staged revision (state becomes staged); 409 when stale`,
          params: RevParams,
          body: policySaveBody(def),
          response: { 200: Revision, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const body = request.body as { updated_at: string; data: unknown };
        const broken = def.check?.(body.data as never);
        if (broken) throw new ApiHttpError(400, broken.message, broken.field);
        return stageChange(
          ctx.store,
          ctx.now(),
          s.tid,
          { rev: request.params.rev, updatedAt: body.updated_at },
          (tx, stagedRevId) => tx.putPolicyDoc({ tid: s.tid, kind, revId: stagedRevId, data: body.data }),
        );
      },
    );
  }
};
