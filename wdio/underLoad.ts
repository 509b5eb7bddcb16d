/**
 * The browser suite on a busy machine (issue 17): builds the apps, starts one busy node child
 * process per core (a loop that never yields) and runs the whole WebdriverIO suite several times
 * in a row beside them, stopping at the first failing run. The busy children are stopped however
 * the runs end (also on Ctrl-C).
 *
 *   npm run test:loaded -w wdio                       # build, then 3 runs with every core busy
 *   npm run test:loaded -w wdio -- --runs 1 --spec specs/logs.spec.ts
 *
 * Options: --runs N (3), --busy N (one per core), --no-build; anything else goes to `wdio run`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const wdioDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(wdioDir, '..');

interface Options {
  runs: number;
  busy: number;
  build: boolean;
  wdioArgs: string[];
}

function wholeNumber(flag: string, value: string | undefined, min: number): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < min) {
    throw new Error(`${flag} needs a whole number of at least ${min}, got "${value ?? ''}".`);
  }
  return Number(value);
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { runs: 3, busy: os.availableParallelism(), build: true, wdioArgs: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--runs') options.runs = wholeNumber(arg, argv[(i += 1)], 1);
    else if (arg === '--busy') options.busy = wholeNumber(arg, argv[(i += 1)], 0);
    else if (arg === '--no-build') options.build = false;
    else options.wdioArgs.push(arg);
  }
  return options;
}

/** A node process that keeps one core busy until it is killed. */
function startBusyChild(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

function runWdio(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['wdio', 'run', 'wdio.conf.ts', ...args], { cwd: wdioDir, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.build) {
    console.log('[under load] building the apps (npm run build)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) return build.status ?? 1;
  }

  const busy = Array.from({ length: options.busy }, startBusyChild);
  const stopBusy = () => {
    for (const child of busy) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stopBusy);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopBusy();
      process.exit(130);
    });
  }
  console.log(
    `[under load] ${busy.length} busy node processes (pids ${busy.map((c) => c.pid).join(', ')}) ` +
      `on ${os.availableParallelism()} cores; ${options.runs} runs of the browser suite`,
  );

  const results: { run: number; code: number; ms: number }[] = [];
  try {
    for (let run = 1; run <= options.runs; run += 1) {
      const started = Date.now();
      const code = await runWdio(options.wdioArgs);
      results.push({ run, code, ms: Date.now() - started });
      console.log(
        `[under load] run ${run}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(Date.now() - started)}`,
      );
      if (code !== 0) break;
    }
  } finally {
    stopBusy();
  }
  const passed = results.filter((r) => r.code === 0).length;
  const failed = results.length - passed;
  console.log(
    `[under load] ${results.map((r) => `run ${r.run} ${r.code === 0 ? 'ok' : 'FAILED'} ${seconds(r.ms)}`).join(', ')}`,
  );
  console.log(`Runs under load: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed === options.runs ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[under load] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
