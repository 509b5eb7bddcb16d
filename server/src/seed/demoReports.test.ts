/**
 * Every report of the registry is meaningful on the demo data of a first start (issue 11): over
 * the dashboard's default 30 days, for the busiest demo tenant, each query answers rows with
 * values, a top-N query at least two groups, a by-date query events in most buckets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  type ReportQueryDef,
} from '@workbench/common/api/contract/reportQueries';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import { runReportQuery } from '../events/reportRoutes';
import { generateEvents } from './eventGenerator';
import { DEFAULT_DEMO_EVENTS } from './seedEvents';

const TENANTS = [
  { tid: 't-acme', name: 'acme' },
  { tid: 't-globex', name: 'globex' },
];
const NOW = new Date(Date.UTC(2026, 10, 25, 9));
let dir: string;
let store: DuckDbEventStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-reports-'));
  store = await DuckDbEventStore.open(dir);
  for (const batch of generateEvents({ tenants: TENANTS, count: DEFAULT_DEMO_EVENTS, now: NOW.getTime() }))
    await store.append(batch);
}, 120_000);

afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it.each(REPORT_QUERY_NAMES)('%s has data on the demo events', async (name) => {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
  const reply = await runReportQuery(store, name, 't-acme', {}, NOW);
  const measured = reply.rows.filter((r) => r.value > 0);
  if (def.dimension.kind === 'field') {
    expect(new Set(measured.map((r) => r.key)).size).toBeGreaterThanOrEqual(2);
  } else {
    expect(new Set(measured.map((r) => r.key)).size).toBeGreaterThan(
      new Set(reply.rows.map((r) => r.key)).size / 2,
    );
  }
  if (def.dimension.series !== undefined)
    expect(new Set(measured.map((r) => r.series)).size).toBeGreaterThanOrEqual(2);
  if (def.counts)
    expect(
      (await runReportQuery(store, name, 't-acme', { result_type: 'count' }, NOW)).rows[0].value,
    ).toBeGreaterThanOrEqual(2);
});
