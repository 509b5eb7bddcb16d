/**
 * The ClickHouse store against the DuckDB store on the same generated events (issue 16): every
 * block of log paging in both orders (plain, filtered, excluded, searched, with a query-language
 * condition), every report query of the registry (and its count and time-zone variants), the
 * logs area's summaries, the export, row by row. And the escaping of values, on a real server:
 * any text goes into a statement and comes back equal, without changing the statement's shape.
 * Two throw-away shards (clickhouseTestServers.ts); skipped loudly without ClickHouse, a failure
 * in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Float64, Int32, Table, Utf8, vectorFromArray } from 'apache-arrow';
import fc from 'fast-check';
import {
  FIELD_SPECS,
  LOG_TYPES,
  LOG_TYPE_SCHEMAS,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import { LOG_ACTION_FIELDS } from '@workbench/common/api/contract/logSummary';
import {
  REPORT_GRANULARITY_MS,
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  type ReportQueryName,
  type ReportGranularityCode,
} from '@workbench/common/api/contract/reportQueries';
import { generateEvents } from '../seed/eventGenerator';
import { toEventColumns } from './arrowEvents';
import { ClickHouseEventStore, INDEX_GRANULARITY } from './clickhouseEventStore';
import { execute, selectRows } from './clickhouseHttp';
import { sqlValue } from './clickhouseSql';
import {
  clickhouseAvailable,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from './clickhouseTestServers';
import { parseClickHouseUrl } from './clickhouseUrl';
import { DuckDbEventStore } from './duckdbEventStore';
import type {
  AggregateRow,
  EventQuery,
  EventScan,
  EventStore,
  ExportOptions,
  StoredEvent,
} from './eventStore';
import { runReportQuery, type ReportQueryString } from './reportRoutes';

const NOW = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;
const TENANTS = [
  { tid: 'tid-acme', name: 'acme' },
  { tid: 'tid-globex', name: 'globex' },
];
/** Enough for several blocks of every log type and groups of every report; small for CI. */
const EVENTS = 3000;
const RANGE = { start: NOW - 181 * DAY, end: NOW + DAY };
/** Independent reads sent at once (below the HTTP client's 16 connections per shard). */
const PARALLEL = 8;

const run = clickhouseAvailable() ? describe : describe.skip;

