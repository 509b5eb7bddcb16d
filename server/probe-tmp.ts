import { DuckDBInstance } from '@duckdb/node-api';
import { LOG_TYPE_SCHEMAS, FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
const tid = 'e785b990-58d8-455b-8f58-e7145bcf07af';
const fields = LOG_TYPE_SCHEMAS.scan_web.fields;
const F = `chr(61), chr(43), chr(45), chr(64), chr(9), chr(13)`;
const cols = [`CAST(id AS VARCHAR) AS id`, `strftime(epoch_ms(time), '%Y-%m-%dT%H:%M:%S.%gZ') AS event_time`,
  ...fields.map((f) => FIELD_SPECS[f].kind === 'text' ? `CASE WHEN left(${f}, 1) IN (${F}) THEN '''' || ${f} ELSE ${f} END AS ${f}` : f)].join(', ');
const plain = [`id`, `time`, ...fields].join(', ');
async function time(c: any, label: string, sql: string) {
  const t0 = performance.now(); const u0 = process.cpuUsage();
  await c.run(sql);
  const ms = performance.now() - t0; const u = process.cpuUsage(u0);
  console.log(label.padEnd(40), `${ms.toFixed(0)} ms wall, ${((u.user+u.system)/1000).toFixed(0)} ms cpu, ${(383798/(ms/1000)/1000).toFixed(0)}k/s wall`);
}
async function main() {
  const threads = process.argv[2] ?? '1';
  const inst = await DuckDBInstance.create(':memory:', { threads });
  const c = await inst.connect();
  await c.run(`ATTACH '/tmp/logs-sort/events.duckdb' AS ev (READ_ONLY)`);
  await c.run('USE ev');
  const where = `tid = '${tid}'`;
  await time(c, 'warm count', `SELECT count(*) FROM events_scan_web WHERE ${where}`);
  await time(c, 'copy full plain nosort', `COPY (SELECT ${plain} FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false)`);
  await time(c, 'copy full plain sort', `COPY (SELECT ${plain} FROM events_scan_web WHERE ${where} ORDER BY time DESC, id DESC) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false)`);
  await time(c, 'copy full formatted sort', `COPY (SELECT ${cols} FROM events_scan_web WHERE ${where} ORDER BY time DESC, id DESC) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false, NEW_LINE '\\r\\n')`);
  await time(c, 'copy full formatted nosort', `COPY (SELECT ${cols} FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false, NEW_LINE '\\r\\n')`);
  await time(c, 'select formatted count', `SELECT count(*) FROM (SELECT ${cols} FROM events_scan_web WHERE ${where})`);
  await time(c, 'copy ndjson sort', `COPY (SELECT ${plain} FROM events_scan_web WHERE ${where} ORDER BY time DESC, id DESC) TO '/tmp/logs-sort/a.json' (FORMAT json)`);
}
main();
