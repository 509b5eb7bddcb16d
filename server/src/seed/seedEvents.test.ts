import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import { percentPrinter, seedDemoEventsIfEmpty, seedEvents, type SeedProgress } from './seedEvents';
import { generatorTenantsOf } from './seedTenants';

const TENANTS = [
  { tid: 't-acme', name: 'acme' },
  { tid: 't-globex', name: 'globex' },
];
let dir: string;
let store: DuckDbEventStore;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
  store = await DuckDbEventStore.open(dir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('seeding events', () => {
  it('first start creates the demo events and shows progress up to the total', async () => {
    const progress: SeedProgress[] = [];
    const created = await seedDemoEventsIfEmpty(store, {
      tenants: TENANTS,
      count: 25000,
      batchSize: 10000,
      now: Date.UTC(2026, 0, 1),
      onProgress: (p) => progress.push(p),
    });
    expect(created).toBe(25000);
    expect(await store.count()).toBe(25000);
    expect(progress.map((p) => p.done)).toEqual([10000, 20000, 25000]);
    expect(progress.every((p) => p.total === 25000)).toBe(true);
  });

  it('a later start finds events and creates none', async () => {
    await seedEvents(store, { tenants: TENANTS, count: 10, now: Date.UTC(2026, 0, 1) });
    expect(await seedDemoEventsIfEmpty(store, { tenants: TENANTS, count: 1000 })).toBe(0);
    expect(await store.count()).toBe(10);
  });

  it('stops between batches when asked', async () => {
    let batches = 0;
    const created = await seedEvents(store, {
      tenants: TENANTS,
      count: 50000,
      batchSize: 10000,
      onProgress: () => (batches += 1),
      shouldStop: () => batches >= 2,
    });
    expect(created).toBe(20000);
    expect(await store.count()).toBe(20000);
  });

  it('prints progress at most every 5 %', () => {
    const lines: string[] = [];
    const print = percentPrinter((l) => lines.push(l), 'Seeding');
    for (let done = 1; done <= 1000; done += 1) print({ done, total: 1000 });
    expect(lines).toHaveLength(21);
    expect(lines[lines.length - 1]).toBe('Seeding: 1,000 / 1,000 (100%)');
  });

  it('seeds the active tenants of the config store', () => {
    expect(
      generatorTenantsOf([
        { tid: 'a', name: 'acme', status: 'active' },
        { tid: 'b', name: 'old', status: 'disabled' },
      ]),
    ).toEqual([{ tid: 'a', name: 'acme' }]);
  });
});
