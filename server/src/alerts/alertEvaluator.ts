/**
 * Alert evaluation (docs/alerts.md). A rule's query is read by the logs' own condition builder
 * (events/logQuery.ts parseLogScan: the query language's `q` over the rule's log type and window),
 * and counted by the event store's store-neutral aggregate (DuckDB and ClickHouse alike), so a
 * firing's count is what the logs explorer shows for its link.
 *
 * Conditions: `threshold`, the window's count above the threshold (with `group_by`, each value's
 * count; the groups above it are the firing's); `new_value`, values of a field in the window that
 * no event of the `lookback_days` before the window had.
 *
 * States of a firing: `firing` (notified); `acknowledged` (someone is on it: no more notifications
 * until it resolves); `silenced` until a time (no notification; after the time it is `firing`
 * again); `resolved` (the condition no longer holds; a later breach is a new firing). While a
 * firing stays open, a repeat notification goes out only when its groups change.
 *
 * Evaluations run on the report scheduler's claimed-once ticking (reports/reportScheduler.ts
 * DueScheduler over the store's alert rules): two servers on one config store never both
 * evaluate the same due time.
 */
import crypto from 'node:crypto';
import { ALERT_GROUPS_MAX } from '@workbench/common/api/contract/alerts';
import { LOG_ROUTE_TYPES, type LogRoute } from '@workbench/common/vocabularies/index';
import type { ConfigStore } from '../store/ConfigStore';
import type { AlertFiringRecord, AlertGroupRecord, AlertRuleRecord } from '../store/repositories/alerts';
import type { EventScan, EventStore } from '../events/eventStore';
import { parseLogScan } from '../events/logQuery';
import { DueScheduler } from '../reports/reportScheduler';
import type { FiringChange, Notifier } from './notifier';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How many distinct values a new-value rule compares per evaluation. */
const NEW_VALUE_MAX = 1000;

/** The rule's scan over [start, end): the logs API's condition of `q`. */
export function ruleScan(rule: Pick<AlertRuleRecord, 'tid' | 'spec'>, start: number, end: number): EventScan {
  const logType = LOG_ROUTE_TYPES[rule.spec.logType as LogRoute];
  const raw: Record<string, string> = {
    start: String(start / 1000),
    end: String(end / 1000),
    ...(rule.spec.query.trim() ? { q: rule.spec.query } : {}),
  };
  return parseLogScan(logType, rule.tid, raw, end).scan;
}

/** The portal's logs explorer with exactly the rule's query and window. */
export function logsLink(rule: Pick<AlertRuleRecord, 'spec'>, start: number, end: number): string {
  const params = new URLSearchParams({
    interval: 'custom',
    from: String(Math.floor(start / 1000)),
    to: String(Math.ceil(end / 1000)),
  });
  if (rule.spec.query.trim()) params.set('q', rule.spec.query);
  return `/#/logs/${rule.spec.logType}?${params.toString()}`;
}

export interface Measurement {
  windowStart: number;
  windowEnd: number;
  count: number;
  groups: AlertGroupRecord[];
  breached: boolean;
}

const keyText = (key: unknown): string | null => (key === null || key === undefined ? null : String(key));

async function totalOf(events: EventStore, scan: EventScan): Promise<number> {
  const [row] = await events.aggregate({
    ...scan,
    groupBy: { total: true },
    measure: { kind: 'count' },
    limit: 1,
  });
  return Number(row?.value ?? 0);
}

/** Measures the rule's condition over the window that ends at `at`. */
export async function measure(events: EventStore, rule: AlertRuleRecord, at: number): Promise<Measurement> {
  const c = rule.spec.condition;
  const windowEnd = at;
  const windowStart = at - c.window_minutes * MINUTE_MS;
  const scan = ruleScan(rule, windowStart, windowEnd);
  if (c.kind === 'threshold') {
    const count = await totalOf(events, scan);
    if (!c.group_by) {
      return { windowStart, windowEnd, count, groups: [{ key: null, count }], breached: count > c.threshold };
    }
    const rows = await events.aggregate({
      ...scan,
      groupBy: { field: c.group_by },
      measure: { kind: 'count' },
      limit: ALERT_GROUPS_MAX,
    });
    const groups = rows
      .map((r) => ({ key: keyText(r.key), count: Number(r.value) }))
      .filter((g) => g.count > c.threshold);
    return { windowStart, windowEnd, count, groups, breached: groups.length > 0 };
  }
  const inWindow = await events.aggregate({
    ...scan,
    groupBy: { field: c.field, order: 'key' },
    measure: { kind: 'count' },
    limit: NEW_VALUE_MAX,
  });
  if (inWindow.length === 0) return { windowStart, windowEnd, count: 0, groups: [], breached: false };
  const before = ruleScan(rule, windowStart - c.lookback_days * DAY_MS, windowStart);
  const seen = await events.aggregate({
    ...before,
    filters: [...before.filters, { field: c.field, values: inWindow.map((r) => r.key as string | number) }],
    groupBy: { field: c.field, order: 'key' },
    measure: { kind: 'count' },
    limit: NEW_VALUE_MAX,
  });
  const old = new Set(seen.map((r) => keyText(r.key)));
  const groups = inWindow
    .map((r) => ({ key: keyText(r.key), count: Number(r.value) }))
    .filter((g) => !old.has(g.key))
    .sort((a, b) => b.count - a.count)
    .slice(0, ALERT_GROUPS_MAX);
  const count = groups.reduce((sum, g) => sum + g.count, 0);
  return { windowStart, windowEnd, count, groups, breached: groups.length > 0 };
}

