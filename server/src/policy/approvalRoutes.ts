/**
 * Two-person approval of a publish (docs/policy-impact.md §2). A request is a row of the config
 * store (entity APPROVAL_ENTITY) holding the staged revision and its updated_at as submitted.
 *
 * - Submit (a policy writer): the staged revision as reviewed, with a comment; an earlier pending
 *   request of the tenant is voided by it.
 * - Approve (POLICY_APPROVE_PERMISSION, never the requester): in one transaction, a compare-and-set
 *   of the request row from pending to approved (its updated_at, as the scheduler's claim) and the
 *   publish (publishRevision, the one path); of two approvals at once, on one server or two, one
 *   wins the row and publishes, the other answers 409 and publishes nothing.
 * - Reject (an approver; the requester may withdraw their own) with a reason.
 * - A request whose staged revision changed after submission is void: settled (written void and
 *   audited, as changed by whoever changed the revision) when it is next read or decided.
 * Every step is in the audit trail (area policy_approval). With the setting on, the publish route
 * refuses (assertPublishAllowed); provider-initiated publishes call publishRevision themselves and
 * never meet it, and the history says so (approvalOfPublished).
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  APPROVAL_MESSAGES,
  APPROVAL_PATHS,
  ApprovalDecision,
  ApprovalList,
  ApprovalParams,
  ApprovalRejection,
  ApprovalRequest,
  ApprovalSubmit,
  POLICY_APPROVE_PERMISSION,
} from '@workbench/common/api/contract/publishApproval';
import { REVISION_READ } from '@workbench/common/api/contract/policyKinds';
import type { ConfigStore, EntityRecord, RevisionRecord } from '../store/ConfigStore';
import type { ServerContext, TenantSession } from '../context';
import { updatedAtAfter } from '../store/repositories/entities';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { writeAudit, type AuditEntry } from '../audit/auditTrail';
import { assertCurrent, currentRevision, nextUpdatedAt, readPolicyDoc } from './revisionStaging';
import { publishRevision } from './publishRevision';
import { POLICY_AUDIT } from './policyAudit';
import { REVISION_PUBLISH } from './policyRoutes';
import { APPROVAL_ENTITY, approvalRequired, storedOf, type Stored } from './publishApproval';

export const APPROVAL_AREA = 'policy_approval';
/** Requests the list answers, newest first. */
export const APPROVAL_LIST_MAX = 50;

const replyOf = ({ tid: _tid, ...r }: Stored): ApprovalRequest => r;

/** The staged revision is no longer the one submitted. */
const isStale = (r: Stored, current: RevisionRecord): boolean =>
  current.state !== 'staged' || current.stagedRevId !== r.staged_rev_id || current.updatedAt !== r.updated_at;

/** Writes the request (compare-and-set on the row's updated_at); false when another writer came first. */
async function putRequest(tx: ConfigStore, record: EntityRecord, next: Stored, now: Date): Promise<boolean> {
  return tx.entities.update(
    {
      ...record,
      data: next as unknown as Record<string, unknown>,
      updatedAt: updatedAtAfter(now, record.updatedAt),
    },
    record.updatedAt,
  );
}

const auditOf = (r: Stored, userid: string, action: string, details: string): AuditEntry => ({
  tid: r.tid,
  userid,
  action,
  area: APPROVAL_AREA,
  details,
  object: `revision ${r.staged_rev_id}`,
});

/**
 * A pending request whose staged revision changed: written void (when this reader wins the row),
 * with its audit entry in `audit`. Answers the request as it now is.
 */
async function settle(
  tx: ConfigStore,
  record: EntityRecord,
  current: RevisionRecord,
  now: Date,
  audit: AuditEntry[],
): Promise<Stored> {
  const r = storedOf(record);
  if (r.status !== 'pending' || !isStale(r, current)) return r;
  const voided: Stored = {
    ...r,
    status: 'void',
    decided_by: null,
    decided_at: now.toISOString(),
    reason: APPROVAL_MESSAGES.voided,
  };
  if (await putRequest(tx, record, voided, now))
    audit.push(
      auditOf(
        r,
        current.updatedBy ?? r.requested_by,
        'delete',
        `Voided the approval request of revision ${r.staged_rev_id}: the staged revision changed after it was submitted.`,
      ),
    );
  return voided;
}

