/**
 * `npm run bench:replicated -w server` (also part of the root `npm run bench`; issue 39, point 3):
 * the same generated events in ClickHouse's unreplicated topology (2 shards, MergeTree) and its
 * replicated one (2 shards × 2 replicas, ReplicatedMergeTree on a throw-away ZooKeeper:
 * WORKBENCH_EVENTS_REPLICAS=2), in one run, and the reads of the replicated one again with one
 * replica of each shard stopped. Figures and ratios only, never asserted; it exits non-zero only
 * when the run broke or the engines' answers differ.
 *
 * - Servers: clickhouseTestServers.ts (the helper of the event-store tests and `npm run cluster`),
 *   both clusters started at once; each read through its Distributed table (`?cluster=workbench`).
 *   Without clickhouse-server or ZooKeeper the bench says so in one line and ends (exit 0).
 * - Ingest: BENCH_REPLICATED_EVENTS (default 1,000,000; one tenant, 80 % web as the other benches)
 *   generated in rounds (the generator is deterministic, so each topology gets the same events
 *   and ids), each round's batches (one log type each, up to 122,880 events) encoded as Arrow
 *   tables and appended through the bulk path (`appendColumns`), two in flight. One topology
 *   after the other, each followed by its settling, so neither's background work (merges, the
 *   replicas' fetches) runs during the other's ingest. Rate = events / the wall time of the
 *   appends (until each INSERT was answered: one replica of the shard has it). Then, printed
 *   apart: the time until every replica holds its shard's rows and no server merges any more.
 * - Reads: the logs route's reader (`readLogBlock`, block 1 of the web log, p50/p95 of
 *   BENCH_REPLICATED_RUNS, default 20) and the report queries of the registry (`runReportQuery`,
 *   the last 30 days, p50 of BENCH_REPLICATED_REPORT_RUNS, default 5): top_categories_v2 alone
 *   and the sum of all p50s. Each series after a warm-up, its answer checked to be the
 *   unreplicated topology's, the two topologies' runs interleaved (`interleavedLatency`): the
 *   machine is shared, and a ratio of two figures measured minutes apart says little.
 * - Degraded: the first replica of shard 1 (the store's first address, where the store's own reads
 *   go first) and the second of shard 2 are killed (SIGKILL: their ports refuse), and the same
 *   reads are measured again on the replicas left, again interleaved with the unreplicated
 *   topology's; down/up compares the two phases each against its own unreplicated figure.
 * - Every server the run starts (ZooKeeper, six clickhouse-server) is stopped in `finally`, on
 *   Ctrl-C or a kill (stopOnSignal; their exit guards), and dies with the process however it dies
 *   (`dieWithParent` in src/testing/throwawayProcess.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Table } from 'apache-arrow';
import { type LogType } from '@workbench/common/api/contract/logSchema';
import { REPORT_QUERY_NAMES, type ReportQueryName } from '@workbench/common/api/contract/reportQueries';
import { toEventColumns } from '../src/events/arrowEvents';
import { ClickHouseEventStore } from '../src/events/clickhouseEventStore';
import { selectRows, type ClickHouseAddress } from '../src/events/clickhouseHttp';
import {
  clickhouseBinary,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from '../src/events/clickhouseTestServers';
import type { EventQuery } from '../src/events/eventStore';
import { readLogBlock } from '../src/events/logPaging';
import { runReportQuery } from '../src/events/reportRoutes';
import { generateEvents } from '../src/seed/eventGenerator';
import { zookeeperInstalled, ZOOKEEPER_MISSING_MESSAGE } from '../src/testing/zookeeper';
import { envNumber } from './envNumber';
import { batchedRounds } from './eventRounds';
import { fmt, interleavedLatency } from './stats';

const DAY = 86_400_000;
const TENANT = { tid: 'bench-tenant', name: 'acme' };
const TYPE_WEIGHTS = { scan_web: 80, scan_email: 6, fwaas_logs: 6, saa_logs: 4, scan_dlp: 2, scan_audit: 2 };
const DATABASE = 'bench';
const BLOCK = 100;
const BATCH = 122_880;
const ROUND_EVENTS = 4 * BATCH;
const IN_FLIGHT = 2;
const SETTLE_WAIT_MS = 300_000;
/** The report shown alone: one of the heaviest scans of the registry (bench/README.md). */
const REPORT: ReportQueryName = 'top_categories_v2';
/** Killed in the degraded reads: shard 1's first replica (the store's first address), shard 2's second. */
const KILLED = [0, 3];

