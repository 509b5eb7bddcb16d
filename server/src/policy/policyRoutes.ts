/**
 * Policy revisions (docs/policy.md §2, §2, §4 Policy; issue 12): the tenant's revision, publishing,
 * and what the reference server adds: discard, rollback, the history of published revisions,
 * the diff between any two revisions and the policy tester. The documents themselves (GET + PUT
 * per kind of common's registry) are in policyKindRoutes.ts; every change to the staged
 * revision goes through revisionStaging.ts and is audited (policyAudit.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  POLICY_KIND_GROUPS,
  POLICY_KIND_REGISTRY,
  REVISION_READ,
  policyKindReadPermission,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import {
  DiffQuery,
  POLICY_PATHS,
  PolicyDiff,
  PolicyReadQuery,
  PublishBody,
  PublishReply,
  RevParams,
  Revision,
  RevisionSeen,
  RevisionsPage,
  RevisionsQuery,
  REVISIONS_PAGE_DEFAULT,
  SETUP_PUBLISHER,
  TesterReply,
  TesterRequest,
  type PublishedRevision,
} from '@workbench/common/api/contract/policy';
import type { PublishedRevisionRecord, RevisionRecord } from '../store/ConfigStore';
import { publishedWindowOf } from './publishedWindow';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { policyKindRoutes } from './policyKindRoutes';
import { casbEgressRoutes } from './casbEgressRoutes';
import {
  assertCurrent,
  currentRevision,
  nextUpdatedAt,
  readPolicyDoc,
  revisionReply,
  stageChange,
} from './revisionStaging';
import { AUDIT_AREA, POLICY_AUDIT, recordPolicyAudit, type PolicyAuditEntry } from './policyAudit';
import { deepEqual } from './policyDiff';
import { NOT_A_REVISION_MSG, POLICY_DOC_KINDS, revisionDiff } from './revisionDiff';
import { restoreVersions } from './policyMigrations';
import { areasOf, publishRevision } from './publishRevision';
import { decideWebRequest } from './webPolicyDecision';
import { categoryDecisionNames, categoryVersionAt, webPolicyAt } from './webDeciders';
import { siteCategory } from './reference/siteCategories';
import { safemailWhitelistRoutes } from './safemailWhitelistRoutes';
import { named } from '../http/namedPlugin';
import { approvalsOfPublished, assertPublishAllowed } from './publishApproval';

export { STALE_REVISION_MSG } from './revisionStaging';

/** Reading the revision: any policy group's read, or the dashboard's (common's rule, the portal's too). */
export { REVISION_READ };
/** Publishing, discarding, rolling back: any policy group's write. */
export const REVISION_PUBLISH = { any: POLICY_KIND_GROUPS.map((g) => `${g}:*:write`) };
/** The history and the diff: any policy group's read (the diff shows only kinds the caller may read). */
export const HISTORY_READ = { any: POLICY_KIND_GROUPS.map((g) => `${g}:*:read`) };
/** The policy tester decides with the web policy. */
export const TESTER_PERMISSION = 'web_policy:*:read';

export const NOT_PUBLISHED_MSG = (rev: number) => `Revision ${rev} was never published.`;
export { NOT_A_REVISION_MSG };
export const BAD_TESTER_URL_MSG = 'url must be an http or https URL.';

