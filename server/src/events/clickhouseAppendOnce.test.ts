/**
 * appendOnce and pruneDelivered on a throw-away ClickHouse shard (clickhouseTestServers.ts;
 * skipped loudly without ClickHouse): an id is stored once; a pruned id is forgotten (events/README.md
 * "Events delivered once"); and the crash window between the events' insert and their ids' insert
 * repeats the event at its next delivery, never loses it.
 */
import { ClickHouseEventStore } from './clickhouseEventStore';
import { selectRows } from './clickhouseHttp';
import {
  clickhouseAvailable,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from './clickhouseTestServers';
import { parseClickHouseUrl } from './clickhouseUrl';
import type { KeyedEvent, NewEvent } from './eventStore';
import { outboxIdPrefix } from './eventOutbox';

jest.setTimeout(180_000);

const run = clickhouseAvailable() ? describe : describe.skip;

const audit = (n: number): NewEvent => ({
  tid: 'tid-once',
  logType: 'scan_audit',
  time: 1_000 + n,
  fields: { userid: 'admin', audit_action: 'update', sub_event_type: 'users', details: `change ${n}` },
});
const keyed = (n: number, writtenAt: number): KeyedEvent => ({
  eventId: `${outboxIdPrefix(writtenAt)}-${String(n).padStart(12, '0')}-id`,
  event: audit(n),
});

run('ClickHouse appendOnce', () => {
  let cluster: ClickHouseTestCluster;
  beforeAll(async () => {
    cluster = await startClickHouseCluster(1);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  const details = async (store: ClickHouseEventStore) =>
    (
      await store.query({
        logType: 'scan_audit',
        tid: 'tid-once',
        start: 0,
        end: 1e15,
        filters: [],
        order: 'asc',
        limit: 100,
      })
    ).map((e) => e.fields.details);

  it('stores an id once, and again only after its id was pruned', async () => {
    const url = cluster.url('once_prune');
    const store = await ClickHouseEventStore.open(url);
    try {
      const old = keyed(1, 1_000);
      const recent = keyed(2, 5_000);
      expect(await store.appendOnce([old, recent])).toBe(2);
      expect(await store.appendOnce([old, recent])).toBe(0);
      await store.pruneDelivered(outboxIdPrefix(2_000));
      // The mutation runs in the background: wait until the old id is gone.
      const shard = parseClickHouseUrl(url).shards[0];
      for (;;) {
        const [[left]] = await selectRows(
          shard,
          `SELECT count() FROM once_prune.delivered_events WHERE event_id < '${outboxIdPrefix(2_000)}'`,
        );
        if (Number(left) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The recent id is kept; the pruned one is stored again (why pruning waits: eventOutbox.ts).
      expect(await store.appendOnce([old, recent])).toBe(1);
      expect(await details(store)).toEqual(['change 1', 'change 1', 'change 2']);
    } finally {
      await store.close();
    }
  });

  it('a crash between the events and their ids repeats those events at the next delivery, never loses them', async () => {
    const store = await ClickHouseEventStore.open(cluster.url('once_crash'));
    try {
      // The process dies after the events' insert, before their ids' (simulated: the second insert fails).
      const crashing = store as unknown as { recordDelivered: (ids: readonly string[]) => Promise<void> };
      const record = crashing.recordDelivered.bind(store);
      crashing.recordDelivered = () => Promise.reject(new Error('killed between the two inserts'));
      await expect(store.appendOnce([keyed(1, 1_000)])).rejects.toThrow('killed');
      expect(await details(store)).toEqual(['change 1']);
      // The outbox still owes the row (its delete never ran): the next delivery stores it again.
      crashing.recordDelivered = record;
      expect(await store.appendOnce([keyed(1, 1_000)])).toBe(1);
      expect(await details(store)).toEqual(['change 1', 'change 1']);
      // From then on the id is recorded: once more is nothing.
      expect(await store.appendOnce([keyed(1, 1_000)])).toBe(0);
    } finally {
      await store.close();
    }
  });
});
