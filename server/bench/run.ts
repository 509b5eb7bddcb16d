/**
 * `npm run bench` (root) or `npm run bench -w server`: event-store figures, printed, never asserted.
 *
 * - generation rate and ingest rate of BENCH_EVENTS synthetic events (default 10,000,000; one
 *   tenant, 80 % web so that its web log reaches block 50,000), timed apart: events are generated
 *   into memory in rounds of ~0.5M and sorted into one batch per log type, each batch encoded as
 *   an Arrow table (as each log's collector would ship it; timed apart as encoding), then appended
 *   through the bulk path (`appendColumns`), two at a time (ingest = appends + checkpoints, wall
 *   time; also the process CPU time of the ingest, all threads, since the machine may be shared);
 * - the row path (`append` of event objects) on the first BENCH_ROW_EVENTS of the same batches
 *   (default 1,000,000; 0 leaves it out) into a second store, for comparison;
 * - the ingest ceiling (ingestCeiling.ts): DuckDB alone writing the same rows (those first rounds,
 *   or all when the row path is left out) in the bulk path's batches, transactions, checkpoints
 *   and threads, with the ratio ingest / ceiling (wall and per CPU-second), and two other ways
 *   for comparison; the load average is printed at the start and before the ceiling;
 * - p50/p95 latency of log block 1 and of block 50,000 (keyset paging: should be about equal),
 *   of block 1 oldest first, and of block 1 with a filter and a search;
 * - export rate over the newest BENCH_EXPORT_EVENTS web events (default 1,000,000): the store's CSV,
 *   the route over HTTP (CSV codes, NDJSON labels), and DuckDB alone on the same rows (the
 *   reference), with ratios (exportFigures);
 * - streaming throughput beside it: the newest BENCH_STREAM_EVENTS web events (default 200,000)
 *   delivered by the log streamer as gzip NDJSON batches of BENCH_STREAM_BATCH (default 5,000) to
 *   a receiver on loopback (streamingFigures).
 * Env: BENCH_EVENTS, BENCH_ROW_EVENTS, BENCH_EXPORT_EVENTS, BENCH_RUNS (default 30), BENCH_BATCH (most events per
 * append, default 122,880), BENCH_DIR (default a temp dir, deleted afterwards unless
 * BENCH_KEEP=1). 10M events need about 0.4 GB of disk and a few minutes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DuckDbEventStore } from '../src/events/duckdbEventStore';
import { exportFigures } from './exportBench';
import { streamingFigures } from './streamingBench';
import { encodeCursor } from '../src/events/logQuery';
import { readLogBlock } from '../src/events/logPaging';
import type { EventQuery } from '../src/events/eventStore';
import { generateEvents } from '../src/seed/eventGenerator';
import { envNumber } from './envNumber';
import { batchedRounds } from './eventRounds';
import { fmt, latency } from './stats';
import { toEventColumns } from '../src/events/arrowEvents';
import { BENCH_TYPE_WEIGHTS, ceilingLine, ingestCeiling } from './ingestCeiling';

const DAY = 86400000;
/** Events between two checkpoints of the load (as the seeding path does). */
const FLUSH_EVERY = 1_000_000;
/**
 * Events per append: DuckDB's default row-group size (122,880 rows = 60 data chunks of 2,048), a
 * few of the store's row groups (ROW_GROUP_SIZE), so a committed batch is mostly whole row groups,
 * which DuckDB writes straight to the file (compressed) instead of through its write-ahead log
 * and a later checkpoint.
 */
const DEFAULT_BATCH = 122_880;
/** Events generated into memory before each round of appends. */
const ROUND_EVENTS = 4 * DEFAULT_BATCH;
v8.setFlagsFromString('--expose-gc');
/**
 * A full garbage collection, timed with the encoding: the garbage of generating and encoding a
 * round (~0.5M event objects and their strings) is theirs, not the ingest's, and would otherwise be
 * collected during the appends (a collector's server has no such garbage: its tables arrive from a
 * socket). Measured 2026-11-30 (server/src/events/README.md, "Ingest against DuckDB alone").
 */
const collectGarbage = vm.runInNewContext('gc') as () => void;
/** Appends in flight (the store has two writer connections). */
const IN_FLIGHT = 2;

/**
 * Appends batches with IN_FLIGHT in flight and a checkpoint every FLUSH_EVERY events, adding up
 * the wall time and the process CPU time (all threads) of the appends and checkpoints only.
 */
class TimedIngest {
  created = 0;
  ms = 0;
  cpuMs = 0;
  private sinceFlush = 0;

  constructor(private readonly store: DuckDbEventStore) {}

  async run(appends: (() => Promise<number>)[]): Promise<void> {
    await this.timed(async () => {
      const inFlight: Promise<number>[] = [];
      for (const append of appends) {
        inFlight.push(append());
        if (inFlight.length >= IN_FLIGHT) this.count(await inFlight.shift()!);
        if (this.sinceFlush >= FLUSH_EVERY) {
          await this.store.flush();
          this.sinceFlush = 0;
        }
      }
      for (const n of await Promise.all(inFlight)) this.count(n);
    });
  }

