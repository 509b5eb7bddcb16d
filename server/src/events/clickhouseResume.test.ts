/**
 * A resumed load on ClickHouse writes no batch twice (issue 39: "kill -9 mid-seed → no duplicate
 * batch"), on a throw-away shard pair (clickhouseTestServers.ts; skipped loudly without
 * ClickHouse). ClickHouse cannot write a batch's events and its progress at once, so the crash
 * that matters falls between the two: simulated here by a progress insert that fails (a SIGKILL
 * lands there only by chance). The restart is a new store on the same database, as a new process.
 */
import type { LogType } from '@workbench/common/api/contract/logSchema';
import { generateEvents, type GeneratorTenant } from '../seed/eventGenerator';
import { DEMO_EVENTS_LOAD, seedDemoEvents } from '../seed/seedEvents';
import { ClickHouseEventStore } from './clickhouseEventStore';
import {
  clickhouseAvailable,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from './clickhouseTestServers';
import type { StoredEvent } from './eventStore';

jest.setTimeout(180_000);

const run = clickhouseAvailable() ? describe : describe.skip;

const TENANTS: GeneratorTenant[] = [
  { tid: 'tid-resume-a', name: 'acme' },
  { tid: 'tid-resume-b', name: 'globex' },
];
const EVENTS = 5_000;
const BATCH = 1_000;
const NOW = Date.UTC(2026, 10, 30, 12);

/** Every stored event of the tenants, per log type (the types the generator wrote). */
async function storedByType(
  store: ClickHouseEventStore,
  types: readonly LogType[],
): Promise<Map<LogType, StoredEvent[]>> {
  const byType = new Map<LogType, StoredEvent[]>();
  for (const logType of types) {
    const events: StoredEvent[] = [];
    for (const { tid } of TENANTS)
      events.push(
        ...(await store.query({
          logType,
          tid,
          start: 0,
          end: Number.MAX_SAFE_INTEGER,
          filters: [],
          order: 'asc',
          limit: EVENTS,
        })),
      );
    byType.set(logType, events);
  }
  return byType;
}

run('ClickHouse: a load cut between a batch and its progress', () => {
  let cluster: ClickHouseTestCluster;
  beforeAll(async () => {
    cluster = await startClickHouseCluster(2);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  /** The store's progress write fails from its `failAt`-th call on (the process dies there). */
  const dyingAt = (store: ClickHouseEventStore, failAt: number) => {
    const dying = store as unknown as { recordProgress: (progress: unknown) => Promise<void> };
    const record = dying.recordProgress.bind(store);
    let writes = 0;
    dying.recordProgress = (progress) =>
      ++writes >= failAt
        ? Promise.reject(new Error('killed between the events and their progress'))
        : record(progress);
  };

  it('resumes after the last recorded batch and ends with each event once', async () => {
    const url = cluster.url('resume_seed');
    const options = { tenants: TENANTS, count: EVENTS, now: NOW, batchSize: BATCH };

    const first = await ClickHouseEventStore.open(url);
    // The third batch's events go in; its progress does not (the process dies in between).
    dyingAt(first, 3);
    await expect(seedDemoEvents(first, options)).rejects.toThrow('killed');
    expect(await first.loadProgress(DEMO_EVENTS_LOAD)).toMatchObject({ batches: 2, events: 2 * BATCH });
    // The cut batch is in the store beside the two recorded ones.
    expect(await first.count()).toBe(3 * BATCH);
    await first.close();

    const second = await ClickHouseEventStore.open(url);
    try {
      const result = await seedDemoEvents(second, options);
      expect(result).toMatchObject({ resumedFrom: 2 * BATCH, total: EVENTS, complete: true });
      expect(await second.count()).toBe(EVENTS);

      const expected = new Map<LogType, string[]>();
      for (const batch of generateEvents({ tenants: TENANTS, count: EVENTS, now: NOW }))
        for (const event of batch)
          expected.set(event.logType, [...(expected.get(event.logType) ?? []), `${event.tid} ${event.time}`]);
      const stored = await storedByType(second, [...expected.keys()]);
      const ids = [...stored.values()].flat().map((e) => e.id);
      expect(new Set(ids).size).toBe(EVENTS);
      for (const [logType, lines] of expected)
        expect({
          logType,
          events: (stored.get(logType) ?? []).map((e) => `${e.tid} ${e.time}`).sort(),
        }).toEqual({
          logType,
          events: [...lines].sort(),
        });
      // Nothing left to discard once the load is whole.
      expect(await second.discardUnrecordedBatches(DEMO_EVENTS_LOAD)).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('a load cut in its first batch starts again from nothing', async () => {
    const url = cluster.url('resume_first');
    const options = { tenants: TENANTS, count: 2 * BATCH, now: NOW, batchSize: BATCH };
    const first = await ClickHouseEventStore.open(url);
    dyingAt(first, 1);
    await expect(seedDemoEvents(first, options)).rejects.toThrow('killed');
    expect(await first.loadProgress(DEMO_EVENTS_LOAD)).toBeNull();
    expect(await first.count()).toBe(BATCH);
    await first.close();

    // Without the discard the store would hold events and no progress: seeding would not start.
    const second = await ClickHouseEventStore.open(url);
    try {
      expect(await seedDemoEvents(second, options)).toMatchObject({ resumedFrom: 0, complete: true });
      expect(await second.count()).toBe(2 * BATCH);
    } finally {
      await second.close();
    }
  });
});
