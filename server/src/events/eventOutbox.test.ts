/**
 * The outbox's forwarder (eventOutbox.ts) on a real config store (SQLite) and event store (DuckDB):
 * rows go to the event store and leave the outbox; a row delivered again (a crash between the
 * append and the delete) is stored once; two forwarders on one outbox deliver each row once; a
 * restarted server takes its crashed process's claims back at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteConfigStore } from '../store/sqlConfigStore';
import type { ConfigStore } from '../store/ConfigStore';
import { DuckDbEventStore } from './duckdbEventStore';
import type { NewEvent } from './eventStore';
import { DELIVERED_RETENTION_MS, OutboxForwarder, outboxRowsOf } from './eventOutbox';

let dir: string;
let store: ConfigStore;
let events: DuckDbEventStore;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-outbox-'));
  store = await openSqliteConfigStore(dir);
  events = await DuckDbEventStore.open(dir);
});
afterEach(async () => {
  await events.close();
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const audit = (n: number): NewEvent => ({
  tid: 't1',
  logType: 'scan_audit',
  time: 1_000 + n,
  fields: { userid: 'admin', audit_action: 'update', sub_event_type: 'users', details: `change ${n}` },
});
const details = async () =>
  (
    await events.query({
      logType: 'scan_audit',
      tid: 't1',
      start: 0,
      end: 1e15,
      filters: [],
      order: 'asc',
      limit: 10_000,
    })
  ).map((e) => e.fields.details);

test('delivers the outbox to the event store, oldest first, and empties it', async () => {
  const rows = outboxRowsOf([audit(1), audit(2), audit(3)], 5);
  await store.transaction((tx) => tx.eventOutbox.insert(rows));
  await new OutboxForwarder({ store, events }).deliver();
  expect(await details()).toEqual(['change 1', 'change 2', 'change 3']);
  expect(await store.eventOutbox.count()).toBe(0);
});

test('an event delivered again (the outbox row outlived its delivery) is stored once', async () => {
  const rows = outboxRowsOf([audit(1), audit(2)], 5);
  await store.eventOutbox.insert(rows);
  // A forwarder appended the rows and died before deleting them (its claim ran out).
  const keyed = rows.map((r) => ({ eventId: r.eventId, event: JSON.parse(r.event) as NewEvent }));
  expect(await events.appendOnce(keyed)).toBe(2);
  // Duplicates inside one batch count once too.
  expect(await events.appendOnce([...keyed, ...keyed])).toBe(0);
  await new OutboxForwarder({ store, events }).deliver();
  expect(await details()).toEqual(['change 1', 'change 2']);
  expect(await store.eventOutbox.count()).toBe(0);
});

test('two forwarders on one outbox deliver every row once', async () => {
  const many = Array.from({ length: 1_200 }, (_, i) => audit(i));
  await store.eventOutbox.insert(outboxRowsOf(many, 5));
  const a = new OutboxForwarder({ store, events });
  const b = new OutboxForwarder({ store, events });
  await Promise.all([a.deliver(), b.deliver(), a.deliver()]);
  const stored = await details();
  expect(stored).toHaveLength(1_200);
  expect(new Set(stored).size).toBe(1_200);
  expect(await store.eventOutbox.count()).toBe(0);
});

test('a failed delivery leaves the rows owed, and the next run delivers them', async () => {
  await store.eventOutbox.insert(outboxRowsOf([audit(1)], 5));
  const failing = Object.create(events) as DuckDbEventStore;
  failing.appendOnce = () => Promise.reject(new Error('the event store is down'));
  await expect(new OutboxForwarder({ store, events: failing }).deliver()).rejects.toThrow('down');
  expect(await store.eventOutbox.count()).toBe(1);
  await new OutboxForwarder({ store, events }).deliver();
  expect(await details()).toEqual(['change 1']);
});

test("a restarted server's first run frees the claims its crashed process left; another server's wait out their lease", async () => {
  await store.eventOutbox.insert(outboxRowsOf([audit(1), audit(2)], 5));
  // The first process claims the rows and dies in the middle of the append.
  let appending: () => void = () => undefined;
  const claimed = new Promise<void>((resolve) => (appending = resolve));
  const dying = Object.create(events) as DuckDbEventStore;
  dying.appendOnce = () => {
    appending();
    return new Promise<number>(() => undefined);
  };
  void new OutboxForwarder({ store, events: dying, holder: 'host:/data/a', now: () => 10 }).deliver();
  await claimed;
  // Another server (whose name the first's is the start of) leaves them: the claim holds 60 s.
  await new OutboxForwarder({ store, events, holder: 'host:/data/a b', now: () => 20 }).deliver();
  expect(await details()).toEqual([]);
  // The same server restarted takes them back at once.
  await new OutboxForwarder({ store, events, holder: 'host:/data/a', now: () => 20 }).deliver();
  expect(await details()).toEqual(['change 1', 'change 2']);
  expect(await store.eventOutbox.count()).toBe(0);
});

test('prunes the delivered ids no delivery can bring again: those written a day before the oldest row still owed', async () => {
  const day = DELIVERED_RETENTION_MS;
  const now = 10 * day;
  const keyedOf = (rows: ReturnType<typeof outboxRowsOf>) =>
    rows.map((r) => ({ eventId: r.eventId, event: JSON.parse(r.event) as NewEvent }));
  const old = outboxRowsOf([audit(1)], 2 * day);
  const owed = outboxRowsOf([audit(2)], 5 * day);
  // Both delivered once; the second's row is still owed (its forwarder died before the delete).
  expect(await events.appendOnce(keyedOf([...old, ...owed]))).toBe(2);
  await store.eventOutbox.insert(owed);
  const forwarder = new OutboxForwarder({ store, events, now: () => now });
  await forwarder.prune();
  // The owed row's id is kept, however old: its redelivery is still stored once.
  expect(await events.appendOnce(keyedOf(owed))).toBe(0);
  // The id written three days before it is forgotten (a second delivery of it would store it again).
  expect(await events.appendOnce(keyedOf(old))).toBe(1);
  expect(await details()).toEqual(['change 1', 'change 1', 'change 2']);
  // A forwarder's run delivers the owed row, then (its first prune) cuts a day before now.
  await new OutboxForwarder({ store, events, now: () => now }).deliver();
  expect(await store.eventOutbox.count()).toBe(0);
  expect(await events.appendOnce(keyedOf(owed))).toBe(1);
});