async function requestOf(tx: ConfigStore, tid: string, id: string): Promise<EntityRecord> {
  const record = await tx.entities.get(APPROVAL_ENTITY, id);
  if (!record || storedOf(record).tid !== tid) throw new ApiHttpError(404, APPROVAL_MESSAGES.notFound, 'id');
  return record;
}

/** The entries gathered in a transaction, written at its end: committed with the changes they record, or neither. */
async function audited(
  tx: ConfigStore,
  ctx: ServerContext,
  request: FastifyRequest,
  audit: readonly AuditEntry[],
): Promise<void> {
  await writeAudit(tx, ctx, request, audit);
}

/** A decision's common path: the row, its checks, the compare-and-set; `then` runs in the same transaction. */
async function decide(
  ctx: ServerContext,
  request: FastifyRequest,
  s: TenantSession,
  id: string,
  outcome: 'approved' | 'rejected',
  reason: string,
  audit: AuditEntry[],
  then: (tx: ConfigStore, r: Stored, current: RevisionRecord) => Promise<void>,
): Promise<ApprovalRequest> {
  const now = ctx.now();
  // A void found on the way is written (and audited) even though the decision is refused.
  let refusal: ApiHttpError | null = null;
  const reply = await ctx.store.transaction(async (tx) => {
    const record = await requestOf(tx, s.tid, id);
    const current = await currentRevision(tx, s.tid);
    const r = await settle(tx, record, current, now, audit);
    if (r.status === 'void' && storedOf(record).status === 'pending') {
      refusal = new ApiHttpError(409, APPROVAL_MESSAGES.voided, 'id');
      await audited(tx, ctx, request, audit);
      return replyOf(r);
    }
    if (r.status !== 'pending') throw new ApiHttpError(409, APPROVAL_MESSAGES.notPending(r.status), 'id');
    if (outcome === 'rejected' && reason.trim() === '')
      throw new ApiHttpError(400, APPROVAL_MESSAGES.reasonNeeded, 'reason');
    if (outcome === 'approved' && r.requested_by.toLowerCase() === s.username.toLowerCase())
      throw new ApiHttpError(403, APPROVAL_MESSAGES.ownRequest, 'id');
    const next: Stored = {
      ...r,
      status: outcome,
      decided_by: s.username,
      decided_at: now.toISOString(),
      reason: reason.trim(),
    };
    // Another approval (on this server or another) won the row: nothing is published twice.
    if (!(await putRequest(tx, record, next, now)))
      throw new ApiHttpError(409, APPROVAL_MESSAGES.notPending('decided already'), 'id');
    audit.push(
      auditOf(
        r,
        s.username,
        'update',
        `${outcome === 'approved' ? 'Approved' : 'Rejected'} the publish of revision ${r.staged_rev_id} requested by ${r.requested_by}${next.reason ? `: ${next.reason}` : '.'}`,
      ),
    );
    await then(tx, next, current);
    await audited(tx, ctx, request, audit);
    return replyOf(next);
  });
  if (refusal) throw refusal;
  return reply;
}