interface Topology {
  readonly name: string;
  readonly cluster: ClickHouseTestCluster;
  store?: ClickHouseEventStore;
  ingestMs: number;
  settleMs: number;
}

interface Reads {
  block: { p50: number; p95: number; answer: string };
  report: { p50: number; p95: number };
  reportP50s: number[];
  reportAnswers: string[];
}

const addresses = (cluster: ClickHouseTestCluster): ClickHouseAddress[] =>
  cluster.shards.map((s) => ({ host: '127.0.0.1', port: s.httpPort }));

async function number(server: ClickHouseAddress, sql: string): Promise<number> {
  return Number((await selectRows(server, sql))[0][0]);
}

/**
 * Waits until every server of the cluster holds its shard's rows (a shard's replicas the same
 * count, the shards' counts adding up to `loaded`), has no replication work queued and merges
 * nothing, three polls in a row.
 */
async function settle(cluster: ClickHouseTestCluster, loaded: number): Promise<void> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  const servers = addresses(cluster);
  const replicated = cluster.replicas > 1;
  for (let quiet = 0; quiet < 3;) {
    const states = await Promise.all(
      servers.map(async (server) => ({
        rows: await number(
          server,
          `SELECT sum(rows) FROM system.parts WHERE database = '${DATABASE}' AND active AND endsWith(table, '_local')`,
        ),
        merges: await number(server, 'SELECT count() FROM system.merges'),
        queued: replicated
          ? await number(
              server,
              `SELECT count() FROM system.replication_queue WHERE database = '${DATABASE}'`,
            )
          : 0,
      })),
    );
    let total = 0;
    let sameInShard = true;
    for (let first = 0; first < states.length; first += cluster.replicas) {
      const shard = states.slice(first, first + cluster.replicas);
      total += shard[0].rows;
      sameInShard &&= shard.every((s) => s.rows === shard[0].rows);
    }
    const done = total === loaded && sameInShard && states.every((s) => s.merges === 0 && s.queued === 0);
    quiet = done ? quiet + 1 : 0;
    if (Date.now() > deadline)
      throw new Error(
        `${cluster.replicas > 1 ? 'the replicas' : 'the shards'} did not settle within ${SETTLE_WAIT_MS / 1000} s: ${JSON.stringify(states)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Loads the run's events into one topology through the bulk path; returns the events loaded. */
async function load(topology: Topology, total: number, now: number): Promise<number> {
  const store = topology.store!;
  const generator = generateEvents({
    tenants: [TENANT],
    typeWeights: TYPE_WEIGHTS,
    count: total,
    now,
    batchSize: BATCH,
  });
  let loaded = 0;
  for (const { batches } of batchedRounds(generator, ROUND_EVENTS, BATCH)) {
    const tables: { logType: LogType; table: Table }[] = batches.map((batch) => ({
      logType: batch[0].logType,
      table: toEventColumns(batch[0].logType, batch),
    }));
    const t0 = performance.now();
    const inFlight: Promise<number>[] = [];
    for (const { logType, table } of tables) {
      inFlight.push(store.appendColumns(logType, table));
      if (inFlight.length >= IN_FLIGHT) loaded += await inFlight.shift()!;
    }
    for (const n of await Promise.all(inFlight)) loaded += n;
    topology.ingestMs += performance.now() - t0;
  }
  const t0 = performance.now();
  await store.flush();
  topology.ingestMs += performance.now() - t0;
  return loaded;
}

/** The reads of `stores` (the run's baseline first) measured interleaved: one Reads each. */
async function measureReads(
  stores: readonly ClickHouseEventStore[],
  query: Omit<EventQuery, 'after'>,
  runs: number,
  reportRuns: number,
  reportNow: Date,
): Promise<Reads[]> {
  const blocks = await interleavedLatency(
    runs,
    stores.map((store) => () => readLogBlock(store, query, undefined)),
  );
  const reads: Reads[] = blocks.map((block) => ({
    block: { p50: block.p50, p95: block.p95, answer: JSON.stringify(block.answer) },
    report: { p50: 0, p95: 0 },
    reportP50s: [],
    reportAnswers: [],
  }));
  for (const name of REPORT_QUERY_NAMES) {
    const timed = await interleavedLatency(
      reportRuns,
      stores.map((store) => () => runReportQuery(store, name, TENANT.tid, {}, reportNow)),
    );
    timed.forEach((t, i) => {
      reads[i].reportP50s.push(t.p50);
      reads[i].reportAnswers.push(JSON.stringify(t.answer.rows));
      if (name === REPORT) reads[i].report = { p50: t.p50, p95: t.p95 };
    });
  }
  return reads;
}

async function main(): Promise<void> {
  if (clickhouseBinary() === null) {
    console.log(
      'SKIPPED the replicated ClickHouse bench: clickhouse-server is not installed (apt-get install -y clickhouse-server).',
    );
    return;
  }
  if (!zookeeperInstalled()) {
    console.log(`SKIPPED the replicated ClickHouse bench: ${ZOOKEEPER_MISSING_MESSAGE}.`);
    return;
  }
  const total = envNumber('BENCH_REPLICATED_EVENTS', 1_000_000);
  const runs = envNumber('BENCH_REPLICATED_RUNS', 20);
  const reportRuns = envNumber('BENCH_REPLICATED_REPORT_RUNS', 5);
  const started = performance.now();
  const now = Date.now();
  console.log(
    `ClickHouse, 2 shards unreplicated beside 2 shards × 2 replicas: ${fmt(total)} events (one tenant, 80 % web); load average ${os
      .loadavg()
      .map((l) => fmt(l, 1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const topologies: Topology[] = [];
  const stores: ClickHouseEventStore[] = [];
  // Ctrl-C or a kill: process.exit runs each server's exit guard (SIGKILL; ZooKeeper's directory
  // removed; the ClickHouse data directories, marked with this pid, go at the next run's start).
  // Synchronous: tsx SIGKILLs its child when it does not confirm a relayed signal within 30 ms.
  const stopOnSignal = (signal: NodeJS.Signals): void => {
    fs.writeSync(2, `\n${signal}: stopping the run's ClickHouse and ZooKeeper servers\n`);
    process.exit(128 + os.constants.signals[signal]);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    // Both at once; whichever fails, the other is kept to be stopped below.
    const starts = await Promise.allSettled([
      startClickHouseCluster(2),
      startClickHouseCluster(2, { replicas: 2 }),
    ]);
    for (const [i, start] of starts.entries())
      if (start.status === 'fulfilled')
        topologies.push({
          name: i === 0 ? '2 shards' : '2 × 2 replicas',
          cluster: start.value,
          ingestMs: 0,
          settleMs: 0,
        });
    for (const start of starts) if (start.status === 'rejected') throw start.reason;
    const [plain, replicated] = topologies;
    plain.store = await ClickHouseEventStore.open(plain.cluster.url(DATABASE));
    stores.push(plain.store);
    replicated.store = await ClickHouseEventStore.open(replicated.cluster.url(DATABASE), { replicas: 2 });
    stores.push(replicated.store);

    // --- ingest, one topology after the other, each settled before the next ---
    for (const topology of topologies) {
      const loadAverage = os.loadavg()[0];
      const loaded = await load(topology, total, now);
      if (loaded !== total) throw new Error(`${topology.name}: ${loaded} of ${total} events loaded`);
      const t0 = performance.now();
      await settle(topology.cluster, loaded);
      topology.settleMs = performance.now() - t0;
      console.log(
        `  ${topology.name}: ${fmt(loaded)} events in ${fmt(topology.ingestMs / 1000, 1)} s (${fmt(loaded / (topology.ingestMs / 1000))}/s); ${topology.cluster.replicas > 1 ? 'replicas caught up and ' : ''}merges settled ${fmt(topology.settleMs / 1000, 1)} s after (load average ${fmt(loadAverage, 1)} → ${fmt(os.loadavg()[0], 1)})`,
      );
    }

    // --- reads: all servers up, then one replica of each shard down ---
    const query: Omit<EventQuery, 'after'> = {
      logType: 'scan_web',
      tid: TENANT.tid,
      start: now - 181 * DAY,
      end: now + DAY,
      filters: [],
      limit: BLOCK,
    };
    const reportNow = new Date(now);
    // Each topology's reads beside the unreplicated one's, interleaved in the same minutes.
    const [plainReads, replicatedReads] = await measureReads(
      [plain.store, replicated.store],
      query,
      runs,
      reportRuns,
      reportNow,
    );
    for (const index of KILLED) await replicated.cluster.kill(index);
    const killed = KILLED.map((i) => replicated.cluster.shards[i])
      .map((s) => `shard ${s.shard} replica ${s.replica}`)
      .join(', ');
    const [plainAgain, degradedReads] = await measureReads(
      [plain.store, replicated.store],
      query,
      runs,
      reportRuns,
      reportNow,
    );

    // --- the table ---
    const columns = [
      ['2 shards', plainReads],
      ['2×2 all up', replicatedReads],
      ['2 shards', plainAgain],
      ['2×2 one down', degradedReads],
    ] as const;
    const sums = columns.map(([, r]) => r.reportP50s.reduce((a, b) => a + b, 0));
    const width = 46;
    const cell = (text: string) => text.padStart(13);
    const ratio = (value: number) => cell(`${fmt(value, 2)}×`);
    console.log(
      `\nReads in two phases, each beside the unreplicated 2 shards, interleaved in the same minutes: all up, then with one replica of each shard down (${killed}).`,
    );
    console.log(
      'repl/unrepl = 2×2 all up / 2 shards (phase 1); down/up = (2×2 one down / 2 shards, phase 2) / (2×2 all up / 2 shards, phase 1).',
    );
    console.log('For ingest above 1 is faster, for times above 1 is slower.');
    console.log(
      `${''.padEnd(width)}${columns.map(([name]) => cell(name)).join('')}${cell('repl/unrepl')}${cell('down/up')}`,
    );
    const [plainRate, replicatedRate] = topologies.map((t) => total / (t.ingestMs / 1000));
    const blank = cell('').repeat(2);
    console.log(
      `${'ingest (events/s, until each INSERT answered)'.padEnd(width)}${cell(fmt(plainRate))}${cell(fmt(replicatedRate))}${blank}${ratio(replicatedRate / plainRate)}`,
    );
    const [plainAll, replicatedAll] = topologies.map((t) => total / ((t.ingestMs + t.settleMs) / 1000));
    console.log(
      `${'  with the catch-up and merges (events/s)'.padEnd(width)}${cell(fmt(plainAll))}${cell(fmt(replicatedAll))}${blank}${ratio(replicatedAll / plainAll)}`,
    );
    const row = (label: string, values: readonly number[], unit: string, digits: number) => {
      const [up0, up, down0, down] = values;
      console.log(
        `${label.padEnd(width)}${values.map((v) => cell(`${fmt(v, digits)}${unit}`)).join('')}${ratio(up / up0)}${ratio(down / down0 / (up / up0))}`,
      );
    };
    console.log(`logs block 1 (web, ${runs} runs after a warm-up)`);
    row(
      '  p50',
      columns.map(([, r]) => r.block.p50),
      ' ms',
      1,
    );
    row(
      '  p95',
      columns.map(([, r]) => r.block.p95),
      ' ms',
      1,
    );
    console.log(`reports (last 30 days, ${reportRuns} runs each after a warm-up)`);
    row(
      `  ${REPORT} p50`,
      columns.map(([, r]) => r.report.p50),
      ' ms',
      1,
    );
    row(
      `  ${REPORT} p95`,
      columns.map(([, r]) => r.report.p95),
      ' ms',
      1,
    );
    row(`  ${REPORT_QUERY_NAMES.length} queries, sum of the p50s`, sums, ' ms', 0);
    const sameBlock = columns.every(([, r]) => r.block.answer === plainReads.block.answer);
    const differ = REPORT_QUERY_NAMES.filter((_, i) =>
      columns.some(([, r]) => r.reportAnswers[i] !== plainReads.reportAnswers[i]),
    );
    console.log(`the same block 1 in every column: ${sameBlock ? 'yes' : 'NO'}`);
    console.log(
      `the same rows for every report in every column: ${differ.length === 0 ? 'yes' : `NO (${differ.join(', ')})`}`,
    );
    if (!sameBlock || differ.length > 0) process.exitCode = 1;
    console.log(
      `\n${fmt((performance.now() - started) / 1000, 1)} s in all; load average ${os
        .loadavg()
        .map((l) => fmt(l, 1))
        .join(' ')} at the end`,
    );
  } finally {
    // A store that fails to close must not keep a server alive.
    await Promise.allSettled(stores.map((store) => store.close()));
    await Promise.allSettled(topologies.map((t) => t.cluster.stop()));
    process.removeListener('SIGINT', stopOnSignal);
    process.removeListener('SIGTERM', stopOnSignal);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
