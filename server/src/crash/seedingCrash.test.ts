/**
 * CRASH TEST (real server child processes, SIGKILL; ~20–30 s): the first start's demo-event
 * seeding, killed part-way, is finished by the next start, which ends with exactly the events an
 * uninterrupted run gives: the same per type, no duplicates, no gaps (issue 10, finding 8).
 */
import type { LogType } from '@workbench/common/api/contract/logSchema';
import { SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import type { NewEvent, StoredEvent } from '../events/eventStore';
import { generateEvents } from '../seed/eventGenerator';
import { DEMO_EVENTS_LOAD } from '../seed/seedEvents';
import { generatorTenantsOf, withAuditFacts } from '../seed/seedTenants';
import { withWebDeciders } from '../policy/webDeciders';
import { openSqliteConfigStore } from '../store/sqlConfigStore';
import { CHILD_TEST_TIMEOUT_MS, startChildServer, crashDataDirPerTest } from './childServer';

/** 15 batches of 2,000: seconds of seeding, so the kill lands with most of it still to do. */
const EVENTS = 30_000;
// No live demo events: the store must end with exactly the seeded events.
const ENV = {
  WORKBENCH_DEMO_PASSWORD: 'crash-test-password',
  WORKBENCH_DEMO_EVENTS: String(EVENTS),
  WORKBENCH_LIVE_EVENTS: '0',
};

jest.setTimeout(CHILD_TEST_TIMEOUT_MS);

const dataDir = crashDataDirPerTest('seed');

const wholeNumber = (text: string): number => Number(text.replace(/,/g, ''));

/** An event as comparable text: tenant, time, and its non-empty fields in name order. */
function eventLine(event: NewEvent | StoredEvent): string {
  const fields = Object.entries(event.fields)
    .filter(([, value]) => value !== null && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${event.tid} ${event.time} ${JSON.stringify(fields)}`;
}

/** Per log type, the lines of its events grouped by tenant, each tenant's oldest first. */
function linesByType(events: Iterable<NewEvent | StoredEvent>): Map<LogType, string[]> {
  const groups = new Map<string, string[]>();
  for (const event of events) {
    const key = `${event.logType} ${event.tid}`;
    const lines = groups.get(key);
    if (lines) lines.push(eventLine(event));
    else groups.set(key, [eventLine(event)]);
  }
  const byType = new Map<LogType, string[]>();
  for (const key of [...groups.keys()].sort()) {
    const logType = key.split(' ')[0] as LogType;
    byType.set(logType, [...(byType.get(logType) ?? []), ...(groups.get(key) as string[])]);
  }
  return byType;
}

/** The first index at which two line lists differ (-1: equal), to report one event, not a diff of 30,000. */
function firstDifference(actual: readonly string[], expected: readonly string[]): number {
  const n = Math.max(actual.length, expected.length);
  for (let i = 0; i < n; i += 1) if (actual[i] !== expected[i]) return i;
  return -1;
}

test('seeding killed part-way (SIGKILL) resumes on restart and ends with exactly the uninterrupted events', async () => {
  const firstStarted = Date.now();
  const first = await startChildServer(dataDir(), ENV);
  // A progress line is printed after its batch is committed: some batches are in, not all.
  const progress = await first.waitForLine(/Creating demo events: ([\d,]+) \/ ([\d,]+)/);
  expect(wholeNumber(progress[1])).toBeGreaterThan(0);
  expect(wholeNumber(progress[1])).toBeLessThan(EVENTS);
  await first.kill();
  const killedAt = Date.now();

  const second = await startChildServer(dataDir(), ENV);
  // `npm start` names both apps' addresses (issue 15).
  expect((await second.waitForLine(/Tenant portal: +(\S+)/))[1]).toBe(`${second.baseUrl}/`);
  expect((await second.waitForLine(/Provider console: +(\S+)/))[1]).toBe(`${second.baseUrl}/provider/`);
  const resumed = await second.waitForLine(/Resuming demo events: ([\d,]+) of ([\d,]+)/);
  expect(wholeNumber(resumed[1])).toBeGreaterThanOrEqual(wholeNumber(progress[1]));
  expect(wholeNumber(resumed[1])).toBeLessThan(EVENTS);
  expect(wholeNumber(resumed[2])).toBe(EVENTS);
  expect((await second.waitForLine(/Demo events ready: ([\d,]+)/))[1]).toBe(EVENTS.toLocaleString('en-US'));
  await second.stop();

  // The files as the restarted server left them, against the generator's own output.
  const config = await openSqliteConfigStore(dataDir());
  // Each tenant's web events are decided by its published web policy, and its demo audit history
  // names its accounts and end users, as the server's were.
  const tenants = await withWebDeciders(
    config,
    await withAuditFacts(config, generatorTenantsOf(await config.tenants.list())),
  );
  const allTids = (await config.tenants.list()).map((t) => t.tid);
  await config.close();
  const store = await DuckDbEventStore.open(dataDir());
  try {
    const mark = await store.loadProgress(DEMO_EVENTS_LOAD);
    expect(mark).toMatchObject({ complete: true, events: EVENTS });
    // The events' clock is the first start's (the restart regenerates the same events, not new ones).
    const { now } = JSON.parse(mark?.plan ?? '{}') as { now: number };
    expect(now).toBeGreaterThanOrEqual(firstStarted);
    expect(now).toBeLessThanOrEqual(killedAt);
    const expected = linesByType(
      (function* () {
        for (const batch of generateEvents({ tenants, count: EVENTS, now })) yield* batch;
      })(),
    );

    const found: StoredEvent[] = [];
    for (const logType of expected.keys()) {
      for (const { tid } of tenants) {
        const all = { logType, tid, start: 0, end: Number.MAX_SAFE_INTEGER, filters: [], limit: EVENTS };
        found.push(...(await store.query({ ...all, order: 'asc' })));
      }
    }
    // Besides the demo events: the first start's publishes' audit events, written with the
    // publishes (the outbox) and so kept through the kill, one per demo tenant's initial policy.
    const stored = found.filter((e) => e.fields.userid !== SETUP_PUBLISHER);
    const setup: StoredEvent[] = [];
    for (const tid of allTids) {
      const filters = [{ field: 'userid', values: [SETUP_PUBLISHER] }];
      const all = {
        logType: 'scan_audit' as const,
        tid,
        start: 0,
        end: Number.MAX_SAFE_INTEGER,
        filters,
        limit: 100,
      };
      setup.push(...(await store.query({ ...all, order: 'asc' })));
    }
    expect(setup.length).toBeGreaterThan(0);
    expect(setup.every((e) => e.fields.audit_action === 'published')).toBe(true);
    expect(await store.count()).toBe(EVENTS + setup.length);
    expect(new Set(stored.map((e) => e.id)).size).toBe(EVENTS);
    const actual = linesByType(stored);
    const counts = (byType: Map<LogType, string[]>) =>
      Object.fromEntries([...byType].map(([logType, lines]) => [logType, lines.length]));
    expect(counts(actual)).toEqual(counts(expected));
    for (const [logType, lines] of expected) {
      const at = firstDifference(actual.get(logType) ?? [], lines);
      expect({ logType, at, stored: actual.get(logType)?.[at], generated: lines[at] }).toEqual({
        logType,
        at: -1,
        stored: undefined,
        generated: undefined,
      });
    }
  } finally {
    await store.close();
  }
});
