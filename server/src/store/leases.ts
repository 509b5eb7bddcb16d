/**
 * Leases in the config store (issue 39 point 4): work that one server of several sharing the
 * store must do alone. A lease is a row (migration 19) taken with one conditional upsert
 * (repositories/leases.ts): its holder renews it while it works; a holder that dies stops renewing,
 * and once the lease has expired any other server may take it. The same code runs on SQLite (one
 * server: it always gets the lease at once) and PostgreSQL.
 *
 * - `demo-seed`: the demo tenants and accounts of a first start. The others wait, then find them
 *   seeded and seed nothing (two servers started together no longer race on the tenants' names;
 *   a holder that loses the lease midway and then the race looks again: seed/seedUnderLease.ts).
 * - `demo-events`: the demo events of a first start, in the background; the others wait and then
 *   find the load complete.
 * - `live-events`: the live demo trickle. Whichever server holds it adds the events; when it dies,
 *   another takes the lease over within the lease time and the trickle goes on.
 *
 * Times are each server's own clock (epoch ms): servers sharing a store keep their clocks in step
 * (NTP), and a lease (WORKBENCH_LEASE_SECONDS, 30 s) is far longer than their skew.
 */
import os from 'node:os';
import type { ConfigStore } from './ConfigStore';

export const DEFAULT_LEASE_MS = 30_000;

export const LEASE_NAMES = {
  demoSeed: 'demo-seed',
  demoEvents: 'demo-events',
  liveEvents: 'live-events',
} as const;

/**
 * This server's name as a holder: its host and data directory (each server of a deployment has
 * its own). A server restarted after a crash is the same holder, so it takes back at once the
 * leases its previous process held instead of waiting for them to expire.
 */
export const serverHolderId = (dataDir: string): string => `${os.hostname()}:${dataDir}`;

export interface LeaseOptions {
  name: string;
  holder: string;
  leaseMs: number;
  /** The lease clock (epoch ms); default Date.now. */
  clock?: () => number;
  /** Called when the holder's renewals fail or find the lease taken (it worked on, unprotected). */
  onLost?: (error: unknown) => void;
  /** Stop waiting (the server is closing): underLease then throws LeaseWaitStopped. */
  shouldStop?: () => boolean;
}

export class LeaseWaitStopped extends Error {
  constructor(name: string) {
    super(`Stopped waiting for the lease "${name}".`);
    this.name = 'LeaseWaitStopped';
  }
}

/** How often a holder renews (a third of the lease: two renewals may fail before it expires). */
export const renewEveryMs = (leaseMs: number): number => Math.max(10, Math.floor(leaseMs / 3));
/** How often a waiting server asks again. */
const retryEveryMs = (leaseMs: number): number => Math.min(1000, Math.max(10, Math.floor(leaseMs / 10)));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until this server holds the lease, runs `fn` renewing it meanwhile, and gives it back.
 * `fn` learns whether the lease was lost on the way (`lost()`), to stop between steps.
 */
export async function underLease<T>(
  store: ConfigStore,
  options: LeaseOptions,
  fn: (lease: { lost: () => boolean }) => Promise<T>,
): Promise<T> {
  const clock = options.clock ?? Date.now;
  const { name, holder, leaseMs } = options;
  while (!(await store.leases.take(name, holder, clock(), leaseMs))) {
    if (options.shouldStop?.()) throw new LeaseWaitStopped(name);
    await pause(retryEveryMs(leaseMs));
  }
  let lost = false;
  let renewing: Promise<unknown> = Promise.resolve();
  const renew = setInterval(() => {
    renewing = store.leases.take(name, holder, clock(), leaseMs).then(
      (held) => {
        if (!held && !lost) {
          lost = true;
          options.onLost?.(new Error(`The lease "${name}" was taken by another server.`));
        }
      },
      (error: unknown) => options.onLost?.(error),
    );
  }, renewEveryMs(leaseMs));
  renew.unref();
  try {
    return await fn({ lost: () => lost });
  } finally {
    clearInterval(renew);
    await renewing;
    if (!lost) await store.leases.release(name, holder).catch(() => undefined);
  }
}

/**
 * A lease any server may hold, kept while the server runs (the live demo trickle): tries to take
 * or renew it every third of the lease; `onGained` when it becomes this server's, `onLost` when a
 * renewal fails (the store unreachable, or another took it after a pause longer than the lease).
 * `stop()` ends the loop and gives the lease back, so another server takes it at once.
 */
export class LeaseKeeper {
  private timer: NodeJS.Timeout | undefined;
  private held = false;
  private turn: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly store: ConfigStore,
    private readonly options: LeaseOptions & {
      onGained: () => void;
      onLost: (error?: unknown) => void;
      onError?: (error: unknown) => void;
    },
  ) {}

  get holding(): boolean {
    return this.held;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), renewEveryMs(this.options.leaseMs));
    this.timer.unref();
  }

  /** One attempt to take or renew (the timer's; tests may call it). */
  tick(): Promise<unknown> {
    this.turn = this.turn.then(async () => {
      if (this.stopped) return;
      const { name, holder, leaseMs } = this.options;
      let held: boolean;
      try {
        held = await this.store.leases.take(name, holder, (this.options.clock ?? Date.now)(), leaseMs);
      } catch (error) {
        this.options.onError?.(error);
        held = false;
      }
      if (this.stopped) return;
      if (held && !this.held) {
        this.held = true;
        this.options.onGained();
      } else if (!held && this.held) {
        this.held = false;
        this.options.onLost();
      }
    });
    return this.turn;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.turn;
    if (this.held) {
      this.held = false;
      this.options.onLost();
      await this.store.leases.release(this.options.name, this.options.holder).catch(() => undefined);
    }
  }
}
