/**
 * Publishing a revision, the one path (docs/policy.md §2; issue 31): the published-revisions row (the
 * one source of what was published: the history, the provider's revisions tab, rollback), the
 * tenant's revision record (published, nothing staged), and the audit entries that say so. The
 * publish route, the rollouts' policy changes, the tenant's creation and the demo seed all take it,
 * so history, audit and state agree.
 */
import { POLICY_KIND_REGISTRY, type PolicyKindDef } from '@workbench/common/api/contract/policyKinds';
import type { ConfigStore, RevisionRecord } from '../store/ConfigStore';
import { AUDIT_AREA, type PolicyAuditEntry } from './policyAudit';

/** The areas (audit sub-event types) of the kinds saved in a revision, for its audit events. */
export async function areasOf(store: ConfigStore, tid: string, revId: number): Promise<string[]> {
  const kinds = await store.policyDocs.listKinds(tid, revId);
  const areas = kinds.flatMap((k) => {
    const def = (POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>)[k];
    return def ? [AUDIT_AREA[def.group]] : [];
  });
  return [...new Set(areas)];
}

export interface Publish {
  tid: string;
  revId: number;
  /** When (ISO): the revision's new updated_at (nextUpdatedAt of the one before, if any). */
  at: string;
  /** Who: a user name, an operator's, or SETUP_PUBLISHER. */
  by: string;
  comment: string | null;
  rolledBackFrom: number | null;
}

/**
 * Publishes `revId` (its documents are written already) inside the caller's transaction; answers
 * the revision as it now is and the audit entries of the publish: one per area the revision saved,
 * or the web policy's when it saved none (a revision of defaults is still the whole policy).
 */
export async function publishRevision(
  tx: ConfigStore,
  p: Publish,
): Promise<{ revision: RevisionRecord; audit: PolicyAuditEntry[] }> {
  await tx.revisions.insertPublished({
    tid: p.tid,
    revId: p.revId,
    publishedAt: p.at,
    publishedBy: p.by,
    note: p.comment,
    rolledBackFrom: p.rolledBackFrom,
  });
  const revision: RevisionRecord = {
    tid: p.tid,
    revId: p.revId,
    stagedRevId: p.revId,
    state: 'new',
    updatedAt: p.at,
    // Revision 1 is the tenant's initial policy: nobody has changed the policy yet (updated_by
    // names who changed it last, for a conflict's message).
    updatedBy: p.revId === 1 ? null : p.by,
    rolledBackFrom: null,
  };
  await tx.revisions.put(revision);
  const areas = await areasOf(tx, p.tid, p.revId);
  const audit = (areas.length > 0 ? areas : [AUDIT_AREA.web_policy]).map((area): PolicyAuditEntry => ({
    action: 'published',
    area,
    details: `Published revision ${p.revId}${p.comment ? `: ${p.comment}` : '.'}`,
    object: `revision ${p.revId}`,
  }));
  return { revision, audit };
}
