/**
 * Leases of the config store (migration 19, store/leases.ts) on both engines: one holder at a
 * time, renewals, expiry and hand-over, and the helpers the seeding and the live demo events use.
 * The lease clock is passed in: no test waits for a lease to expire.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigStore } from './ConfigStore';
import { openPostgresConfigStore, openSqliteConfigStore } from './sqlConfigStore';
import { testPostgresOfFile } from '../testing/testPostgres';
import { LeaseKeeper, LeaseWaitStopped, underLease } from './leases';

const testPg = testPostgresOfFile();

type Open = () => Promise<ConfigStore>;
const engines: [string, Open][] = [
  ['SQLite', async () => openSqliteConfigStore(fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-leases-')))],
];
if (testPg.enabled)
  engines.push(['PostgreSQL', async () => openPostgresConfigStore(await testPg.server().freshUrl())]);

/** Epoch ms past 2^31 (a 32-bit column would overflow). */
const T = Date.parse('2026-11-29T10:00:00.000Z');

describe.each(engines)('%s leases', (_engine, open) => {
  let store: ConfigStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  test('one holder at a time: the holder renews it, another gets it only once it has expired or is given back', async () => {
    expect(await store.leases.take('x', 'a', T, 1000)).toBe(true);
    expect(await store.leases.take('x', 'b', T + 10, 1000)).toBe(false);
    // A renewal moves the expiry and keeps when it was taken.
    expect(await store.leases.take('x', 'a', T + 500, 1000)).toBe(true);
    expect(await store.leases.get('x')).toEqual({ name: 'x', holder: 'a', takenAt: T, expiresAt: T + 1500 });
    expect(await store.leases.take('x', 'b', T + 1499, 1000)).toBe(false);
    expect(await store.leases.take('x', 'b', T + 1500, 1000)).toBe(true);
    expect(await store.leases.get('x')).toEqual({
      name: 'x',
      holder: 'b',
      takenAt: T + 1500,
      expiresAt: T + 2500,
    });
    // The old holder's renewal now fails; its release changes nothing.
    expect(await store.leases.take('x', 'a', T + 1600, 1000)).toBe(false);
    await store.leases.release('x', 'a');
    expect((await store.leases.get('x'))?.holder).toBe('b');
    await store.leases.release('x', 'b');
    expect(await store.leases.get('x')).toBeNull();
    expect(await store.leases.take('x', 'a', T + 1700, 1000)).toBe(true);
    // Leases are independent by name.
    expect(await store.leases.take('y', 'b', T + 1700, 1000)).toBe(true);
  });

  test('of many asking at once, exactly one gets it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.leases.take('race', `h${i}`, T, 60_000)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  test('underLease: a second caller waits until the first is done, then runs; the lease is given back', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = underLease(store, { name: 'seed', holder: 'a', leaseMs: 60_000 }, async () => {
      order.push('a starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('a ends');
    });
    // a holds it (it started): b must wait.
    while (order.length === 0) await new Promise((r) => setImmediate(r));
    const take = jest.spyOn(store.leases, 'take');
    const second = underLease(store, { name: 'seed', holder: 'b', leaseMs: 60_000 }, async () => {
      order.push('b runs');
    });
    // b has asked twice and been refused both times: it is waiting, not running.
    const refusedToB = async () =>
      (await Promise.all(take.mock.results.map((r) => r.value as Promise<boolean>))).filter(
        (got, i) => take.mock.calls[i][1] === 'b' && !got,
      ).length;
    while ((await refusedToB()) < 2) await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a starts']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['a starts', 'a ends', 'b runs']);
    expect(await store.leases.get('seed')).toBeNull();
  });

  test('underLease takes over a lease whose holder died (not renewed past its expiry), and stops waiting when told', async () => {
    let now = T;
    expect(await store.leases.take('seed', 'dead', now, 1000)).toBe(true);
    let stop = false;
    const waiting = underLease(
      store,
      { name: 'seed', holder: 'b', leaseMs: 1000, clock: () => now, shouldStop: () => stop },
      async () => 'ran',
    );
    now = T + 1000; // the dead holder's lease has run out
    await expect(waiting).resolves.toBe('ran');
    expect(await store.leases.take('seed', 'other', T, 1000)).toBe(true);
    stop = true;
    await expect(
      underLease(
        store,
        { name: 'seed', holder: 'c', leaseMs: 1000, clock: () => T, shouldStop: () => stop },
        async () => 1,
      ),
    ).rejects.toBeInstanceOf(LeaseWaitStopped);
  });

  test('LeaseKeeper: one of two servers holds the live lease; when it stops renewing, the other takes over once it expires', async () => {
    let now = T;
    const held: string[] = [];
    const keeper = (holder: string) =>
      new LeaseKeeper(store, {
        name: 'live',
        holder,
        leaseMs: 1000,
        clock: () => now,
        onGained: () => held.push(`${holder} gained`),
        onLost: () => held.push(`${holder} lost`),
      });
    const a = keeper('a');
    const b = keeper('b');
    await a.tick();
    await b.tick();
    expect([a.holding, b.holding]).toEqual([true, false]);
    now = T + 900;
    await a.tick(); // renewed until T + 1900
    now = T + 1800;
    await b.tick();
    expect(b.holding).toBe(false);
    // a dies: it renews no more. Once its lease has expired, b's next attempt takes it.
    now = T + 1900;
    await b.tick();
    expect(b.holding).toBe(true);
    await a.tick();
    expect(held).toEqual(['a gained', 'b gained', 'a lost']);
    // Stopping gives the lease back at once: a takes it without waiting for an expiry.
    await b.stop();
    await a.tick();
    expect(a.holding).toBe(true);
    await a.stop();
    expect(await store.leases.get('live')).toBeNull();
  });
});
