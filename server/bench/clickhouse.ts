/**
 * `npm run bench:clickhouse -w server` (also part of the root `npm run bench`; issue 16): the same
 * generated events in DuckDB (the embedded store) and in ClickHouse, one shard and two shards,
 * in one run; every ClickHouse figure printed beside DuckDB's and as a ratio to it. Figures, never
 * asserted; the ratios are what travels from one machine to another.
 *
 * - ClickHouse: throw-away clickhouse-server processes (clickhouseTestServers.ts, the helper the
 *   event-store tests use): a cluster of one shard and one of two, each read through its
 *   Distributed table (`?cluster=workbench`), so the two layouts differ by the shard count only.
 *   Without the binary the bench says so in one line and ends (exit 0).
 * - Events: BENCH_CLICKHOUSE_EVENTS (default 6,300,000: the web log reaches block 50,000 of 100
 *   rows; bench/README.md gives the time of a run), one tenant, 80 % web as server/bench/run.ts, generated in rounds into memory, each
 *   round's batches (one log type each, up to 122,880 events) encoded once as Arrow tables and
 *   appended to each store in turn through the bulk path (`appendColumns`), two appends in flight.
 *   Ingest rate = events / the wall time of that engine's appends only (DuckDB with its
 *   checkpoints, one every ~1M events and one at the end; ClickHouse until every INSERT was
 *   answered: the store's Native encoding included). The ClickHouse store writes each batch
 *   to one shard's local table, the shards in turn (what a Distributed insert does with a random
 *   sharding key, without its asynchronous forwarding), and reads go through the Distributed table.
 *   Before reading, the bench waits until ClickHouse's background merges of the load are done
 *   (printed apart), so no engine is measured while another one still works.
 * - Log paging: p50/p95 of block 1 and of block 50,000 (or the deepest block the web log has)
 *   through the logs route's own reader (`readLogBlock`: queryJson, then the next cursor). The deep
 *   block's cursor is derived, not walked: DuckDB's `positionAt` gives the (time, id) of the last
 *   event of block 49,999 and `encodeCursor` makes of it the very cursor the route hands out with
 *   that block (ids are equal in every store: the same batches in the same order). The block read
 *   with it is checked to be the same events on every engine.
 * - Reports: every report query of the registry through the route's logic (`runReportQuery`, the
 *   dashboard's default range, the last 30 days), p50 per query and engine, the sum of the p50s,
 *   and a check that each engine's rows equal DuckDB's.
 * - Ctrl-C or a kill ends the run with its servers (see stopOnSignal; the servers also die with
 *   the process that started them: src/testing/throwawayProcess.ts).
 * Env: BENCH_CLICKHOUSE_EVENTS, BENCH_CLICKHOUSE_RUNS (paging runs, default 20),
 * BENCH_CLICKHOUSE_REPORT_RUNS (runs per report query, default 5); each series after a warm-up.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Table } from 'apache-arrow';
import { type LogType } from '@workbench/common/api/contract/logSchema';
import { REPORT_QUERY_NAMES, type ReportQueryName } from '@workbench/common/api/contract/reportQueries';
import { toEventColumns } from '../src/events/arrowEvents';
import { ClickHouseEventStore } from '../src/events/clickhouseEventStore';
import { selectRows } from '../src/events/clickhouseHttp';
import {
  clickhouseBinary,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from '../src/events/clickhouseTestServers';
import { DuckDbEventStore } from '../src/events/duckdbEventStore';
import type { EventQuery, EventStore } from '../src/events/eventStore';
import { readLogBlock } from '../src/events/logPaging';
import { encodeCursor } from '../src/events/logQuery';
import { runReportQuery } from '../src/events/reportRoutes';
import { generateEvents } from '../src/seed/eventGenerator';
import { envNumber } from './envNumber';
import { batchedRounds } from './eventRounds';
import { ownedTempDir } from '../src/testing/throwawayProcess';
import { fmt, latency } from './stats';

const DAY = 86_400_000;
const TENANT = { tid: 'bench-tenant', name: 'acme' };
/** As server/bench/run.ts: 80 % web (block 50,000 needs 5M web events). */
const TYPE_WEIGHTS = { scan_web: 80, scan_email: 6, fwaas_logs: 6, saa_logs: 4, scan_dlp: 2, scan_audit: 2 };
const BLOCK = 100;
const DEEP_BLOCK = 50_000;
/** The generator's web share is a little under 80 % (799,654 of 1M): 6.3M give block 50,000. */
const DEFAULT_EVENTS = 6_300_000;
/** DuckDB's row-group size: one Arrow table per log type and batch (as server/bench/run.ts). */
const BATCH = 122_880;
const ROUND_EVENTS = 4 * BATCH;
const IN_FLIGHT = 2;
/** DuckDB checkpoints during a long load (as the seeding path and server/bench/run.ts). */
const FLUSH_EVERY = 1_000_000;
const MERGE_WAIT_MS = 180_000;

