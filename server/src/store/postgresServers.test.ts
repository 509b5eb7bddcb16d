/**
 * The wiring of WORKBENCH_CONFIG_URL: two servers (two replicas, each with its own data
 * directory) on one PostgreSQL config store serve the same users. They keep the cross-server
 * rules of issue 16 (scaled/crossServerRules.ts: sessions, lockouts, publishes, jobs, pending steps), here on
 * test clocks with the job ticks called by hand, so a job is seen to move exactly once; and a
 * server restart interrupts no job in flight. The rest of the API suites run on SQLite; the
 * store's own suite runs on both engines (configStore.test.ts).
 */
import { postgresTestsEnabled, startTestPostgres, type TestPostgres } from '../testing/testPostgres';
import { JOB_STEP_MS } from '../provider/jobRunner';
import { declareCrossServerRules, startFreeze, type TwoServers } from '../scaled/crossServerRules';
import { startTestServer, type TestServer } from '../testing/testServer';

const withPostgres = postgresTestsEnabled();
const describePg = withPostgres ? describe : describe.skip;

let testPg: TestPostgres;
let one: TestServer;
let two: TestServer;
beforeAll(async () => {
  if (!withPostgres) return;
  testPg = await startTestPostgres();
  const configUrl = await testPg.freshUrl();
  // The first start seeds the demo tenants; the second finds them there.
  one = await startTestServer({ configUrl, jobTimer: false });
  two = await startTestServer({ configUrl, jobTimer: false });
});
afterAll(async () => {
  if (!withPostgres) return;
  await one?.close();
  await two?.close();
  await testPg.stop();
});

const advanceClocks = (ms: number) => {
  one.clock.advance(ms);
  two.clock.advance(ms);
};
const servers = (): TwoServers => ({
  one,
  two,
  time: {
    kind: 'test clocks',
    advance: advanceClocks,
    tickJobs: () => Promise.all([one, two].map(async (s) => (await s.app.workbench.jobs?.tick()) ?? 0)),
  },
});

describePg('two servers on one PostgreSQL config store', () => {
  declareCrossServerRules(servers);

  test('a restart of one server interrupts no job in flight: the restarted server moves it on', async () => {
    const poll = await startFreeze(one, 'use1-a-node-2');
    // Restarting the other server (a deploy) leaves the job in flight: nothing was interrupted.
    two = await two.restart();
    expect(await poll(two)).toMatchObject({ status: 'pending' });
    advanceClocks(JOB_STEP_MS);
    expect(await two.app.workbench.jobs?.tick()).toBe(1);
    expect(await one.app.workbench.jobs?.tick()).toBe(0);
    expect(await poll(one)).toMatchObject({ status: 'started' });
  });
});
