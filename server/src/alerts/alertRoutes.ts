/**
 * The alerts API (common/src/api/contract/alerts.ts, docs/alerts.md): rules, their evaluations and
 * firings, notification channels and their delivery logs, the in-app notifications. The session's
 * tenant only (another tenant's id is 404); reading needs `settings:alerts:read`, changing
 * `settings:alerts:write`, and a rule also the logs permission of its log route (a rule reads
 * those logs). Every change is audited with before and after (a channel's secret never is).
 * Bad input is a 400 naming the field and changes nothing.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ALERTS_READ_PERMISSION,
  ALERTS_WRITE_PERMISSION,
  ALERT_FIRING_NOT_FOUND,
  ALERT_PATHS,
  ALERT_RULE_NOT_FOUND,
  AlertEvaluationList,
  AlertFiring,
  AlertFiringList,
  AlertRule,
  AlertRuleInput,
  AlertRuleList,
  CHANNEL_NOT_FOUND,
  Channel,
  ChannelInput,
  ChannelList,
  CreatedChannel,
  DeliveryList,
  FiringListQuery,
  IdParams,
  NOTIFICATION_NOT_FOUND,
  NotificationList,
  SilenceInput,
  type AlertRuleInput as AlertRuleInputT,
  type AlertEvaluationOutcome,
} from '@workbench/common/api/contract/alerts';
import { tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import { LOG_ROUTE_TYPES, logReadPermission } from '@workbench/common/vocabularies/logTypes';
import type { TenantSession } from '../context';
import { ApiHttpError, errorResponses, forbiddenMessage } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { LogQueryError } from '../events/logQuery';
import type {
  AlertEvaluationRecord,
  AlertFiringRecord,
  AlertRuleRecord,
  ChannelRecord,
} from '../store/repositories/alerts';
import { AlertEvaluator, ruleScan } from './alertEvaluator';
import { Notifier } from './notifier';
import { webhookUrlProblem } from './webhook';

const tags = ['alerts'];
const read = { world: 'tenant' as const, permission: ALERTS_READ_PERMISSION };
const write = { world: 'tenant' as const, permission: ALERTS_WRITE_PERMISSION };
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const ALERT_NAME_EMPTY = 'The name must not be empty.';
export const SILENCE_IN_PAST = 'The silence must end in the future.';
export const FIRING_RESOLVED = 'The firing is resolved.';

const ruleReply = (r: AlertRuleRecord): AlertRule => ({
  id: r.id,
  name: r.name,
  log_type: r.spec.logType as AlertRule['log_type'],
  query: r.spec.query,
  condition: r.spec.condition,
  every_minutes: r.spec.everyMinutes,
  severity: r.spec.severity,
  channel_ids: r.spec.channelIds,
  enabled: r.enabled,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
  updated_by: r.updatedBy,
  last_evaluated_at: r.lastEvalAt,
  next_evaluation_at: iso(r.nextRunAt),
});

const firingReply = (f: AlertFiringRecord, rule: AlertRuleRecord | undefined): AlertFiring => ({
  id: f.id,
  rule_id: f.ruleId,
  rule_name: rule?.name ?? '',
  severity: rule?.spec.severity ?? 'info',
  state: f.state,
  started_at: iso(f.startedMs)!,
  updated_at: iso(f.updatedMs)!,
  resolved_at: iso(f.resolvedMs),
  silenced_until: iso(f.silencedUntilMs),
  acknowledged_by: f.acknowledgedBy,
  count: f.count,
  groups: f.groups,
  window_start: iso(f.windowStart)!,
  window_end: iso(f.windowEnd)!,
  link: f.link,
});

const evaluationReply = (e: AlertEvaluationRecord) => ({
  id: e.id,
  at: iso(e.atMs)!,
  window_start: iso(e.windowStart)!,
  window_end: iso(e.windowEnd)!,
  count: e.count,
  groups: e.groups,
  outcome: e.outcome as AlertEvaluationOutcome,
  firing_id: e.firingId,
  error: e.error,
});

const channelReply = (c: ChannelRecord): Channel => ({
  id: c.id,
  kind: c.kind,
  name: c.name,
  ...(c.kind === 'email' ? { addresses: c.config.addresses ?? [] } : { url: c.config.url ?? '' }),
  created_at: c.createdAt,
});

/** ServerOptions.alerts: how the server evaluates rules and sends notifications. */
export interface AlertsOptions {
  /** Wake the evaluator every minute (default true); tests tick `ServerContext.alerts.scheduler`. */
  timer?: boolean;
  /** The first webhook retry's delay in ms (default 1000, doubled per retry). */
  retryBaseMs?: number;
  /** The portal's public origin, put before the logs links sent by e-mail and webhook (default none). */
  publicUrl?: string;
}

