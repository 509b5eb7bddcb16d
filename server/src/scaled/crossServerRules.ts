/**
 * Issue 16, "Several replicas": the rules two servers on one config store keep, written once
 * and declared by both topologies that prove them: real server processes behind HAProxy
 * (scaled/replicas.test.ts) and two in-process servers on one PostgreSQL
 * (store/postgresServers.test.ts). A session made on one server works on the other and a sign-out
 * ends it on both; a lockout counted on one holds on the other; a publish on one is seen by the
 * other (racing publishes of one revision: one 200, one 409); a job started on one is moved and
 * polled on the other; a password someone else set holds the account on both until it is
 * changed on either (issue 31).
 */
import { jobPath, nodeActionPath, type Job } from '@workbench/common/api/contract/providerOps';
import { AUTH_PATHS } from '@workbench/common/api/contract/auth';
import { TENANTS_PATH, type TenantCreatedWithAdmin } from '@workbench/common/api/contract/providerTenants';
import { JOB_STEP_MS } from '../provider/jobRunner';
import { CookieJar, signIn, signInOperator, TEST_PASSWORD, type TestServer } from '../testing/testServer';

export type Caller = Pick<TestServer, 'call'>;

/**
 * How the two servers' time passes: test clocks the suite moves by hand, with the job ticks it
 * calls itself (in-process servers built with `jobTimer: false`), or the real clock and each
 * server's own job timer (server processes).
 */
export type ServerTime =
  { kind: 'test clocks'; advance(ms: number): void; tickJobs(): Promise<number[]> } | { kind: 'real' };

export interface TwoServers {
  one: Caller;
  two: Caller;
  time: ServerTime;
}

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: 'new' | 'staged';
  updated_at: string;
}

/** Polls `read` until `done` holds (the guard is jest's timeout; no fixed sleeps). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Freezes a demo node of pod use1-a on `server` as the demo operator; answers a poll of the job
 * on any server.
 */
export async function startFreeze(server: Caller, node: string): Promise<(on: Caller) => Promise<Job>> {
  const operator = await signInOperator(server, 'operator@provider.example');
  const started = await server.call(nodeActionPath('use1-a', node), {
    method: 'POST',
    jar: operator.jar,
    body: { action: 'freeze' },
  });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as Job;
  return async (on) => (await (await on.call(jobPath(id), { jar: operator.jar })).json()) as Job;
}

/**
 * Declares the rules as tests of the current describe block. `servers` is read when each
 * test runs (after the suite's beforeAll started them; a suite may replace one between tests).
 * They expect a freshly seeded config store and run in this order: the publish rule counts the
 * revisions published so far.
 */
export function declareCrossServerRules(servers: () => TwoServers): void {
  test('a session made on one server works on the other, and a sign-out on it ends it on both', async () => {
    const { one, two } = servers();
    const admin = await signIn(one, 'admin@acme.example');
    const onTwo = await two.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar });
    expect(onTwo.status).toBe(200);
    expect(((await onTwo.json()) as Rev).rev_id).toBe(1);
    expect((await two.call('/api/auth/v1/logout', { jar: admin.jar.clone() })).status).toBe(200);
    expect((await one.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar })).status).toBe(401);
  });

  test('failed sign-ins counted on one server lock the account on the other', async () => {
    const { one, two } = servers();
    const login = (server: Caller, password: string) =>
      server.call('/api/auth/v1/login', {
        method: 'POST',
        body: { username: 'auditor@acme.example', password },
        jar: new CookieJar(),
      });
    const statuses = [];
    for (const server of [one, two, one, two]) statuses.push((await login(server, 'wrong')).status);
    // security/lockout.ts: three plain failures, then locked, whichever server is asked.
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(one, TEST_PASSWORD)).status).toBe(429);
  });

  test('a publish on one server is seen by the other; racing publishes of one revision give one 200 and one 409', async () => {
    const { one, two, time } = servers();
    const admin = await signIn(one, 'admin@acme.example');
    const first = (await (
      await one.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar })
    ).json()) as Rev;
    if (time.kind === 'test clocks') time.advance(1000);
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
    const publish = (server: Caller) =>
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
    const note = await two.call(`/api/policy/v1/rules/portal_note/${staged.staged_rev_id}`, {
      jar: admin.jar,
    });
    expect(await note.json()).toMatchObject({ note: 'raced' });
    // Published once: one entry in the history, above revision 1 (the tenant's initial policy).
    const history = await one.call('/api/policy/v1/revisions?limit=10', { jar: admin.jar });
    expect(history.status).toBe(200);
    const page = (await history.json()) as { total: number; items: { rev_id: number }[] };
    expect(page.total).toBe(2);
    expect(page.items.map((r) => r.rev_id)).toEqual([staged.staged_rev_id, 1]);
  });

  test('a job started on one server is moved on by both ticking and polled alike on either', async () => {
    const { one, two, time } = servers();
    const poll = await startFreeze(one, 'use1-a-node-1');
    if (time.kind === 'test clocks') {
      expect(await poll(two)).toMatchObject({ status: 'pending' });
      time.advance(JOB_STEP_MS);
      const moved = await time.tickJobs();
      // Only this job is due (the demo's running job is due minutes later): it moved once in all.
      expect(moved.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await poll(two)).toMatchObject({ status: 'started' });
      expect(await poll(one)).toMatchObject({ status: 'started' });
    } else {
      // Both servers tick (real clock, a step a second): the job moves on, seen alike from either.
      const moved = await until(
        () => poll(two),
        (job) => job.status !== 'pending',
      );
      expect(['started', 'completed']).toContain(moved.status);
      expect(['started', 'completed']).toContain((await poll(one)).status);
    }
  });

  test('a password someone else set holds the account on both servers until it is changed on either', async () => {
    const { one, two } = servers();
    const operator = await signInOperator(one, 'operator@provider.example');
    const created = await one.call(TENANTS_PATH, {
      method: 'POST',
      jar: operator.jar,
      body: { name: 'replicaco', admin_username: 'admin@replicaco.example' },
    });
    expect(created.status).toBe(201);
    const { admin_username, admin_password } = (await created.json()) as TenantCreatedWithAdmin;
    const admin = await signIn(two, admin_username, admin_password);
    const rules = (server: Caller) => server.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar });
    expect((await rules(one)).status).toBe(403);
    expect((await rules(two)).status).toBe(403);
    const changed = await one.call(AUTH_PATHS.changePassword, {
      method: 'POST',
      jar: admin.jar,
      body: { current_password: admin_password, new_password: 'Replica-own-passw0rd' },
    });
    expect(changed.status).toBe(200);
    expect((await rules(two)).status).toBe(200);
    expect((await rules(one)).status).toBe(200);
  });
}
