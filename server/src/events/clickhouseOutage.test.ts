/**
 * Event writes across a ClickHouse shard outage (issue 39): a shard is killed (its port refuses
 * connections), writes go on, it is started again on its data, and the events are counted.
 * - the row path (`append`, as the audit and live events are delivered) and the bulk path
 *   (`appendColumns`, ingest and seeding): the stopped shard's share goes to the others; after it
 *   is back every event written is there once, with the ids it was given;
 * - the outbox (the live demo events' and the audit events' way in): with the first shard down
 *   (it holds delivered_events, and reads go through it) delivery fails and the rows stay in the
 *   config store; when it is back they are delivered, each once; a server's live demo events
 *   take that way.
 * Two throw-away shards of this suite's own (clickhouseTestServers.ts); skipped loudly without
 * ClickHouse, a failure in CI.
 */
import { tableFromArrays } from 'apache-arrow';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigStore } from '../store/ConfigStore';
import { openSqliteConfigStore } from '../store/sqlConfigStore';
import { ClickHouseEventStore } from './clickhouseEventStore';
import { selectRows } from './clickhouseHttp';
import {
  clickhouseAvailable,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from './clickhouseTestServers';
import { parseClickHouseUrl } from './clickhouseUrl';
import { OutboxForwarder, outboxRowsOf } from './eventOutbox';
import { startTestServer } from '../testing/testServer';
import type { NewEvent } from './eventStore';

const describeClickHouse = clickhouseAvailable() ? describe : describe.skip;

/** Polls until `done` holds (the test's time-out bounds it). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const audit = (tid: string, n: number): NewEvent => ({
  tid,
  logType: 'scan_audit',
  time: 1_000_000 + n,
  fields: { userid: 'admin', audit_action: 'update', sub_event_type: 'users', details: `change ${n}` },
});

describeClickHouse('ClickHouse writes across a shard outage', () => {
  let cluster: ClickHouseTestCluster;
  let dir: string;
  beforeAll(async () => {
    cluster = await startClickHouseCluster(2);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-outage-'));
  });
  afterAll(async () => {
    await cluster?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const allEvents = async (store: ClickHouseEventStore, tid: string) =>
    store.query({
      logType: 'scan_audit',
      tid,
      start: 0,
      end: 1e15,
      filters: [],
      order: 'asc',
      limit: 100_000,
    });

  test('appends and Arrow loads go to the shards still up while one is down; after it is back each event is there once', async () => {
    const store = await ClickHouseEventStore.open(cluster.url('outage_rows'), { timeoutMs: 10_000 });
    try {
      const tid = 'rows';
      await cluster.kill(1);
      // More calls than shards: each one's turn meets the stopped shard at least once.
      for (let call = 0; call < 6; call += 1)
        expect(await store.append([audit(tid, 2 * call), audit(tid, 2 * call + 1)])).toBe(2);
      const times = Array.from({ length: 5 }, (_, i) => 2_000_000 + i);
      const table = tableFromArrays({
        tid: times.map(() => tid),
        time: times,
        userid: times.map(() => 'loader'),
        audit_action: times.map(() => 'update'),
        sub_event_type: times.map(() => 'users'),
        details: times.map((t) => `bulk ${t}`),
      });
      for (let call = 0; call < 2; call += 1) expect(await store.appendColumns('scan_audit', table)).toBe(5);
      // Nothing went to the stopped shard: the first one holds every event.
      const location = parseClickHouseUrl(cluster.url('outage_rows'));
      const [[onFirst]] = await selectRows(
        location.shards[0],
        `SELECT count() FROM outage_rows.events_scan_audit_local WHERE tid = 'rows'`,
      );
      expect(Number(onFirst)).toBe(22);
      // Reads need every shard (no replicas): unavailable, 503, not an internal error.
      await expect(allEvents(store, tid)).rejects.toMatchObject({
        name: 'ClickHouseUnavailableError',
        statusCode: 503,
      });

      await cluster.restart(1);
      const events = await allEvents(store, tid);
      expect(events).toHaveLength(22);
      expect(new Set(events.map((e) => e.id)).size).toBe(22);
      expect(
        events.filter((e) => e.fields.details?.toString().startsWith('change')).map((e) => e.fields.details),
      ).toEqual(Array.from({ length: 12 }, (_, n) => `change ${n}`));
      expect(await store.count(tid)).toBe(22);
    } finally {
      await store.close();
    }
  });

  describe('the outbox', () => {
    let config: ConfigStore;
    let store: ClickHouseEventStore;
    beforeAll(async () => {
      config = await openSqliteConfigStore(dir);
      store = await ClickHouseEventStore.open(cluster.url('outage_outbox'), { timeoutMs: 10_000 });
    });
    afterAll(async () => {
      await store?.close();
      await config?.close();
    });

    test('keeps the events while the first shard is down and delivers each once when it is back', async () => {
      const tid = 'outbox';
      const forwarder = new OutboxForwarder({ store: config, events: store });
      // Written now: rows from 1970 would be a day older than anything owed, so the forwarder's
      // first prune (after its first run) would forget their delivered ids.
      const writtenAt = Date.now();
      const first = outboxRowsOf([audit(tid, 1), audit(tid, 2)], writtenAt);
      await config.transaction((tx) => tx.eventOutbox.insert(first));
      await forwarder.deliver();
      expect(await config.eventOutbox.count()).toBe(0);

      await cluster.kill(0);
      const whileDown = outboxRowsOf([audit(tid, 3), audit(tid, 4), audit(tid, 5)], writtenAt + 10);
      await config.transaction((tx) => tx.eventOutbox.insert(whileDown));
      await expect(forwarder.deliver()).rejects.toMatchObject({ name: 'ClickHouseUnavailableError' });
      // Kept, and free for the next run.
      expect(await config.eventOutbox.count()).toBe(3);

      await cluster.restart(0);
      await forwarder.deliver();
      expect(await config.eventOutbox.count()).toBe(0);
      expect((await allEvents(store, tid)).map((e) => e.fields.details)).toEqual(
        [1, 2, 3, 4, 5].map((n) => `change ${n}`),
      );
      const location = parseClickHouseUrl(cluster.url('outage_outbox'));
      const [[recorded, distinct]] = await selectRows(
        location.shards[0],
        'SELECT count(), uniqExact(event_id) FROM outage_outbox.delivered_events',
      );
      expect([Number(recorded), Number(distinct)]).toEqual([5, 5]);
    });

    test("a server's live demo events wait in the outbox while the first shard is down and are delivered, once each, when it is back", async () => {
      const url = cluster.url('outage_live');
      const shard = parseClickHouseUrl(url).shards[0];
      const delivered = async () => {
        const [[count, distinct]] = await selectRows(
          shard,
          'SELECT count(), uniqExact(event_id) FROM outage_live.delivered_events',
        );
        return { count: Number(count), distinct: Number(distinct) };
      };
      const server = await startTestServer({
        events: {
          url,
          timeoutMs: 5000,
          demoEvents: 20,
          liveEventsPerSecond: 100,
          liveIntervalMs: 50,
          now: () => new Date(),
          print: () => undefined,
        },
      });
      try {
        const config = server.app.workbench.store;
        // Live events arrive through the outbox: delivered ids are recorded.
        const before = await until(delivered, (d) => d.count > 0);
        await cluster.kill(0);
        const kept = await until(
          () => config.eventOutbox.count(),
          (n) => n >= 20,
        );
        await cluster.restart(0);
        // Every row kept while the shard was down is delivered (and more arrive meanwhile), once.
        const after = await until(delivered, (d) => d.count >= before.count + kept);
        expect(after.distinct).toBe(after.count);
      } finally {
        await server.close();
      }
    });
  });
});