const sameKeys = (a: readonly (string | null)[], b: readonly (string | null)[]) => {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((k, i) => k === y[i]);
};

export interface EvaluatorOptions {
  store: ConfigStore;
  events: EventStore;
  now: () => Date;
  notifier: Notifier;
  onError?: (error: unknown, rule: AlertRuleRecord | null) => void;
}

/** The next evaluation of a rule after `at` (null when disabled). */
export const nextEvaluationOf = (rule: Pick<AlertRuleRecord, 'enabled' | 'spec'>, at: Date): number | null =>
  rule.enabled ? at.getTime() + rule.spec.everyMinutes * MINUTE_MS : null;

export class AlertEvaluator {
  readonly scheduler: DueScheduler<AlertRuleRecord>;

  constructor(private readonly options: EvaluatorOptions) {
    this.scheduler = new DueScheduler<AlertRuleRecord>({
      rows: {
        listDue: (now) => options.store.alerts.listDue(now),
        claimRun: (...a) => options.store.alerts.claimRun(...a),
      },
      now: options.now,
      nextOf: nextEvaluationOf,
      run: (rule) => this.evaluate(rule),
      onError: options.onError,
    });
  }

  /** Evaluates a (claimed) rule now: measures, moves its firing's state, notifies, records it. */
  async evaluate(rule: AlertRuleRecord): Promise<void> {
    const { store, events, now, notifier } = this.options;
    const at = now().getTime();
    const history = {
      id: crypto.randomUUID(),
      tid: rule.tid,
      ruleId: rule.id,
      atMs: at,
    };
    let m: Measurement;
    try {
      m = await measure(events, rule, at);
    } catch (error) {
      const windowStart = at - rule.spec.condition.window_minutes * MINUTE_MS;
      await store.alerts.addEvaluation({
        ...history,
        windowStart,
        windowEnd: at,
        count: 0,
        groups: [],
        outcome: 'error',
        firingId: null,
        error: (error as Error).message,
      });
      throw error;
    }
    const keys = m.groups.map((g) => g.key);
    const open = await store.alerts.openFiring(rule.tid, rule.id);
    let outcome: string;
    let firing: AlertFiringRecord | null = open;
    let change: FiringChange | null = null;
    const measured = {
      updatedMs: at,
      count: m.count,
      groups: m.groups,
      windowStart: m.windowStart,
      windowEnd: m.windowEnd,
      link: logsLink(rule, m.windowStart, m.windowEnd),
    };
    if (m.breached && !open) {
      firing = {
        id: crypto.randomUUID(),
        tid: rule.tid,
        ruleId: rule.id,
        state: 'firing',
        startedMs: at,
        resolvedMs: null,
        silencedUntilMs: null,
        acknowledgedBy: null,
        notified: keys,
        ...measured,
      };
      outcome = 'fired';
      change = 'fired';
    } else if (m.breached && open) {
      firing = { ...open, ...measured };
      if (firing.state === 'silenced' && (firing.silencedUntilMs ?? 0) <= at) {
        firing.state = 'firing';
        firing.silencedUntilMs = null;
      }
      if (firing.state === 'firing' && !sameKeys(keys, open.notified)) {
        firing.notified = keys;
        outcome = 'changed';
        change = 'changed';
      } else outcome = 'still_firing';
    } else if (open) {
      // The window's measure of the resolution is kept: it shows why it resolved.
      firing = {
        ...open,
        ...measured,
        link: open.link,
        groups: open.groups,
        count: open.count,
        state: 'resolved',
        resolvedMs: at,
      };
      outcome = 'resolved';
      const silenced = open.state === 'silenced' && (open.silencedUntilMs ?? 0) > at;
      if (!silenced) change = 'resolved';
    } else outcome = 'ok';
    if (firing) await store.alerts.putFiring(firing);
    await store.alerts.addEvaluation({
      ...history,
      windowStart: m.windowStart,
      windowEnd: m.windowEnd,
      count: m.count,
      groups: m.groups,
      outcome,
      firingId: firing?.id ?? null,
      error: null,
    });
    if (change && firing) await notifier.notify(rule, firing, change);
  }
}
