import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Float64, Table, Utf8, vectorFromArray } from 'apache-arrow';
import { LOG_TYPES } from '@workbench/common/api/contract/logSchema';
import { toEventColumns } from '../events/arrowEvents';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import { EventStoreInputError, type EventStore, type StoredEvent } from '../events/eventStore';
import { generateEvents } from './eventGenerator';
import {
  DEMO_EVENTS_LOAD,
  parseSeedPlan,
  percentPrinter,
  seedDemoEvents,
  seedEvents,
  type SeedProgress,
} from './seedEvents';
import { generatorTenantsOf } from './seedTenants';

const TENANTS = [
  { tid: 't-acme', name: 'acme' },
  { tid: 't-globex', name: 'globex' },
];
const NOW = Date.UTC(2026, 0, 1);
// Each test writes and reads thousands of events in DuckDB: seconds on 2 busy cores, half a minute
// beside the browser suite (the config's 120 s guard per test, not a 30 s one of its own).
let dir: string;
let store: DuckDbEventStore;
/** Further stores a test opens (each in its own directory), closed and removed after it. */
const others: { store: DuckDbEventStore; dir: string }[] = [];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
  store = await DuckDbEventStore.open(dir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
  for (const other of others.splice(0)) {
    await other.store.close();
    fs.rmSync(other.dir, { recursive: true, force: true });
  }
});

async function anotherStore(): Promise<DuckDbEventStore> {
  const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
  const other = await DuckDbEventStore.open(otherDir);
  others.push({ store: other, dir: otherDir });
  return other;
}

/** Every stored event (all types and tenants), in id order. */
async function allEvents(events: EventStore): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for (const logType of LOG_TYPES) {
    for (const { tid } of TENANTS) {
      const scan = { logType, tid, start: 0, end: Number.MAX_SAFE_INTEGER, filters: [] };
      for await (const batch of events.scan(scan)) all.push(...batch);
    }
  }
  return all.sort((a, b) => a.id - b.id);
}