const publishedReply = (p: PublishedRevisionRecord): PublishedRevision => ({
  rev_id: p.revId,
  published_at: p.publishedAt,
  published_by: p.publishedBy,
  comment: p.note,
  rolled_back_from: p.rolledBackFrom,
});

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
        querystring: PolicyReadQuery,
        response: { 200: Revision, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => revisionReply(await currentRevision(ctx.store, tenantSessionOf(request).tid)),
  );

  app.post(
    `${POLICY_PATHS.rules}/:rev`,
    {
      config: { world: 'tenant', permission: REVISION_PUBLISH, audit: POLICY_AUDIT },
      schema: {
        tags,
        summary:
          'Publishes the staged revision, with an optional comment; {} and no change when nothing is staged; 409 when stale',
        params: RevParams,
        body: PublishBody,
        response: { 200: PublishReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
      // The spec's publish carries no body (docs/policy.md §3): none reads as {}.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const body = request.body;
      const reply = await ctx.store.transaction(async (tx) => {
        const current = await currentRevision(tx, s.tid);
        assertCurrent(current, { rev: request.params.rev, updatedAt: body.updated_at ?? current.updatedAt });
        // Publishing posts only when the state is staged; otherwise nothing changes (docs/policy.md §2).
        if (current.state !== 'staged') return {};
        // With two-person approval on, a publish goes through an approval request (approvalRoutes.ts).
        await assertPublishAllowed(tx, s.tid);
        const note = (await readPolicyDoc(tx, s.tid, 'portal_note', current.stagedRevId)) as { note: string };
        const published = await publishRevision(tx, {
          tid: s.tid,
          revId: current.stagedRevId,
          at: nextUpdatedAt(ctx.now(), current.updatedAt),
          by: s.username,
          comment: body.comment?.trim() || note.note.trim() || null,
          rolledBackFrom: current.rolledBackFrom ?? null,
        });
        await recordPolicyAudit(tx, ctx, request, s, published.audit);
        return revisionReply(published.revision);
      });
      return reply;
    },
  );

  app.post(
    '/api/policy/v1/rules/:rev/discard',
    {
      config: { world: 'tenant', permission: REVISION_PUBLISH, audit: POLICY_AUDIT },
      schema: {
        tags,
        summary:
          "Drops the staged revision's changes (state new again); no change when nothing is staged; 409 when stale",
        params: RevParams,
        body: RevisionSeen,
        response: { 200: Revision, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const audit: PolicyAuditEntry[] = [];
      const reply = await ctx.store.transaction(async (tx) => {
        const current = await currentRevision(tx, s.tid);
        assertCurrent(current, {
          rev: request.params.rev,
          updatedAt: request.body.updated_at,
          revId: request.body.rev_id,
        });
        if (current.state !== 'staged') return revisionReply(current);
        for (const area of await areasOf(tx, s.tid, current.stagedRevId))
          audit.push({
            action: 'delete',
            area,
            details: `Discarded the changes staged in revision ${current.stagedRevId}.`,
            object: `revision ${current.stagedRevId}`,
          });
        await tx.policyDocs.deleteRevision(s.tid, current.stagedRevId);
        const next: RevisionRecord = {
          tid: s.tid,
          revId: current.revId,
          stagedRevId: current.revId,
          state: 'new',
          updatedAt: nextUpdatedAt(ctx.now(), current.updatedAt),
          updatedBy: s.username,
          rolledBackFrom: null,
        };
        await tx.revisions.put(next);
        await recordPolicyAudit(tx, ctx, request, s, audit);
        return revisionReply(next);
      });
      return reply;
    },
  );

  app.post(
    '/api/policy/v1/revisions/:rev/rollback',
    {
      config: { world: 'tenant', permission: REVISION_PUBLISH, audit: POLICY_AUDIT },
      schema: {
        tags,
        summary:
          'Stages a copy of published revision {rev} (replacing what is staged); review and publish as usual; 409 when stale',
        params: RevParams,
        body: RevisionSeen,
        response: { 200: Revision, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const target = request.params.rev;
      const current = await currentRevision(ctx.store, s.tid);
      if (target > current.revId || !(await ctx.store.revisions.getPublished(s.tid, target)))
        throw new ApiHttpError(404, NOT_PUBLISHED_MSG(target), 'rev');
      const areas = new Set<string>();
      const reply = await stageChange(
        ctx.store,
        ctx.now(),
        s.tid,
        s.username,
        { rev: current.stagedRevId, updatedAt: request.body.updated_at, revId: request.body.rev_id },
        async (tx, stagedRevId, seen) => {
          await tx.policyDocs.deleteRevision(s.tid, stagedRevId);
          // The staged revision reads the published documents until changed: write only what differs.
          for (const kind of POLICY_DOC_KINDS) {
            const wanted = await readPolicyDoc(tx, s.tid, kind, target);
            const published = await readPolicyDoc(tx, s.tid, kind, seen.revId);
            if (deepEqual(wanted, published)) continue;
            await tx.policyDocs.put({ tid: s.tid, kind, revId: stagedRevId, data: wanted });
            areas.add(AUDIT_AREA[(POLICY_KIND_REGISTRY[kind] as PolicyKindDef).group]);
          }
          // The category and content versions go back with the documents that use them.
          await restoreVersions(tx, s.tid, { target, published: seen.revId, staged: stagedRevId });
          await recordPolicyAudit(
            tx,
            ctx,
            request,
            s,
            [...(areas.size ? areas : new Set(['web_policy']))].map((area) => ({
              action: 'rollback' as const,
              area,
              details: `Staged a rollback to revision ${target} in revision ${stagedRevId}.`,
              object: `revision ${target}`,
            })),
          );
        },
        { rolledBackFrom: target },
      );
      return reply;
    },
  );

  app.get(
    POLICY_PATHS.revisions,
    {
      config: { world: 'tenant', permission: HISTORY_READ },
      schema: {
        tags,
        summary:
          'Published revisions, newest first (limit default 25, offset 0), published in [from, to) when given, and the current revision',
        querystring: RevisionsQuery,
        response: { 200: RevisionsPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const limit = request.query.limit ?? REVISIONS_PAGE_DEFAULT;
      const offset = request.query.offset ?? 0;
      const window = publishedWindowOf(request.query);
      const [current, total, items] = await Promise.all([
        currentRevision(ctx.store, s.tid),
        ctx.store.revisions.countPublished(s.tid, window),
        ctx.store.revisions.listPublished(s.tid, { limit, offset }, window),
      ]);
      const approvals = await approvalsOfPublished(
        ctx.store,
        s.tid,
        items.map((p) => p.revId),
      );
      const replies = await Promise.all(
        items.map(async (p): Promise<PublishedRevision> => {
          const approved = approvals.get(p.revId);
          if (approved && approved.decided_by)
            return {
              ...publishedReply(p),
              approval: { requested_by: approved.requested_by, approved_by: approved.decided_by },
            };
          // The provider's publishes (set-up, rollouts) name the server or an operator.
          const byProvider =
            p.publishedBy === SETUP_PUBLISHER || (await ctx.store.operators.get(p.publishedBy)) !== null;
          return byProvider ? { ...publishedReply(p), approval: 'provider' } : publishedReply(p);
        }),
      );
      return { total, items: replies, current: revisionReply(current) };
    },
  );

  app.get(
    POLICY_PATHS.diff,
    {
      config: { world: 'tenant', permission: HISTORY_READ },
      schema: {
        tags,
        summary: 'What changed from revision `from` to revision `to`, per kind the caller may read',
        querystring: DiffQuery,
        response: { 200: PolicyDiff, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return revisionDiff(ctx.store, s.tid, request.query, (kind) =>
        s.access.can(policyKindReadPermission(kind)),
      );
    },
  );

  app.post(
    POLICY_PATHS.tester,
    {
      config: {
        world: 'tenant',
        permission: TESTER_PERMISSION,
        audit: { exempt: 'asks what the policy would decide for a request; changes nothing' },
      },
      schema: {
        tags,
        summary:
          'Decides a request with the staged and the published web policy: the action and the deciding rule',
        body: TesterRequest,
        response: { 200: TesterReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const body = request.body;
      let url: URL;
      try {
        url = new URL(body.url);
      } catch {
        throw new ApiHttpError(400, BAD_TESTER_URL_MSG, 'url');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new ApiHttpError(400, BAD_TESTER_URL_MSG, 'url');
      const req = {
        url,
        user: body.user,
        groups: body.groups,
        risk: body.risk,
        time: body.time ? new Date(body.time) : ctx.now(),
        userAgent: body.user_agent,
        sourceIp: body.source_ip,
        destIp: body.dest_ip,
      };
      const current = await currentRevision(ctx.store, s.tid);
      const decide = async (rev: number) => {
        const version = await categoryVersionAt(ctx.store, s.tid, rev);
        const names = categoryDecisionNames(version);
        // No category given: the category database says what the site is, in this revision's tree.
        const { id, domain, source } =
          body.category_id === undefined
            ? { ...siteCategory(url.hostname, version), source: 'lookup' as const }
            : { id: body.category_id, domain: null, source: 'request' as const };
        const name = names.category?.(id) ?? `Category ${id}`;
        return {
          rev_id: rev,
          category: { id, name, source, domain },
          ...decideWebRequest(await webPolicyAt(ctx.store, s.tid, rev), { ...req, categoryId: id }, names),
        };
      };
      return { staged: await decide(current.stagedRevId), published: await decide(current.revId) };
    },
  );

  await app.register(named(policyKindRoutes));
  await app.register(named(safemailWhitelistRoutes));
  await app.register(named(casbEgressRoutes));
};
