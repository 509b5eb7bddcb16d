/**
 * The ingest ceiling: what DuckDB alone takes to write the event rows the bulk path wrote, to
 * compare with the store's ingest. Printed, never asserted. `npm run bench` (server/bench/run.ts)
 * calls `ingestCeiling` on its own store after the ingest, so both are measured in the same run.
 *
 * The source is the bench's **same rows**: the first `events` events by id (all log types of the
 * bench's mix, as the bulk path got them), copied from the store's file into in-memory temporary
 * tables; nothing of that copy is timed. Then, with DuckDB alone (no JavaScript per row), into
 * empty tables of the store's layout (`createTableSql`: ENUM codes, NOT NULL, the store's row-group
 * size) in the same file:
 * - **as the bulk path writes them** (the reference): the same batches (each run of consecutive ids
 *   of one log type, at most the bench's batch size), one `INSERT … SELECT` and one transaction per
 *   batch, a CHECKPOINT every `flushEvery` events and at the end, on an instance with the store's
 *   `threads` (DUCKDB_THREADS, 1);
 * - the same, with DuckDB's default threads (one per core);
 * - one `INSERT … SELECT` per log type, default threads (the earlier ceiling's way: DuckDB
 *   parallelises a large insert, which no single append does).
 *
 * Alone (`npx tsx server/bench/ingestCeiling.ts`): CEILING_EVENTS events (default 983,040) of the
 * bench's mix are first appended through the store (not timed) into a temporary directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { LOG_TYPES, type LogType } from '@workbench/common/api/contract/logSchema';
import {
  DUCKDB_THREADS,
  DuckDbEventStore,
  EVENTS_FILE,
  ROW_GROUP_SIZE,
  createTableSql,
  tableOf,
} from '../src/events/duckdbEventStore';
import { toEventColumns } from '../src/events/arrowEvents';
import { generateEvents } from '../src/seed/eventGenerator';
import { envNumber } from './envNumber';
import { batchedRounds } from './eventRounds';
import { fmt } from './stats';

/** The bench's mix of log types (server/bench/run.ts). */
export const BENCH_TYPE_WEIGHTS = {
  scan_web: 80,
  scan_email: 6,
  fwaas_logs: 6,
  saa_logs: 4,
  scan_dlp: 2,
  scan_audit: 2,
} as const;

export interface CeilingFigure {
  label: string;
  rows: number;
  seconds: number;
  cpuSeconds: number;
}

export interface CeilingOptions {
  /** How many events (the first by id) to copy. */
  events: number;
  /** The bulk path's most events per append. */
  batchSize: number;
  /** Events between two checkpoints, as the bench's ingest. */
  flushEvery: number;
}

/** One batch of the bulk path: a run of consecutive ids of one log type. */
interface Batch {
  logType: LogType;
  from: bigint;
  to: bigint;
  rows: number;
}

const sourceOf = (logType: LogType): string => `ceiling_source_${logType}`;
const copyOf = (logType: LogType): string => `ceiling_copy_${tableOf(logType)}`;

