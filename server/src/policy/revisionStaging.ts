/**
 * The one way a policy change reaches the staged revision (docs/policy.md §2, §2): shared by the
 * per-kind saves, rollback and discard.
 */
import type { Revision, RevisionSeen } from '@workbench/common/api/contract/policy';
import {
  POLICY_KIND_REGISTRY,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import type { ConfigStore, RevisionRecord } from '../store/ConfigStore';
import { ApiHttpError } from '../http/errors';

export const STALE_REVISION_MSG =
  'The policy revision has changed since it was loaded. Reload and try again.';
export const NO_REVISION_MSG = 'The tenant has no policy revision.';

/** 409's message: who changed the revision since the caller loaded it, and when. */
export const staleRevisionMessage = (current: RevisionRecord): string =>
  current.updatedBy
    ? `The policy revision was changed by ${current.updatedBy} at ${current.updatedAt}. Reload and try again.`
    : STALE_REVISION_MSG;

export const revisionReply = (r: RevisionRecord): Revision => ({
  staged_rev_id: r.stagedRevId,
  rev_id: r.revId,
  state: r.state,
  updated_at: r.updatedAt,
  ...(r.updatedBy ? { updated_by: r.updatedBy } : {}),
});

/** A new updated_at, strictly later than the previous one (it is the optimistic-concurrency token). */
export const nextUpdatedAt = (now: Date, previous: string): string =>
  new Date(Math.max(now.getTime(), (Date.parse(previous) || 0) + 1)).toISOString();

/** The tenant's revision, or 404. */
export async function currentRevision(store: ConfigStore, tid: string): Promise<RevisionRecord> {
  const r = await store.revisions.get(tid);
  if (!r) throw new ApiHttpError(404, NO_REVISION_MSG);
  return r;
}

/**
 * Refuses (409, naming who changed it and when) a write made against a revision other than the
 * current one: the path's rev must be the staged one and updated_at must match. A write whose
 * path names no revision (private access: docs/policy.md §9) goes by updated_at alone.
 */
export function assertCurrent(
  current: RevisionRecord,
  seen: { rev?: number; updatedAt: string; revId?: number },
): void {
  const stale = (field: string) =>
    new ApiHttpError(409, staleRevisionMessage(current), field, {
      changed_by: current.updatedBy,
      changed_at: current.updatedAt,
    });
  if (seen.rev !== undefined && seen.rev !== current.stagedRevId) throw stale('rev');
  if (seen.updatedAt !== current.updatedAt) throw stale('updated_at');
  // The caller saw the current revision (path and updated_at): a body rev_id other than the one
  // it read is not staleness but a wrong value, refused rather than ignored (issue 38).
  if (seen.revId !== undefined && seen.revId !== current.revId)
    throw new ApiHttpError(400, wrongRevIdMessage(current), 'rev_id');
}

/** A save whose rev_id is not the published revision its staged revision is based on. */
export const wrongRevIdMessage = (current: Pick<RevisionRecord, 'revId' | 'stagedRevId'>): string =>
  `rev_id must be ${current.revId}, the published revision that revision ${current.stagedRevId} is based on.`;

/** What a write that must see the current revision carries, read from its body and path. */
export const seenOf = (rev: number, body: Pick<RevisionSeen, 'updated_at'>) => ({
  rev,
  updatedAt: body.updated_at,
});

/**
 * Saves a change (docs/policy.md §2): in one transaction, check that the caller saw the current
 * revision (else 409 and nothing changes), write the change into the staged revision (a new one
 * after a publish: revId + 1, which reads the published documents until changed), and mark it
 * staged with a new updated_at and who changed it.
 */
export async function stageChange(
  store: ConfigStore,
  now: Date,
  tid: string,
  username: string,
  seen: { rev?: number; updatedAt: string; revId?: number },
  write: (tx: ConfigStore, stagedRevId: number, current: RevisionRecord) => Promise<void>,
  options: { rolledBackFrom?: number } = {},
): Promise<Revision> {
  return store.transaction(async (tx) => {
    const current = await currentRevision(tx, tid);
    assertCurrent(current, seen);
    const stagedRevId = current.state === 'staged' ? current.stagedRevId : current.revId + 1;
    await write(tx, stagedRevId, current);
    const next: RevisionRecord = {
      tid,
      revId: current.revId,
      stagedRevId,
      state: 'staged',
      updatedAt: nextUpdatedAt(now, current.updatedAt),
      updatedBy: username,
      // Edits after a rollback are still that rollback's revision.
      rolledBackFrom:
        options.rolledBackFrom ?? (current.state === 'staged' ? (current.rolledBackFrom ?? null) : null),
    };
    await tx.revisions.put(next);
    return revisionReply(next);
  });
}

/** A kind's document as revision `rev` sees it (its defaults when never saved). */
export async function readPolicyDoc(
  store: ConfigStore,
  tid: string,
  kind: PolicyKind,
  rev: number,
): Promise<unknown> {
  const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
  const saved = await store.policyDocs.get(tid, kind, rev, def.scope === 'policy');
  return saved ? saved.data : def.defaults;
}
