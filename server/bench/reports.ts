/**
 * `npm run bench:reports -w server` (also part of the root `npm run bench`): every report query of
 * the registry on the embedded event store (DuckDB) and on a SQLite copy of the same events, in the
 * same run: p50 and p95 per query and the SQLite/DuckDB ratio. Figures, never asserted (issue 11's
 * goals: low-cardinality top-N p50 ≤ 50 ms, high-cardinality ≤ 300 ms, time-bin counts over 30
 * days ≤ 30 ms; DuckDB ≥ 20× SQLite).
 *
 * - BENCH_REPORT_EVENTS synthetic events (default 10,000,000; the demo generator's mix: web 55 %),
 *   one tenant, over 180 days; every query over the last 30 days (the dashboard's default).
 * - DuckDB: the product's store (bulk path); SQLite (better-sqlite3): one table per log type with
 *   the same columns (codes as TEXT), an index on (tid, time), the same SQL from the same builder
 *   (events/eventSql.ts) in SQLite's dialect, run through the same route logic (runReportQuery).
 * Env: BENCH_REPORT_EVENTS, BENCH_RUNS (DuckDB runs per query, default 10), BENCH_SQLITE_RUNS
 * (default 3), BENCH_DIR (default a temp dir, deleted afterwards unless BENCH_KEEP=1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  FIELD_SPECS,
  LOG_TYPES,
  LOG_TYPE_SCHEMAS,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import {
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  type ReportQueryDef,
  type ReportQueryName,
} from '@workbench/common/api/contract/reportQueries';
import { DuckDbEventStore } from '../src/events/duckdbEventStore';
import { aggregateSql, type SqlDialect } from '../src/events/eventSql';
import type { AggregateRow, EventAggregate, EventStore, NewEvent } from '../src/events/eventStore';
import { runReportQuery } from '../src/events/reportRoutes';
import { toEventColumns } from '../src/events/arrowEvents';
import { generateEvents } from '../src/seed/eventGenerator';
import { envNumber } from './envNumber';
import { latency } from './stats';

const TENANT = { tid: 'bench-tenant', name: 'acme' };
const BATCH = 122_880;

const SQLITE_DIALECT: SqlDialect = {
  table: (logType) => `events_${logType}`,
  // Named (a bucket's width appears twice in its statement): bound from an object.
  placeholder: (n) => `$p${n}`,
  fieldValue: (_field, placeholder) => placeholder,
  key: (field) => field,
  integer: (placeholder) => placeholder,
  divide: (a, b) => `(${a}) / ${b}`,
  contains: (column, needle) => `instr(lower(${column}), ${needle}) > 0`,
};

/** The aggregate entry of the event store, on the SQLite copy (all runReportQuery calls). */
class SqliteReports {
  private readonly statements = new Map<string, Database.Statement>();
  constructor(private readonly db: Database.Database) {}

  aggregate(query: EventAggregate): Promise<AggregateRow[]> {
    const { sql, params, hasSeries } = aggregateSql(query, SQLITE_DIALECT);
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    const named = Object.fromEntries(params.map((value, i) => [`p${i + 1}`, value]));
    const rows = statement.all(named) as { key: unknown; series?: unknown; value: unknown }[];
    return Promise.resolve(
      rows.map((r) => ({
        key:
          r.key === null
            ? null
            : typeof r.key === 'number' || typeof r.key === 'bigint'
              ? Number(r.key)
              : String(r.key),
        ...(hasSeries ? { series: r.series === null ? null : (r.series as string | number) } : {}),
        value: Number(r.value),
      })),
    );
  }
}

function createSqliteCopy(file: string): {
  db: Database.Database;
  insert: (events: readonly NewEvent[]) => void;
} {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const inserts = new Map<LogType, Database.Statement>();
  for (const logType of LOG_TYPES) {
    const fields = LOG_TYPE_SCHEMAS[logType].fields;
    const columns = fields.map((f) => `${f} ${FIELD_SPECS[f].kind === 'integer' ? 'INTEGER' : 'TEXT'}`);
    db.exec(
      `CREATE TABLE events_${logType} (id INTEGER PRIMARY KEY, tid TEXT NOT NULL, time INTEGER NOT NULL, ${columns.join(', ')})`,
    );
    db.exec(`CREATE INDEX events_${logType}_tid_time ON events_${logType} (tid, time)`);
    inserts.set(
      logType,
      db.prepare(
        `INSERT INTO events_${logType} (tid, time, ${fields.join(', ')}) VALUES (?, ?, ${fields.map(() => '?').join(', ')})`,
      ),
    );
  }
  const insert = db.transaction((events: readonly NewEvent[]) => {
    for (const e of events) {
      const fields = LOG_TYPE_SCHEMAS[e.logType].fields;
      (inserts.get(e.logType) as Database.Statement).run(
        e.tid,
        e.time,
        ...fields.map((f) => e.fields[f] ?? null),
      );
    }
  });
  return { db, insert };
}