export const alertRoutes =
  (options: AlertsOptions = {}): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const store = ctx.store;
    if (ctx.events) {
      const evaluator = new AlertEvaluator({
        store,
        events: ctx.events,
        now: ctx.now,
        notifier: new Notifier({
          store,
          now: ctx.now,
          smtp: ctx.smtp ?? null,
          retryBaseMs: options.retryBaseMs ?? 1000,
          publicUrl: options.publicUrl ?? '',
        }),
        onError: (error, rule) => app.log.error({ err: error, rule: rule?.id }, 'alert evaluation failed'),
      });
      ctx.alerts = evaluator;
      app.addHook('onReady', async () => evaluator.scheduler.start(options.timer ?? true));
      app.addHook('onClose', async () => evaluator.scheduler.stop());
    }

    /** The rule's input checked beyond its schema: name, query, fields, channels, logs permission. */
    const checkedRule = async (s: TenantSession, body: AlertRuleInputT) => {
      const name = body.name.trim();
      if (!name) throw new ApiHttpError(400, ALERT_NAME_EMPTY, 'name');
      const permission = logReadPermission(body.log_type);
      if (!s.access.can(permission)) throw new ApiHttpError(403, forbiddenMessage(permission));
      const spec = {
        logType: body.log_type,
        query: body.query.trim(),
        condition: body.condition,
        everyMinutes: body.every_minutes,
        severity: body.severity,
        channelIds: [...new Set(body.channel_ids)],
      };
      try {
        ruleScan({ tid: s.tid, spec }, 0, 60_000);
      } catch (error) {
        if (error instanceof LogQueryError) throw new ApiHttpError(400, error.message, 'query');
        throw error;
      }
      const fields = tenantFieldsOf(LOG_ROUTE_TYPES[body.log_type]);
      const c = body.condition;
      const field = c.kind === 'threshold' ? c.group_by : c.field;
      if (field !== undefined && !fields.includes(field))
        throw new ApiHttpError(
          400,
          `The field must be one of ${body.log_type}'s: ${fields.join(', ')}.`,
          c.kind === 'threshold' ? 'condition.group_by' : 'condition.field',
        );
      for (const id of spec.channelIds)
        if (!(await store.alerts.getChannel(s.tid, id)))
          throw new ApiHttpError(400, `${CHANNEL_NOT_FOUND} (${id})`, 'channel_ids');
      return { name, spec };
    };

    const ruleOr404 = async (tid: string, id: string) => {
      const rule = await store.alerts.getRule(tid, id);
      if (!rule) throw new ApiHttpError(404, ALERT_RULE_NOT_FOUND, 'id');
      return rule;
    };

    app.get(
      ALERT_PATHS.rules,
      {
        config: read,
        schema: {
          tags,
          summary: "The tenant's alert rules, by name",
          response: { 200: AlertRuleList, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        rules: (await store.alerts.listRules(tenantSessionOf(request).tid)).map(ruleReply),
      }),
    );

    app.post(
      ALERT_PATHS.rules,
      {
        config: {
          ...write,
          audit: { action: 'create', area: 'alerts', what: 'Created an alert rule.', inTransaction: true },
        },
        schema: {
          tags,
          summary: 'Creates an alert rule from a logs query',
          body: AlertRuleInput,
          response: { 200: AlertRule, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const { name, spec } = await checkedRule(s, request.body);
        const now = ctx.now();
        const enabled = request.body.enabled;
        const record: AlertRuleRecord = {
          id: crypto.randomUUID(),
          tid: s.tid,
          name,
          spec,
          enabled,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
          updatedBy: s.username,
          lastEvalAt: null,
          // The first evaluation is due at once: a rule made from a query tells at the next tick.
          nextRunAt: enabled ? now.getTime() : null,
        };
        // The rule and its audit event commit together.
        return auditedChange(request, async (tx) => {
          await tx.alerts.insertRule(record);
          const reply = ruleReply(record);
          noteAudit(request, { object: name, after: reply, details: `Created the alert rule ${name}.` });
          return reply;
        });
      },
    );

    app.get(
      ALERT_PATHS.rule,
      {
        config: read,
        schema: {
          tags,
          summary: 'One alert rule',
          params: IdParams,
          response: { 200: AlertRule, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ruleReply(await ruleOr404(tenantSessionOf(request).tid, request.params.id)),
    );

    app.put(
      ALERT_PATHS.rule,
      {
        config: {
          ...write,
          audit: { action: 'update', area: 'alerts', what: 'Changed an alert rule.', inTransaction: true },
        },
        schema: {
          tags,
          summary: 'Replaces an alert rule',
          params: IdParams,
          body: AlertRuleInput,
          response: { 200: AlertRule, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const before = await ruleOr404(s.tid, request.params.id);
        const { name, spec } = await checkedRule(s, request.body);
        const now = ctx.now();
        const enabled = request.body.enabled;
        const record: AlertRuleRecord = {
          ...before,
          name,
          spec,
          enabled,
          updatedAt: now.toISOString(),
          updatedBy: s.username,
          // A changed rule is evaluated at the next tick; its schedule counts from there.
          nextRunAt: enabled ? now.getTime() : null,
        };
        return auditedChange(request, async (tx) => {
          if (!(await tx.alerts.updateRule(record))) throw new ApiHttpError(404, ALERT_RULE_NOT_FOUND, 'id');
          const reply = ruleReply(record);
          noteAudit(request, {
            object: name,
            before: ruleReply(before),
            after: reply,
            details: `Changed the alert rule ${name}.`,
          });
          return reply;
        });
      },
    );

    app.delete(
      ALERT_PATHS.rule,
      {
        config: {
          ...write,
          audit: { action: 'delete', area: 'alerts', what: 'Deleted an alert rule.', inTransaction: true },
        },
        schema: {
          tags,
          summary: 'Deletes an alert rule with its firings and history',
          params: IdParams,
          response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const before = await ruleOr404(s.tid, request.params.id);
        return auditedChange(request, async (tx) => {
          if (!(await tx.alerts.deleteRule(s.tid, before.id)))
            throw new ApiHttpError(404, ALERT_RULE_NOT_FOUND, 'id');
          noteAudit(request, {
            object: before.name,
            before: ruleReply(before),
            details: `Deleted the alert rule ${before.name}.`,
          });
          return { deleted: true };
        });
      },
    );

    app.get(
      ALERT_PATHS.evaluations,
      {
        config: read,
        schema: {
          tags,
          summary: "An alert rule's evaluations, newest first",
          params: IdParams,
          response: { 200: AlertEvaluationList, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const rule = await ruleOr404(s.tid, request.params.id);
        return { evaluations: (await store.alerts.listEvaluations(s.tid, rule.id)).map(evaluationReply) };
      },
    );

    const firingsReply = async (tid: string, firings: AlertFiringRecord[]) => {
      const rules = new Map((await store.alerts.listRules(tid)).map((r) => [r.id, r]));
      return firings.map((f) => firingReply(f, rules.get(f.ruleId)));
    };

    app.get(
      ALERT_PATHS.firings,
      {
        config: read,
        schema: {
          tags,
          summary: 'Alert firings, newest first (of one rule, in one state)',
          querystring: FiringListQuery,
          response: { 200: AlertFiringList, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const list = await store.alerts.listFirings(s.tid, {
          ruleId: request.query.rule_id,
          state: request.query.state,
        });
        return { firings: await firingsReply(s.tid, list) };
      },
    );

    /** Stores a firing's new state with its audit event (both or neither); answers it. */
    const storeFiring = async (
      request: FastifyRequest,
      tid: string,
      before: AlertFiringRecord,
      after: AlertFiringRecord,
      verb: 'Acknowledged' | 'Silenced',
    ) => {
      const [b, a] = await firingsReply(tid, [before, after]);
      return auditedChange(request, async (tx) => {
        await tx.alerts.putFiring(after);
        noteAudit(request, {
          object: a.rule_name,
          before: b,
          after: a,
          details: `${verb} the alert ${a.rule_name}.`,
        });
        return a;
      });
    };

    const firingOr404 = async (tid: string, id: string) => {
      const firing = await store.alerts.getFiring(tid, id);
      if (!firing) throw new ApiHttpError(404, ALERT_FIRING_NOT_FOUND, 'id');
      return firing;
    };

    app.post(
      ALERT_PATHS.acknowledge,
      {
        config: {
          ...write,
          audit: { action: 'update', area: 'alerts', what: 'Acknowledged an alert.', inTransaction: true },
        },
        schema: {
          tags,
          summary: 'Acknowledges a firing: no more notifications until it resolves',
          params: IdParams,
          response: { 200: AlertFiring, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const before = await firingOr404(s.tid, request.params.id);
        if (before.state === 'resolved') throw new ApiHttpError(400, FIRING_RESOLVED, 'id');
        const after: AlertFiringRecord = {
          ...before,
          state: 'acknowledged',
          acknowledgedBy: s.username,
          silencedUntilMs: null,
          updatedMs: ctx.now().getTime(),
        };
        return storeFiring(request, s.tid, before, after, 'Acknowledged');
      },
    );

    app.post(
      ALERT_PATHS.silence,
      {
        config: {
          ...write,
          audit: { action: 'update', area: 'alerts', what: 'Silenced an alert.', inTransaction: true },
        },
        schema: {
          tags,
          summary: 'Silences a firing until a time: no notification before it',
          params: IdParams,
          body: SilenceInput,
          response: { 200: AlertFiring, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const until = Date.parse(request.body.until);
        const now = ctx.now().getTime();
        if (!Number.isFinite(until) || until <= now) throw new ApiHttpError(400, SILENCE_IN_PAST, 'until');
        const before = await firingOr404(s.tid, request.params.id);
        if (before.state === 'resolved') throw new ApiHttpError(400, FIRING_RESOLVED, 'id');
        const after: AlertFiringRecord = {
          ...before,
          state: 'silenced',
          silencedUntilMs: until,
          updatedMs: now,
        };
        return storeFiring(request, s.tid, before, after, 'Silenced');
      },
    );

    app.get(
      ALERT_PATHS.channels,
      {
        config: read,
        schema: {
          tags,
          summary: 'Notification channels, by name',
          response: { 200: ChannelList, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        channels: (await store.alerts.listChannels(tenantSessionOf(request).tid)).map(channelReply),
      }),
    );

    app.post(
      ALERT_PATHS.channels,
      {
        config: {
          ...write,
          audit: {
            action: 'create',
            area: 'alerts',
            what: 'Created a notification channel.',
            inTransaction: true,
          },
        },
        schema: {
          tags,
          summary: "Creates a channel (a webhook's signing secret is answered once, never again)",
          body: ChannelInput,
          response: { 200: CreatedChannel, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const body = request.body;
        const name = body.name.trim();
        if (!name) throw new ApiHttpError(400, ALERT_NAME_EMPTY, 'name');
        if (body.kind === 'webhook') {
          const problem = webhookUrlProblem(body.url);
          if (problem) throw new ApiHttpError(400, problem, 'url');
        }
        const record: ChannelRecord = {
          id: crypto.randomUUID(),
          tid: s.tid,
          name,
          kind: body.kind,
          config: body.kind === 'email' ? { addresses: [...new Set(body.addresses)] } : { url: body.url },
          secret: body.kind === 'webhook' ? crypto.randomBytes(32).toString('base64url') : '',
          createdAt: ctx.now().toISOString(),
        };
        const reply = channelReply(record);
        await auditedChange(request, async (tx) => {
          await tx.alerts.insertChannel(record);
          noteAudit(request, {
            object: name,
            after: reply,
            details: `Created the notification channel ${name}.`,
          });
        });
        return record.kind === 'webhook' ? { ...reply, secret: record.secret } : reply;
      },
    );

    app.delete(
      ALERT_PATHS.channel,
      {
        config: {
          ...write,
          audit: {
            action: 'delete',
            area: 'alerts',
            what: 'Deleted a notification channel.',
            inTransaction: true,
          },
        },
        schema: {
          tags,
          summary: 'Deletes a channel and its delivery log',
          params: IdParams,
          response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        return auditedChange(request, async (tx) => {
          const before = await tx.alerts.getChannel(s.tid, request.params.id);
          if (!before || !(await tx.alerts.deleteChannel(s.tid, before.id)))
            throw new ApiHttpError(404, CHANNEL_NOT_FOUND, 'id');
          noteAudit(request, {
            object: before.name,
            before: channelReply(before),
            details: `Deleted the notification channel ${before.name}.`,
          });
          return { deleted: true };
        });
      },
    );

    app.get(
      ALERT_PATHS.deliveries,
      {
        config: read,
        schema: {
          tags,
          summary: "A channel's delivery log, newest first (each attempt with its status)",
          params: IdParams,
          response: { 200: DeliveryList, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const channel = await store.alerts.getChannel(s.tid, request.params.id);
        if (!channel) throw new ApiHttpError(404, CHANNEL_NOT_FOUND, 'id');
        return {
          deliveries: (await store.alerts.listDeliveries(s.tid, channel.id)).map((d) => ({
            id: d.id,
            at: iso(d.atMs)!,
            attempt: d.attempt,
            status: d.status,
            error: d.error,
            subject: d.subject,
          })),
        };
      },
    );

    app.get(
      ALERT_PATHS.notifications,
      {
        config: read,
        schema: {
          tags,
          summary: "The in-app notifications, newest first, with the caller's unread count",
          response: { 200: NotificationList, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const { notifications, unread } = await store.alerts.listNotifications(s.tid, s.uid);
        return {
          unread,
          notifications: notifications.map((n) => ({
            id: n.id,
            created_at: iso(n.createdMs)!,
            severity: n.severity,
            title: n.title,
            body: n.body,
            link: n.link,
            firing_id: n.firingId,
            read: n.read,
          })),
        };
      },
    );

    const READ_EXEMPT = { exempt: "the caller's own read marks of notifications; no setting changes" };
    app.post(
      ALERT_PATHS.read,
      {
        config: { ...read, audit: READ_EXEMPT },
        schema: {
          tags,
          summary: 'Marks one notification read for the caller',
          params: IdParams,
          response: { 200: Type.Object({ marked: Type.Integer() }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        if (!(await store.alerts.getNotification(s.tid, request.params.id)))
          throw new ApiHttpError(404, NOTIFICATION_NOT_FOUND, 'id');
        return { marked: await store.alerts.markRead(s.tid, s.uid, request.params.id) };
      },
    );

    app.post(
      ALERT_PATHS.readAll,
      {
        config: { ...read, audit: READ_EXEMPT },
        schema: {
          tags,
          summary: "Marks all the tenant's notifications read for the caller",
          response: { 200: Type.Object({ marked: Type.Integer() }), ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        return { marked: await store.alerts.markRead(s.tid, s.uid) };
      },
    );
  };
