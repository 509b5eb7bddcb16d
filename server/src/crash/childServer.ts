/**
 * The real server (server/src/main.ts) as a child process, for the crash tests: started on a
 * given data directory with a free port, its output watched line by line, stopped cleanly
 * (SIGTERM) or killed without warning (SIGKILL, as a crash or a power cut of the process would).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import Database from 'better-sqlite3';
import { CookieJar } from '../testing/testServer';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import type { StoredEvent } from '../events/eventStore';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** The last guard of every wait: conditions are polled, this only bounds a hung run. */
export const GUARD_MS = 90_000;
/**
 * The guard of a start (its listening line): several children starting at once beside the other
 * suites (CI runs the unit and browser suites together, load ~18 on 2 cores) printed nothing in
 * 90 s, while one starts in ~8-15 s on a quiet machine (15 with tsx's cache cold).
 */
export const START_GUARD_MS = 240_000;
/** A test's time limit where it starts children: two starts and two waits. */
export const CHILD_TEST_TIMEOUT_MS = 2 * START_GUARD_MS + 2 * GUARD_MS;

export interface ChildServer {
  /** http://127.0.0.1:<port> once the server listens. */
  readonly baseUrl: string;
  /** The process id (to stop and continue it: a server that hangs). */
  readonly pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first output line matching `pattern` (also one printed already). */
  waitForLine(pattern: RegExp, guardMs?: number): Promise<RegExpMatchArray>;
  /** SIGKILL: no handler runs, nothing is flushed or closed; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (the server closes its stores) and waits for exit code 0. */
  stop(): Promise<void>;
}

/** Children not yet ended: killed if a test fails before it ends them. */
const running = new Set<ChildProcess>();

/** SIGKILLs every child a failed test left running (call in afterEach). */
export async function killLeftoverChildren(): Promise<void> {
  await Promise.all([...running].map((child) => killChild(child)));
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    // The whole group (the child was spawned detached), in case it started helpers of its own.
    process.kill(-child.pid, 'SIGKILL');
  }
  await ended(child);
  running.delete(child);
}

/**
 * A fresh data directory for each test of the file, removed after it, with no child server left
 * running: call once at the top of a crash test file; the returned function gives the directory.
 */
export function crashDataDirPerTest(name: string): () => string {
  let dataDir = '';
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `workbench-crash-${name}-`));
  });
  afterEach(async () => {
    await killLeftoverChildren();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => dataDir;
}

/**
 * Starts `node --import tsx server/src/main.ts` on `dataDir` (PORT=0, the given environment on
 * top) and resolves once it prints its listening line.
 */
export async function startChildServer(
  dataDir: string,
  env: Readonly<Record<string, string>>,
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: '0', WORKBENCH_DATA: dataDir },
  });
  running.add(child);
  let output = '';
  const listeners = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  // 'close', not 'exit': by then every line the process printed has been read.
  let closed = false;
  child.once('close', () => {
    closed = true;
    for (const listener of listeners) listener();
  });

  const waitForLine = (pattern: RegExp, guardMs = GUARD_MS): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        for (const line of output.split('\n')) {
          const match = line.match(pattern);
          if (match) return finish(() => resolve(match));
        }
        if (closed) {
          const how = child.exitCode ?? child.signalCode;
          finish(() => reject(new Error(`The server ended (${how}) before printing ${pattern}.\n${output}`)));
        }
        return undefined;
      };
      const guard = setTimeout(
        () => finish(() => reject(new Error(`No line matching ${pattern} within ${guardMs} ms.\n${output}`))),
        guardMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(guard);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });

  const listening = await waitForLine(/Workbench listening on (http:\/\/\S+)/, START_GUARD_MS);
  return {
    baseUrl: listening[1],
    pid: child.pid ?? 0,
    output: () => output,
    waitForLine,
    kill: () => killChild(child),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await ended(child);
      running.delete(child);
      if (child.exitCode !== 0) {
        throw new Error(
          `The server did not stop cleanly (${child.exitCode ?? child.signalCode}).\n${output}`,
        );
      }
    },
  };
}

export interface SignedInClient {
  /** A JSON call with the session's cookies and its xsrf header. */
  call(method: string, pathname: string, body?: unknown): Promise<Response>;
}

/** Signs admin@acme.example in over HTTP, as the portal does. */
export async function signInAdmin(server: ChildServer, password: string): Promise<SignedInClient> {
  const jar = new CookieJar();
  const call = async (method: string, pathname: string, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = { cookie: jar.header() };
    const xsrf = jar.get(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.baseUrl}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar.store(response);
    return response;
  };
  const login = await call('POST', '/api/auth/v1/login', { username: 'admin@acme.example', password });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return { call };
}

/**
 * Resolves once the server's config store has no event owed to the event store (its outbox is
 * empty): read from this process while the server runs (SQLite in WAL mode has readers beside
 * its writer). Polled; GUARD_MS bounds a hung run.
 */
export async function outboxDrained(dataDir: string): Promise<void> {
  const db = new Database(path.join(dataDir, 'config.sqlite'), { readonly: true });
  try {
    const owed = () => (db.prepare('SELECT count(*) AS n FROM event_outbox').get() as { n: number }).n;
    const guard = Date.now() + GUARD_MS;
    while (owed() > 0) {
      if (Date.now() > guard)
        throw new Error(`The outbox still holds ${owed()} events after ${GUARD_MS} ms.`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    db.close();
  }
}

/** The tenant's audit events in the data directory's event store (the server stopped), oldest first. */
export async function storedAuditEvents(dataDir: string, tid: string): Promise<StoredEvent[]> {
  const events = await DuckDbEventStore.open(dataDir);
  try {
    const out: StoredEvent[] = [];
    const scan = {
      logType: 'scan_audit' as const,
      tid,
      start: 0,
      end: Number.MAX_SAFE_INTEGER,
      filters: [],
      order: 'asc' as const,
    };
    for await (const batch of events.scan(scan)) out.push(...batch);
    return out;
  } finally {
    await events.close();
  }
}

/** The id of the tenant named `name` in the data directory's config store. */
export function tenantIdOf(dataDir: string, name: string): string {
  const db = new Database(path.join(dataDir, 'config.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT tid FROM tenants WHERE name = ?').get(name) as { tid: string }).tid;
  } finally {
    db.close();
  }
}
