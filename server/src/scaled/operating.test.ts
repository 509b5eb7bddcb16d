/**
 * Issue 39 on the scaled topology (the scaled run only: it needs PostgreSQL, ClickHouse, HAProxy):
 * - readiness: a ClickHouse shard stops answering → /readyz 503 naming it, the proxy takes the
 *   replicas out; the shard answers again → 200 and back in (a cluster of this suite's own, as
 *   the run's shards serve the other suites meanwhile);
 * - two servers (main.ts) started at the same moment on one fresh PostgreSQL schema both come up,
 *   one seeds (under the lease), both see the same demo data;
 * - the live demo events' lease: the holder is killed (SIGKILL), the other takes the trickle over
 *   within the lease time (WORKBENCH_LEASE_SECONDS=5 here).
 * Every wait is on an observable condition (until), bounded by the test's time-out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChildServer, type ChildServer } from '../crash/childServer';
import { startClickHouseCluster, type ClickHouseTestCluster } from '../events/clickhouseTestServers';
import { freshConfigUrl, freshEventsUrl } from '../testing/scaledTestStores';
import { scaledTopologyAvailable } from '../testing/scaledTopology';
import {
  httpCaller,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  TEST_SECRET_KEY,
  type TestServer,
} from '../testing/testServer';
import { until } from './crossServerRules';

const enabled = scaledTopologyAvailable();
const describeScaled = enabled ? describe : describe.skip;

interface Check {
  store: string;
  target: string;
  status: string;
  address?: string;
  reason?: string;
}
const readiness = async (url: string) => {
  const reply = await fetch(`${url}/readyz`);
  return { status: reply.status, checks: ((await reply.json()) as { checks: Check[] }).checks };
};

/** Long enough for a running shard on a loaded machine; a stopped one never answers. */
const READY_TIMEOUT_MS = 3000;
const failedTargets = (checks: Check[]) => checks.filter((c) => c.status === 'failed').map((c) => c.target);

