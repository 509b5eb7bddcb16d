/**
 * The impact preview of a publish (docs/policy-impact.md): every web event of a window replayed
 * through the published and the staged web policy with the policy tester's decision
 * (decideWebRequest, one decision for the tester, the demo events and this), tallied as the change
 * matrix, the top users, domains, categories and rules behind the changes, the newest changed
 * requests and the staged rules that decide nothing. It reads the event store through its
 * store-neutral scan, so DuckDB and ClickHouse answer alike.
 */
import type { DecidingRule } from '@workbench/common/api/contract/policy';
import {
  IMPACT_SAMPLES_MAX,
  IMPACT_TOP_MAX,
  type ImpactResult,
  type ImpactRuleTop,
  type ImpactSample,
  type ImpactTop,
} from '@workbench/common/api/contract/policyImpact';
import type { FieldValue } from '@workbench/common/api/contract/logSchema';
import type { EventStore, StoredEvent } from '../events/eventStore';
import { decideWebRequest, type DecisionNames, type WebDecision, type WebPolicy } from './webPolicyDecision';
import { webRequestOf } from './webDeciders';

/** A revision's web policy as the replay decides with it. */
export interface ImpactSide {
  policy: WebPolicy;
  categoryVersion: number;
  names: DecisionNames;
}

/** Events read per batch of the scan; progress is reported after each. */
export const IMPACT_BATCH = 5000;

const text = (v: FieldValue | undefined): string => (v === undefined || v === null ? '' : String(v));

const ruleId = (r: DecidingRule): string => `${r.kind}\u0000${r.key ?? ''}\u0000${r.index ?? ''}`;

/** The enabled rules of a web policy whose matching is per request (the lists a person writes). */
export function listedRules(policy: WebPolicy): DecidingRule[] {
  const rules: DecidingRule[] = policy.exceptions.bypass.map((d) => ({
    kind: 'web/exceptions',
    key: d,
    name: `Bypass ${d}`,
  }));
  for (const stage of [policy.bnb.pre, policy.bnb.post])
    for (const [index, r] of stage.list.entries())
      if (r.enabled) rules.push({ kind: 'bnb', key: r.id, index, name: r.name });
  for (const [index, r] of policy.userAgents.list.entries())
    if (r.enabled) rules.push({ kind: 'web/user_agents', key: r.id, index, name: r.name });
  for (const [index, r] of policy.exceptions.list.entries())
    if (r.enabled) rules.push({ kind: 'web/exceptions', key: r.id, index, name: r.name });
  return rules;
}

class Counter {
  private readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  /** The largest counts, ties by key. */
  top(max: number): ImpactTop[] {
    return [...this.counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, max)
      .map(([key, count]) => ({ key, count }));
  }
  entries(): [string, number][] {
    return [...this.counts];
  }
}

/** The tally of one replay: feed it events (newest first), then read the result. */
export class ImpactTally {
  private total = 0;
  private changed = 0;
  private readonly matrix = new Counter();
  private readonly users = new Counter();
  private readonly domains = new Counter();
  private readonly categories = new Counter();
  private readonly rules = new Counter();
  private readonly ruleOf = new Map<string, { side: 'staged' | 'published'; rule: DecidingRule }>();
  private readonly samples: ImpactSample[] = [];
  private readonly stagedDecided = new Set<string>();

  constructor(
    private readonly published: ImpactSide,
    private readonly staged: ImpactSide,
  ) {}

  private decide(side: ImpactSide, e: StoredEvent, url: URL): WebDecision {
    const f = e.fields;
    const req = webRequestOf(
      {
        url: '', // the parsed URL goes in below
        category: text(f.category),
        risk: (f.risk === undefined ? undefined : text(f.risk)) as 'G' | 'Y' | 'R',
        userid: text(f.userid),
        groups: text(f.groups),
        src_ip: text(f.src_ip),
        user_agent: text(f.user_agent),
        time: e.time,
      },
      side.categoryVersion,
      url,
    );
    return decideWebRequest(side.policy, req, side.names);
  }

  add(e: StoredEvent): void {
    let url: URL;
    try {
      url = new URL(text(e.fields.url));
    } catch {
      return; // not a request the policy could decide (no absolute URL): not replayed
    }
    this.total += 1;
    const before = this.decide(this.published, e, url);
    const after = this.decide(this.staged, e, url);
    if (after.rule) this.stagedDecided.add(ruleId(after.rule));
    if (before.action === after.action) return;
    this.changed += 1;
    this.matrix.add(`${before.action}\u0000${after.action}`);
    const user = e.fields.userid === undefined ? null : text(e.fields.userid);
    if (user) this.users.add(user);
    this.domains.add(url.hostname.toLowerCase());
    const category = e.fields.category === undefined ? null : text(e.fields.category);
    if (category) this.categories.add(category);
    const behind = after.rule
      ? { side: 'staged' as const, rule: after.rule }
      : before.rule
        ? { side: 'published' as const, rule: before.rule }
        : null;
    if (behind) {
      const id = `${behind.side}\u0000${ruleId(behind.rule)}`;
      this.ruleOf.set(id, behind);
      this.rules.add(id);
    }
    if (this.samples.length < IMPACT_SAMPLES_MAX)
      this.samples.push({
        time: e.time,
        user,
        url: url.href,
        category,
        published: { action: before.action, rule: before.rule },
        staged: { action: after.action, rule: after.rule },
      });
  }

  result(): ImpactResult {
    const topRules: ImpactRuleTop[] = this.rules.top(IMPACT_TOP_MAX).map(({ key, count }) => {
      const { side, rule } = this.ruleOf.get(key)!;
      return { side, rule, count };
    });
    return {
      total: this.total,
      changed: this.changed,
      matrix: this.matrix
        .entries()
        .map(([key, count]) => {
          const [from, to] = key.split('\u0000');
          return { from, to, count };
        })
        .sort((a, b) => b.count - a.count || a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
      top_users: this.users.top(IMPACT_TOP_MAX),
      top_domains: this.domains.top(IMPACT_TOP_MAX),
      top_categories: this.categories.top(IMPACT_TOP_MAX),
      top_rules: topRules,
      samples: this.samples,
      unmatched_rules: listedRules(this.staged.policy).filter((r) => !this.stagedDecided.has(ruleId(r))),
    };
  }
}

export interface ImpactRun {
  events: EventStore;
  tid: string;
  /** Epoch ms, [start, end). */
  start: number;
  end: number;
  published: ImpactSide;
  staged: ImpactSide;
  /** After the count and after each batch: events replayed so far of `total`. */
  onProgress?: (scanned: number, total: number) => Promise<void> | void;
  batchSize?: number;
}

/** Replays the window's web events of the tenant, newest first, through both revisions. */
export async function replayImpact(run: ImpactRun): Promise<ImpactResult> {
  const scan = {
    logType: 'scan_web' as const,
    tid: run.tid,
    start: run.start,
    end: run.end,
    filters: [],
    order: 'desc' as const,
  };
  const total = await run.events.countMatching(scan);
  await run.onProgress?.(0, total);
  const tally = new ImpactTally(run.published, run.staged);
  let scanned = 0;
  for await (const batch of run.events.scan(scan, run.batchSize ?? IMPACT_BATCH)) {
    for (const e of batch) tally.add(e);
    scanned += batch.length;
    await run.onProgress?.(scanned, total);
  }
  return tally.result();
}
