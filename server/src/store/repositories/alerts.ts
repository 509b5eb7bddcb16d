/**
 * Alerts (issue 40, docs/alerts.md): rules, their firings and evaluations, notification channels
 * and their deliveries, in-app notifications and who read them. A rule's evaluation is claimed as
 * a scheduled report's run is (`claimEvaluation`: one conditional UPDATE, so exactly one of several
 * servers on one store evaluates it); a channel's secret is sealed here (secretBox.ts) and opened
 * only for the notifier.
 */
import type {
  AlertCondition,
  AlertSeverity,
  ChannelKind,
  FiringState,
} from '@workbench/common/api/contract/alerts';
import type { SecretBox } from '../../security/secretBox';
import { prepared, type Sql } from '../sql';
import { flag, num, str, type Row } from '../storeRows';

export interface AlertRuleSpec {
  logType: string;
  query: string;
  condition: AlertCondition;
  everyMinutes: number;
  severity: AlertSeverity;
  channelIds: string[];
}

export interface AlertRuleRecord {
  id: string;
  tid: string;
  name: string;
  spec: AlertRuleSpec;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  lastEvalAt: string | null;
  /** Epoch ms of the next evaluation; null when disabled. */
  nextRunAt: number | null;
}

export interface AlertGroupRecord {
  key: string | null;
  count: number;
}

export interface AlertFiringRecord {
  id: string;
  tid: string;
  ruleId: string;
  state: FiringState;
  startedMs: number;
  updatedMs: number;
  resolvedMs: number | null;
  silencedUntilMs: number | null;
  acknowledgedBy: string | null;
  count: number;
  groups: AlertGroupRecord[];
  windowStart: number;
  windowEnd: number;
  link: string;
  /** The group keys last notified (a change of them notifies again). */
  notified: (string | null)[];
}

export interface AlertEvaluationRecord {
  id: string;
  tid: string;
  ruleId: string;
  atMs: number;
  windowStart: number;
  windowEnd: number;
  count: number;
  groups: AlertGroupRecord[];
  outcome: string;
  firingId: string | null;
  error: string | null;
}

export interface ChannelRecord {
  id: string;
  tid: string;
  name: string;
  kind: ChannelKind;
  /** E-mail: `{ addresses }`; webhook: `{ url }`. */
  config: { addresses?: string[]; url?: string };
  /** The webhook's signing secret in clear ('' for e-mail). */
  secret: string;
  createdAt: string;
}

export interface DeliveryRecord {
  id: string;
  tid: string;
  channelId: string;
  atMs: number;
  attempt: number;
  status: number | null;
  error: string | null;
  subject: string;
}

export interface NotificationRecord {
  id: string;
  tid: string;
  createdMs: number;
  severity: string;
  title: string;
  body: string;
  link: string;
  firingId: string | null;
}

const nullableNum = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
const nullableStr = (v: unknown): string | null => (v === null || v === undefined ? null : str(v));

const toRule = (r: Row): AlertRuleRecord => ({
  id: str(r.id),
  tid: str(r.tid),
  name: str(r.name),
  spec: JSON.parse(str(r.spec)) as AlertRuleSpec,
  enabled: num(r.enabled) === 1,
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
  updatedBy: str(r.updated_by),
  lastEvalAt: nullableStr(r.last_eval_at),
  nextRunAt: nullableNum(r.next_eval_at),
});
const toFiring = (r: Row): AlertFiringRecord => ({
  id: str(r.id),
  tid: str(r.tid),
  ruleId: str(r.rule_id),
  state: str(r.state) as FiringState,
  startedMs: num(r.started_ms),
  updatedMs: num(r.updated_ms),
  resolvedMs: nullableNum(r.resolved_ms),
  silencedUntilMs: nullableNum(r.silenced_until_ms),
  acknowledgedBy: nullableStr(r.acknowledged_by),
  count: num(r.count),
  groups: JSON.parse(str(r.groups)) as AlertGroupRecord[],
  windowStart: num(r.window_start),
  windowEnd: num(r.window_end),
  link: str(r.link),
  notified: JSON.parse(str(r.notified)) as (string | null)[],
});
const toEvaluation = (r: Row): AlertEvaluationRecord => ({
  id: str(r.id),
  tid: str(r.tid),
  ruleId: str(r.rule_id),
  atMs: num(r.at_ms),
  windowStart: num(r.window_start),
  windowEnd: num(r.window_end),
  count: num(r.count),
  groups: JSON.parse(str(r.groups)) as AlertGroupRecord[],
  outcome: str(r.outcome),
  firingId: nullableStr(r.firing_id),
  error: nullableStr(r.error),
});
const toDelivery = (r: Row): DeliveryRecord => ({
  id: str(r.id),
  tid: str(r.tid),
  channelId: str(r.channel_id),
  atMs: num(r.at_ms),
  attempt: num(r.attempt),
  status: nullableNum(r.status),
  error: nullableStr(r.error),
  subject: str(r.subject),
});
const toNotification = (r: Row): NotificationRecord => ({
  id: str(r.id),
  tid: str(r.tid),
  createdMs: num(r.created_ms),
  severity: str(r.severity),
  title: str(r.title),
  body: str(r.body),
  link: str(r.link),
  firingId: nullableStr(r.firing_id),
});

