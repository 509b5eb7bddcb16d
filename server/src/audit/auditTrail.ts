/**
 * The audit trail (issue 15, "A real audit trail"): every administrator action becomes an event of
 * the audit log type (scan_audit) with who, what (audit action and sub-event type, docs/glossary.md §2
 * vocabularies), the object and, for changes, before and after.
 *
 * One place for every write: each state-changing route (POST, PUT, PATCH, DELETE) of the tenant
 * and provider worlds declares `config.audit`, and the hook below writes the event after the
 * handler answered 2xx, before the reply leaves (so a client that reads the audit log right after
 * sees it). A route declares either
 *   - `{ action, area, what, inTransaction: true }`: the handler writes the event in its change's
 *     transaction (auditInTransaction, auditedChange), so the record is as durable as the change;
 *     it may add the object, before and after (noteAudit), or say that nothing changed (a dry
 *     run). auditTrail.test.ts fails on a declared event without `inTransaction`;
 *   - `{ byHandler }`: the handler writes its own events (sign-in, the policy writes), with why;
 *   - `{ exempt }`: not an administrator action (a session refresh, a read sent as POST), with why.
 * The route walk (auditTrail.test.ts) fails when a state-changing route declares none of them.
 *
 * Provider operators' actions go to the provider's audit trail: the same log type under the
 * reserved tenant id `provider` (tenant ids are UUIDs, and the logs routes read only the
 * session's tenant, so no tenant ever sees it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AUDIT_ACTIONS } from '@workbench/common/vocabularies/index';
import { SUB_EVENT_TYPES } from '@workbench/common/api/contract/auditAreas';
import { isVocabularyCode } from '@workbench/common/vocabularies/vocabulary';
import type { ServerContext } from '../context';
import type { NewEvent } from '../events/eventStore';
import { outboxRowsOf } from '../events/eventOutbox';
import type { ConfigStore } from '../store/ConfigStore';

/** The tenant id of the provider's own audit trail (never a tenant's: those are UUIDs). */
export const PROVIDER_AUDIT_TID = 'provider';

/** What the trail writes for a route (codes of AUDIT_ACTIONS and SUB_EVENT_TYPES). */
export interface RouteAuditEvent {
  action: string;
  area: string;
  /** What happened, for a person, when the handler says no more: "Created a user". */
  what: string;
  /**
   * The handler writes the event in the transaction of its change (auditInTransaction or
   * auditedChange); every route declares it (auditTrail.test.ts). One that answers 2xx without
   * writing still gets its event, after the change, and an error logged.
   */
  inTransaction?: true;
}
export type RouteAudit = RouteAuditEvent | { byHandler: string } | { exempt: string };

/** What a handler adds to its route's event. */
export interface AuditNote {
  /** The object acted on: a username, a saved search's name, a revision. */
  object?: string;
  /** The object before and after a change (secrets are left out when written). */
  before?: unknown;
  after?: unknown;
  /** Replaces the route's action (an AUDIT_ACTIONS code: a save that created rather than modified). */
  action?: string;
  /** Replaces the route's `what`. */
  details?: string;
  /** Nothing changed (a dry run): no event. */
  skip?: boolean;
  /** The tenant a provider write acted on (its id), when the route's path does not name it. */
  tenant?: string;
}

/** One audit event, as a handler or the trail writes it. */
export interface AuditEntry {
  /** The tenant, or PROVIDER_AUDIT_TID. */
  tid: string;
  /** Who did it (the signed-in user or operator, or the name a failed sign-in gave). */
  userid: string;
  action: string;
  area: string;
  details: string;
  object?: string | null;
  before?: unknown;
  after?: unknown;
  /** The tenant a provider write acted on (its id): the provider trail's tenant filter. */
  tenant?: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
  interface FastifyRequest {
    auditNote: AuditNote | null;
    /** The request wrote audit events to the outbox: they are delivered before the reply leaves. */
    auditOwed: boolean;
    /** The route's declared event is written already (auditInTransaction). */
    auditWritten: boolean;
  }
}

/** Adds to the event the trail writes for this request (later notes win, field by field). */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}

/** Longest before/after text kept (a bulk change of 1,000 users is summarised, not copied). */
const MAX_STATE_CHARS = 4000;
/** Never in an event: passwords, their hashes, tokens, secrets (any key containing these words). */
const SECRET_KEY = /password|hash|secret|token|xsrf|sid/i;

