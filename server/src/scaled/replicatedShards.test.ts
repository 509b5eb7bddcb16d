/**
 * Issue 39, replicated shards, on the scaled topology: two server processes behind HAProxy on
 * PostgreSQL and a ClickHouse cluster of two shards × two replicas (ReplicatedMergeTree, a
 * throw-away ZooKeeper; WORKBENCH_EVENTS_REPLICAS=2), stores of this suite's own. One replica of
 * each shard is killed (the first shard's first, the store's first address, among them): the
 * servers stay ready, writes are answered and every audit event they make is read back once;
 * started again, the replicas catch up (each holds what its shard's other replica holds).
 * Every wait is on an observable condition (until), bounded by the test's time-out. The test
 * itself takes ~20 s; starting its servers most of the rest.
 */
import { SAVED_SEARCH_PATHS } from '@workbench/common/api/contract/savedSearches';
import { selectRows, type ClickHouseAddress } from '../events/clickhouseHttp';
import type { ClickHouseTestCluster } from '../events/clickhouseTestServers';
import { scaledTopologyAvailable, startScaledTopology, type ScaledTopology } from '../testing/scaledTopology';
import { httpCaller, signIn } from '../testing/testServer';
import { zookeeperInstalled, ZOOKEEPER_MISSING_MESSAGE } from '../testing/zookeeper';
import { until, type Caller } from './crossServerRules';

function available(): boolean {
  if (!scaledTopologyAvailable()) return false;
  if (zookeeperInstalled()) return true;
  if (process.env.CI === 'true') throw new Error(ZOOKEEPER_MISSING_MESSAGE);
  console.warn(`\n*** SKIPPING the replicated shards' scaled test: ${ZOOKEEPER_MISSING_MESSAGE}\n`);
  return false;
}
const describeScaled = available() ? describe : describe.skip;

/**
 * A last guard: PostgreSQL, ZooKeeper, four ClickHouse servers, two server processes and HAProxy
 * start here (~4 minutes at load 18 on 2 cores, beside the run's own servers).
 */
const TOPOLOGY_START_GUARD_MS = 480_000;
const DB = 'workbench';

describeScaled('replicated ClickHouse shards behind two servers', () => {
  let topology: ScaledTopology;
  let cluster: ClickHouseTestCluster;
  let proxy: Caller;
  beforeAll(async () => {
    topology = await startScaledTopology({ clickhouseReplicas: 2 });
    if (topology.clickhouseCluster === null) throw new Error('the topology has no cluster of its own');
    cluster = topology.clickhouseCluster;
    proxy = { call: httpCaller(topology.url) };
  }, TOPOLOGY_START_GUARD_MS);
  afterAll(async () => {
    await topology?.stop();
  });

  const server = (index: number): ClickHouseAddress => ({
    host: '127.0.0.1',
    port: cluster.shards[index].httpPort,
  });
  const localRows = async (index: number, table: string): Promise<number> => {
    const [[count]] = await selectRows(server(index), `SELECT count() FROM ${DB}.${table}`);
    return Number(count);
  };
  /** Whether each shard's two replicas hold the same rows (the audit events, the delivered ids). */
  const inSync = async (): Promise<boolean> => {
    const audit = await Promise.all([0, 1, 2, 3].map((i) => localRows(i, 'events_scan_audit_local')));
    const delivered = await Promise.all([0, 1].map((i) => localRows(i, 'delivered_events')));
    return audit[0] === audit[1] && audit[2] === audit[3] && delivered[0] === delivered[1];
  };

  test('one replica of each shard down: ready, writes answered, every audit event read once; back, they catch up', async () => {
    const admin = await signIn(proxy, 'admin@acme.example');
    const save = (name: string) =>
      proxy.call(SAVED_SEARCH_PATHS.list, {
        method: 'POST',
        jar: admin.jar,
        body: { name, route: 'web', query: 'country=FR' },
      });
    type AuditRow = { id: string; object?: string; audit_action?: string };
    const audited = async (prefix: string): Promise<AuditRow[]> => {
      const reply = await proxy.call('/api/rep/v1/query/scan_audit?limit=1000', { jar: admin.jar });
      expect(reply.status).toBe(200);
      return ((await reply.json()) as { events: AuditRow[] }).events.filter(
        (e) => e.audit_action === 'create' && (e.object ?? '').startsWith(prefix),
      );
    };
    const names = (prefix: string) => Array.from({ length: 6 }, (_, i) => `${prefix} ${i}`);

    for (const name of names('before')) expect((await save(name)).status).toBe(200);
    // The audit events reach ClickHouse through the outbox: read once all six are there.
    await until(
      () => audited('before'),
      (events) => events.length >= 6,
    );
    // Replication is asynchronous: stop a replica once its shard's other one has its rows.
    await until(inSync, (done) => done);

    await cluster.kill(0);
    await cluster.kill(3);
    expect((await proxy.call('/readyz')).status).toBe(200);
    for (const name of names('during')) expect((await save(name)).status).toBe(200);
    const during = await until(
      () => audited('during'),
      (events) => events.length >= 6,
    );
    expect(during.map((e) => e.object).sort()).toEqual(names('during'));
    const before = await audited('before');
    expect(before.map((e) => e.object).sort()).toEqual(names('before'));
    expect(new Set([...before, ...during].map((e) => e.id)).size).toBe(12);

    await cluster.restart(0);
    await cluster.restart(3);
    await until(inSync, (done) => done);
    const after = [...(await audited('before')), ...(await audited('during'))];
    expect(after.map((e) => e.id).sort()).toEqual([...before, ...during].map((e) => e.id).sort());
  }, 180_000);
});