  /** The last checkpoint. */
  finish(): Promise<void> {
    return this.timed(() => this.store.flush());
  }

  rate(): number {
    return this.created / (this.ms / 1000);
  }

  /** The figures so far (rate and cpuRate of a copy). */
  snapshot(): Pick<TimedIngest, 'rate' | 'cpuRate' | 'created'> {
    const { created, ms, cpuMs } = this;
    return { created, rate: () => created / (ms / 1000), cpuRate: () => created / (cpuMs / 1000) };
  }

  cpuRate(): number {
    return this.created / (this.cpuMs / 1000);
  }

  private count(n: number): void {
    this.created += n;
    this.sinceFlush += n;
  }

  private async timed(work: () => Promise<void>): Promise<void> {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await work();
    this.ms += performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    this.cpuMs += (cpu.user + cpu.system) / 1000;
  }
}

async function main(): Promise<void> {
  const total = envNumber('BENCH_EVENTS', 10_000_000);
  const exportLimit = envNumber('BENCH_EXPORT_EVENTS', 1_000_000);
  const runs = envNumber('BENCH_RUNS', 30);
  const batchSize = envNumber('BENCH_BATCH', DEFAULT_BATCH);
  const rowLimit = envNumber('BENCH_ROW_EVENTS', 1_000_000, true);
  const dir = process.env.BENCH_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-bench-'));
  const tenant = { tid: 'bench-tenant', name: 'acme' };
  const now = Date.now();
  console.log(
    `Event store benchmark: ${fmt(total)} events in ${dir}; load average at the start ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(', ')} on ${os.cpus().length} cores (the machine may be shared: compare ratios of one run)`,
  );

  const store = await DuckDbEventStore.open(dir);
  const rowDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-bench-rows-'));
  const rowStore = await DuckDbEventStore.open(rowDir);
  try {
    // --- generation, encoding and ingest, timed apart ---
    // Events are generated in rounds of ROUND_EVENTS into memory (timed as generation), sorted
    // into one batch per log type, each encoded as an Arrow table as a collector of that log would
    // ship it (timed as encoding), then appended through the bulk path (timed as ingest: wall time
    // from the round's first append until its last commit, with the checkpoints of a long load:
    // one every ~1M events, and one at the end), two appends in flight so that one batch is
    // written while the other commits. Nothing else runs during ingest. The first rowLimit events
    // also go through the row path (`append` of the same batches) into a second store.
    const generator = generateEvents({
      tenants: [tenant],
      typeWeights: BENCH_TYPE_WEIGHTS,
      count: total,
      now,
      batchSize,
    });
    const columnar = new TimedIngest(store);
    const rowPath = new TimedIngest(rowStore);
    let bulkOverRowRounds = columnar.snapshot();
    let generateMs = 0;
    let encodeMs = 0;
    let lastPrinted = 0;
    const rounds = batchedRounds(generator, ROUND_EVENTS, batchSize);
    for (;;) {
      const g0 = performance.now();
      const next = rounds.next();
      generateMs += performance.now() - g0;
      if (next.done) break;
      const { batches: round, last: done } = next.value;
      const e0 = performance.now();
      const tables = round.map((batch) => ({
        logType: batch[0].logType,
        table: toEventColumns(batch[0].logType, batch),
      }));
      collectGarbage();
      encodeMs += performance.now() - e0;
      await columnar.run(
        tables.map(
          ({ logType, table }) =>
            () =>
              store.appendColumns(logType, table),
        ),
      );
      if (rowPath.created < rowLimit) {
        await rowPath.run(round.map((batch) => () => rowStore.append(batch)));
        // The bulk path over the same rounds, for a like-for-like ratio.
        bulkOverRowRounds = columnar.snapshot();
      }
      if (columnar.created - lastPrinted >= total / 10 || (done && columnar.created > lastPrinted)) {
        lastPrinted = columnar.created;
        console.log(
          `  ${fmt(columnar.created)}: generation ${fmt(columnar.created / (generateMs / 1000))} events/s, ingest ${fmt(columnar.rate())} events/s`,
        );
      }
    }
    await columnar.finish();
    await rowPath.finish();
    const created = columnar.created;
    const generateSeconds = generateMs / 1000;
    const encodeSeconds = encodeMs / 1000;
    const ingestSeconds = columnar.ms / 1000;
    console.log(
      `generation: ${fmt(created)} events in ${fmt(generateSeconds, 1)} s = ${fmt(created / generateSeconds)} events/s`,
    );
    console.log(
      `encoding as Arrow tables (the collector's work): ${fmt(encodeSeconds, 1)} s = ${fmt(created / encodeSeconds)} events/s`,
    );
    console.log(
      `ingest (bulk path, Arrow tables): ${fmt(created)} events in ${fmt(ingestSeconds, 1)} s = ${fmt(columnar.rate())} events/s (append + checkpoints, generation and encoding excluded; one log type per batch of up to ${fmt(batchSize)}, ${IN_FLIGHT} in flight)`,
    );
    console.log(
      `  ingest CPU time (all threads): ${fmt(columnar.cpuMs / 1000, 1)} s = ${fmt(columnar.cpuRate())} events per CPU-second (wall/CPU ${fmt(columnar.ms / columnar.cpuMs, 2)}; on 2 idle cores the wall rate could reach up to 2× the per-CPU-second rate)`,
    );
    if (rowPath.created > 0)
      console.log(
        `ingest (row path, event objects): ${fmt(rowPath.created)} events in ${fmt(rowPath.ms / 1000, 1)} s = ${fmt(rowPath.rate())} events/s, ${fmt(rowPath.cpuRate())} per CPU-second; the bulk path over the same events: ${fmt(bulkOverRowRounds.rate())} events/s, ${fmt(bulkOverRowRounds.cpuRate())} per CPU-second (bulk / row: ${fmt(bulkOverRowRounds.rate() / rowPath.rate(), 2)}× wall, ${fmt(bulkOverRowRounds.cpuRate() / rowPath.cpuRate(), 2)}× per CPU-second)`,
      );
    console.log(
      `  generation + encoding + ingest: ${fmt(created / (generateSeconds + encodeSeconds + ingestSeconds))} events/s (${fmt(generateSeconds + encodeSeconds + ingestSeconds, 1)} s)`,
    );
    const bytes = fs.statSync(path.join(dir, 'events.duckdb')).size;
    console.log(`  file size: ${fmt(bytes / 1e6, 1)} MB (${fmt(bytes / created, 1)} bytes/event)`);

    // --- paging latency ---
    const query: Omit<EventQuery, 'after'> = {
      logType: 'scan_web',
      tid: tenant.tid,
      start: now - 181 * DAY,
      end: now + DAY,
      filters: [],
      limit: 100,
    };
    const webEvents = await store.count(tenant.tid, 'scan_web');
    const deepBlock = Math.min(50_000, Math.floor(webEvents / 100));
    console.log(`paging (${fmt(webEvents)} web events of one tenant, 100 per block, ${runs} runs each):`);
    const first = await latency(runs, () => readLogBlock(store, query, undefined));
    console.log(`  block 1:      p50 ${fmt(first.p50, 1)} ms, p95 ${fmt(first.p95, 1)} ms`);
    if (deepBlock > 1) {
      const position = await store.positionAt(query, (deepBlock - 1) * 100 - 1);
      const cursor = encodeCursor(position!, query);
      const deep = await latency(runs, () => readLogBlock(store, query, cursor));
      console.log(`  block ${fmt(deepBlock)}: p50 ${fmt(deep.p50, 1)} ms, p95 ${fmt(deep.p95, 1)} ms`);
      console.log(`  ratio block ${fmt(deepBlock)} / block 1 (p50): ${fmt(deep.p50 / first.p50, 2)}`);
    }
    const ascFirst = await latency(runs, () => readLogBlock(store, { ...query, order: 'asc' }, undefined));
    console.log(`  block 1, order asc: p50 ${fmt(ascFirst.p50, 1)} ms, p95 ${fmt(ascFirst.p95, 1)} ms`);
    const filtered = { ...query, filters: [{ field: 'risk', values: ['R'] }], search: 'login' };
    const f = await latency(runs, () => readLogBlock(store, filtered, undefined));
    console.log(`  block 1 with a filter and a search: p50 ${fmt(f.p50, 1)} ms, p95 ${fmt(f.p95, 1)} ms`);

    // --- the ingest ceiling: DuckDB alone on the same rows (ingestCeiling.ts) ---
    await store.close();
    // The first rounds (those the row path also took: at most ~1M events in memory), or all.
    const same = bulkOverRowRounds.created > 0 ? bulkOverRowRounds : columnar.snapshot();
    console.log(
      `ingest ceiling over the bulk path's first ${fmt(same.created)} events (the same rows, load average ${fmt(os.loadavg()[0], 2)}); the bulk path over them: ${fmt(same.rate())} events/s, ${fmt(same.cpuRate())} per CPU-second:`,
    );
    const ceiling = await ingestCeiling(dir, { events: same.created, batchSize, flushEvery: FLUSH_EVERY });
    for (const f of ceiling) console.log(ceilingLine(f, same.rate()));
    const reference = ceiling[0];
    console.log(
      `  ingest / ceiling (the bulk path / DuckDB alone as the bulk path writes them, same rows): ${fmt(same.rate() / (reference.rows / reference.seconds), 2)}× wall, ${fmt(same.cpuRate() / (reference.rows / reference.cpuSeconds), 2)}× per CPU-second`,
    );

    // --- export (its own store on the same file, then DuckDB alone on it: see exportFigures) ---
    for (const line of await exportFigures(dir, query, exportLimit)) console.log(line);
    const streamLimit = envNumber('BENCH_STREAM_EVENTS', 200_000);
    const streamBatch = envNumber('BENCH_STREAM_BATCH', 5_000);
    for (const line of await streamingFigures(dir, query, streamLimit, streamBatch)) console.log(line);
  } finally {
    await store.close();
    await rowStore.close();
    fs.rmSync(rowDir, { recursive: true, force: true });
    if (!process.env.BENCH_DIR && process.env.BENCH_KEEP !== '1')
      fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
