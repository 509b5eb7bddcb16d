import { DuckDBInstance } from '@duckdb/node-api';
import { LOG_TYPE_SCHEMAS, FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
const tid = 'e785b990-58d8-455b-8f58-e7145bcf07af';
const fields = LOG_TYPE_SCHEMAS.scan_web.fields;
async function time(c: any, label: string, sql: string) {
  const t0 = performance.now(); const u0 = process.cpuUsage();
  await c.run(sql);
  const ms = performance.now() - t0; const u = process.cpuUsage(u0);
  const cpu=(u.user+u.system)/1000;
  console.log(label.padEnd(40), `${ms.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms cpu, ${(383798/(cpu/1000)/1000).toFixed(0)}k/cpu-s`);
}
async function main() {
  const inst = await DuckDBInstance.create(':memory:', { threads: process.argv[2] ?? '1' });
  const c = await inst.connect();
  await c.run(`ATTACH '/tmp/logs-sort/events.duckdb' AS ev (READ_ONLY)`);
  await c.run('USE ev');
  const where = `tid = '${tid}'`;
  const allv = fields.map(f=>`CAST(${f} AS VARCHAR)`).join(', ');
  await time(c, 'warm', `SELECT count(*) FROM events_scan_web WHERE ${where}`);
  await time(c, 'materialise casts', `SELECT sum(length(concat(${allv}))) FROM events_scan_web WHERE ${where}`);
  await time(c, 'materialise raw', `SELECT count(*) FROM (SELECT * FROM events_scan_web WHERE ${where} ORDER BY time desc, id desc)`);
  await time(c, 'copy plain', `COPY (SELECT id, time, ${fields.join(',')} FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false)`);
  await time(c, 'copy plain casts', `COPY (SELECT id, time, ${allv} FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false)`);
  await time(c, 'copy only codes', `COPY (SELECT id, time, ${fields.filter(f=>FIELD_SPECS[f].kind!=='text').join(',')} FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false)`);
  await time(c, 'copy only text', `COPY (SELECT id, time, ${fields.filter(f=>FIELD_SPECS[f].kind==='text').join(',')} FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false)`);
  await time(c, 'copy plain quote none', `COPY (SELECT id, time, ${fields.join(',')} FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false, QUOTE '', ESCAPE '')`);
  await time(c, 'copy force quote', `COPY (SELECT id, time, ${fields.join(',')} FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false, FORCE_QUOTE *)`);
  await time(c, 'copy single line string', `COPY (SELECT concat_ws(',', id, time, ${fields.map(f=>`coalesce(CAST(${f} AS VARCHAR),'')`).join(',')}) FROM events_scan_web WHERE ${where}) TO '/tmp/logs-sort/a.csv' (FORMAT csv, HEADER false, QUOTE '', ESCAPE '')`);
  console.log((await c.runAndReadAll(`SELECT count(*) FROM events_scan_web WHERE ${where} AND url IS NOT NULL`)).getRows());
}
main();
