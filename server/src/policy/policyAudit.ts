/**
 * Policy changes as audit events (issue 12; docs/glossary.md §2 audit actions and sub-event types):
 * every save, reorder, publish, rollback and discard is written into the audit log type, so it
 * shows in the logs explorer. Written in the change's transaction (the event outbox), so the
 * record commits with the change or not at all.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext, TenantSession } from '../context';
import { writeAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import {
  POLICY_PERMISSION_GROUPS,
  policyGroupAuditArea,
  type PolicyPermissionGroup,
} from '@workbench/common/vocabularies/policyGroups';

/** The audit action codes policy changes use (AUDIT_ACTIONS of common's vocabularies). */
export type PolicyAuditAction = 'update' | 'reorder' | 'published' | 'rollback' | 'delete';

/** The sub-event type (admin area) of a permission group's changes: the policy-group registry's. */
export const AUDIT_AREA = Object.fromEntries(
  POLICY_PERMISSION_GROUPS.map((group) => [group, policyGroupAuditArea(group)]),
) as Record<PolicyPermissionGroup, string>;

/** The policy routes' audit declaration: their handlers write the events (below). */
export const POLICY_AUDIT = {
  byHandler: 'policy changes are written by recordPolicyAudit (policyAudit.ts), one event per change',
};

export interface PolicyAuditEntry {
  action: PolicyAuditAction;
  /** A sub-event type code (AUDIT_AREA of the kind's group for a kind's change). */
  area: string;
  /** What happened, for a person: "Saved Categories in revision 4." */
  details: string;
  /** What changed: "cats in revision 4", "revision 5". */
  object?: string;
  /** A kind's document before and after a save (kept short by the trail). */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes the entries through the audit trail (auditTrail.ts) as the session's user, in `tx`: the
 * transaction of the change (the outbox; audit/README.md).
 */
export async function recordPolicyAudit(
  tx: ConfigStore,
  ctx: ServerContext,
  request: FastifyRequest,
  session: TenantSession,
  entries: readonly PolicyAuditEntry[],
): Promise<void> {
  await writeAudit(
    tx,
    ctx,
    request,
    entries.map((e) => ({ ...e, tid: session.tid, userid: session.username })),
  );
}