export const approvalRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['policy'];

  app.get(
    APPROVAL_PATHS.list,
    {
      config: { world: 'tenant', permission: REVISION_READ },
      schema: {
        tags,
        summary:
          "The tenant's publish approval requests, newest first, and whether its setting requires approval",
        response: { 200: ApprovalList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const audit: AuditEntry[] = [];
      const requests = await ctx.store.transaction(async (tx) => {
        const current = await currentRevision(tx, s.tid);
        const { records } = await tx.entities.newest(
          APPROVAL_ENTITY,
          { tid: s.tid },
          { limit: APPROVAL_LIST_MAX },
        );
        const out: ApprovalRequest[] = [];
        for (const record of records) {
          const r = await settle(tx, record, current, ctx.now(), audit);
          out.push({ ...replyOf(r), own: r.requested_by.toLowerCase() === s.username.toLowerCase() });
        }
        await audited(tx, ctx, request, audit);
        return out;
      });
      return { required: await approvalRequired(ctx.store, s.tid), requests };
    },
  );

  app.post(
    APPROVAL_PATHS.list,
    {
      config: {
        world: 'tenant',
        permission: REVISION_PUBLISH,
        audit: { byHandler: 'the submission and the requests it voids are written by approvalRoutes.ts' },
      },
      schema: {
        tags,
        summary: 'Submits the staged revision for a second administrator’s approval, with a comment',
        body: ApprovalSubmit,
        response: { 200: ApprovalRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const body = request.body;
      const now = ctx.now();
      const audit: AuditEntry[] = [];
      const reply = await ctx.store.transaction(async (tx) => {
        const current = await currentRevision(tx, s.tid);
        if (current.state !== 'staged')
          throw new ApiHttpError(409, APPROVAL_MESSAGES.nothingStaged, 'staged_rev_id');
        assertCurrent(current, { rev: body.staged_rev_id, updatedAt: body.updated_at });
        const { records } = await tx.entities.newest(
          APPROVAL_ENTITY,
          { tid: s.tid, status: 'pending' },
          { limit: APPROVAL_LIST_MAX },
        );
        for (const record of records) {
          const old = storedOf(record);
          const replaced: Stored = {
            ...old,
            status: 'void',
            decided_by: s.username,
            decided_at: now.toISOString(),
            reason: 'A new request replaced it.',
          };
          if (await putRequest(tx, record, replaced, now))
            audit.push(
              auditOf(
                old,
                s.username,
                'delete',
                `Voided the approval request of revision ${old.staged_rev_id}: a new request replaced it.`,
              ),
            );
        }
        const created: Stored = {
          id: crypto.randomUUID(),
          tid: s.tid,
          rev_id: current.revId,
          staged_rev_id: current.stagedRevId,
          updated_at: current.updatedAt,
          status: 'pending',
          requested_by: s.username,
          requested_at: now.toISOString(),
          comment: body.comment.trim(),
          decided_by: null,
          decided_at: null,
          reason: '',
        };
        await tx.entities.insert({
          entity: APPROVAL_ENTITY,
          id: created.id,
          data: created as unknown as Record<string, unknown>,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        });
        audit.push(
          auditOf(
            created,
            s.username,
            'create',
            `Submitted revision ${created.staged_rev_id} for approval: ${created.comment}`,
          ),
        );
        await audited(tx, ctx, request, audit);
        return replyOf(created);
      });
      return reply;
    },
  );

  app.post(
    APPROVAL_PATHS.approve(':id'),
    {
      config: { world: 'tenant', permission: POLICY_APPROVE_PERMISSION, audit: POLICY_AUDIT },
      schema: {
        tags,
        summary:
          'Approves a pending request and publishes its revision, once across servers; never the requester’s own; 409 when void or decided',
        params: ApprovalParams,
        body: ApprovalDecision,
        response: { 200: ApprovalRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const audit: AuditEntry[] = [];
      return decide(
        ctx,
        request,
        s,
        request.params.id,
        'approved',
        request.body.reason,
        audit,
        async (tx, r, current) => {
          const note = (await readPolicyDoc(tx, s.tid, 'portal_note', current.stagedRevId)) as {
            note: string;
          };
          const published = await publishRevision(tx, {
            tid: s.tid,
            revId: current.stagedRevId,
            at: nextUpdatedAt(ctx.now(), current.updatedAt),
            by: r.requested_by,
            comment: r.comment || note.note.trim() || null,
            rolledBackFrom: current.rolledBackFrom ?? null,
          });
          audit.push(
            ...published.audit.map((e) => ({
              ...e,
              tid: s.tid,
              userid: s.username,
              details: `${e.details} Requested by ${r.requested_by}, approved by ${s.username}.`,
            })),
          );
        },
      );
    },
  );

  app.post(
    APPROVAL_PATHS.reject(':id'),
    {
      config: {
        world: 'tenant',
        permission: POLICY_APPROVE_PERMISSION,
        audit: { byHandler: 'the rejection is written by approvalRoutes.ts' },
      },
      schema: {
        tags,
        summary:
          'Rejects a pending request with a reason (the requester may withdraw their own); 409 when void or decided',
        params: ApprovalParams,
        body: ApprovalRejection,
        response: { 200: ApprovalRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const audit: AuditEntry[] = [];
      return decide(
        ctx,
        request,
        s,
        request.params.id,
        'rejected',
        request.body.reason,
        audit,
        async () => undefined,
      );
    },
  );
};
