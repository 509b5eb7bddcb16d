/**
 * The store of @fastify/rate-limit's counters (the sign-in limit, security/loginRateLimit.ts).
 * One count per key for every route: the plugin's own store keeps one per route (its `child`),
 * so each sign-in route had a budget of its own (issue 38: 30 a minute on each of five routes);
 * here every child counts in its parent's windows, and the routes' shared `groupId` in the key
 * makes them one budget.
 *
 * On a shared store the windows live in the config store instead of each process's memory:
 * servers sharing a PostgreSQL store behind a load balancer count one budget per client, not one
 * per server (issue 16, "Several replicas"). Measured per hit on this 2-core machine, memory
 * 2.5 µs, PostgreSQL 0.7 ms, SQLite 2.9 ms (a synchronous=FULL commit, fsync included, on the
 * one writer every other write waits for). One SQLite server owns its file, so its in-memory
 * count is already exact, and a flood of refused sign-ins must not queue disk writes: the
 * embedded server counts in memory (memoryRateLimitWindows).
 *
 * A window starts at a key's first hit and lasts the route's time window, as the plugin's own
 * in-memory store counts; the clock is the server's (tests move it). Ended windows are deleted at
 * most once per window length per server, so the table holds only the keys of the current windows.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RateLimitWindow } from '../store/ConfigStore';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
/** The plugin's options that change how a window moves (the typings leave its options untyped). */
interface WindowOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** Where the windows are counted: the config store's `rateLimits`, or memoryRateLimitWindows(). */
export interface RateLimitWindows {
  hit(key: string, now: number, windowMs: number): Promise<RateLimitWindow>;
  deleteEnded(now: number): Promise<number>;
}

export interface RateLimitStoreContext {
  store: { rateLimits: RateLimitWindows };
  now: () => Date;
}

/** The windows of one process, with the config store's rule (a window starts at a key's first hit). */
export function memoryRateLimitWindows(): RateLimitWindows {
  const windows = new Map<string, RateLimitWindow>();
  return {
    hit: (key, now, windowMs) => {
      const current = windows.get(key);
      const next =
        current && current.windowEndsAt > now
          ? { hits: current.hits + 1, windowEndsAt: current.windowEndsAt }
          : { hits: 1, windowEndsAt: now + windowMs };
      windows.set(key, next);
      return Promise.resolve(next);
    },
    deleteEnded: (now) => {
      let deleted = 0;
      for (const [key, window] of windows) if (window.windowEndsAt <= now && windows.delete(key)) deleted++;
      return Promise.resolve(deleted);
    },
  };
}

/** The plugin's `store` option: a constructor the plugin instantiates, bound to the server's windows. */
export function configStoreRateLimit(ctx: RateLimitStoreContext) {
  /** When this server next deletes ended windows (epoch ms); shared by every route's child store. */
  let nextSweepAt = 0;

  const count = async (key: string, timeWindow: number) => {
    const now = ctx.now().getTime();
    const window = await ctx.store.rateLimits.hit(key, now, timeWindow);
    if (now >= nextSweepAt) {
      nextSweepAt = now + timeWindow;
      await ctx.store.rateLimits.deleteEnded(now);
    }
    return { current: window.hits, ttl: Math.max(0, window.windowEndsAt - now) };
  };

  return class ConfigStoreRateLimit implements FastifyRateLimitStore {
    constructor(options: FastifyRateLimitOptions & WindowOptions) {
      // Those options move a window on each hit over the limit; this store does not (none of the
      // sign-in routes asks for them): refuse at registration rather than count differently.
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error(
          'The config-store rate limit supports neither continueExceeding nor exponentialBackoff.',
        );
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Every route counts in the same windows (the key, with its groupId, tells budgets apart).
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new ConfigStoreRateLimit(routeOptions as WindowOptions);
    }
  };
}
