/**
 * Starts the real reference server (server/src/main.ts) as a child process for the browser
 * tests: a free port, a fresh data directory, the fixed demo password, the cloud deployment.
 * `waitForDemoEvents` then waits until the server says its first-start seeding of demo events
 * has finished, so every spec reads a store that no longer changes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/testing/throwawayProcess';
import { DEMO_EVENTS, DEMO_PASSWORD } from './testEnv';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  /**
   * Resolves with the number of demo events once the server printed that its first-start seeding
   * finished (`Demo events ready: N.`); every progress line is handed to `onProgress`. Rejects,
   * with the server's output, if the server exits, reports that seeding failed, or (last guard)
   * has not finished after `timeoutMs`.
   */
  waitForDemoEvents(onProgress: (line: string) => void, timeoutMs?: number): Promise<number>;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data directory. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a power cut would: nothing runs in the server; resolves once it is gone. */
  kill(): Promise<void>;
}

/**
 * Only a last guard: the server (transpiled as it loads) answers /healthz in a few seconds on an
 * idle machine; with both cores busy (the unit suites beside the browser lanes, or other work)
 * 60 s was seen not to be enough.
 */
const HEALTH_TIMEOUT_MS = 5 * 60_000;
/**
 * Only a last guard: 200,000 demo events take ~10 s on an idle 2-core machine and a few minutes
 * when other processes keep both cores busy.
 */
const SEEDING_TIMEOUT_MS = 15 * 60_000;
/** What the server prints when its first-start seeding finished (server/src/events/eventsPlugin.ts). */
const DEMO_EVENTS_READY = /^Demo events ready: ([\d,]+)\.$/m;
/** Its progress lines (`Creating demo events: …`, `Resuming demo events: …`). */
const DEMO_EVENTS_PROGRESS = /^(Creating|Resuming) demo events: .*$/gm;
/** The server's log message when seeding threw. */
const SEEDING_FAILED = 'seeding demo events failed';
const POLL_INTERVAL_MS = 250;
const STOP_GRACE_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Signals the whole process group (npx → node): the child was spawned detached. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** What a spec's own server differs in from the suite's (a second server with its own settings). */
export interface WorkbenchServerOptions {
  /** WORKBENCH_DEMO_EVENTS (default the suite's DEMO_EVENTS). */
  demoEvents?: number;
  /** More environment, e.g. WORKBENCH_EXTENSIONS. */
  env?: Record<string, string>;
}

export async function startWorkbenchServer(
  repoRoot: string,
  options: WorkbenchServerOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'workbench-wdio-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';

  const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      WORKBENCH_DATA: dataDir,
      WORKBENCH_DEMO_PASSWORD: DEMO_PASSWORD,
      WORKBENCH_DEMO_EVENTS: String(options.demoEvents ?? DEMO_EVENTS),
      // The specs rely on a store that no longer changes once seeded (see README): no live events.
      WORKBENCH_LIVE_EVENTS: '0',
      WORKBENCH_DEPLOYMENT: 'ec2',
      // Every browser session of the suite signs in from 127.0.0.1, far more often than a person.
      WORKBENCH_LOGIN_RATE_LIMIT: '1000',
      ...options.env,
    },
  });
  // Whoever waits on the output is told of every chunk (and of the exit), instead of polling it.
  const outputListeners = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of outputListeners) listener();
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  child.once('exit', () => {
    for (const listener of outputListeners) listener();
  });

  // If the launcher dies without running onComplete (Ctrl-C, crash), take the server down with it.
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup(child, 'SIGTERM');
      const killed = await Promise.race([
        exited(child).then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS).unref()),
      ]);
      if (!killed) {
        signalGroup(child, 'SIGKILL');
        await exited(child);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `The workbench server exited (code ${child.exitCode ?? child.signalCode}) before GET /healthz answered.\n` +
          `--- server output ---\n${output}`,
      );
    }
    try {
      const reply = await fetch(`${baseUrl}/healthz`);
      if (reply.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The workbench server did not answer GET ${baseUrl}/healthz with 200 within ${HEALTH_TIMEOUT_MS / 1000} s.\n` +
          `--- server output ---\n${output}`,
      );
    }
    await sleep(POLL_INTERVAL_MS);
  }

  const waitForDemoEvents = (onProgress: (line: string) => void, timeoutMs = SEEDING_TIMEOUT_MS) =>
    new Promise<number>((resolve, reject) => {
      let progressShown = 0;
      const finish = (settle: () => void) => {
        clearTimeout(guard);
        outputListeners.delete(check);
        settle();
      };
      const failure = (reason: string) => new Error(`${reason}\n--- server output ---\n${output}`);
      function check() {
        const progress = [...output.matchAll(DEMO_EVENTS_PROGRESS)].map((m) => m[0]);
        for (const line of progress.slice(progressShown)) onProgress(line);
        progressShown = progress.length;
        const ready = DEMO_EVENTS_READY.exec(output);
        if (ready) finish(() => resolve(Number(ready[1].replace(/,/g, ''))));
        else if (output.includes(SEEDING_FAILED))
          finish(() => reject(failure('The workbench server could not seed its demo events.')));
        else if (child.exitCode !== null || child.signalCode !== null)
          finish(() => reject(failure('The workbench server exited while seeding its demo events.')));
      }
      const guard = setTimeout(
        () =>
          finish(() =>
            reject(failure(`The workbench server did not finish seeding within ${timeoutMs / 60_000} min.`)),
          ),
        timeoutMs,
      );
      outputListeners.add(check);
      check();
    });

  const kill = async () => {
    signalGroup(child, 'SIGKILL');
    await exited(child);
  };

  return { baseUrl, dataDir, output: () => output, waitForDemoEvents, stop, kill };
}
