/**
 * The provider's audit trail for the console (issue 14: "Every write lands in an operator audit
 * trail (who, when, what, before/after), readable in the console"): GET /gdmanage/api/v1/audit,
 * newest first, paged by limit and offset, filtered by tenant acted on, actor, action and time
 * range. Operators and support staff read it; tenant sessions are refused (401), and no tenant's
 * own audit events are ever read here (only the reserved provider tenant id).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  PROVIDER_AUDIT_DEFAULT_LIMIT,
  PROVIDER_AUDIT_PATH,
  PROVIDER_AUDIT_READ,
  ProviderAuditList,
  ProviderAuditQuery,
  type ProviderAuditEvent,
} from '@workbench/common/api/contract/providerAudit';
import { AUDIT_ACTIONS } from '@workbench/common/vocabularies/index';
import { isVocabularyCode } from '@workbench/common/vocabularies/vocabulary';
import { ApiHttpError, errorResponses } from '../http/errors';
import type { EventFilter, EventStore, StoredEvent } from '../events/eventStore';
import { PROVIDER_AUDIT_TID } from './auditTrail';

/** Support staff read the trail (sessions.ts PROVIDER_ROLES); only operators write anything. */
export { PROVIDER_AUDIT_READ };

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A time of the query as epoch ms; 400 naming the field when it is not a time. */
function timeOf(field: 'from' | 'to', value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new ApiHttpError(400, `${field} is not a date and time (ISO 8601).`, field);
  return ms;
}

export function providerAuditRoutes(options: { store: EventStore }): FastifyPluginAsync {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    app.get(
      PROVIDER_AUDIT_PATH,
      {
        config: { world: 'provider', permission: PROVIDER_AUDIT_READ },
        schema: {
          tags: ['provider audit'],
          summary:
            "The provider's audit trail, newest first: a page (limit, offset), by tenant acted on, actor, action and time range (from, to)",
          querystring: ProviderAuditQuery,
          response: { 200: ProviderAuditList, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const q = request.query;
        const limit = q.limit ?? PROVIDER_AUDIT_DEFAULT_LIMIT;
        const offset = q.offset ?? 0;
        if (q.action !== undefined && !isVocabularyCode(AUDIT_ACTIONS, q.action))
          throw new ApiHttpError(400, `action '${q.action}' is not an audit action.`, 'action');
        const start = timeOf('from', q.from, 0);
        // The end is exclusive: without one, everything up to a moment from now.
        const end = timeOf('to', q.to, ctx.now().getTime() + 1);
        if (end <= start) throw new ApiHttpError(400, 'to must be after from.', 'to');
        const filters: EventFilter[] = [
          ...(q.tenant ? [{ field: 'tenant', values: [q.tenant] }] : []),
          ...(q.actor ? [{ field: 'userid', values: [q.actor] }] : []),
          ...(q.action ? [{ field: 'audit_action', values: [q.action] }] : []),
        ];
        const scan = { logType: 'scan_audit' as const, tid: PROVIDER_AUDIT_TID, start, end, filters };
        const [total, rows] = await Promise.all([
          options.store.countMatching(scan),
          // The store pages by keyset; the trail is small, so offset paging reads the rows before.
          options.store.query({ ...scan, limit: offset + limit }),
        ]);
        const names = new Map((await ctx.store.tenants.list()).map((t) => [t.tid, t.name]));
        const eventOf = (e: StoredEvent): ProviderAuditEvent => {
          const f = e.fields;
          const tenant = text(f.tenant);
          return {
            id: String(e.id),
            time: new Date(e.time).toISOString(),
            actor: text(f.userid) ?? '',
            action: text(f.audit_action) ?? '',
            area: text(f.sub_event_type) ?? '',
            details: text(f.details) ?? '',
            object: text(f.object),
            tenant,
            tenant_name: tenant ? (names.get(tenant) ?? null) : null,
            before: text(f.before),
            after: text(f.after),
            src_ip: text(f.src_ip),
          };
        };
        return { events: rows.slice(offset).map(eventOf), total };
      },
    );
  };
}
