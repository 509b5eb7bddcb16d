/**
 * A throw-away server process for a test or a bench (HAProxy, a ClickHouse shard): started as a
 * child, its last output kept for the error message, polled until it answers, and killed with
 * SIGKILL at the end (its data is throw-away: no graceful stop to wait for). A test process that
 * ends without calling stop (a crash, a timeout, process.exit) still kills it on its way out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * util-linux's setpriv (in every Debian): it execs the server with a parent-death signal, so the
 * kernel kills the server when the process that started it dies, even by SIGKILL, when no exit
 * handler runs (tsx SIGKILLs its child when it does not confirm a relayed signal within 30 ms).
 */
const SETPRIV = '/usr/bin/setpriv';
/** How much of the process's output an error message quotes (its end). */
const OUTPUT_KEPT = 4000;

/**
 * The ports freePort picks from: below the kernel's ephemeral range, from which the system takes
 * the local port of every outgoing connection. A port the kernel handed out for listening (port 0)
 * and freed again was taken by one of the suites' many loopback connections before a ClickHouse
 * shard bound it ("Address already in use", 2026-11-30); below that range only a listener can
 * take it.
 */
function listenRange(): { low: number; high: number } {
  try {
    const [ephemeralLow] = fs
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (ephemeralLow > 12_000) return { low: 10_000, high: ephemeralLow - 1 };
  } catch {
    // No such file (not Linux): below where Linux's default ephemeral range starts (32768).
  }
  return { low: 20_000, high: 32_767 };
}

const bindable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The ports this process has handed out: a server given one may not have bound it yet. */
const handedOut = new Set<number>();

/**
 * A port free on loopback now, drawn at random below the ephemeral range (listenRange) and never
 * one this process handed out before (several asked in a row, e.g. a ClickHouse shard's three, are
 * bound only later); another process's listener may still take it before the server binds it
 * (startClickHouseCluster starts again on fresh ports then), but no outgoing connection will.
 */
export async function freePort(): Promise<number> {
  const { low, high } = listenRange();
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`No free port between ${low} and ${high} after 50 tries.`);
}

/** A ready check: whether `url` answers 2xx (not listening yet counts as no). */
export const answersOk = (url: string) => async (): Promise<boolean> => (await fetch(url)).ok;

export interface ThrowawayProcessOptions {
  /** What error messages call it, e.g. `haproxy`. */
  name: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  /** Whether it answers yet; a throw counts as not yet. */
  ready: () => Promise<boolean>;
  /** What the ready check asks, for the error messages, e.g. `/healthz`. */
  readyWhat: string;
  timeoutMs: number;
  pollMs: number;
  /** Start it through setpriv (when installed) so it dies with this process, even by SIGKILL. */
  dieWithParent?: boolean;
  /** A directory of its own, removed once it is gone: by stop(), and by the exit guard. */
  dir?: string;
}

export interface ThrowawayProcess {
  readonly process: ChildProcess;
  /** The end of what it printed (stdout and stderr). */
  output(): string;
  /**
   * Resolves once the ready check answers; rejects, with the process's output, when it exits
   * first or the time limit passes (the process then stopped and its directory removed).
   */
  readonly ready: Promise<void>;
  /** SIGKILL; resolves once it is gone and its directory removed. */
  stop(): Promise<void>;
}

/**
 * Spawns the process at once (so a caller starting several can stop them all whichever fails) and
 * polls its ready check in `ready`.
 */
export function startThrowawayProcess(options: ThrowawayProcessOptions): ThrowawayProcess {
  const { name, dir } = options;
  const [command, args] =
    options.dieWithParent && fs.existsSync(SETPRIV)
      ? [SETPRIV, ['--pdeathsig', 'KILL', '--', options.command, ...options.args]]
      : [options.command, options.args];
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer | string) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A command that cannot be started emits 'error' (and no 'exit'): said in its output.
  child.once('error', (error) => keep(`${error.message}\n`));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => {
      if (child.pid === undefined) resolve();
    });
  });

  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const orphanGuard = () => {
    child.kill('SIGKILL');
    if (dir === undefined) return;
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
    } catch {
      // The dying server may still be writing there; the directory is in the temp dir.
    }
  };
  process.once('exit', orphanGuard);
  void exited.then(() => process.removeListener('exit', orphanGuard));

  const stop = async (): Promise<void> => {
    if (!gone()) child.kill('SIGKILL');
    await exited;
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  };

  const waitUntilReady = async (): Promise<void> => {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      if (gone()) {
        // 'close' comes once its pipes are read to the end, so the error quotes its last words
        // (bounded, in case something it started holds them open).
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 200))]);
        throw new Error(
          `${name} exited (${child.exitCode ?? child.signalCode}) before answering ${options.readyWhat}:\n${output}`,
        );
      }
      try {
        if (await options.ready()) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(
          `${name} did not answer ${options.readyWhat} within ${options.timeoutMs / 1000} s:\n${output}`,
        );
      await new Promise((resolve) => setTimeout(resolve, options.pollMs));
    }
  };
  const ready = waitUntilReady().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { process: child, output: () => output, ready, stop };
}

const OWNER_FILE = 'owner.pid';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A temporary directory `<tmp>/<prefix>XXXXXX` marked with this process's pid, after removing
 * those of the same prefix whose process is gone. A process killed outright (SIGKILL; tsx does
 * that to a child busy in synchronous work when Ctrl-C comes) runs no exit handler: its servers
 * die with it (`dieWithParent` above), its data stays until the next run removes
 * it here. Directories without the mark, or of a live process, are never touched.
 */
export function ownedTempDir(prefix: string): string {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(prefix)) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner: number;
    try {
      owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (Number.isSafeInteger(owner) && owner > 0 && !processAlive(owner))
      fs.rmSync(dir, { recursive: true, force: true });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  return dir;
}
