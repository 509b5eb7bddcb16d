/**
 * `npm run bench`: the server benchmark (server/bench/run.ts: ingest, then the ingest ceiling on
 * the same rows in the same process (server/bench/ingestCeiling.ts: DuckDB alone writing them as the
 * bulk path does) with the ratio, paging latency, export),
 * the HTTP load benchmark (server/bench/load.ts: autocannon on a logs block, a report query and userinfo), every
 * report query on DuckDB and a SQLite copy (server/bench/reports.ts), ClickHouse beside DuckDB
 * (server/bench/clickhouse.ts), ClickHouse's replicated shards beside its unreplicated ones
 * (server/bench/replicated.ts), the impact bench (server/bench/impact.ts), then the browser benchmarks
 * (bench/import.ts, bench/logs-scroll.ts, bench/dashboard.ts) and the first-load bytes with a
 * Lighthouse desktop run (bench/lighthouse.ts), one after the other.
 * Prints each one's wall time and the total; exits non-zero when any run broke.
 */
import { spawn } from 'node:child_process';
import { repoRoot } from './support/benchSession';

const STEPS: { name: string; script: string }[] = [
  { name: 'server', script: 'bench:server' },
  { name: 'load', script: 'bench:load' },
  { name: 'reports', script: 'bench:reports' },
  { name: 'clickhouse', script: 'bench:clickhouse' },
  { name: 'replicated', script: 'bench:replicated' },
  { name: 'impact', script: 'bench:impact' },
  { name: 'import', script: 'bench:import' },
  { name: 'logs-scroll', script: 'bench:logs-scroll' },
  { name: 'dashboard', script: 'bench:dashboard' },
  { name: 'lighthouse', script: 'bench:lighthouse' },
];

function runScript(script: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = performance.now();
const results: { name: string; seconds: number; code: number }[] = [];
for (const step of STEPS) {
  console.log(`\n=== bench ${step.name} (npm run ${step.script}) ===`);
  const t0 = performance.now();
  const code = await runScript(step.script);
  results.push({ name: step.name, seconds: (performance.now() - t0) / 1000, code });
}
const total = (performance.now() - started) / 1000;
console.log('\n=== bench summary ===');
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(12)} ${r.seconds.toFixed(1).padStart(8)} s  ${r.code === 0 ? 'ran' : `BROKE (exit ${r.code})`}`,
  );
}
console.log(`  ${'total'.padEnd(12)} ${total.toFixed(1).padStart(8)} s`);
if (results.some((r) => r.code !== 0)) process.exitCode = 1;