describe('seeding events', () => {
  it('first start creates the demo events, shows progress up to the total and records the seeding as complete', async () => {
    const progress: SeedProgress[] = [];
    const result = await seedDemoEvents(store, {
      tenants: TENANTS,
      count: 25000,
      batchSize: 10000,
      now: NOW,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ created: 25000, resumedFrom: 0, total: 25000, complete: true });
    expect(await store.count()).toBe(25000);
    expect(progress.map((p) => p.done)).toEqual([10000, 20000, 25000]);
    expect(progress.every((p) => p.total === 25000)).toBe(true);
    expect(await store.loadProgress(DEMO_EVENTS_LOAD)).toMatchObject({
      batches: 3,
      events: 25000,
      complete: true,
    });
  });

  it('a later start finds the seeding complete and creates none', async () => {
    await seedDemoEvents(store, { tenants: TENANTS, count: 100, now: NOW });
    expect(await seedDemoEvents(store, { tenants: TENANTS, count: 1000 })).toMatchObject({ created: 0 });
    expect(await store.count()).toBe(100);
  });

  it('a store holding events from elsewhere (no seeding recorded) is left as it is', async () => {
    await seedEvents(store, { tenants: TENANTS, count: 10, now: NOW });
    expect(await seedDemoEvents(store, { tenants: TENANTS, count: 1000 })).toMatchObject({ created: 0 });
    expect(await store.count()).toBe(10);
    expect(await store.loadProgress(DEMO_EVENTS_LOAD)).toBeNull();
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

  it('an interrupted seeding is finished by the next start from its recorded plan: exactly the events of an uninterrupted one', async () => {
    const plan = { tenants: TENANTS, count: 9000, batchSize: 2000, now: NOW };
    let batches = 0;
    const stopped = await seedDemoEvents(store, {
      ...plan,
      onProgress: () => (batches += 1),
      shouldStop: () => batches >= 2,
    });
    expect(stopped).toEqual({ created: 4000, resumedFrom: 0, total: 9000, complete: false });
    expect(await store.loadProgress(DEMO_EVENTS_LOAD)).toMatchObject({
      batches: 2,
      events: 4000,
      complete: false,
    });

    // The next start has another clock, count and tenant list: the recorded plan wins.
    const resumes: [number, number][] = [];
    const progress: number[] = [];
    const resumed = await seedDemoEvents(store, {
      tenants: [{ tid: 't-new', name: 'new' }],
      count: 999,
      now: NOW + 86_400_000,
      onResume: (done, total) => resumes.push([done, total]),
      onProgress: (p) => progress.push(p.done),
    });
    expect(resumed).toEqual({ created: 5000, resumedFrom: 4000, total: 9000, complete: true });
    expect(resumes).toEqual([[4000, 9000]]);
    expect(progress).toEqual([6000, 8000, 9000]);

    const uninterrupted = await anotherStore();
    await seedDemoEvents(uninterrupted, plan);
    expect(await allEvents(store)).toEqual(await allEvents(uninterrupted));
    expect(await store.loadProgress(DEMO_EVENTS_LOAD)).toEqual(
      await uninterrupted.loadProgress(DEMO_EVENTS_LOAD),
    );
  });

  it('a recorded plan that no longer gives the stored batches is refused, and nothing is appended', async () => {
    let batches = 0;
    await seedDemoEvents(store, {
      tenants: TENANTS,
      count: 9000,
      batchSize: 3000,
      now: NOW,
      onProgress: () => (batches += 1),
      shouldStop: () => batches >= 1,
    });
    const recorded = await store.loadProgress(DEMO_EVENTS_LOAD);
    const plan = JSON.parse(recorded?.plan ?? '') as Record<string, unknown>;
    // The same first batch, recorded as if more of it were stored.
    const part = toEventColumns('scan_audit', []);
    await store.appendColumnsBatch([{ logType: 'scan_audit', table: part }], {
      load: DEMO_EVENTS_LOAD,
      plan: JSON.stringify({ ...plan, batchSize: 2000 }),
      batches: 1,
      events: 3000,
      complete: false,
    });
    await expect(seedDemoEvents(store, { tenants: TENANTS, count: 9000 })).rejects.toThrow(
      'The interrupted seeding cannot be resumed: the store holds 3000 events in 1 batches, its plan now gives 2000 in 1.',
    );
    expect(await store.count()).toBe(3000);
  });

  it('reads a recorded plan back, and refuses a damaged one naming what is wrong', () => {
    const plan = { tenants: TENANTS, count: 10, seed: 1, now: NOW, days: 180, batchSize: 2000 };
    expect(parseSeedPlan(JSON.stringify(plan))).toEqual(plan);
    expect(() => parseSeedPlan('{')).toThrow('The recorded seeding plan is not JSON');
    expect(() => parseSeedPlan(JSON.stringify({ ...plan, tenants: [] }))).toThrow(
      'The recorded seeding plan has no valid "tenants".',
    );
    expect(() => parseSeedPlan(JSON.stringify({ ...plan, now: 'yesterday' }))).toThrow(
      'The recorded seeding plan has no valid "now".',
    );
    expect(() => parseSeedPlan(JSON.stringify({ ...plan, batchSize: 0 }))).toThrow(
      'The recorded seeding plan has no valid "batchSize".',
    );
  });

  it('a batch goes in whole: one refused table stores none of the batch, nor its progress, and takes no ids', async () => {
    const [batch] = generateEvents({ tenants: TENANTS, count: 500, now: NOW, batchSize: 500 });
    const good = ['scan_web', 'scan_email'].map((logType) => ({
      logType: logType as 'scan_web' | 'scan_email',
      table: toEventColumns(
        logType as 'scan_web' | 'scan_email',
        batch.filter((e) => e.logType === logType),
      ),
    }));
    const refused = new Table({
      tid: vectorFromArray(['t-acme'], new Utf8()),
      time: vectorFromArray([NOW], new Float64()),
      country: vectorFromArray(['ZZ'], new Utf8()),
    });
    const progress = { load: DEMO_EVENTS_LOAD, plan: '{}', batches: 1, events: 500, complete: false };
    await expect(
      store.appendColumnsBatch([...good, { logType: 'scan_web', table: refused }], progress),
    ).rejects.toThrow(EventStoreInputError);
    expect(await store.count()).toBe(0);
    expect(await store.loadProgress(DEMO_EVENTS_LOAD)).toBeNull();

    const stored = await store.appendColumnsBatch(good, progress);
    expect(stored).toBe(good.reduce((n, part) => n + part.table.numRows, 0));
    expect((await allEvents(store)).map((e) => e.id)).toEqual(
      Array.from({ length: stored }, (_, i) => i + 1),
    );
    expect(await store.loadProgress(DEMO_EVENTS_LOAD)).toEqual(progress);
  });

  it('refuses bad progress whole, naming the field', async () => {
    const table = toEventColumns('scan_audit', [
      { tid: 't-acme', logType: 'scan_audit', time: NOW, fields: {} },
    ]);
    const progress = { load: DEMO_EVENTS_LOAD, plan: '{}', batches: 1, events: 1, complete: false };
    const cases: [Record<string, unknown>, string][] = [
      [{ load: '' }, 'load'],
      [{ batches: -1 }, 'batches'],
      [{ events: 1.5 }, 'events'],
      [{ complete: 'yes' }, 'complete'],
    ];
    for (const [change, field] of cases) {
      const bad = { ...progress, ...change } as typeof progress;
      await expect(store.appendColumnsBatch([{ logType: 'scan_audit', table }], bad)).rejects.toMatchObject({
        field,
      });
    }
    expect(await store.count()).toBe(0);
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
