/**
 * `npm run bench:load` (root; also part of `npm run bench`) or `npm run bench:load -w server`:
 * HTTP load on the real server, figures printed, never asserted.
 *
 * - Seeds BENCH_LOAD_EVENTS events (default 1,000,000, all log types, both demo tenants, the
 *   last 30 days) into a temporary data directory with the seed CLI (`npm run seed`), or reuses
 *   BENCH_LOAD_DATA (a data directory seeded before; kept);
 * - starts the server (`server/src/main.ts`, its own node process, so its RSS and CPU are its
 *   own) on a free port, signs in as admin@acme.example over HTTP (login, then the session and
 *   xsrf cookies on every request, as the portal does);
 * - for each target, autocannon with BENCH_LOAD_CONNECTIONS connections (default 50) for
 *   BENCH_LOAD_SECONDS (default 30): requests/s, latency p50 / p99, errors (socket errors,
 *   timeouts, non-2xx), the server's RSS (before, peak, after), and the CPU of the server, of
 *   this process (the load generator) and of everything else on the machine (other work on a
 *   shared machine: absolute rates only compare within one run).
 *
 * BENCH_LOAD_TARGETS (comma-separated names) runs some targets only; BENCH_LOAD_SERVER_ARGS adds
 * node options to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). Exits non-zero only
 * when the run broke (seeding, start, sign-in, or a target's first answer not as expected).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import { envNumber } from './envNumber';

const repoRoot = path.resolve(__dirname, '..', '..');
const serverRoot = path.join(repoRoot, 'server');
const USERNAME = 'admin@acme.example';
const PASSWORD = 'load bench password, not a secret';
const DAY_S = 86400;

interface LoadTarget {
  name: string;
  /** Path and query, fixed at the start of the run. */
  path: (nowSeconds: number) => string;
  /** Throws when a 200 answer's body is not what the target is meant to measure. */
  check: (body: unknown) => void;
  /**
   * The Accept-Encoding headers it is loaded with, one run each: a large JSON answer is compressed
   * (http/compression.ts), so it runs as a browser asks and unpacked, for the CPU beside the bytes.
   */
  encodings?: readonly string[];
  /**
   * Every request its own path (`path(now + n)` for the n-th): what the answers kept between
   * writes (events/readsBetweenWrites.ts) cannot serve, so each request runs its query.
   */
  distinct?: boolean;
}

/** What Chromium sends; the server answers it with brotli. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const COMPRESSION_COMPARED = [BROWSER_ENCODINGS, 'gzip', 'identity'] as const;

/** The portal's first block of web logs over the default interval (7 days), as explicit start/end. */
const WEB_LOGS_BLOCK: Pick<LoadTarget, 'path' | 'check'> = {
  path: (now) => `/api/rep/v1/query/scan_web?start=${now - 7 * DAY_S}&end=${now}&limit=100`,
  check: (body) => {
    const events = (body as { events?: unknown[] }).events;
    if (!Array.isArray(events) || events.length !== 100)
      throw new Error(`expected a block of 100 events, got ${JSON.stringify(body).slice(0, 200)}`);
  },
};

/**
 * What the load runs against, in order (issue: a logs block, a report query and userinfo). A
 * further target is one more entry: its path and a check that its answer is the real thing.
 */
