/**
 * The wiring of WORKBENCH_CONFIG_URL: two servers (two replicas, each with its own data
 * directory) on one PostgreSQL config store serve the same users. A session made on one works on
 * the other, a lockout counted on one holds on the other, and of two publishes of the same
 * revision, one on each, exactly one succeeds (the other 409); a job started on one is moved by the
 * other's tick, once, and polled anywhere, and a server restart interrupts none of it. The rest of the API suites run on
 * SQLite; the store's own suite runs on both engines (configStore.test.ts).
 */
import { postgresTestsEnabled, startTestPostgres, type TestPostgres } from '../testing/testPostgres';
import { jobPath, nodeActionPath, type Job } from '@workbench/common/api/contract/providerOps';
import { JOB_STEP_MS } from '../provider/jobRunner';
import { CookieJar, signIn, signInOperator, startTestServer, type TestServer } from '../testing/testServer';

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

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: 'new' | 'staged';
  updated_at: string;
}

describePg('two servers on one PostgreSQL config store', () => {
  test('a session made on one server works on the other, and a sign-out on it ends it on both', async () => {
    const admin = await signIn(one, 'admin@acme.example');
    const onTwo = await two.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar });
    expect(onTwo.status).toBe(200);
    expect(((await onTwo.json()) as Rev).rev_id).toBe(1);
    expect((await two.call('/api/auth/v1/logout', { jar: admin.jar.clone() })).status).toBe(200);
    expect((await one.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar })).status).toBe(401);
  });

  test('failed sign-ins counted on one server lock the account on the other', async () => {
    const login = (server: TestServer, password: string) =>
      server.call('/api/auth/v1/login', {
        method: 'POST',
        body: { username: 'auditor@acme.example', password },
        jar: new CookieJar(),
      });
    const statuses = [];
    for (const server of [one, two, one, two]) statuses.push((await login(server, 'wrong')).status);
    // security/lockout.ts: three plain failures, then locked, whichever server is asked.
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(one, 'correct horse battery staple')).status).toBe(429);
  });

  test('two publishes of the same revision, one on each server: exactly one succeeds, the other is 409', async () => {
    const admin = await signIn(one, 'admin@acme.example');
    const first = (await (
      await one.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar })
    ).json()) as Rev;
    one.clock.advance(1000);
    const saved = await one.call(`/api/policy/v1/rules/portal_note/${first.staged_rev_id}`, {
      method: 'PUT',
      jar: admin.jar,
      body: {
        rev_id: first.rev_id,
        state: first.state,
        updated_at: first.updated_at,
        data: { note: 'raced' },
      },
    });
    expect(saved.status).toBe(200);
    const staged = (await saved.json()) as Rev;
    const publish = (server: TestServer) =>
      server.call(`/api/policy/v1/rules/${staged.staged_rev_id}`, {
        method: 'POST',
        jar: admin.jar,
        body: { updated_at: staged.updated_at },
      });
    const replies = await Promise.all([publish(one), publish(two)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = (await (
      await two.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar })
    ).json()) as Rev;
    expect(after).toMatchObject({ rev_id: staged.staged_rev_id, state: 'new' });
    // Published once: one entry in the history.
    const history = await one.call('/api/policy/v1/revisions?limit=10', { jar: admin.jar });
    expect(history.status).toBe(200);
    const page = (await history.json()) as { total: number; items: { rev_id: number }[] };
    expect(page.total).toBe(1);
    expect(page.items.map((r) => r.rev_id)).toEqual([staged.staged_rev_id]);
  });

  test('a job started on one server is moved once by both ticking, polled on either, and survives a restart of one', async () => {
    const operator = await signInOperator(one, 'operator@provider.example');
    const started = await one.call(nodeActionPath('use1-a', 'use1-a-node-1'), {
      method: 'POST',
      jar: operator.jar,
      body: { action: 'freeze' },
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as Job;
    // Restarting the other server (a deploy) leaves the job in flight: nothing was interrupted.
    two = await two.restart();
    const poll = async (server: TestServer) =>
      (await (await server.call(jobPath(id), { jar: operator.jar })).json()) as Job;
    expect(await poll(two)).toMatchObject({ status: 'pending' });
    one.clock.advance(JOB_STEP_MS);
    two.clock.advance(JOB_STEP_MS);
    const moved = await Promise.all([one.app.workbench.jobs?.tick(), two.app.workbench.jobs?.tick()]);
    // Only this job is due (the demo's running job is due minutes later): it moved once in all.
    expect(moved.reduce((sum: number, n) => sum + (n ?? 0), 0)).toBe(1);
    expect(await poll(two)).toMatchObject({ status: 'started' });
    expect(await poll(one)).toMatchObject({ status: 'started' });
  });
});
