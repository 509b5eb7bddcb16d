/**
 * The store of @fastify/rate-limit's counters (the sign-in limit, security/loginRateLimit.ts) in
 * the config store instead of each process's memory: servers sharing a PostgreSQL store behind a
 * load balancer count one budget per client address, not one per server (issue 16, "Several
 * replicas"). Only for a shared store (app.ts): measured per hit on this 2-core machine, memory
 * 2.5 µs, PostgreSQL 0.7 ms, SQLite 2.9 ms (a synchronous=FULL commit, fsync included, on the
 * one writer every other write waits for). One SQLite server owns its file, so its in-memory
 * count is already exact, and a flood of refused sign-ins must not queue disk writes.
 *
 * A window starts at a key's first hit and lasts the route's time window, as the plugin's own
 * in-memory store counts; the clock is the server's (tests move it). Ended windows are deleted at
 * most once per window length per server, so the table holds only the keys of the current windows.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { ConfigStore } from '../store/ConfigStore';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
/** The plugin's options that change how a window moves (the typings leave its options untyped). */
interface WindowOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

export interface RateLimitStoreContext {
  store: ConfigStore;
  now: () => Date;
}

/** The plugin's `store` option: a constructor the plugin instantiates, bound to the server's store. */
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

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new ConfigStoreRateLimit(routeOptions as WindowOptions);
    }
  };
}