/** The goal class of a query (issue 11): time bins, low- or high-cardinality top-N. */
function goalClass(def: ReportQueryDef): 'time bins' | 'low cardinality' | 'high cardinality' {
  if (def.dimension.kind === 'date') return 'time bins';
  const field = def.dimension.field;
  return FIELD_SPECS[field].kind === 'code' || field === 'smtp_code' || field === 'risk_score'
    ? 'low cardinality'
    : 'high cardinality';
}
const GOAL_MS = { 'time bins': 30, 'low cardinality': 50, 'high cardinality': 300 } as const;

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const total = envNumber('BENCH_REPORT_EVENTS', 10_000_000);
  const runs = envNumber('BENCH_RUNS', 10);
  const sqliteRuns = envNumber('BENCH_SQLITE_RUNS', 3);
  const dir = process.env.BENCH_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-bench-reports-'));
  const now = new Date();
  console.log(`Report benchmark: ${fmt(total)} events (DuckDB and a SQLite copy) in ${dir}`);
  const store = await DuckDbEventStore.open(dir);
  const sqlite = createSqliteCopy(path.join(dir, 'reports-copy.sqlite'));
  try {
    let duckMs = 0;
    let sqliteMs = 0;
    const pending = new Map<LogType, NewEvent[]>();
    const flush = async (list: NewEvent[]) => {
      const t0 = performance.now();
      await store.appendColumns(list[0].logType, toEventColumns(list[0].logType, list));
      const t1 = performance.now();
      sqlite.insert(list);
      duckMs += t1 - t0;
      sqliteMs += performance.now() - t1;
    };
    for (const batch of generateEvents({
      tenants: [TENANT],
      count: total,
      now: now.getTime(),
      batchSize: 50_000,
    }))
      for (const event of batch) {
        let list = pending.get(event.logType);
        if (!list) pending.set(event.logType, (list = []));
        list.push(event);
        if (list.length === BATCH) {
          await flush(list);
          pending.set(event.logType, []);
        }
      }
    for (const list of pending.values()) if (list.length > 0) await flush(list);
    await store.flush();
    sqlite.db.exec('ANALYZE');
    console.log(`Loaded: DuckDB ${fmt(duckMs / 1000, 1)} s, SQLite ${fmt(sqliteMs / 1000, 1)} s.\n`);

    const sqliteStore = new SqliteReports(sqlite.db) as unknown as EventStore;
    const header = `${'query'.padEnd(52)} ${'class'.padEnd(16)} ${'DuckDB p50'.padStart(11)} ${'p95'.padStart(9)} ${'SQLite p50'.padStart(11)} ${'ratio'.padStart(7)}`;
    console.log(header);
    const byClass = new Map<string, { duck: number[]; ratio: number[] }>();
    for (const name of REPORT_QUERY_NAMES as ReportQueryName[]) {
      const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
      const run = (s: EventStore) => () => runReportQuery(s, name, TENANT.tid, {}, now);
      const duck = await latency(runs, run(store));
      const lite = await latency(sqliteRuns, run(sqliteStore));
      const cls = goalClass(def);
      const entry = byClass.get(cls) ?? { duck: [], ratio: [] };
      entry.duck.push(duck.p50);
      entry.ratio.push(lite.p50 / duck.p50);
      byClass.set(cls, entry);
      console.log(
        `${name.padEnd(52)} ${cls.padEnd(16)} ${fmt(duck.p50, 1).padStart(8)} ms ${fmt(duck.p95, 1).padStart(6)} ms ${fmt(lite.p50, 1).padStart(8)} ms ${fmt(lite.p50 / duck.p50, 1).padStart(6)}×`,
      );
    }
    console.log("\nBy class (median over the class's queries):");
    for (const [cls, { duck, ratio }] of byClass) {
      const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
      console.log(
        `  ${cls.padEnd(18)} ${String(duck.length).padStart(3)} queries  DuckDB p50 ${fmt(median(duck), 1)} ms (goal ≤ ${GOAL_MS[cls as keyof typeof GOAL_MS]} ms, slowest ${fmt(Math.max(...duck), 1)} ms)  SQLite/DuckDB ${fmt(median(ratio), 1)}× (goal ≥ 20×)`,
      );
    }
  } finally {
    await store.close();
    sqlite.db.close();
    if (process.env.BENCH_KEEP !== '1' && process.env.BENCH_DIR === undefined)
      fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
