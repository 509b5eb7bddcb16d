/**
 * Policy changes as audit events (issue 12; portal-core §3 audit actions and sub-event types):
 * every save, reorder, publish, rollback and discard is written into the audit log type, so it
 * shows in the logs explorer. Written after the change commits; a failure to write is logged and
 * does not undo the change.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext, TenantSession } from '../context';
import type { NewEvent } from '../events/eventStore';
import type { PolicyPermissionGroup } from '@workbench/common/api/contract/policyKinds';

/** The audit action codes policy changes use (AUDIT_ACTIONS of common's vocabularies). */
export type PolicyAuditAction = 'update' | 'reorder' | 'published' | 'rollback' | 'delete';

/** The sub-event type (admin area) of a permission group's changes. */
export const AUDIT_AREA: Record<PolicyPermissionGroup, string> = {
  web_policy: 'web_policy',
  email_policy: 'email_policy',
  dlp_policy: 'dlp_policy',
  casb_policy: 'casb_policy',
  egress_policy: 'egress_policy',
  content_inspection: 'content_inspection',
  fwaas: 'fwaas_policy',
  customization: 'customization',
  private_access: 'private_access',
};

export interface PolicyAuditEntry {
  action: PolicyAuditAction;
  /** A sub-event type code (AUDIT_AREA of the kind's group for a kind's change). */
  area: string;
  /** What happened, for a person: "Saved Categories in revision 4." */
  details: string;
}

export async function recordPolicyAudit(
  ctx: ServerContext,
  request: FastifyRequest,
  session: TenantSession,
  entries: readonly PolicyAuditEntry[],
): Promise<void> {
  if (!ctx.audit || entries.length === 0) return;
  const time = ctx.now().getTime();
  const userAgent = request.headers['user-agent'];
  const events: NewEvent[] = entries.map((e) => ({
    tid: session.tid,
    logType: 'scan_audit',
    time,
    fields: {
      userid: session.username,
      audit_action: e.action,
      sub_event_type: e.area,
      details: e.details,
      src_ip: request.ip,
      user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    },
  }));
  try {
    await ctx.audit(events);
  } catch (error) {
    request.log.error({ err: error }, 'writing policy audit events failed');
  }
}