// The compare-and-set of a scheduled report's run (reports.ts claim), on the rules' table.
const claim = prepared((db, a: { id: string; expected: number; next: number | null; lastRunAt: string }) =>
  db
    .updateTable('alert_rules')
    .set({ next_eval_at: a.next, last_eval_at: a.lastRunAt })
    .where('id', '=', a.id)
    .where('enabled', '=', 1)
    .where('next_eval_at', '=', a.expected),
);
const due = prepared((db, a: { now: number }) =>
  db
    .selectFrom('alert_rules')
    .selectAll()
    .where('enabled', '=', 1)
    .where('next_eval_at', 'is not', null)
    .where('next_eval_at', '<=', a.now)
    .orderBy('next_eval_at')
    .orderBy('id'),
);

export class AlertRepository {
  constructor(
    private readonly sql: Sql,
    private readonly secrets: SecretBox,
  ) {}

  // Rules

  async listRules(tid: string): Promise<AlertRuleRecord[]> {
    const rows = await this.sql.all(
      this.sql.db.selectFrom('alert_rules').selectAll().where('tid', '=', tid).orderBy('name').orderBy('id'),
    );
    return rows.map(toRule);
  }
  async getRule(tid: string, id: string): Promise<AlertRuleRecord | null> {
    const r = await this.sql.first(
      this.sql.db.selectFrom('alert_rules').selectAll().where('tid', '=', tid).where('id', '=', id),
    );
    return r ? toRule(r) : null;
  }
  async insertRule(x: AlertRuleRecord): Promise<void> {
    await this.sql.run(
      this.sql.db.insertInto('alert_rules').values({
        id: x.id,
        tid: x.tid,
        name: x.name,
        spec: JSON.stringify(x.spec),
        enabled: flag(x.enabled),
        created_at: x.createdAt,
        updated_at: x.updatedAt,
        updated_by: x.updatedBy,
        last_eval_at: x.lastEvalAt,
        next_eval_at: x.nextRunAt,
      }),
    );
  }
  /** Replaces the definition (and the next evaluation); false when the tenant has no such rule. */
  async updateRule(x: AlertRuleRecord): Promise<boolean> {
    const changed = await this.sql.run(
      this.sql.db
        .updateTable('alert_rules')
        .set({
          name: x.name,
          spec: JSON.stringify(x.spec),
          enabled: flag(x.enabled),
          updated_at: x.updatedAt,
          updated_by: x.updatedBy,
          next_eval_at: x.nextRunAt,
        })
        .where('tid', '=', x.tid)
        .where('id', '=', x.id),
    );
    return changed > 0;
  }
  /** Deletes the rule with its firings and history. */
  async deleteRule(tid: string, id: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      await tx.run(tx.db.deleteFrom('alert_evaluations').where('tid', '=', tid).where('rule_id', '=', id));
      await tx.run(tx.db.deleteFrom('alert_firings').where('tid', '=', tid).where('rule_id', '=', id));
      return (await tx.run(tx.db.deleteFrom('alert_rules').where('tid', '=', tid).where('id', '=', id))) > 0;
    });
  }
  /** Enabled rules of every tenant whose next evaluation is at or before `now` (epoch ms). */
  async listDue(now: number): Promise<AlertRuleRecord[]> {
    return (await this.sql.all(due, { now })).map(toRule);
  }
  /** Claims an evaluation: true for exactly one of several claimers (see reports.ts claimRun). */
  async claimRun(id: string, expected: number, next: number | null, lastRunAt: string): Promise<boolean> {
    return (await this.sql.run(claim, { id, expected, next, lastRunAt })) === 1;
  }

  // Firings

  async listFirings(
    tid: string,
    filter: { ruleId?: string; state?: string } = {},
  ): Promise<AlertFiringRecord[]> {
    let q = this.sql.db.selectFrom('alert_firings').selectAll().where('tid', '=', tid);
    if (filter.ruleId) q = q.where('rule_id', '=', filter.ruleId);
    if (filter.state) q = q.where('state', '=', filter.state);
    return (await this.sql.all(q.orderBy('started_ms', 'desc').orderBy('id').limit(500))).map(toFiring);
  }
  async getFiring(tid: string, id: string): Promise<AlertFiringRecord | null> {
    const r = await this.sql.first(
      this.sql.db.selectFrom('alert_firings').selectAll().where('tid', '=', tid).where('id', '=', id),
    );
    return r ? toFiring(r) : null;
  }
  /** The rule's firing that is not resolved, if any. */
  async openFiring(tid: string, ruleId: string): Promise<AlertFiringRecord | null> {
    const r = await this.sql.first(
      this.sql.db
        .selectFrom('alert_firings')
        .selectAll()
        .where('tid', '=', tid)
        .where('rule_id', '=', ruleId)
        .where('state', '!=', 'resolved')
        .orderBy('started_ms', 'desc')
        .limit(1),
    );
    return r ? toFiring(r) : null;
  }
  async putFiring(x: AlertFiringRecord): Promise<void> {
    const values = {
      id: x.id,
      tid: x.tid,
      rule_id: x.ruleId,
      state: x.state,
      started_ms: x.startedMs,
      updated_ms: x.updatedMs,
      resolved_ms: x.resolvedMs,
      silenced_until_ms: x.silencedUntilMs,
      acknowledged_by: x.acknowledgedBy,
      count: x.count,
      groups: JSON.stringify(x.groups),
      window_start: x.windowStart,
      window_end: x.windowEnd,
      link: x.link,
      notified: JSON.stringify(x.notified),
    };
    await this.sql.run(
      this.sql.db
        .insertInto('alert_firings')
        .values(values)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            state: values.state,
            updated_ms: values.updated_ms,
            resolved_ms: values.resolved_ms,
            silenced_until_ms: values.silenced_until_ms,
            acknowledged_by: values.acknowledged_by,
            count: values.count,
            groups: values.groups,
            window_start: values.window_start,
            window_end: values.window_end,
            link: values.link,
            notified: values.notified,
          }),
        ),
    );
  }

  // Evaluations

  async addEvaluation(x: AlertEvaluationRecord): Promise<void> {
    await this.sql.run(
      this.sql.db.insertInto('alert_evaluations').values({
        id: x.id,
        tid: x.tid,
        rule_id: x.ruleId,
        at_ms: x.atMs,
        window_start: x.windowStart,
        window_end: x.windowEnd,
        count: x.count,
        groups: JSON.stringify(x.groups),
        outcome: x.outcome,
        firing_id: x.firingId,
        error: x.error,
      }),
    );
  }
  /** The rule's evaluations, newest first (at most `limit`). */
  async listEvaluations(tid: string, ruleId: string, limit = 200): Promise<AlertEvaluationRecord[]> {
    const rows = await this.sql.all(
      this.sql.db
        .selectFrom('alert_evaluations')
        .selectAll()
        .where('tid', '=', tid)
        .where('rule_id', '=', ruleId)
        .orderBy('at_ms', 'desc')
        .orderBy('id')
        .limit(limit),
    );
    return rows.map(toEvaluation);
  }

  // Channels

  async listChannels(tid: string): Promise<ChannelRecord[]> {
    const rows = await this.sql.all(
      this.sql.db
        .selectFrom('notification_channels')
        .selectAll()
        .where('tid', '=', tid)
        .orderBy('name')
        .orderBy('id'),
    );
    return rows.map((r) => this.toChannel(r));
  }
  async getChannel(tid: string, id: string): Promise<ChannelRecord | null> {
    const r = await this.sql.first(
      this.sql.db.selectFrom('notification_channels').selectAll().where('tid', '=', tid).where('id', '=', id),
    );
    return r ? this.toChannel(r) : null;
  }
  async insertChannel(x: ChannelRecord): Promise<void> {
    await this.sql.run(
      this.sql.db.insertInto('notification_channels').values({
        id: x.id,
        tid: x.tid,
        name: x.name,
        kind: x.kind,
        config: JSON.stringify(x.config),
        secret: x.secret === '' ? '' : this.secrets.seal(x.secret),
        created_at: x.createdAt,
      }),
    );
  }
  async deleteChannel(tid: string, id: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      await tx.run(
        tx.db.deleteFrom('channel_deliveries').where('tid', '=', tid).where('channel_id', '=', id),
      );
      return (
        (await tx.run(
          tx.db.deleteFrom('notification_channels').where('tid', '=', tid).where('id', '=', id),
        )) > 0
      );
    });
  }
  /**
   * Seals again every webhook secret stored clear or sealed by a key other than the current one
   * (the end of a key rotation, store/secretFields.ts); answers how many rows changed. Run at every start. Only
   * a row that still holds what was read is changed (a deletion meanwhile wins).
   */
  async resealSecrets(): Promise<number> {
    let changed = 0;
    const rows = await this.sql.all(
      this.sql.db.selectFrom('notification_channels').select(['id', 'secret']).where('secret', '<>', ''),
    );
    for (const r of rows) {
      const was = str(r.secret);
      if (!this.secrets.needsSealing(was)) continue;
      changed += await this.sql.run(
        this.sql.db
          .updateTable('notification_channels')
          .set({ secret: this.secrets.seal(this.secrets.open(was)) })
          .where('id', '=', str(r.id))
          .where('secret', '=', was),
      );
    }
    return changed;
  }
  private toChannel(r: Row): ChannelRecord {
    const secret = str(r.secret);
    return {
      id: str(r.id),
      tid: str(r.tid),
      name: str(r.name),
      kind: str(r.kind) as ChannelKind,
      config: JSON.parse(str(r.config)) as ChannelRecord['config'],
      secret: secret === '' ? '' : this.secrets.open(secret),
      createdAt: str(r.created_at),
    };
  }

  // Deliveries

  async addDelivery(x: DeliveryRecord): Promise<void> {
    await this.sql.run(
      this.sql.db.insertInto('channel_deliveries').values({
        id: x.id,
        tid: x.tid,
        channel_id: x.channelId,
        at_ms: x.atMs,
        attempt: x.attempt,
        status: x.status,
        error: x.error,
        subject: x.subject,
      }),
    );
  }
  async listDeliveries(tid: string, channelId: string, limit = 200): Promise<DeliveryRecord[]> {
    const rows = await this.sql.all(
      this.sql.db
        .selectFrom('channel_deliveries')
        .selectAll()
        .where('tid', '=', tid)
        .where('channel_id', '=', channelId)
        .orderBy('at_ms', 'desc')
        .orderBy('attempt', 'desc')
        .limit(limit),
    );
    return rows.map(toDelivery);
  }

  // In-app notifications

  async addNotification(x: NotificationRecord): Promise<void> {
    await this.sql.run(
      this.sql.db.insertInto('notifications').values({
        id: x.id,
        tid: x.tid,
        created_ms: x.createdMs,
        severity: x.severity,
        title: x.title,
        body: x.body,
        link: x.link,
        firing_id: x.firingId,
      }),
    );
  }
  /** The tenant's newest notifications, each with whether `uid` read it. */
  async listNotifications(
    tid: string,
    uid: string,
    limit = 50,
  ): Promise<{ notifications: (NotificationRecord & { read: boolean })[]; unread: number }> {
    const rows = await this.sql.all(
      this.sql.db
        .selectFrom('notifications')
        .selectAll()
        .where('tid', '=', tid)
        .orderBy('created_ms', 'desc')
        .orderBy('id')
        .limit(limit),
    );
    const read = new Set(
      (
        await this.sql.all(
          this.sql.db
            .selectFrom('notification_reads')
            .select('notification_id')
            .where('uid', '=', uid)
            .where('tid', '=', tid),
        )
      ).map((r) => str(r.notification_id)),
    );
    const total = await this.sql.first(
      this.sql.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tid', '=', tid)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('notification_reads')
                .select('notification_id')
                .whereRef('notification_reads.notification_id', '=', 'notifications.id')
                .where('notification_reads.uid', '=', uid),
            ),
          ),
        ),
    );
    return {
      notifications: rows.map((r) => ({ ...toNotification(r), read: read.has(str(r.id)) })),
      unread: num(total?.n ?? 0),
    };
  }
  async getNotification(tid: string, id: string): Promise<NotificationRecord | null> {
    const r = await this.sql.first(
      this.sql.db.selectFrom('notifications').selectAll().where('tid', '=', tid).where('id', '=', id),
    );
    return r ? toNotification(r) : null;
  }
  /** Marks notifications read for `uid` (all of the tenant's when `id` is absent); answers how many were unread. */
  async markRead(tid: string, uid: string, id?: string): Promise<number> {
    return this.sql.transaction(async (tx) => {
      let q = tx.db
        .selectFrom('notifications')
        .select('id')
        .where('tid', '=', tid)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('notification_reads')
                .select('notification_id')
                .whereRef('notification_reads.notification_id', '=', 'notifications.id')
                .where('notification_reads.uid', '=', uid),
            ),
          ),
        );
      if (id !== undefined) q = q.where('id', '=', id);
      const ids = (await tx.all(q)).map((r) => str(r.id));
      for (const nid of ids)
        await tx.run(
          tx.db
            .insertInto('notification_reads')
            .values({ tid, uid, notification_id: nid })
            .onConflict((oc) => oc.doNothing()),
        );
      return ids.length;
    });
  }
}