interface Engine {
  readonly name: string;
  readonly store: EventStore;
  /** Wall time of this engine's appends (and checkpoints), ms. */
  ingestMs: number;
  sinceFlush: number;
  readonly cluster?: ClickHouseTestCluster;
}

/** Appends one round's tables to one engine, IN_FLIGHT at a time, adding to its wall time. */
async function ingest(engine: Engine, tables: readonly { logType: LogType; table: Table }[]): Promise<void> {
  const t0 = performance.now();
  const inFlight: Promise<number>[] = [];
  for (const { logType, table } of tables) {
    inFlight.push(engine.store.appendColumns(logType, table));
    if (inFlight.length >= IN_FLIGHT) engine.sinceFlush += await inFlight.shift()!;
  }
  for (const n of await Promise.all(inFlight)) engine.sinceFlush += n;
  if (engine.store instanceof DuckDbEventStore && engine.sinceFlush >= FLUSH_EVERY) {
    await engine.store.flush();
    engine.sinceFlush = 0;
  }
  engine.ingestMs += performance.now() - t0;
}

/** Waits until no shard of the cluster merges parts any more; returns the parts per shard. */
async function settleMerges(cluster: ClickHouseTestCluster): Promise<number[]> {
  const deadline = Date.now() + MERGE_WAIT_MS;
  const addresses = cluster.shards.map((s) => ({ host: '127.0.0.1', port: s.httpPort }));
  for (let quiet = 0; quiet < 3;) {
    const merging = await Promise.all(
      addresses.map(async (a) => Number((await selectRows(a, 'SELECT count() FROM system.merges'))[0][0])),
    );
    quiet = merging.every((n) => n === 0) ? quiet + 1 : 0;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return Promise.all(
    addresses.map(async (a) =>
      Number(
        (await selectRows(a, "SELECT count() FROM system.parts WHERE database = 'bench' AND active"))[0][0],
      ),
    ),
  );
}

async function main(): Promise<void> {
  if (clickhouseBinary() === null) {
    console.log(
      'SKIPPED the ClickHouse bench: clickhouse-server is not installed (apt-get install -y clickhouse-server).',
    );
    return;
  }
  const total = envNumber('BENCH_CLICKHOUSE_EVENTS', DEFAULT_EVENTS);
  const runs = envNumber('BENCH_CLICKHOUSE_RUNS', 20);
  const reportRuns = envNumber('BENCH_CLICKHOUSE_REPORT_RUNS', 5);
  const started = performance.now();
  const loadBefore = os.loadavg();
  const now = Date.now();
  const dir = ownedTempDir('workbench-bench-clickhouse-');
  console.log(
    `ClickHouse beside DuckDB: ${fmt(total)} events (one tenant, 80 % web); load average ${loadBefore.map((l) => fmt(l, 1)).join(' ')} on ${os.cpus().length} cores`,
  );
  const engines: Engine[] = [];
  const clusters: ClickHouseTestCluster[] = [];
  // Ctrl-C or a kill: the servers of the run must not outlive it (Node's default ended the process
  // at once and they lived on with parent pid 1). All synchronous: tsx SIGKILLs its child when it
  // does not confirm a relayed signal within 30 ms. process.exit runs each server's exit guard
  // (src/testing/throwawayProcess.ts: SIGKILL, data directory removed).
  const stopOnSignal = (signal: NodeJS.Signals): void => {
    fs.writeSync(2, `\n${signal}: stopping the run's ClickHouse servers\n`);
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(128 + os.constants.signals[signal]);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const [duck, one, two] = await Promise.all([
      DuckDbEventStore.open(dir),
      startClickHouseCluster(1).then((c) => (clusters.push(c), c)),
      startClickHouseCluster(2).then((c) => (clusters.push(c), c)),
    ]);
    engines.push({ name: 'DuckDB', store: duck, ingestMs: 0, sinceFlush: 0 });
    for (const [name, cluster] of [
      ['ClickHouse 1 shard', one],
      ['ClickHouse 2 shards', two],
    ] as const) {
      const store = await ClickHouseEventStore.open(cluster.url('bench'));
      engines.push({ name, store, ingestMs: 0, sinceFlush: 0, cluster });
    }

    // --- ingest: the same Arrow tables into each store in turn ---
    const generator = generateEvents({
      tenants: [TENANT],
      typeWeights: TYPE_WEIGHTS,
      count: total,
      now,
      batchSize: BATCH,
    });
    let loaded = 0;
    let lastPrinted = 0;
    for (const { batches: round, last: done } of batchedRounds(generator, ROUND_EVENTS, BATCH)) {
      const tables = round.map((batch) => ({
        logType: batch[0].logType,
        table: toEventColumns(batch[0].logType, batch),
      }));
      for (const engine of engines) await ingest(engine, tables);
      loaded += round.reduce((n, batch) => n + batch.length, 0);
      if (loaded - lastPrinted >= total / 5 || (done && loaded > lastPrinted)) {
        lastPrinted = loaded;
        console.log(
          `  ${fmt(loaded)} loaded: ${engines.map((e) => `${e.name} ${fmt(loaded / (e.ingestMs / 1000))}/s`).join(', ')}`,
        );
      }
    }
    for (const engine of engines) {
      const t0 = performance.now();
      await engine.store.flush();
      engine.ingestMs += performance.now() - t0;
    }
    for (const engine of engines) {
      if (!engine.cluster) continue;
      const t0 = performance.now();
      const parts = await settleMerges(engine.cluster);
      console.log(
        `  ${engine.name}: background merges settled ${fmt((performance.now() - t0) / 1000, 1)} s after the load; active parts per shard ${parts.join(', ')}`,
      );
    }

    // --- log paging: block 1 and the deep block, the route's reader and cursors ---
    const query: Omit<EventQuery, 'after'> = {
      logType: 'scan_web',
      tid: TENANT.tid,
      start: now - 181 * DAY,
      end: now + DAY,
      filters: [],
      limit: BLOCK,
    };
    const webEvents = await duck.count(TENANT.tid, 'scan_web');
    const deepBlock = Math.min(DEEP_BLOCK, Math.floor(webEvents / BLOCK));
    if (deepBlock < DEEP_BLOCK)
      console.log(
        `  NOTE: ${fmt(webEvents)} web events reach block ${fmt(deepBlock)} only (block ${fmt(DEEP_BLOCK)} needs ${fmt(DEEP_BLOCK * BLOCK)}: BENCH_CLICKHOUSE_EVENTS ≥ 6,300,000).`,
      );
    const position = deepBlock > 1 ? await duck.positionAt(query, (deepBlock - 1) * BLOCK - 1) : null;
    const deepCursor = position ? encodeCursor(position, query) : undefined;
    type Timed = Awaited<ReturnType<typeof latency<Awaited<ReturnType<typeof readLogBlock>>>>>;
    const paging: { first: Timed; deep: Timed | null }[] = [];
    for (const engine of engines) {
      const first = await latency(runs, () => readLogBlock(engine.store, query, undefined));
      const deep = deepCursor
        ? await latency(runs, () => readLogBlock(engine.store, query, deepCursor))
        : null;
      paging.push({ first, deep });
    }
    const sameBlocks = paging.every(
      (p) =>
        JSON.stringify(p.first.answer) === JSON.stringify(paging[0].first.answer) &&
        JSON.stringify(p.deep?.answer) === JSON.stringify(paging[0].deep?.answer),
    );

    // --- report queries of the registry ---
    const reportNow = new Date(now);
    const reports: { name: ReportQueryName; p50: number[]; same: boolean[] }[] = [];
    for (const name of REPORT_QUERY_NAMES) {
      const p50: number[] = [];
      const answers: string[] = [];
      for (const engine of engines) {
        const t = await latency(reportRuns, () =>
          runReportQuery(engine.store, name, TENANT.tid, {}, reportNow),
        );
        p50.push(t.p50);
        answers.push(JSON.stringify(t.answer.rows));
      }
      reports.push({ name, p50, same: answers.map((a) => a === answers[0]) });
    }

    // --- the table ---
    const width = 52;
    const cell = (value: string) => value.padStart(12);
    const ratioCell = (value: number, base: number) => `${fmt(value / base, 2)}×`.padStart(8);
    const header = `${''.padEnd(width)}${cell('DuckDB')}${engines
      .slice(1)
      .map((e) => `${e.name.replace('ClickHouse ', 'CH ').padStart(12)}${'ratio'.padStart(8)}`)
      .join('')}`;
    const row = (label: string, values: number[], unit: string, digits: number) =>
      `${label.padEnd(width)}${cell(`${fmt(values[0], digits)}${unit}`)}${values
        .slice(1)
        .map((v) => `${cell(`${fmt(v, digits)}${unit}`)}${ratioCell(v, values[0])}`)
        .join('')}`;
    console.log(
      `\nRatios are ClickHouse / DuckDB of the figure: for ingest above 1 is faster, for times above 1 is slower.`,
    );
    console.log(header);
    console.log(
      row(
        'ingest (events/s)',
        engines.map((e) => loaded / (e.ingestMs / 1000)),
        '',
        0,
      ),
    );
    console.log(`paging: ${fmt(webEvents)} web events, ${runs} runs after a warm-up`);
    console.log(
      row(
        '  block 1 p50',
        paging.map((p) => p.first.p50),
        ' ms',
        1,
      ),
    );
    console.log(
      row(
        '  block 1 p95',
        paging.map((p) => p.first.p95),
        ' ms',
        1,
      ),
    );
    if (deepCursor) {
      console.log(
        row(
          `  block ${fmt(deepBlock)} p50 (derived cursor)`,
          paging.map((p) => p.deep!.p50),
          ' ms',
          1,
        ),
      );
      console.log(
        row(
          `  block ${fmt(deepBlock)} p95 (derived cursor)`,
          paging.map((p) => p.deep!.p95),
          ' ms',
          1,
        ),
      );
    }
    console.log(`  the same events in each block on every engine: ${sameBlocks ? 'yes' : 'NO'}`);
    console.log(
      `reports: ${REPORT_QUERY_NAMES.length} queries of the registry, last 30 days, p50 of ${reportRuns} runs after a warm-up`,
    );
    for (const r of reports)
      console.log(row(`  ${r.name}${r.same.every(Boolean) ? '' : ' (ROWS DIFFER)'}`, r.p50, ' ms', 1));
    console.log(
      row(
        '  total (sum of the p50s)',
        engines.map((_, i) => reports.reduce((sum, r) => sum + r.p50[i], 0)),
        ' ms',
        0,
      ),
    );
    const differ = reports.filter((r) => !r.same.every(Boolean)).length;
    console.log(
      `  rows equal to DuckDB's on every engine: ${differ === 0 ? 'yes' : `NO (${differ} queries)`}`,
    );
    if (!sameBlocks || differ > 0) process.exitCode = 1;
    console.log(
      `\n${fmt((performance.now() - started) / 1000, 1)} s in all; load average ${os
        .loadavg()
        .map((l) => fmt(l, 1))
        .join(' ')} at the end`,
    );
  } finally {
    for (const engine of engines) await engine.store.close();
    await Promise.all(clusters.map((c) => c.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
    process.removeListener('SIGINT', stopOnSignal);
    process.removeListener('SIGTERM', stopOnSignal);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