run('ClickHouse and DuckDB event stores give the same answers', () => {
  let cluster: ClickHouseTestCluster;
  let dir: string;
  let duck: DuckDbEventStore;
  let house: ClickHouseEventStore;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-compare-'));
    [cluster, duck] = await Promise.all([startClickHouseCluster(2), DuckDbEventStore.open(dir)]);
    house = await ClickHouseEventStore.open(cluster.url('compare'));
    for (const batch of generateEvents({
      tenants: TENANTS,
      count: EVENTS,
      now: NOW,
      seed: 16,
      batchSize: 1000,
    })) {
      await Promise.all([duck.append(batch), house.append(batch)]);
    }
  });

  afterAll(async () => {
    await duck?.close();
    await house?.close();
    await cluster?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every block of a paging, in order (each block compared as it comes). */
  async function pageAll(query: Omit<EventQuery, 'after'>): Promise<number> {
    let after: EventQuery['after'];
    let blocks = 0;
    for (;;) {
      const [a, b] = await Promise.all([duck.query({ ...query, after }), house.query({ ...query, after })]);
      expect({ block: blocks, events: b }).toEqual({ block: blocks, events: a });
      blocks += 1;
      if (a.length < query.limit) return blocks;
      const last: StoredEvent = a[a.length - 1];
      after =
        query.sortField === undefined
          ? { time: last.time, id: last.id }
          : { time: last.time, id: last.id, value: last.fields[query.sortField] ?? null };
    }
  }

  it('pages every log type, both orders, block by block, to the same events', async () => {
    let blocks = 0;
    for (const logType of LOG_TYPES) {
      for (const order of ['desc', 'asc'] as const) {
        for (const { tid } of TENANTS) {
          blocks += await pageAll({ logType, tid, ...RANGE, filters: [], order, limit: 60 });
        }
      }
    }
    expect(blocks).toBeGreaterThan(50);
  });

  it('pages filtered, excluded, searched and query-language blocks to the same events', async () => {
    const base = { logType: 'scan_web' as LogType, tid: 'tid-acme', ...RANGE, limit: 100 };
    const shapes: Omit<EventQuery, 'after' | 'order' | keyof typeof base>[] = [
      { filters: [{ field: 'action', values: ['block', 'allow'] }] },
      { filters: [{ field: 'risk', values: ['R', 'Y'], exclude: true }] },
      { filters: [], search: 'GOO' },
      {
        filters: [],
        where: {
          kind: 'or',
          items: [
            {
              kind: 'not',
              item: {
                kind: 'in',
                field: 'category',
                values: [FIELD_SPECS.category.vocabulary?.[3]?.code ?? ''],
              },
            },
            { kind: 'compare', field: 'bytes', op: '>', value: 100_000 },
            { kind: 'like', field: 'domain', pattern: '*.COM' },
          ],
        },
      },
      { filters: [], where: { kind: 'compare', field: 'status_code', op: '>=', value: 400 } },
      // Sorted by a field (a code, a number, a text): keyset on (value, time, id), no value last.
      { filters: [], sortField: 'risk' },
      { filters: [], sortField: 'status_code' },
      { filters: [], sortField: 'domain' },
    ];
    // Each paging's blocks in order; the pagings PARALLEL at a time.
    const pagings = shapes.flatMap((shape) =>
      (['desc', 'asc'] as const).map((order) => ({ ...base, ...shape, order })),
    );
    for (let from = 0; from < pagings.length; from += PARALLEL)
      await Promise.all(pagings.slice(from, from + PARALLEL).map((query) => pageAll(query)));
    const [a, b] = await Promise.all([
      duck.queryJson({ ...base, filters: [] }),
      house.queryJson({ ...base, filters: [] }),
    ]);
    expect(b).toEqual(a);
  });

  /** Rows compared in order; a fractional value (none today: measures are whole) within 1e-9. */
  function expectSameRows(label: string, got: readonly AggregateRow[], want: readonly AggregateRow[]): void {
    expect({ label, rows: got.length }).toEqual({ label, rows: want.length });
    want.forEach((row, i) => {
      const other = got[i];
      expect({ label, i, key: other.key, series: other.series }).toEqual({
        label,
        i,
        key: row.key,
        series: row.series,
      });
      if (Number.isInteger(row.value))
        expect({ label, i, value: other.value }).toEqual({ label, i, value: row.value });
      else expect(Math.abs(other.value - row.value)).toBeLessThan(1e-9);
    });
  }

  it('answers every report query of the registry with the same rows', async () => {
    const now = new Date(NOW);
    const range = { start: RANGE.start / 1000, end: RANGE.end / 1000 };
    const cases: { name: ReportQueryName; query: ReportQueryString; tid: string }[] = [];
    for (const name of REPORT_QUERY_NAMES) {
      const def = REPORT_QUERY_REGISTRY[name];
      const variants: ReportQueryString[] = [{ ...range }];
      if (def.dimension.kind === 'field')
        variants.push({ ...range, result_type: 'count' }, { ...range, limit: 3 });
      else
        variants.push({ ...range, granularity: 'PT1H' as ReportGranularityCode, timezone: 'Asia/Kolkata' });
      for (const query of variants) {
        // The plain query for both tenants, its variants for one.
        for (const tid of query === variants[0] ? TENANTS.map((t) => t.tid) : ['tid-acme'])
          cases.push({ name, query, tid });
      }
    }
    let compared = 0;
    // PARALLEL cases at a time, each compared as its answers come.
    for (let from = 0; from < cases.length; from += PARALLEL)
      await Promise.all(
        cases.slice(from, from + PARALLEL).map(async ({ name, query, tid }) => {
          const [a, b] = await Promise.all([
            runReportQuery(duck, name, tid, query, now),
            runReportQuery(house, name, tid, query, now),
          ]);
          expectSameRows(
            `${name} ${JSON.stringify(query)} ${tid}`,
            b.rows as AggregateRow[],
            a.rows as AggregateRow[],
          );
          compared += 1;
        }),
      );
    expect(compared).toBeGreaterThanOrEqual(REPORT_QUERY_NAMES.length * 3);
    expect(REPORT_GRANULARITY_MS.PT1H).toBe(3_600_000);
  });

  it("gives the logs area's counts, histogram and field summaries, and the export, the same", async () => {
    for (const logType of LOG_TYPES) {
      const scan: EventScan = { logType, tid: 'tid-acme', ...RANGE, filters: [] };
      const same = async <T>(label: string, read: (store: EventStore) => Promise<T>) => {
        const [a, b] = await Promise.all([read(duck), read(house)]);
        expect({ label, logType, answer: b }).toEqual({ label, logType, answer: a });
      };
      await same('countMatching', (s) => s.countMatching(scan));
      await same('count', (s) => s.count('tid-acme', logType));
      await same('histogram', (s) =>
        s.aggregate({
          ...scan,
          groupBy: { bucketMs: DAY, offsetMs: -5 * 3_600_000, series: LOG_ACTION_FIELDS[logType] },
          measure: { kind: 'count' },
          limit: 1,
        }),
      );
      await same('top values', (s) =>
        s.aggregate({
          ...scan,
          groupBy: { field: LOG_TYPE_SCHEMAS[logType].fields[0] },
          measure: { kind: 'count' },
          limit: 10,
        }),
      );
      await same('total', (s) =>
        s.aggregate({ ...scan, groupBy: { total: true }, measure: { kind: 'count' }, limit: 1 }),
      );
      const fields = LOG_TYPE_SCHEMAS[logType].fields;
      const exports: ExportOptions[] = [
        { format: 'csv', values: 'codes', columns: fields },
        { format: 'ndjson', values: 'labels', columns: fields.slice(0, 6) },
      ];
      for (const order of ['desc', 'asc'] as const) {
        for (const options of exports) {
          await same(`export ${options.format} ${order}`, async (s) => {
            const chunks: Buffer[] = [];
            for await (const chunk of s.exportRows({ ...scan, order }, options)) chunks.push(chunk);
            return Buffer.concat(chunks).toString('utf8');
          });
        }
      }
    }
    await expect(house.count()).resolves.toBe(EVENTS);
  });

  it('any text goes into a statement through sqlValue and comes back equal, the statement unchanged', async () => {
    const shard = parseClickHouseUrl(cluster.url('compare')).shards[0];
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (text) => {
        const rows = await selectRows(shard, `SELECT ${sqlValue(text)} AS v, 1 AS marker`);
        expect(rows).toEqual([[text, 1]]);
      }),
      { numRuns: 150 },
    );
  });

  it('stored values with any characters are found by an equality filter, exactly, and read back equal', async () => {
    const texts = fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), {
      numRuns: 60,
      seed: 16,
    });
    const hostile = ["' OR 1=1 --", "\\'; DROP TABLE x; --", '{p1}', '%_\\', '\u0000\n\t\r'];
    const values = [...new Set([...texts, ...hostile])];
    const tid = 'tid-escape';
    await house.append(
      values.map((userid, i) => ({ tid, logType: 'scan_web', time: NOW - i, fields: { userid } })),
    );
    // The lookups PARALLEL at a time (each waits on the shards, not on this process's CPU).
    for (let from = 0; from < values.length; from += PARALLEL) {
      const group = values.slice(from, from + PARALLEL);
      const found = await Promise.all(
        group.map((userid) =>
          house.query({
            logType: 'scan_web',
            tid,
            ...RANGE,
            filters: [{ field: 'userid', values: [userid] }],
            limit: 10,
          }),
        ),
      );
      group.forEach((userid, i) =>
        expect({ userid, found: found[i].map((e) => e.fields.userid) }).toEqual({
          userid,
          found: values.filter((v) => v === userid),
        }),
      );
    }
  });

  it('reads a block from the parts whose time range meets its window only', async () => {
    // Three appends a day apart are three parts (merges stopped); block 1's window holds the
    // newest. Without the partition key 18.16 also read the last granule of every other part.
    const shard = parseClickHouseUrl(cluster.url('compare')).shards[0];
    const store = await ClickHouseEventStore.open(`clickhouse://127.0.0.1:${shard.port}/pruning`);
    try {
      await execute(shard, 'SYSTEM STOP MERGES pruning.events_scan_web_local', undefined, true);
      const perPart = INDEX_GRANULARITY + 476;
      for (let day = 3; day >= 1; day -= 1)
        await store.append(
          Array.from({ length: perPart }, (_, i) => ({
            tid: 'tid-parts',
            logType: 'scan_web' as const,
            time: NOW - day * DAY + i * 1000,
            fields: {},
          })),
        );
      const [parts] = await selectRows(
        shard,
        "SELECT count() FROM system.parts WHERE database = 'pruning' AND table = 'events_scan_web_local' AND active",
      );
      expect(Number(parts[0])).toBe(3);
      const window = `time >= ${sqlValue(NOW - DAY)} AND time < ${sqlValue(NOW)}`;
      const answer = JSON.parse(
        await execute(
          shard,
          `SELECT id FROM pruning.events_scan_web_local WHERE tid = 'tid-parts' AND ${window} ORDER BY time DESC, id DESC LIMIT 100 FORMAT JSONCompact`,
        ),
      ) as { rows: number; statistics: { rows_read: number } };
      expect({ rows: answer.rows, read: answer.statistics.rows_read }).toEqual({ rows: 100, read: perPart });
      const block = await store.query({
        logType: 'scan_web',
        tid: 'tid-parts',
        ...RANGE,
        filters: [],
        limit: 100,
      });
      expect(block.map((e) => e.time)).toEqual(
        Array.from({ length: 100 }, (_, i) => NOW - DAY + (perPart - 1 - i) * 1000),
      );
    } finally {
      await store.close();
    }
  });

  it('stores Arrow tables (Native blocks) as the row path stores the same events, and odd column types as given', async () => {
    // One shard (the Native path is the same; fewer tables to make).
    const shard = parseClickHouseUrl(cluster.url('compare')).shards[0];
    const bulk = await ClickHouseEventStore.open(`clickhouse://127.0.0.1:${shard.port}/bulk`);
    /** An event without its id (the paths number a mixed batch differently), fields sorted. */
    const content = (e: { tid: string; logType: string; time: number; fields: object }): string =>
      JSON.stringify([
        e.tid,
        e.logType,
        e.time,
        Object.entries(e.fields)
          .filter(([, v]) => v !== null && v !== undefined)
          .sort(([a], [b]) => a.localeCompare(b)),
      ]);
    const stored = async (store: EventStore, tids: readonly string[]): Promise<string[]> => {
      const all: string[] = [];
      for (const tid of tids)
        for (const logType of LOG_TYPES)
          all.push(
            ...(await store.query({ logType, tid, ...RANGE, filters: [], limit: 100_000 })).map(content),
          );
      return all.sort();
    };
    try {
      const events = [
        ...generateEvents({ tenants: TENANTS, count: EVENTS, now: NOW, seed: 16, batchSize: 1000 }),
      ].flat();
      await execute(shard, 'SYSTEM STOP MERGES bulk.events_scan_web_local', undefined, true);
      for (const logType of LOG_TYPES) {
        const ofType = events.filter((e) => e.logType === logType);
        // Two record batches: codes and repeating text as dictionaries, the rest Utf8, Int64, time as Timestamp.
        const cut = Math.floor(ofType.length / 2);
        const table = toEventColumns(logType, ofType.slice(0, cut)).concat(
          toEventColumns(logType, ofType.slice(cut)),
        );
        await expect(bulk.appendColumns(logType, table)).resolves.toBe(ofType.length);
      }
      // One INSERT of both record batches: one part (atomic), as a JSONEachRow INSERT was.
      const [parts] = await selectRows(
        shard,
        "SELECT count() FROM system.parts WHERE database = 'bulk' AND table = 'events_scan_web_local' AND active",
      );
      expect(Number(parts[0])).toBe(1);
      expect(await stored(bulk, ['tid-acme', 'tid-globex'])).toEqual(
        await stored(
          house,
          TENANTS.map((t) => t.tid),
        ),
      );

      // Codes as Utf8, integers as Int32 and Float64, nulls, empty, long (a 2-byte length) and
      // non-ASCII text, two record batches, a slice at an odd row.
      const n = 600;
      const text = (i: number): string | null =>
        i % 9 === 0
          ? null
          : i % 9 === 1
            ? ''
            : i % 9 === 2
              ? `ü—${'x'.repeat(300)}'"\\`
              : `user-${i}@acme.example`;
      const part = (from: number, to: number): Table =>
        new Table({
          tid: vectorFromArray(
            Array.from({ length: to - from }, () => 'tid-odd'),
            new Utf8(),
          ),
          time: vectorFromArray(
            Array.from({ length: to - from }, (_, i) => NOW - n + from + i),
            new Float64(),
          ),
          userid: vectorFromArray(
            Array.from({ length: to - from }, (_, i) => text(from + i)),
            new Utf8(),
          ),
          country: vectorFromArray(
            Array.from({ length: to - from }, (_, i) => (i % 4 === 0 ? null : ['US', 'DE', 'FR'][i % 3])),
            new Utf8(),
          ),
          src_port: vectorFromArray(
            Array.from({ length: to - from }, (_, i) => (i % 6 === 0 ? null : from + i)),
            new Int32(),
          ),
          bytes_out: vectorFromArray(
            Array.from({ length: to - from }, (_, i) => (from + i) * 2 ** 40),
            new Float64(),
          ),
        });
      const odd = part(0, 200)
        .concat(part(200, n))
        .slice(3, n - 5);
      await expect(bulk.appendColumns('fwaas_logs', odd)).resolves.toBe(n - 8);
      const given = Array.from({ length: n - 8 }, (_, i) => {
        const row = odd.get(i)?.toJSON() as Record<string, unknown>;
        const fields = Object.fromEntries(
          ['userid', 'country', 'src_port', 'bytes_out']
            .filter((f) => row[f] !== null)
            .map((f) => [f, row[f]]),
        );
        return content({ tid: 'tid-odd', logType: 'fwaas_logs', time: row.time as number, fields });
      });
      expect(await stored(bulk, ['tid-odd'])).toEqual(given.sort());
    } finally {
      await bulk.close();
    }
  });
});
