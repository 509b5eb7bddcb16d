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
import type { EventStore } from './eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import type { NewEvent } from './eventStore';
import type { FieldValue } from '@workbench/common/api/contract/logSchema';

const DAY_S = 86_400;
/** 2026-11-02T00:00:00Z. */
const DAY0 = 1_793_577_600;
const RANGE = { start: DAY0, end: DAY0 + 7 * DAY_S };
const EVENTS_PER_TYPE = 400;

let server: TestServer;
let store: EventStore;
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
  // Few distinct integers, so that groups by an integer field (an SMTP code) hold several events.
  if (spec.kind === 'integer') return 1 + Math.floor(random() * 20) * 50;
  if (spec.kind === 'code') return pick(spec.vocabulary ?? []).code;
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
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  const tenants = await server.app.workbench.store.tenants.list();
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

type Key = string | number | null;
/** Keys in the store's order: numbers as numbers, texts by code unit; null last. */
const byKey = (a: Key, b: Key): number =>
  a === b
    ? 0
    : a === null
      ? 1
      : b === null
        ? -1
        : typeof a === 'number' && typeof b === 'number'
          ? a - b
          : String(a) < String(b)
            ? -1
            : 1;

/** The measure over a group's events, as the registry row defines it. */
function measureOf(def: ReportQueryDef, group: readonly NewEvent[]): number {
  const m = def.measure;
  const values = (f: string) => group.map((e) => e.fields[f] ?? null);
  switch (m.kind) {
    case 'count':
      return group.length;
    case 'sum':
      return group.reduce((sum, e) => sum + m.fields.reduce((s2, f) => s2 + Number(e.fields[f] ?? 0), 0), 0);
    case 'avg': {
      const present = values(m.field)
        .filter((v) => v !== null)
        .map(Number);
      return present.length === 0 ? 0 : Math.round(present.reduce((a, b) => a + b, 0) / present.length);
    }
    case 'distinct':
      return new Set(values(m.field).filter((v) => v !== null)).size;
  }
}

function groupBy<K>(list: readonly NewEvent[], keyOf: (e: NewEvent) => K): Map<K, NewEvent[]> {
  const groups = new Map<K, NewEvent[]>();
  for (const e of list) groups.set(keyOf(e), [...(groups.get(keyOf(e)) ?? []), e]);
  return groups;
}

/**
 * Top N: the measure per value (events without one in no group), most first, ties by key (or the
 * smallest keys in order); with a series, each group's rows per series value, null last.
 */
function expectedTop(def: ReportQueryDef, limit: number, filters?: Record<string, string[]>) {
  if (def.dimension.kind !== 'field') throw new Error('a top-N query');
  const { field, series, order } = def.dimension;
  const groups = groupBy(
    counted(def, filters).filter((e) => (e.fields[field] ?? null) !== null),
    (e) => e.fields[field] as Key,
  );
  const ranked = [...groups.entries()]
    .map(([key, group]) => ({ key, group, value: measureOf(def, group) }))
    .sort((a, b) => (order === 'key' ? byKey(a.key, b.key) : b.value - a.value || byKey(a.key, b.key)))
    .slice(0, limit);
  if (series === undefined) return ranked.map(({ key, value }) => ({ key, value }));
  return ranked.flatMap(({ key, group }) =>
    [...groupBy(group, (e) => (e.fields[series] ?? null) as Key).entries()]
      .sort(([a], [b]) => byKey(a, b))
      .map(([s, cell]) => ({ key, series: s, value: measureOf(def, cell) })),
  );
}

/** By date (UTC): every bucket of the default granularity from the one holding start (per series). */
function expectedBuckets(def: ReportQueryDef) {
  if (def.dimension.kind !== 'date') throw new Error('a by-date query');
  const { series } = def.dimension;
  const bucketS = REPORT_GRANULARITY_MS.P2D / 1000;
  const events = counted(def);
  const allSeries =
    series === undefined
      ? [undefined]
      : [...new Set(events.map((e) => (e.fields[series] ?? null) as Key))].sort(byKey);
  const rows: { key: number; series?: Key; value: number }[] = [];
  for (let edge = Math.floor(RANGE.start / bucketS) * bucketS; edge < RANGE.end; edge += bucketS)
    for (const s of allSeries) {
      const cell = events.filter(
        (e) =>
          e.time >= edge * 1000 &&
          e.time < (edge + bucketS) * 1000 &&
          (series === undefined || (e.fields[series] ?? null) === s),
      );
      rows.push({ key: edge, ...(series === undefined ? {} : { series: s }), value: measureOf(def, cell) });
    }
  return rows;
}

async function run(name: string, params: Record<string, string> = {}, status = 200): Promise<ReportReply> {
  const query = new URLSearchParams({ start: String(RANGE.start), end: String(RANGE.end), ...params });
  const r = await server.call(`${reportQueryPath(name as never)}?${query}`, { jar: acme.jar });
  expect(r.status).toBe(status);
  return (await r.json()) as ReportReply;
}

describe.each(REPORT_QUERY_NAMES)('%s', (name) => {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];

  it('answers what the crafted events give, counted independently', async () => {
    const reply = await run(name);
    if (def.dimension.kind === 'field') {
      expect(reply.rows).toEqual(expectedTop(def, 50));
      expect(new Set(reply.rows.map((r) => r.key)).size).toBeGreaterThan(1);
    } else {
      expect(reply.granularity).toBe('P2D');
      expect(reply.rows).toEqual(expectedBuckets(def));
      expect(reply.rows.some((r) => r.value > 0)).toBe(true);
    }
  });

  const dimension = def.dimension;
  if (dimension.kind === 'field') {
    it('takes limit, and each of its filters narrows to the events with that value', async () => {
      expect((await run(name, { limit: '2' })).rows).toEqual(expectedTop(def, 2));
      for (const [param, filter] of Object.entries(def.filters)) {
        if ('logType' in filter) continue;
        const value = counted(def).find(
          (e) => e.fields[filter.field] !== undefined && e.fields[filter.field] !== null,
        )?.fields[filter.field];
        if (value === undefined || value === null) continue;
        const sent = Object.entries(filter.aliases ?? {}).find(([, v]) => v === value)?.[0] ?? String(value);
        expect((await run(name, { [param]: sent })).rows).toEqual(
          expectedTop(def, 50, { [filter.field]: [String(value)] }),
        );
      }
    });
  }

  if (def.counts && dimension.kind === 'field') {
    it('with result_type=count answers the number of groups', async () => {
      const groups = new Set(
        counted(def)
          .map((e) => e.fields[dimension.field] ?? null)
          .filter((k) => k !== null),
      );
      expect((await run(name, { result_type: 'count' })).rows).toEqual([{ key: null, value: groups.size }]);
      expect((await run(name, { result_type: 'list' })).rows).toEqual(expectedTop(def, 50));
      await run(name, { result_type: 'sum' }, 400);
    });
  }

  if (Object.values(def.filters).some((f) => 'logType' in f)) {
    it('takes log_type naming its own log type only', async () => {
      const param = Object.entries(def.filters).find(([, f]) => 'logType' in f)?.[0] as string;
      expect((await run(name, { [param]: def.logType })).rows).toEqual((await run(name)).rows);
      await run(name, { [param]: 'scan_web' }, 400);
    });
  }
});