/** The state as JSON text without secrets; null when there is none. */
export function stateText(state: unknown): string | null {
  if (state === undefined || state === null) return null;
  const text = JSON.stringify(state, (key, value: unknown) => (SECRET_KEY.test(key) ? undefined : value));
  if (text === undefined) return null;
  return text.length > MAX_STATE_CHARS ? `${text.slice(0, MAX_STATE_CHARS - 1)}…` : text;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The audit log type's event of an entry, at a time, with where it came from (none: the server itself). */
function auditEvent(
  e: AuditEntry,
  time: number,
  from: { ip: string; userAgent: string | null } | null,
): NewEvent {
  return {
    tid: e.tid,
    logType: 'scan_audit',
    time,
    fields: {
      userid: e.userid,
      audit_action: e.action,
      sub_event_type: e.area,
      details: e.details,
      object: e.object ?? null,
      before: stateText(e.before),
      after: stateText(e.after),
      tenant: e.tenant ?? null,
      src_ip: from?.ip ?? null,
      user_agent: from?.userAgent?.slice(0, 512) ?? null,
    },
  };
}

function eventOf(ctx: ServerContext, request: FastifyRequest, e: AuditEntry): NewEvent {
  const userAgent = request.headers['user-agent'];
  return auditEvent(e, ctx.now().getTime(), {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  });
}

/**
 * The events of what the server did by itself, at the time it did it (no request: no address or
 * agent), e.g. the first start's publish of the demo tenants' initial policy (ServerContext.setupAudit).
 */
export const serverAuditEvents = (entries: readonly (AuditEntry & { time: number })[]): NewEvent[] =>
  entries.map((e) => auditEvent(e, e.time, null));

/** writeAudit was called with a store outside a transaction: the record would not share its change's fate. */
export class AuditOutsideTransactionError extends Error {
  constructor() {
    super(
      'writeAudit needs the transaction of the change it records (ctx.store.transaction): an event written beside its change is lost in a crash between the two.',
    );
    this.name = 'AuditOutsideTransactionError';
  }
}

/**
 * Writes audit events into the event outbox through `tx`: the transaction of the change they
 * record, so the record is exactly as durable as the change (README "The outbox"). A failure
 * throws, failing that transaction; so does a `tx` outside a transaction
 * (AuditOutsideTransactionError): where the change is one statement, make the statement and the
 * event one transaction. The forwarder delivers them before the reply leaves (the trail's onSend
 * hook) and at every nudge. Without an event store (ctx.outbox unset) nothing is kept.
 */
export async function writeAudit(
  tx: ConfigStore,
  ctx: ServerContext,
  request: FastifyRequest,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (!tx.inTransaction()) throw new AuditOutsideTransactionError();
  await appendAudit(tx, ctx, request, entries);
}

/**
 * Runs `change` in a transaction and writes the route's declared event in it (with the notes the
 * change made) once the change returned: for a route declared `inTransaction` whose change is a
 * few statements. A change that throws writes nothing; one that notes `skip` writes no event.
 */
export async function auditedChange<T>(
  request: FastifyRequest,
  change: (tx: ConfigStore) => Promise<T>,
): Promise<T> {
  return request.server.workbench.store.transaction(async (tx) => {
    const result = await change(tx);
    await auditInTransaction(tx, request, {});
    return result;
  });
}

async function appendAudit(
  tx: ConfigStore,
  ctx: ServerContext,
  request: FastifyRequest,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  if (!ctx.outbox) {
    // No event store to forward to (a server started without one): whoever took ctx.audit hears it.
    await ctx.audit?.(entries.map((e) => eventOf(ctx, request, e)));
    return;
  }
  const at = ctx.now().getTime();
  await tx.eventOutbox.insert(
    outboxRowsOf(
      entries.map((e) => eventOf(ctx, request, e)),
      at,
    ),
  );
  request.auditOwed = true;
  // Committed already (the trail's write after the change): deliver soon even if no reply waits.
  // Never inside a transaction: on SQLite the forwarder's claim would run in it, uncommitted.
  if (!tx.inTransaction()) ctx.outbox.nudge();
}

/** The route's declared event with the request's note, or null when there is none to write. */
function routeEntry(request: FastifyRequest, note: AuditNote): AuditEntry | null {
  const audit = request.routeOptions.config?.audit;
  if (!audit || !isEvent(audit) || note.skip) return null;
  const tenant = request.session;
  const operator = request.providerSession;
  const who = tenant
    ? { tid: tenant.tid, userid: tenant.username }
    : operator
      ? { tid: PROVIDER_AUDIT_TID, userid: operator.username }
      : null;
  if (!who) return null;
  return {
    ...who,
    action: note.action ?? audit.action,
    area: audit.area,
    details: note.details ?? audit.what,
    object: note.object,
    before: note.before,
    after: note.after,
    tenant: operator && !tenant ? (note.tenant ?? tenantOfRoute(request)) : null,
  };
}

/**
 * The route's declared event, noted and written now in the handler's transaction `tx` (so it
 * commits or rolls back with the change); the hook then writes nothing more for the request.
 * The note is final: a later noteAudit no longer changes the event.
 */
export async function auditInTransaction(
  tx: ConfigStore,
  request: FastifyRequest,
  note: AuditNote,
): Promise<void> {
  noteAudit(request, note);
  if (request.auditWritten) throw new Error('auditInTransaction: the route’s event is written already.');
  const entry = routeEntry(request, request.auditNote ?? {});
  if (entry) await writeAudit(tx, request.server.workbench, request, [entry]);
  request.auditWritten = true;
}

/** A provider route under a tenant (`/gdmanage/api/v1/tenants/:id…`) acts on that tenant. */
const TENANT_ROUTE = /^\/gdmanage\/api\/v1\/tenants\/:id(\/|$)/;
function tenantOfRoute(request: FastifyRequest): string | null {
  if (!TENANT_ROUTE.test(request.routeOptions.url ?? '')) return null;
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

const isEvent = (audit: RouteAudit): audit is RouteAuditEvent => 'action' in audit;

/** Refuses, when a route is registered, an audit declaration with codes the vocabularies lack. */
function checkDeclaration(route: RouteOptions, audit: RouteAudit): void {
  const where = `Route ${String(route.method)} ${route.url}`;
  if (isEvent(audit)) {
    if (!isVocabularyCode(AUDIT_ACTIONS, audit.action))
      throw new Error(`${where}: audit action '${audit.action}' is not in AUDIT_ACTIONS.`);
    if (!isVocabularyCode(SUB_EVENT_TYPES, audit.area))
      throw new Error(`${where}: sub-event type '${audit.area}' is not in SUB_EVENT_TYPES.`);
  } else if (!('byHandler' in audit ? audit.byHandler : audit.exempt).trim()) {
    throw new Error(`${where}: an audit exemption or handler-written audit needs its reason.`);
  }
}

/**
 * Installs the trail: the routes' declarations in the OpenAPI document (`x-workbench-audit`, read
 * by the route walk), and the hook that writes the declared event after a 2xx reply.
 */
export function installAuditTrail(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('auditNote', null);
  app.decorateRequest('auditOwed', false);
  app.decorateRequest('auditWritten', false);

  app.addHook('onRoute', (route: RouteOptions) => {
    const audit = route.config?.audit;
    if (!audit) return;
    checkDeclaration(route, audit);
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    schema['x-workbench-audit'] = audit;
  });

  // onSend, not onResponse: the event is in the event store before the client hears the change is done.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (reply.statusCode >= 200 && reply.statusCode < 300 && STATE_CHANGING.has(request.method)) {
      const entry = request.auditWritten ? null : routeEntry(request, request.auditNote ?? {});
      const audit = request.routeOptions.config?.audit;
      // A route declared to audit in its transaction that answered 2xx without writing its event
      // is a bug: the event is still written (not lost), and the log says where.
      if (entry && audit && isEvent(audit) && audit.inTransaction)
        request.log.error(
          { route: `${request.method} ${request.routeOptions.url ?? ''}` },
          'a route declared to audit in its transaction answered without writing its event',
        );
      // The handler's change has committed without its event: the event follows it in its own
      // statement rather than be lost.
      if (entry)
        await appendAudit(ctx.store, ctx, request, [entry]).catch((error: unknown) =>
          request.log.error({ err: error }, 'writing audit events failed'),
        );
    }
    if (request.auditOwed && ctx.outbox)
      await ctx.outbox.deliver().catch((error: unknown) =>
        // Still in the outbox: the forwarder delivers it at its next run.
        request.log.error({ err: error }, 'delivering audit events failed'),
      );
    return payload;
  });
}
