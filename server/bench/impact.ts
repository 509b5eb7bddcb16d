/**
 * `npm run bench:impact` (also part of the root `npm run bench`): the impact preview of a publish
 * (docs/policy-impact.md) over the demo tenant's web events, on the embedded event store (DuckDB).
 * The events are the demo's (the generator's mix, decided by the demo web policy as published);
 * the staged revision blocks two more categories and adds a domain rule. Prints, for 7 and 30 days,
 * the events replayed, the changed ones and the wall time (issue 41's goal: 7 days in under 5 s;
 * a figure, never asserted).
 * Env: BENCH_IMPACT_EVENTS (default the demo's first start, 200,000, over its 180 days),
 * BENCH_DIR (default a temp dir, deleted afterwards unless BENCH_KEEP=1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { POLICY_KIND_REGISTRY } from '@workbench/common/api/contract/policyKinds';
import { DuckDbEventStore } from '../src/events/duckdbEventStore';
import { replayImpact, type ImpactSide } from '../src/policy/policyImpact';
import { categoryDecisionNames, webDeciderOf } from '../src/policy/webDeciders';
import type { WebPolicy } from '../src/policy/webPolicyDecision';
import { DEMO_WEB_POLICY } from '../src/seed/demoWebPolicy';
import { generateEvents } from '../src/seed/eventGenerator';
import { DEFAULT_DEMO_EVENTS } from '../src/seed/seedEvents';
import { envNumber } from './envNumber';

const DAY = 86_400_000;
const count = envNumber('BENCH_IMPACT_EVENTS', DEFAULT_DEMO_EVENTS);
const dir = process.env.BENCH_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-impact-'));

const published: WebPolicy = {
  risks: POLICY_KIND_REGISTRY.risks.defaults,
  cats: DEMO_WEB_POLICY.cats,
  exceptions: DEMO_WEB_POLICY['web/exceptions'],
  bnb: POLICY_KIND_REGISTRY.bnb.defaults,
  userAgents: POLICY_KIND_REGISTRY['web/user_agents'].defaults,
} as WebPolicy;
const staged: WebPolicy = {
  ...published,
  cats: {
    list: [
      ...published.cats.list,
      { category_id: 14, action: 'block' }, // Social Networking
      { category_id: 63, action: 'safeview' }, // News and Media
    ],
  },
  exceptions: {
    ...published.exceptions,
    list: [
      {
        id: 'bench-isolate-search',
        name: 'Isolate search engines',
        enabled: true,
        action: 'safeview',
        conditions: { domain: ['google.com', 'bing.com'] },
      },
      ...published.exceptions.list,
    ],
  },
};
const side = (policy: WebPolicy): ImpactSide => ({
  policy,
  categoryVersion: 1,
  names: categoryDecisionNames(1),
});

async function main(): Promise<void> {
  const store = await DuckDbEventStore.open(dir);
  try {
    const now = Date.now();
    const tenant = { tid: 'bench-tenant', name: 'acme', decideWeb: webDeciderOf(published) };
    let t0 = performance.now();
    for (const batch of generateEvents({ tenants: [tenant], count, now })) await store.append(batch);
    await store.flush();
    console.log(
      `impact: ${count.toLocaleString('en')} demo events stored in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    for (const days of [7, 30]) {
      t0 = performance.now();
      const result = await replayImpact({
        events: store,
        tid: tenant.tid,
        start: now - days * DAY,
        end: now + 1,
        published: side(published),
        staged: side(staged),
      });
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `impact: ${days} days, ${result.total.toLocaleString('en')} web events replayed, ` +
          `${result.changed.toLocaleString('en')} changed, ${seconds.toFixed(2)} s ` +
          `(${Math.round(result.total / seconds).toLocaleString('en')} events/s; goal for 7 days: < 5 s)`,
      );
    }
  } finally {
    await store.close();
    if (!process.env.BENCH_DIR && process.env.BENCH_KEEP !== '1')
      fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
