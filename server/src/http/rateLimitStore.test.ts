/**
 * The config-store rate-limit store as @fastify/rate-limit drives it (incr with a callback, a
 * child per route): counts and ttl from the server's clock, a new window after one ends, ended
 * windows swept, and two servers on one store counting one budget. A SQLite store stands in for
 * the shared one here (configStore.test.ts runs the SQL on both engines).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { ConfigStore } from '../store/ConfigStore';
import { openSqliteConfigStore } from '../store/sqlConfigStore';
import { TestClock } from '../testing/testServer';
import { configStoreRateLimit } from './rateLimitStore';

let dir: string;
let store: ConfigStore;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-ratelimit-'));
  store = await openSqliteConfigStore(dir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const hit = (limiter: FastifyRateLimitStore, key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    limiter.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 5),
  );
const routeOptions = {} as Parameters<FastifyRateLimitStore['child']>[0];

test('two servers on one store count one budget per key; the window ends on the clock and is swept', async () => {
  const clock = new TestClock();
  const Store = configStoreRateLimit({ store, now: clock.now });
  const first = new Store({}).child(routeOptions);
  const second = new Store({}).child(routeOptions);
  expect(await hit(first, 'a')).toEqual({ current: 1, ttl: 60_000 });
  clock.advance(10_000);
  expect(await hit(second, 'a')).toEqual({ current: 2, ttl: 50_000 });
  expect(await hit(second, 'b')).toEqual({ current: 1, ttl: 60_000 });
  clock.advance(50_000);
  // a's window has ended: a new one starts; b's (ended at 70 s) still counts.
  expect(await hit(first, 'a')).toEqual({ current: 1, ttl: 60_000 });
  expect(await hit(first, 'b')).toEqual({ current: 2, ttl: 10_000 });
  clock.advance(60_000);
  // The next hit after a window length sweeps the ended windows (a's and b's) before counting c.
  expect(await hit(first, 'c')).toEqual({ current: 1, ttl: 60_000 });
  expect(await store.rateLimits.deleteEnded(clock.now().getTime())).toBe(0);
});

test('a store failure reaches the plugin as an error; options it cannot honour are refused', async () => {
  const Store = configStoreRateLimit({ store, now: () => new Date() });
  const limiter = new Store({});
  await store.close();
  await expect(hit(limiter, 'a')).rejects.toThrow(/not open/i);
  expect(() => new Store({ continueExceeding: true })).toThrow(/continueExceeding/);
  expect(() => limiter.child({ exponentialBackoff: true } as never)).toThrow(/exponentialBackoff/);
});
