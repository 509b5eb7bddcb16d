/**
 * `npx tsx server/bench/ingestCeiling.ts`: what DuckDB alone takes to write event rows of this
 * store's layout, to compare with the store's ingest (`npm run bench`). Printed, never asserted.
 *
 * CEILING_EVENTS web events (default 983,040 = 8 batches) are appended through the store into a
 * temporary file; then, with DuckDB alone, they are copied from an in-memory temporary table into
 * an empty table of the same layout (`INSERT … SELECT`, then CHECKPOINT): no JavaScript per row.
 * Once as the store keeps them (code fields as ENUM columns, DuckDB's default compression), once
 * with the code fields as VARCHAR (the layout of schema version 2), once with FSST string
 * compression off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { FIELD_SPECS, LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import { DuckDbEventStore, EVENTS_FILE, ROW_GROUP_SIZE, tableOf } from '../src/events/duckdbEventStore';
import { generateEvents } from '../src/seed/eventGenerator';

const fmt = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

async function main(): Promise<void> {
  const count = Number(process.env.CEILING_EVENTS ?? 983_040);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-ceiling-'));
  try {
    const store = await DuckDbEventStore.open(dir);
    for (const batch of generateEvents({
      tenants: [{ tid: 'bench-tenant', name: 'acme' }],
      typeWeights: { scan_web: 1 },
      count,
      now: Date.now(),
      batchSize: 122_880,
    })) {
      await store.append(batch);
    }
    await store.close();

    const table = tableOf('scan_web');
    const codeFields = LOG_TYPE_SCHEMAS.scan_web.fields.filter((f) => FIELD_SPECS[f].kind === 'code');
    const asVarchar = `* REPLACE (${codeFields.map((f) => `CAST(${f} AS VARCHAR) AS ${f}`).join(', ')})`;
    for (const [label, columns, disabled] of [
      ['as the store (code fields as ENUM, default compression)', '*', ''],
      ['code fields as VARCHAR (schema version 2)', asVarchar, ''],
      ['code fields as ENUM, FSST off', '*', 'fsst'],
    ] as const) {
      const instance = await DuckDBInstance.create(':memory:', { disabled_compression_methods: disabled });
      const connection = await instance.connect();
      await connection.run(
        `ATTACH '${path.join(dir, EVENTS_FILE)}' AS ev (ROW_GROUP_SIZE ${ROW_GROUP_SIZE})`,
      );
      await connection.run(`CREATE TEMP TABLE source AS SELECT ${columns} FROM ev.${table}`);
      await connection.run(`CREATE OR REPLACE TABLE ev.copy AS SELECT * FROM source LIMIT 0`);
      await connection.run('CHECKPOINT ev');
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await connection.run('INSERT INTO ev.copy SELECT * FROM source');
      await connection.run('CHECKPOINT ev');
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      console.log(
        `DuckDB alone, ${label}: ${fmt(count)} web rows in ${seconds.toFixed(2)} s = ${fmt(count / seconds)} rows/s; ${fmt(count / cpuSeconds)} rows per CPU-second`,
      );
      await connection.run('DROP TABLE ev.copy');
      connection.disconnectSync();
      instance.closeSync();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
