/**
 * Seeding under the `demo-seed` lease (seed/seedUnderLease.ts). The race: the first server loses its
 * lease midway (the second's clock runs two leases ahead, so it takes the lease while the first is
 * still at work), both find the store empty, both seed, and one transaction fails on the tenants'
 * unique names. Both starts must succeed, with the demo tenants there once. A failure that is no
 * race stays the start's failure.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigStore } from '../store/ConfigStore';
import { openPostgresConfigStore, openSqliteConfigStore } from '../store/sqlConfigStore';
import { testPostgresOfFile } from '../testing/testPostgres';
import { underLease } from '../store/leases';
import { secretBox } from '../security/secretBox';
import { DEMO_PARENT_TENANT, DEMO_TENANTS } from '@workbench/common/api/contract/demo';
import { seedDemoData } from './demoSeed';
import { seedUnderLease } from './seedUnderLease';

const testPg = testPostgresOfFile();

// The seed stores secrets (sealed), as a server's store does.
const secrets = secretBox([crypto.randomBytes(32)]);
type Open = () => Promise<ConfigStore>;
const engines: [string, Open][] = [
  [
    'SQLite',
    async () =>
      openSqliteConfigStore(fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-seed-race-')), { secrets }),
  ],
];
if (testPg.enabled)
  engines.push([
    'PostgreSQL',
    async () => openPostgresConfigStore(await testPg.server().freshUrl(), { secrets }),
  ]);

const LEASE_MS = 60_000;

describe.each(engines)('%s', (_engine, open) => {
  let store: ConfigStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  test('a failure that is not a race is the start’s failure: the store stays empty, nothing is retried', async () => {
    const retried: unknown[] = [];
    await expect(
      seedUnderLease(
        store,
        { name: 'demo-seed', holder: 'only', leaseMs: LEASE_MS },
        async () => {
          throw new Error('disk full');
        },
        (error) => retried.push(error),
      ),
    ).rejects.toThrow('disk full');
    expect(retried).toEqual([]);
    expect(await store.tenants.isEmpty()).toBe(true);
    // The lease was given back: another start may try at once.
    await expect(
      underLease(store, { name: 'demo-seed', holder: 'next', leaseMs: LEASE_MS }, async () => 'ran'),
    ).resolves.toBe('ran');
  });
});

// The race itself needs two transactions at once, which PostgreSQL has and SQLite (one writer:
// the second waits for the first) has not.
(testPg.enabled ? test : test.skip)(
  'PostgreSQL: a server that lost the seed lease midway, and the one that took it, both start; the demo tenants exist once',
  async () => {
    const store = await openPostgresConfigStore(await testPg.server().freshUrl(), { secrets });
    try {
      const now = new Date();
      const retried: string[] = [];
      // The first server's transaction finds the store empty and then takes long (a pause past its
      // lease): the second takes the lease and seeds meanwhile.
      let firstLooked!: () => void;
      const looked = new Promise<void>((resolve) => (firstLooked = resolve));
      let secondDone!: () => void;
      const secondFinished = new Promise<void>((resolve) => (secondDone = resolve));
      const transaction = store.transaction.bind(store);
      jest.spyOn(store, 'transaction').mockImplementationOnce((fn) =>
        transaction(async (tx) => {
          const isEmpty = tx.tenants.isEmpty.bind(tx.tenants);
          tx.tenants.isEmpty = async () => {
            const empty = await isEmpty();
            firstLooked();
            await secondFinished;
            return empty;
          };
          return fn(tx);
        }),
      );
      const seed = async () => {
        await seedDemoData(store, 'pw', now);
      };
      const first = seedUnderLease(
        store,
        { name: 'demo-seed', holder: 'first', leaseMs: LEASE_MS },
        seed,
        () => retried.push('first'),
      );
      await looked;
      const second = seedUnderLease(
        store,
        // A clock two leases ahead: the first server's lease has run out for this one.
        { name: 'demo-seed', holder: 'second', leaseMs: LEASE_MS, clock: () => Date.now() + 2 * LEASE_MS },
        seed,
        () => retried.push('second'),
      ).finally(secondDone);
      await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
      // The first's insert failed on the tenants' unique names; it looked again and found them.
      expect(retried).toEqual(['first']);
      const names = (await store.tenants.list()).map((t) => t.name).sort();
      expect(names).toEqual([...DEMO_TENANTS.map((t) => t.name), DEMO_PARENT_TENANT.name].sort());
    } finally {
      await store.close();
    }
  },
);
