/**
 * The export part of `npm run bench` (server/bench/run.ts calls exportFigures): the store's
 * export, the route's over HTTP and DuckDB alone on the same rows, with ratios. Alone, over the
 * directory of an earlier `npm run bench` kept with BENCH_DIR or BENCH_KEEP=1:
 * `npx tsx bench/exportBench.ts <dir>` (BENCH_EXPORT_EVENTS as there). See
 * server/src/events/README.md (export speed) and bench/README.md.
 */
import fs from 'node:fs';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import Fastify from 'fastify';
import { LOGS_EXPORT_TOTAL_HEADER } from '@workbench/common/api/contract/logs';
import { LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import type { TenantSession } from '../src/context';
import { fmt } from './stats';
import { DuckDbEventStore } from '../src/events/duckdbEventStore';
import type { EventQuery } from '../src/events/eventStore';
import { logsRoutes } from '../src/events/logsRoutes';
import { envNumber } from './envNumber';

const execFileAsync = promisify(execFile);

/** Wall and process CPU time (all threads: DuckDB writes on its own) of `work`. */
async function measured(work: () => Promise<void>): Promise<{ seconds: number; cpuSeconds: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const cpu = process.cpuUsage(cpu0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/** One figure of the export: rows, bytes, wall and CPU time. */
interface ExportFigure {
  rows: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
}

function exportLine(name: string, f: ExportFigure, reference?: ExportFigure): string {
  return (
    `  ${name}: ${fmt(f.rows)} events in ${fmt(f.seconds, 1)} s = ${fmt(f.rows / f.seconds)} events/s wall, ` +
    `${fmt(f.cpuSeconds, 1)} CPU-s = ${fmt(f.rows / f.cpuSeconds)} events per CPU-second, ` +
    `${fmt(f.cpuSeconds / f.seconds, 2)} cores busy, ${fmt(f.bytes / 1e6, 0)} MB` +
    (reference
      ? `; × DuckDB alone: ${fmt(f.cpuSeconds / reference.cpuSeconds, 2)} CPU, ${fmt(f.seconds / reference.seconds, 2)} wall`
      : '')
  );
}

/**
 * The route's export over HTTP: a Fastify app with only the logs routes and a fixed session of
 * the bench tenant (the sign-in and permission guard cost nothing per row), on a loopback port,
 * downloaded by curl in its own process (to /dev/null), so the CPU time is the server's only:
 * the store's work plus the route's stream to the socket. Rows: the route's X-Total-Events.
 */
async function routeExport(store: DuckDbEventStore, tid: string, search: string): Promise<ExportFigure> {
  const app = Fastify();
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    request.session = { tid } as TenantSession;
  });
  await app.register(logsRoutes({ store, now: () => new Date() }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.server.address() as AddressInfo;
    let output = '';
    const time = await measured(async () => {
      const { stdout } = await execFileAsync('curl', [
        '--silent',
        '--fail',
        '--output',
        '/dev/null',
        '--dump-header',
        '-',
        '--write-out',
        'bytes=%{size_download}\n',
        `http://127.0.0.1:${port}/api/rep/v1/export/scan_web?${search}`,
      ]);
      output = stdout;
    });
    const rows = Number(new RegExp(`^${LOGS_EXPORT_TOTAL_HEADER}: (\\d+)`, 'im').exec(output)?.[1]);
    const bytes = Number(/^bytes=(\d+)/m.exec(output)?.[1]);
    return { rows, bytes, ...time };
  } finally {
    await app.close();
  }
}

/**
 * DuckDB alone: one COPY of the same rows (`SELECT *`, no ORDER BY, no label or formula
 * expressions) to a file, on a fresh instance with DuckDB's default threads (one per core): what
 * DuckDB's own writer takes for these rows at its best, the floor the export is compared with.
 */
async function duckdbAlone(
  file: string,
  table: string,
  range: { tid: string; start: number; end: number },
  format: 'csv' | 'json',
): Promise<ExportFigure> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const out = path.join(os.tmpdir(), `workbench-bench-export-${process.pid}.${format}`);
  try {
    await connection.run(`ATTACH '${file.replace(/'/g, "''")}' AS events (READ_ONLY)`);
    let rows = 0;
    const time = await measured(async () => {
      const reader = await connection.runAndReadAll(
        `COPY (SELECT * FROM events.${table} WHERE tid = $1 AND time >= $2 AND time < $3) TO '${out}' ` +
          (format === 'csv' ? `(FORMAT csv, HEADER false)` : '(FORMAT json)'),
        [range.tid, BigInt(range.start), BigInt(range.end)],
      );
      rows = Number(reader.getRows()[0]?.[0] ?? 0);
    });
    return { rows, bytes: fs.statSync(out).size, ...time };
  } finally {
    connection.disconnectSync();
    instance.closeSync();
    fs.rmSync(out, { force: true });
  }
}

/**
 * The export's figures over the newest `limit` web events of `query` (from the second of the
 * limit-th newest event: a few more): the store's CSV (every field, codes; EventStore.exportRows,
 * as the route streams it), the route over HTTP (CSV codes; NDJSON labels), and DuckDB alone
 * (one plain COPY of the same rows, CSV and JSON) as the reference, each as events/s wall and
 * per CPU-second of the process, with the ratio to DuckDB alone. Opens the store in `dir` itself
 * (the reference needs the file closed by the store: DuckDB locks it), so call it with the store
 * closed. The machine may be shared: the CPU figures and ratios compare, the wall ones need a
 * quiet machine.
 */
export async function exportFigures(
  dir: string,
  query: Omit<EventQuery, 'limit' | 'after'>,
  limit: number,
): Promise<string[]> {
  const load = os.loadavg()[0];
  const store = await DuckDbEventStore.open(dir);
  let range: { tid: string; start: number; end: number };
  const figures: [string, ExportFigure, 'csv' | 'json'][] = [];
  try {
    const position = await store.positionAt(query, limit - 1);
    const startSecond = Math.floor((position?.time ?? query.start) / 1000);
    const endSecond = Math.ceil(query.end / 1000);
    range = { tid: query.tid, start: startSecond * 1000, end: endSecond * 1000 };
    const scan = { ...query, start: range.start, end: range.end };
    const options = {
      format: 'csv',
      values: 'codes',
      columns: LOG_TYPE_SCHEMAS[query.logType].fields,
    } as const;
    // Rows by a count, not by scanning the chunks for line ends in JavaScript (that cost ~1 CPU-s
    // per million rows here, which the route does not do).
    const rows = await store.countMatching(scan);
    let bytes = 0;
    const time = await measured(async () => {
      for await (const chunk of store.exportRows(scan, options)) bytes += chunk.length;
    });
    figures.push(['store, CSV codes (EventStore.exportRows)', { rows, bytes, ...time }, 'csv']);
    const search = `start=${startSecond}&end=${endSecond}`;
    figures.push([
      'route, CSV codes (GET /api/rep/v1/export over HTTP, server CPU)',
      await routeExport(store, query.tid, `${search}&format=csv&values=codes`),
      'csv',
    ]);
    figures.push([
      'route, NDJSON labels',
      await routeExport(store, query.tid, `${search}&format=ndjson&values=labels`),
      'json',
    ]);
  } finally {
    await store.close();
  }
  const file = path.join(dir, 'events.duckdb');
  const table = `events_${query.logType}`;
  const reference = {
    csv: await duckdbAlone(file, table, range, 'csv'),
    json: await duckdbAlone(file, table, range, 'json'),
  };
  return [
    `export of the newest ~${fmt(limit)} web events of one tenant, every field (load average ${fmt(load, 1)} → ${fmt(os.loadavg()[0], 1)} on ${os.cpus().length} cores; CPU-s: this process, all threads):`,
    exportLine('DuckDB alone, CSV (one COPY of SELECT * of the same rows to a file)', reference.csv),
    exportLine('DuckDB alone, JSON', reference.json),
    ...figures.map(([name, figure, format]) => exportLine(name, figure, reference[format])),
  ];
}

/** The bench's tenant (server/bench/run.ts). */
const BENCH_TID = 'bench-tenant';

if (require.main === module) {
  const dir = process.argv[2] ?? process.env.BENCH_DIR;
  if (!dir || !fs.existsSync(path.join(dir, 'events.duckdb'))) {
    console.error('Usage: npx tsx bench/exportBench.ts <directory of a kept `npm run bench`>');
    process.exit(2);
  }
  // The whole time range of the file: exportFigures takes the newest events of it.
  exportFigures(
    dir,
    { logType: 'scan_web', tid: BENCH_TID, start: 0, end: Date.now() + 86_400_000, filters: [] },
    envNumber('BENCH_EXPORT_EVENTS', 1_000_000),
  )
    .then((lines) => {
      for (const line of lines) console.log(line);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
