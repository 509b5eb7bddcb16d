/**
 * Replicated shards (WORKBENCH_EVENTS_REPLICAS=2): two shards of two replicas each, their tables
 * ReplicatedMergeTree coordinated by a throw-away ZooKeeper (testing/zookeeper.ts). With one
 * replica of every shard killed (the first shard's first one among them: it is the store's first
 * address, where reads and the load's progress go), writes and reads go on through the other
 * replicas with every event counted; the killed replicas, started again on their data, catch up
 * (each holds its shard's events). The unreplicated topology keeps its own suites
 * (clickhouseOutage.test.ts and the others). Skipped loudly without ClickHouse or ZooKeeper, a
 * failure in CI. About 30 s: four shards and ZooKeeper start once for the file.
 */
import { ClickHouseEventStore } from './clickhouseEventStore';
import { selectRows, type ClickHouseAddress } from './clickhouseHttp';
import {
  clickhouseAvailable,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from './clickhouseTestServers';
import { parseClickHouseUrl } from './clickhouseUrl';
import type { NewEvent } from './eventStore';
import { ZOOKEEPER_MISSING_MESSAGE, zookeeperInstalled } from '../testing/zookeeper';

function replicasAvailable(): boolean {
  if (!clickhouseAvailable()) return false;
  if (zookeeperInstalled()) return true;
  if (process.env.CI === 'true')
    throw new Error(`${ZOOKEEPER_MISSING_MESSAGE}. CI runs the replicated shards' tests.`);
  console.warn(`SKIPPING the replicated ClickHouse shards' tests: ${ZOOKEEPER_MISSING_MESSAGE}.`);
  return false;
}
const describeReplicas = replicasAvailable() ? describe : describe.skip;

/** Polls until `done` holds (the test's time-out bounds it). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const audit = (tid: string, n: number): NewEvent => ({
  tid,
  logType: 'scan_audit',
  time: 1_000_000 + n,
  fields: { userid: 'admin', audit_action: 'update', sub_event_type: 'users', details: `change ${n}` },
});

const DB = 'replicated';

describeReplicas('ClickHouse with replicated shards', () => {
  let cluster: ClickHouseTestCluster;
  let store: ClickHouseEventStore;
  beforeAll(async () => {
    cluster = await startClickHouseCluster(2, { replicas: 2 });
    store = await ClickHouseEventStore.open(cluster.url(DB), { replicas: 2, timeoutMs: 10_000 });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
  });

  const allEvents = (tid: string) =>
    store.query({
      logType: 'scan_audit',
      tid,
      start: 0,
      end: 1e15,
      filters: [],
      order: 'asc',
      limit: 100_000,
    });
  /** One server's own rows of `tid` (its local table, not the Distributed one). */
  const localCount = async (server: ClickHouseAddress, tid: string): Promise<number> => {
    const [[count]] = await selectRows(
      server,
      `SELECT count() FROM ${DB}.events_scan_audit_local WHERE tid = ${`'${tid}'`}`,
    );
    return Number(count);
  };
  const servers = (): ClickHouseAddress[] =>
    cluster.shards.map((s) => ({ host: '127.0.0.1', port: s.httpPort }));

  test('the URL names the shards by their replicas: two shards of two', () => {
    const location = parseClickHouseUrl(cluster.url(DB), 2);
    expect(location.shards).toHaveLength(2);
    expect(location.shards.map((s) => [s.port, ...(s.replicas ?? []).map((r) => r.port)])).toEqual([
      [cluster.shards[0].httpPort, cluster.shards[1].httpPort],
      [cluster.shards[2].httpPort, cluster.shards[3].httpPort],
    ]);
    expect(() => parseClickHouseUrl(cluster.url(DB), 3)).toThrow(/4 addresses are not shards of 3 replicas/);
  });

  test('one replica of each shard down: writes and reads go on, every event counted once; back, they catch up', async () => {
    const tid = 'replicas';
    for (let call = 0; call < 4; call += 1)
      expect(await store.append([audit(tid, 2 * call), audit(tid, 2 * call + 1)])).toBe(2);
    expect(await allEvents(tid)).toHaveLength(8);
    // Replication is asynchronous: a part is on the other replica once it has fetched it (what a
    // replica stored and had not yet passed on is back when that replica is).
    const [r11, r12, r21, r22] = servers();
    await until(
      async () => [
        await localCount(r11, tid),
        await localCount(r12, tid),
        await localCount(r21, tid),
        await localCount(r22, tid),
      ],
      ([a, b, c, d]) => a === b && c === d && a + c === 8,
    );

    // The first replica of shard 1 (the store's first address) and the second of shard 2.
    await cluster.kill(0);
    await cluster.kill(3);
    for (let call = 4; call < 10; call += 1)
      expect(await store.append([audit(tid, 2 * call), audit(tid, 2 * call + 1)])).toBe(2);
    const during = await allEvents(tid);
    expect(during.map((e) => e.fields.details)).toEqual(Array.from({ length: 20 }, (_, n) => `change ${n}`));
    expect(new Set(during.map((e) => e.id)).size).toBe(20);
    expect(await store.count(tid)).toBe(20);
    // The replicas still up hold their shard's share of everything written, the two shares all of it.
    const [, shard1, shard2] = servers();
    const shares = [await localCount(shard1, tid), await localCount(shard2, tid)];
    expect(shares[0] + shares[1]).toBe(20);
    expect(Math.min(...shares)).toBeGreaterThan(0);

    await cluster.restart(0);
    await cluster.restart(3);
    const [first, , , last] = servers();
    // Each returning replica fetches the parts its shard stored while it was down.
    await until(
      () => localCount(first, tid),
      (n) => n === shares[0],
    );
    await until(
      () => localCount(last, tid),
      (n) => n === shares[1],
    );
    const after = await allEvents(tid);
    expect(after.map((e) => e.id)).toEqual(during.map((e) => e.id));
    expect(await store.count(tid)).toBe(20);
  }, 120_000);
});