async function timed(work: () => Promise<void>): Promise<{ seconds: number; cpuSeconds: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const cpu = process.cpuUsage(cpu0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/** The batches the bulk path wrote among the first `events` ids, split at `batchSize`, id order. */
async function batchesOf(connection: DuckDBConnection, batchSize: number): Promise<Batch[]> {
  const batches: Batch[] = [];
  for (const logType of LOG_TYPES) {
    const reader = await connection.runAndReadAll(
      `SELECT min(id), max(id), count(*) FROM (
         SELECT id, run, (row_number() OVER (PARTITION BY run ORDER BY id) - 1) // ${batchSize} AS part
         FROM (SELECT id, id - row_number() OVER (ORDER BY id) AS run FROM ${sourceOf(logType)})
       ) GROUP BY run, part`,
    );
    for (const [from, to, rows] of reader.getRows())
      batches.push({ logType, from: from as bigint, to: to as bigint, rows: Number(rows) });
  }
  return batches.sort((a, b) => (a.from < b.from ? -1 : 1));
}

/**
 * DuckDB alone writing the first `events` events of the store in `dataDir` (closed) in the
 * store's layout, three ways (see the file's comment). The store's file gets empty copy tables
 * for the time of the measure; they are dropped afterwards.
 */
export async function ingestCeiling(dataDir: string, options: CeilingOptions): Promise<CeilingFigure[]> {
  const file = path.join(dataDir, EVENTS_FILE).replace(/'/g, "''");
  const figures: CeilingFigure[] = [];
  const ways = [
    {
      label: `as the bulk path writes them (its batches, one transaction each, threads=${DUCKDB_THREADS})`,
      threads: String(DUCKDB_THREADS),
      batched: true,
    },
    {
      label: `as the bulk path writes them, DuckDB's default threads (${os.cpus().length})`,
      threads: undefined,
      batched: true,
    },
    {
      label: `one INSERT … SELECT per log type, default threads (${os.cpus().length})`,
      threads: undefined,
      batched: false,
    },
  ];
  for (const way of ways) {
    const instance = await DuckDBInstance.create(':memory:', {
      checkpoint_threshold: '1GB',
      ...(way.threads ? { threads: way.threads } : {}),
    });
    const connection = await instance.connect();
    try {
      await connection.run(`ATTACH '${file}' AS ev (ROW_GROUP_SIZE ${ROW_GROUP_SIZE})`);
      const first = await connection.runAndReadAll(
        `SELECT min(id) FROM (${LOG_TYPES.map((t) => `SELECT min(id) AS id FROM ev.${tableOf(t)}`).join(' UNION ALL ')})`,
      );
      const firstId = (first.getRows()[0][0] as bigint | null) ?? 0n;
      const below = firstId + BigInt(options.events);
      for (const logType of LOG_TYPES) {
        await connection.run(
          `CREATE TEMP TABLE ${sourceOf(logType)} AS SELECT * FROM ev.${tableOf(logType)} WHERE id < ${below} ORDER BY id`,
        );
      }
      const batches = way.batched ? await batchesOf(connection, options.batchSize) : [];
      await connection.run('USE ev');
      for (const logType of LOG_TYPES) {
        await connection.run(`DROP TABLE IF EXISTS ${copyOf(logType)}`);
        await connection.run(createTableSql(logType, copyOf(logType)));
      }
      await connection.run('CHECKPOINT ev');
      let rows = 0;
      const measured = await timed(async () => {
        if (way.batched) {
          let sinceFlush = 0;
          for (const batch of batches) {
            await connection.run('BEGIN TRANSACTION');
            await connection.run(
              `INSERT INTO ${copyOf(batch.logType)} SELECT * FROM temp.${sourceOf(batch.logType)} WHERE id BETWEEN ${batch.from} AND ${batch.to}`,
            );
            await connection.run('COMMIT');
            rows += batch.rows;
            sinceFlush += batch.rows;
            if (sinceFlush >= options.flushEvery) {
              await connection.run('CHECKPOINT ev');
              sinceFlush = 0;
            }
          }
        } else {
          for (const logType of LOG_TYPES) {
            const result = await connection.run(
              `INSERT INTO ${copyOf(logType)} SELECT * FROM temp.${sourceOf(logType)}`,
            );
            rows += Number(result.rowsChanged);
          }
        }
        await connection.run('CHECKPOINT ev');
      });
      figures.push({ label: way.label, rows, ...measured });
      for (const logType of LOG_TYPES) await connection.run(`DROP TABLE ${copyOf(logType)}`);
      await connection.run('CHECKPOINT ev');
    } finally {
      connection.disconnectSync();
      instance.closeSync();
    }
  }
  return figures;
}

/** A ceiling figure as a line, with the ingest's rate against it when given. */
export function ceilingLine(f: CeilingFigure, ingestRate?: number): string {
  const rate = f.rows / f.seconds;
  return (
    `  DuckDB alone, ${f.label}: ${fmt(f.rows)} rows in ${fmt(f.seconds, 2)} s = ${fmt(rate)} rows/s, ` +
    `${fmt(f.rows / f.cpuSeconds)} per CPU-second` +
    (ingestRate === undefined ? '' : `; ingest / this: ${fmt(ingestRate / rate, 2)}×`)
  );
}

async function main(): Promise<void> {
  const count = envNumber('CEILING_EVENTS', 983_040);
  const batchSize = 122_880;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-ceiling-'));
  try {
    const store = await DuckDbEventStore.open(dir);
    const generator = generateEvents({
      tenants: [{ tid: 'bench-tenant', name: 'acme' }],
      typeWeights: BENCH_TYPE_WEIGHTS,
      count,
      now: Date.now(),
      batchSize,
    });
    for (const { batches } of batchedRounds(generator, 4 * batchSize, batchSize)) {
      for (const batch of batches)
        await store.appendColumns(batch[0].logType, toEventColumns(batch[0].logType, batch));
    }
    await store.close();
    console.log(
      `load average at the start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    const figures = await ingestCeiling(dir, { events: count, batchSize, flushEvery: 1_000_000 });
    for (const f of figures) console.log(ceilingLine(f));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