const TARGETS: readonly LoadTarget[] = [
  {
    name: 'logs block',
    ...WEB_LOGS_BLOCK,
    encodings: COMPRESSION_COMPARED,
  },
  {
    // The same block with an end one second later for every request: no two requests alike, as
    // when many users page through different logs at once; each runs its query.
    name: 'distinct logs blocks',
    ...WEB_LOGS_BLOCK,
    distinct: true,
  },
  {
    // A report dashboard's tile: the top domains of the web logs over the default 7 days.
    name: 'report query',
    path: (now) => `/api/rep/v1/query/top_domains?start=${now - 7 * DAY_S}&end=${now}`,
    check: (body) => {
      const rows = (body as { rows?: unknown[] }).rows;
      if (!Array.isArray(rows) || rows.length === 0)
        throw new Error(`expected the top domains, got ${JSON.stringify(body).slice(0, 200)}`);
    },
    encodings: COMPRESSION_COMPARED,
  },
  {
    name: 'userinfo',
    path: () => '/api/userinfo',
    check: (body) => {
      if ((body as { tenant_name?: unknown }).tenant_name !== 'acme')
        throw new Error(`expected acme's user info, got ${JSON.stringify(body).slice(0, 200)}`);
    },
  },
];

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: serverRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

interface StartedServer {
  child: ChildProcess;
  url: string;
  stop: () => Promise<void>;
}

/** The server in its own node process; resolves once it prints the address it listens on. */
function startServer(dataDir: string): Promise<StartedServer> {
  const extra = (process.env.BENCH_LOAD_SERVER_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      WORKBENCH_DATA: dataDir,
      WORKBENCH_DEMO_PASSWORD: PASSWORD,
      WORKBENCH_DEMO_EVENTS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let seen = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${seen}`)));
    child.stdout!.on('data', (data: Buffer) => {
      seen += data.toString();
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match) resolve({ child, url: match[1], stop });
    });
  });
}

/** Signs in over HTTP; the cookie and xsrf headers the portal sends with every call. */
async function signIn(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${USERNAME} failed: ${response.status} ${await response.text()}`);
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0];
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  const xsrf = cookies.get(XSRF_COOKIE);
  if (!xsrf) throw new Error(`sign-in gave no ${XSRF_COOKIE} cookie`);
  return {
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    [XSRF_HEADER]: xsrf,
  };
}

const CLOCK_TICKS = 100;

/** utime + stime of a process in ms (Linux /proc). */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Busy CPU time of the whole machine in ms, all cores (Linux /proc/stat). */
function machineBusyMs(): number {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / CLOCK_TICKS;
}

/**
 * CPU ms per thread group of a process: its main thread (JavaScript), and the other threads by
 * name (libuv workers, V8 helpers; DuckDB's threads keep the process name).
 */