describeScaled('readiness with a ClickHouse shard down', () => {
  let cluster: ClickHouseTestCluster;
  let server: TestServer;
  beforeAll(async () => {
    cluster = await startClickHouseCluster(2);
    server = await startTestServer({
      events: { url: cluster.url('readiness') },
      readyTimeoutMs: READY_TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    if (cluster) for (const shard of cluster.shards) shard.process.kill('SIGCONT');
    await server?.close();
    await cluster?.stop();
  });

  test('/readyz is 503 naming the stopped shard and the proxy takes the replicas out; back to 200 and in when it answers', async () => {
    const address = server.replicas[0].server.address();
    const replica = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const before = await readiness(replica);
    expect(before.status).toBe(200);
    expect(before.checks.map((c) => `${c.store} ${c.target} ${c.status}`)).toEqual([
      'config PostgreSQL ok',
      'events shard 1 of 2 ok',
      'events shard 2 of 2 ok',
    ]);
    const stopped = cluster.shards[1];
    stopped.process.kill('SIGSTOP');
    // Shard 2 only (a loaded machine may make the running shard slow once: then ask again).
    const down = await until(
      () => readiness(replica),
      (r) => r.status === 503 && failedTargets(r.checks).join() === 'shard 2 of 2',
    );
    expect(down.checks.filter((c) => c.status === 'failed')).toEqual([
      {
        store: 'events',
        target: 'shard 2 of 2',
        status: 'failed',
        address: `127.0.0.1:${stopped.httpPort}`,
        reason: `no answer within ${READY_TIMEOUT_MS} ms`,
        ms: expect.any(Number) as unknown as number,
      },
    ]);
    // Every replica unready: HAProxy has none to send to and answers 503 itself.
    await until(
      async () => (await fetch(`${server.url}/livez`)).status,
      (status) => status === 503,
    );
    stopped.process.kill('SIGCONT');
    await until(
      () => readiness(replica),
      (r) => r.status === 200,
    );
    await until(
      async () => (await fetch(`${server.url}/livez`)).status,
      (status) => status === 200,
    );
  });
});

describeScaled('two servers started together; the live demo events lease', () => {
  const children: ChildServer[] = [];
  const dirs: string[] = [];
  /** The wait the test is at: a time-out then says which, with the servers' last lines. */
  let step = 'starting';
  afterAll(async () => {
    if (step !== 'done')
      console.error(
        `Stopped at: ${step}.\n` +
          children
            .map((c, i) => `server ${i + 1}:\n${c.output().split('\n').slice(-15).join('\n')}`)
            .join('\n'),
      );
    await Promise.all(children.map((c) => c.kill()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const metrics = async (server: ChildServer) => (await fetch(`${server.baseUrl}/metrics`)).text();
  const holdsLive = async (server: ChildServer) =>
    /^workbench_lease_held\{lease="live-events"\} 1$/m.test(await metrics(server));
  // Live events on a remote store go through the outbox, whose forwarder stores them with
  // appendOnce (the plain append is the embedded store's): either counts.
  const appends = async (server: ChildServer) =>
    [
      ...(await metrics(server)).matchAll(
        /^workbench_store_operation_duration_seconds_count\{store="events",operation="(?:append|appendOnce)",outcome="ok"\} (\d+)$/gm,
      ),
    ].reduce((sum, match) => sum + Number(match[1]), 0);

  test('both come up (one seeds under the lease, the other waits); when the live-events holder dies the other takes over', async () => {
    const env = {
      WORKBENCH_CONFIG_URL: await freshConfigUrl(),
      WORKBENCH_EVENTS_URL: freshEventsUrl(),
      WORKBENCH_SECRET_KEY: TEST_SECRET_KEY,
      WORKBENCH_DEMO_PASSWORD: TEST_PASSWORD,
      WORKBENCH_DEMO_EVENTS: '3000',
      WORKBENCH_LIVE_EVENTS: '20',
      // Long enough that a loaded machine's pauses keep the seeding's lease, short for the hand-over.
      WORKBENCH_LEASE_SECONDS: '5',
      WORKBENCH_LOGIN_RATE_LIMIT: '1000',
    };
    for (let i = 0; i < 2; i += 1)
      dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `workbench-together-${i}-`)));
    // The same moment: neither waits for the other to listen.
    const started = await Promise.all(dirs.map((dir) => startChildServer(dir, env)));
    children.push(...started);
    for (const child of started) {
      expect((await fetch(`${child.baseUrl}/readyz`)).status).toBe(200);
      await signIn({ call: httpCaller(child.baseUrl) }, 'admin@acme.example');
    }
    // Both end up with the whole load, seeded once: by the one that got the lease first.
    step = 'both servers seeing the whole load';
    for (const child of started)
      await until(
        () => metrics(child),
        (text) => /^workbench_demo_events_stored 3000$/m.test(text),
      );
    await Promise.any(started.map((c) => c.waitForLine(/Demo events ready: 3,000\./)));
    expect(started.filter((c) => c.output().includes('Creating demo events'))).toHaveLength(1);
    expect(started.filter((c) => c.output().includes('Demo events ready'))).toHaveLength(1);
    expect(started.some((c) => c.output().includes('Resuming demo events'))).toBe(false);
    expect(started.some((c) => /duplicate key/.test(c.output()))).toBe(false);

    // Exactly one holds the live-events lease.
    step = 'one server holding the live-events lease';
    const holders = await until(
      async () => Promise.all(started.map(holdsLive)),
      (held) => held.filter(Boolean).length === 1,
    );
    const holder = started[holders.indexOf(true)];
    const other = started[holders.indexOf(false)];
    await holder.kill();
    step = 'the other server taking the live-events lease over';
    await until(
      () => holdsLive(other),
      (held) => held,
    );
    // And the trickle goes on from the new holder.
    step = 'live events from the new holder';
    const from = await appends(other);
    await until(
      () => appends(other),
      (n) => n > from,
    );
    step = 'done';
    // Two servers seeding ClickHouse and a lease hand-over, on a machine that may be busy.
  }, 300_000);
});
