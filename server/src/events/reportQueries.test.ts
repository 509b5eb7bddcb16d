/**
 * Every query of the report-query registry, over real HTTP, against a crafted data set whose
 * answer this test computes by itself in JavaScript (group, measure, order, limit; buckets by
 * date), not with the SQL builder: a new registry row is checked here without a test of its own.
 * The data: each log type's fields drawn from small pools (a few values each, some missing), for
 * two tenants, over a week.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  REPORT_GRANULARITY_MS,
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  reportQueryPath,
  type ReportQueryDef,
  type ReportReply,
} from '@workbench/common/api/contract/reportQueries';
import { FIELD_SPECS, LOG_TYPES, LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { DuckDbEventStore } from './duckdbEventStore';
import { eventsPlugin } from './eventsPlugin';
import type { NewEvent } from './eventStore';
import type { FieldValue } from '@workbench/common/api/contract/logSchema';

const DAY_S = 86_400;
/** 2026-11-02T00:00:00Z. */
const DAY0 = 1_793_577_600;
const RANGE = { start: DAY0, end: DAY0 + 7 * DAY_S };
const EVENTS_PER_TYPE = 120;

let server: TestServer;
let store: DuckDbEventStore;
let storeDir: string;
let acme: SignedIn;
let acmeTid: string;
const events: NewEvent[] = [];

/** A small deterministic generator (the data must be the same on every run). */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A field's value: a code of its vocabulary, a small integer, or one of a few texts; sometimes none. */
function valueOf(field: string, random: () => number): FieldValue | null {
  if (random() < 0.1) return null;
  const spec = FIELD_SPECS[field];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  if (spec.kind === 'integer') return 1 + Math.floor(random() * 1000);
  if (spec.kind === 'code') return pick((spec.vocabulary ?? []).slice(0, 4)).code;
  return `${field}-${pick(['a', 'b', 'c', 'd', 'e'])}`;
}

function craft(tids: readonly string[]): NewEvent[] {
  const random = mulberry32(20261125);
  const crafted: NewEvent[] = [];
  for (const tid of tids)
    for (const logType of LOG_TYPES)
      for (let i = 0; i < EVENTS_PER_TYPE; i += 1) {
        const fields: Record<string, FieldValue | null> = {};
        for (const f of LOG_TYPE_SCHEMAS[logType].fields) fields[f] = valueOf(f, random);
        crafted.push({ tid, logType, time: (RANGE.start + Math.floor(random() * 7 * DAY_S)) * 1000, fields });
      }
  return crafted;
}

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-queries-'));
  store = await DuckDbEventStore.open(storeDir);
  server = await startTestServer({ plugins: [eventsPlugin({ dataDir: storeDir, store })] });
  const tenants = await server.app.workbench.store.listTenants();
  acmeTid = tenants.find((t) => t.name === 'acme')?.tid as string;
  events.push(...craft(tenants.map((t) => t.tid)));
  await store.append(events);
  acme = await signIn(server, 'admin@acme.example');
}, 60_000);

afterAll(async () => {
  await server.close();
  await store.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

/** The events a query counts: acme's, of its log type, in the range, passing its fixed filters. */
function counted(def: ReportQueryDef, filters: Record<string, string[]> = {}): NewEvent[] {
  const field = (e: NewEvent, f: string) => e.fields[f] ?? null;
  return events.filter(
    (e) =>
      e.tid === acmeTid &&
      e.logType === def.logType &&
      e.time >= RANGE.start * 1000 &&
      e.time < RANGE.end * 1000 &&
      (def.where ?? []).every((w) => w.values.includes(String(field(e, w.field)))) &&
      Object.entries(filters).every(([f, values]) => values.includes(String(field(e, f)))),
  );
}

const measureOf = (def: ReportQueryDef, e: NewEvent): number =>
  def.measure.kind === 'count' ? 1 : def.measure.fields.reduce((sum, f) => sum + Number(e.fields[f] ?? 0), 0);

/** Top N: measure per value (events without one in no group), most first, ties by key. */
function expectedTop(def: ReportQueryDef, field: string, limit: number, filters?: Record<string, string[]>) {
  const groups = new Map<string | number | null, number>();
  for (const e of counted(def, filters)) {
    const key = e.fields[field] ?? null;
    if (key !== null) groups.set(key, (groups.get(key) ?? 0) + measureOf(def, e));
  }
  return [...groups.entries()]
    .map(([key, value]) => ({ key, value }))
    .sort((a, b) =>
      b.value !== a.value
        ? b.value - a.value
        : a.key === null
          ? 1
          : b.key === null
            ? -1
            : String(a.key) < String(b.key)
              ? -1
              : String(a.key) > String(b.key)
                ? 1
                : 0,
    )
    .slice(0, limit);
}

/** By date (UTC): every bucket of the default granularity from the one holding start. */
function expectedBuckets(def: ReportQueryDef) {
  const bucketS = REPORT_GRANULARITY_MS.P2D / 1000;
  const rows: { key: number; value: number }[] = [];
  for (let edge = Math.floor(RANGE.start / bucketS) * bucketS; edge < RANGE.end; edge += bucketS)
    rows.push({ key: edge, value: 0 });
  for (const e of counted(def)) {
    const row = rows.find((r) => e.time >= r.key * 1000 && e.time < (r.key + bucketS) * 1000);
    if (row) row.value += measureOf(def, e);
  }
  return rows;
}

async function run(name: string, params: Record<string, string> = {}): Promise<ReportReply> {
  const query = new URLSearchParams({ start: String(RANGE.start), end: String(RANGE.end), ...params });
  const r = await server.call(`${reportQueryPath(name as never)}?${query}`, { jar: acme.jar });
  expect(r.status).toBe(200);
  return (await r.json()) as ReportReply;
}

describe.each(REPORT_QUERY_NAMES)('%s', (name) => {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];

  it('answers what the crafted events give, counted independently', async () => {
    const reply = await run(name);
    if (def.dimension.kind === 'field') {
      expect(reply.rows).toEqual(expectedTop(def, def.dimension.field, 50));
      expect(reply.rows.length).toBeGreaterThan(1);
    } else {
      expect(reply.granularity).toBe('P2D');
      expect(reply.rows).toEqual(expectedBuckets(def));
      expect(reply.rows.some((r) => r.value > 0)).toBe(true);
    }
  });

  if (def.dimension.kind === 'field') {
    const field = def.dimension.field;
    it('takes limit, and each of its filters narrows to the events with that value', async () => {
      expect((await run(name, { limit: '2' })).rows).toEqual(expectedTop(def, field, 2));
      for (const [param, filter] of Object.entries(def.filters)) {
        const value = counted(def).find(
          (e) => e.fields[filter.field] !== undefined && e.fields[filter.field] !== null,
        )?.fields[filter.field];
        if (value === undefined || value === null) continue;
        const sent = Object.entries(filter.aliases ?? {}).find(([, v]) => v === value)?.[0] ?? String(value);
        expect((await run(name, { [param]: sent })).rows).toEqual(
          expectedTop(def, field, 50, { [filter.field]: [String(value)] }),
        );
      }
    });
  }
});