function threadCpuMs(pid: number): Map<string, number> {
  const groups = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const name =
        Number(tid) === pid ? 'main thread' : fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      groups.set(name, (groups.get(name) ?? 0) + ms);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return groups;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function firstAnswer(url: string, headers: Record<string, string>, target: LoadTarget): Promise<void> {
  const response = await fetch(url, { headers });
  if (response.status !== 200)
    throw new Error(`${target.name}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  target.check(await response.json());
}

interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Bytes received per answer, headers included (as sent: compressed when it was). */
  bytesPerAnswer: number;
  rss: { before: number; peak: number; after: number };
  cores: { server: number; loadGenerator: number; others: number };
  /** The server's CPU ms per request, by thread group (busiest first). */
  serverMsPerRequest: [string, number][];
}

async function load(
  url: string,
  headers: Record<string, string>,
  pid: number,
  connections: number,
  seconds: number,
  nextPath?: () => string,
): Promise<LoadFigures> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 250);
  const t0 = performance.now();
  const server0 = processCpuMs(pid);
  const threads0 = threadCpuMs(pid);
  const self0 = process.cpuUsage();
  const machine0 = machineBusyMs();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  const wall = performance.now() - t0;
  const self = process.cpuUsage(self0);
  const serverMs = processCpuMs(pid) - server0;
  const threads = threadCpuMs(pid);
  const selfMs = (self.user + self.system) / 1000;
  const machineMs = machineBusyMs() - machine0;
  clearInterval(sampler);
  const after = rssMb(pid);
  const requests = Math.max(1, result.requests.total);
  const serverMsPerRequest: [string, number][] = [['all threads', serverMs / requests]];
  for (const [name, ms] of threads)
    serverMsPerRequest.push([name, (ms - (threads0.get(name) ?? 0)) / requests]);
  serverMsPerRequest.sort((a, b) => b[1] - a[1]);
  return {
    serverMsPerRequest: serverMsPerRequest.filter(([, ms]) => ms >= 0.01),
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    bytesPerAnswer: result.throughput.total / requests,
    rss: { before, peak: Math.max(peak, after), after },
    cores: {
      server: serverMs / wall,
      loadGenerator: selfMs / wall,
      others: Math.max(0, machineMs - serverMs - selfMs) / wall,
    },
  };
}

async function main(): Promise<void> {
  const events = envNumber('BENCH_LOAD_EVENTS', 1_000_000);
  const connections = envNumber('BENCH_LOAD_CONNECTIONS', 50);
  const seconds = envNumber('BENCH_LOAD_SECONDS', 30);
  const only = (process.env.BENCH_LOAD_TARGETS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((name) => !TARGETS.some((t) => t.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_LOAD_TARGETS: unknown ${unknown.join(', ')}; known: ${TARGETS.map((t) => t.name).join(', ')}.`,
    );
  const targets = only.length > 0 ? TARGETS.filter((t) => only.includes(t.name)) : TARGETS;

  const reused = process.env.BENCH_LOAD_DATA;
  const dataDir = reused ?? fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-load-'));
  const env = { ...process.env, WORKBENCH_DATA: dataDir, WORKBENCH_DEMO_PASSWORD: PASSWORD };
  console.log(
    `Load benchmark: ${connections} connections × ${seconds} s per target, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  let server: StartedServer | undefined;
  try {
    if (reused && fs.existsSync(path.join(dataDir, 'events.duckdb'))) {
      console.log(`Reusing the seeded data directory ${dataDir}`);
    } else {
      console.log(`Seeding ${fmt(events)} events into ${dataDir}`);
      const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
      await run(tsx, ['src/seed/seedCli.ts', '--events', String(events), '--seed', '1'], env);
    }
    server = await startServer(dataDir);
    const pid = server.child.pid!;
    const headers = await signIn(server.url);
    const now = Math.floor(Date.now() / 1000);
    for (const target of targets)
      for (const encoding of target.encodings ?? [BROWSER_ENCODINGS]) {
        const url = `${server.url}${target.path(now)}`;
        const asked = { ...headers, 'accept-encoding': encoding };
        await firstAnswer(url, asked, target);
        let shift = 0;
        const nextPath = target.distinct ? () => target.path(now + (shift += 1)) : undefined;
        const f = await load(url, asked, pid, connections, seconds, nextPath);
        const shown = target.distinct ? `${target.path(now)} (end +1 s each request)` : target.path(now);
        console.log(`\n${target.name}: GET ${shown}, Accept-Encoding: ${encoding}`);
        console.log(
          `  ${fmt(f.requestsPerSecond)} requests/s (${fmt(f.requests)} in ${seconds} s), latency p50 ${fmt(f.p50)} ms, p99 ${fmt(f.p99)} ms, errors ${fmt(f.errors)}, ${fmt(f.bytesPerAnswer)} bytes per answer`,
        );
        console.log(
          `  server RSS ${fmt(f.rss.before)} MB before, ${fmt(f.rss.peak)} MB peak, ${fmt(f.rss.after)} MB after`,
        );
        console.log(
          `  CPU (cores of ${os.cpus().length}): server ${fmt(f.cores.server, 2)}, load generator ${fmt(f.cores.loadGenerator, 2)}, other processes ${fmt(f.cores.others, 2)}`,
        );
        console.log(
          `  server CPU per request: ${f.serverMsPerRequest.map(([name, ms]) => `${name} ${fmt(ms, 2)} ms`).join(', ')}`,
        );
      }
  } finally {
    await server?.stop();
    if (!reused && process.env.BENCH_KEEP !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
