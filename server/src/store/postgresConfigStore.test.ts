/**
 * The rules that must hold across servers sharing one PostgreSQL config store, proved with two
 * store instances on one database (two pools: two replicas) racing each other: the lockout's
 * one-at-a-time rule per account, a stale updated_at refused to exactly one of two writers, and
 * exactly one claimer of a scheduled run and of a job step. Plus the migrations on PostgreSQL.
 */
import pg from 'pg';
import type { ConfigStore } from './ConfigStore';
import { PostgresConnection } from './connections';
import { CONFIG_MIGRATIONS, migrate } from './migrations';
import { openPostgresConfigStore } from './sqlConfigStore';
import { INITIAL_REVISION_COMMENT, SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';
import { postgresTestsEnabled, startTestPostgres, type TestPostgres } from '../testing/testPostgres';
import type * as LoginAttemptModule from '../security/loginAttempt';
import { assertCurrent, currentRevision, nextUpdatedAt } from '../policy/revisionStaging';
import { ReportScheduler } from '../reports/reportScheduler';
import { JobRunner } from '../provider/jobRunner';
import { keepAFullAdministrator } from '../administrators/tenantRoles';
import type { UserRecord } from './ConfigStore';

const withPostgres = postgresTestsEnabled();
const describePg = withPostgres ? describe : describe.skip;

let testPg: TestPostgres;
beforeAll(async () => {
  if (withPostgres) testPg = await startTestPostgres();
});
afterAll(async () => {
  if (withPostgres) await testPg.stop();
});

const T = Date.parse('2026-11-22T08:00:00.000Z');

/** Two replicas: two stores (two pools) on one fresh schema, with a tenant. */
async function replicas(): Promise<{ url: string; a: ConfigStore; b: ConfigStore; close(): Promise<void> }> {
  const url = await testPg.freshUrl();
  const a = await openPostgresConfigStore(url);
  const b = await openPostgresConfigStore(url);
  await a.tenants.insert({
    tid: 't1',
    name: 'acme',
    status: 'active',
    createdAt: 'c',
    capabilities: {},
    portalV2: false,
  });
  return { url, a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
}

/** Resolves once some backend waits for a lock (the second writer, blocked by the first). */
async function someoneWaitsForALock(url: string, orDone: Promise<unknown>): Promise<void> {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  let done = false;
  void orDone.finally(() => (done = true));
  try {
    for (let i = 0; i < 500 && !done; i += 1) {
      const r = await watcher.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      );
      if ((r.rows[0] as { n: number }).n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await watcher.end();
  }
}

describePg('PostgreSQL config store shared by two servers', () => {
  test('migrations run once even when two servers start together, and are recorded', async () => {
    const url = await testPg.freshUrl();
    const pools = [new pg.Pool({ connectionString: url }), new pg.Pool({ connectionString: url })];
    const applied = await Promise.all(pools.map((p) => migrate(new PostgresConnection(p))));
    expect([...applied[0], ...applied[1]].sort((x, y) => x - y)).toEqual(
      CONFIG_MIGRATIONS.map((m) => m.version),
    );
    const rows = await pools[0].query('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.rows.map((r: { version: number }) => r.version)).toEqual(
      CONFIG_MIGRATIONS.map((m) => m.version),
    );
    expect(await migrate(new PostgresConnection(pools[1]))).toEqual([]);
    await Promise.all(pools.map((p) => p.end()));
  });

  test('migration 5 moves the publish notes saved before it into the policy documents', async () => {
    const url = await testPg.freshUrl();
    const pool = new pg.Pool({ connectionString: url });
    await migrate(
      new PostgresConnection(pool),
      CONFIG_MIGRATIONS.filter((m) => m.version < 5),
    );
    await pool.query(
      "INSERT INTO tenants (tid, name, status, created_at, capabilities) VALUES ('t1', 'acme', 'active', 'now', '{}')",
    );
    await pool.query("INSERT INTO revision_notes (tid, rev_id, note) VALUES ('t1', 2, $1)", [
      'it\'s "quoted"',
    ]);
    await pool.end();
    const store = await openPostgresConfigStore(url);
    expect(await store.policyDocs.get('t1', 'portal_note', 2, false)).toEqual({
      tid: 't1',
      kind: 'portal_note',
      revId: 2,
      data: { note: 'it\'s "quoted"' },
    });
    await store.close();
  });

  test("migration 12 records each tenant's revision 1 as published at its creation, once", async () => {
    const url = await testPg.freshUrl();
    const pool = new pg.Pool({ connectionString: url });
    await migrate(
      new PostgresConnection(pool),
      CONFIG_MIGRATIONS.filter((m) => m.version < 12),
    );
    const created = '2026-01-15T08:00:00.000Z';
    await pool.query(
      "INSERT INTO tenants (tid, name, status, created_at, capabilities) VALUES ('t1', 'acme', 'active', $1, '{}')",
      [created],
    );
    await pool.query(
      "INSERT INTO revisions (tid, rev_id, staged_rev_id, state, updated_at) VALUES ('t1', 1, 1, 'new', $1)",
      [created],
    );
    await pool.end();
    const store = await openPostgresConfigStore(url);
    expect(await store.revisions.listPublished('t1')).toEqual([
      {
        tid: 't1',
        revId: 1,
        publishedAt: created,
        publishedBy: SETUP_PUBLISHER,
        note: INITIAL_REVISION_COMMENT,
        rolledBackFrom: null,
      },
    ]);
    await store.close();
  });

  test('sign-in attempts on one account run one at a time across servers: no failure is lost, the lock holds', async () => {
    const { a, b, close } = await replicas();
    // Each server has its own copy of the sign-in module (its own in-process queue).
    const load = async () => {
      let mod: typeof LoginAttemptModule | undefined;
      await jest.isolateModulesAsync(async () => {
        mod = await import('../security/loginAttempt');
      });
      return mod as typeof LoginAttemptModule;
    };
    const [onA, onB] = [await load(), await load()];
    const attempt = {
      world: 'tenant' as const,
      username: 'ann@acme.example',
      password: 'wrong',
      client: '10.0.0.9',
      now: T,
    };
    const outcomes = await Promise.all([
      ...[1, 2, 3].map(() => onA.attemptLogin(a, attempt, async () => null)),
      ...[1, 2, 3].map(() => onB.attemptLogin(b, attempt, async () => null)),
    ]);
    // The third failure locks the account (security/lockout.ts): three plain failures, then locked.
    expect(outcomes.filter((o) => o.kind === 'failed')).toHaveLength(3);
    expect(outcomes.filter((o) => o.kind === 'locked')).toHaveLength(3);
    expect(
      await a.loginFailures.get({ world: 'tenant', username: 'ann@acme.example', client: '10.0.0.9' }),
    ).toMatchObject({
      failures: 3,
    });
    await close();
  });

  test('the account lock taken inside a transaction holds until that transaction ends', async () => {
    const { url, a, b, close } = await replicas();
    const key = { world: 'tenant' as const, username: 'ann@acme.example', client: '10.0.0.9' };
    const order: string[] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = a.transaction((tx) =>
      tx.withLoginLock(key, async () => {
        locked();
        await held;
        order.push('a');
      }),
    );
    await isLocked;
    const second = b.withLoginLock(key, async () => void order.push('b'));
    await someoneWaitsForALock(url, second);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['a', 'b']);
    await close();
  });

  test('two servers demoting the last two full administrators at once: the second waits, then keeps one (409)', async () => {
    const { url, a, b, close } = await replicas();
    const full = { read: ['*:*'], write: ['*:*'] };
    for (const uid of ['u1', 'u2'])
      await a.users.insert({
        uid,
        tid: 't1',
        username: `${uid}@acme.example`,
        firstName: 'A',
        lastName: 'B',
        roles: full,
        passwordHash: 'hash',
        showChangePassword: false,
      });
    const demoted = { read: ['logs:*'], write: [] };
    const demote = (uid: string) => (u: UserRecord) => (u.uid === uid ? { ...u, roles: demoted } : u);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let checked = () => undefined as void;
    const firstChecked = new Promise<void>((resolve) => (checked = resolve));
    const first = a.transaction(async (tx) => {
      await keepAFullAdministrator(tx, 't1', demote('u1'), 'roles');
      await tx.users.setRoles('u1', demoted);
      checked();
      await held;
    });
    await firstChecked;
    // Without the lock the second reads u1 still full (read committed) and demotes u2 too.
    const second = b.transaction(async (tx) => {
      await keepAFullAdministrator(tx, 't1', demote('u2'), 'roles');
      await tx.users.setRoles('u2', demoted);
    });
    await someoneWaitsForALock(
      url,
      second.catch(() => undefined),
    );
    release();
    await first;
    await expect(second).rejects.toMatchObject({ statusCode: 409 });
    expect((await a.users.get('u2'))?.roles).toEqual(full);
    await close();
  });

  test('two servers writing against the same updated_at: exactly one wins, the other is refused (409)', async () => {
    const { url, a, b, close } = await replicas();
    const seen = '2026-11-22T08:00:00.000Z';
    await a.revisions.put({
      tid: 't1',
      revId: 1,
      stagedRevId: 2,
      state: 'staged',
      updatedAt: seen,
      updatedBy: 'ann',
    });
    // The publish's transaction (policyRoutes): read the revision, check updated_at, write.
    const publish = (store: ConfigStore, who: string, beforeWrite: () => Promise<unknown>) =>
      store.transaction(async (tx) => {
        const current = await currentRevision(tx, 't1');
        assertCurrent(current, { rev: 2, updatedAt: seen });
        await beforeWrite();
        await tx.revisions.insertPublished({
          tid: 't1',
          revId: 2,
          publishedAt: who,
          publishedBy: who,
          note: null,
          rolledBackFrom: null,
        });
        await tx.revisions.put({
          ...current,
          revId: 2,
          state: 'new',
          updatedAt: nextUpdatedAt(new Date(T), current.updatedAt),
          updatedBy: who,
        });
        return who;
      });
    // A reads first and holds its transaction open until B is seen waiting (or B is done).
    let startB: () => void = () => undefined;
    const aRead = new Promise<void>((resolve) => (startB = resolve));
    let bResult: Promise<PromiseSettledResult<string>> = Promise.resolve({ status: 'fulfilled', value: '' });
    const aResult = publish(a, 'ann', async () => {
      startB();
      await someoneWaitsForALock(url, bResult);
    });
    await aRead;
    bResult = Promise.allSettled([publish(b, 'bob', async () => undefined)]).then((r) => r[0]);
    const results = [await Promise.allSettled([aResult]).then((r) => r[0]), await bResult];
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/changed by ann/);
    expect((await b.revisions.get('t1'))?.updatedBy).toBe('ann');
    expect((await b.revisions.listPublished('t1')).map((p) => p.publishedBy)).toEqual(['ann']);
    await close();
  });

  test('a scheduled run due on two servers runs once', async () => {
    const { a, b, close } = await replicas();
    await a.scheduledReports.put({
      id: 'r1',
      tid: 't1',
      name: 'daily',
      spec: {
        source: 'web',
        filters: {},
        interval: 'last_24_hours',
        schedule: { preset: 'daily', cron: '0 6 * * *', timezone: 'UTC' },
        format: 'csv',
        recipients: [],
      } as unknown as Parameters<ConfigStore['scheduledReports']['put']>[0]['spec'],
      enabled: true,
      ownerUid: 'u1',
      ownerName: 'ann',
      createdAt: 'c',
      updatedAt: 'u',
      lastRunAt: null,
      nextRunAt: T - 1000,
    });
    const runs: string[] = [];
    const scheduler = (store: ConfigStore, name: string) =>
      new ReportScheduler({ store, now: () => new Date(T), run: async () => void runs.push(name) });
    const ran = await Promise.all([
      scheduler(a, 'a').tick(),
      scheduler(b, 'b').tick(),
      scheduler(a, 'a2').tick(),
    ]);
    expect(ran.flat()).toEqual(['r1']);
    expect(runs).toHaveLength(1);
    expect((await b.scheduledReports.get('t1', 'r1'))?.nextRunAt).toBeGreaterThan(T);
    await close();
  });

  test('a job step due on two servers is taken once', async () => {
    const { a, b, close } = await replicas();
    let now = T;
    const runner = (store: ConfigStore) => new JobRunner({ store, now: () => new Date(now) });
    const [onA, onB] = [runner(a), runner(b)];
    const job = await onA.start('restart', 'pod-1', 'node-1', 'op');
    now += 1000;
    const moved = await Promise.all([onA.tick(), onB.tick(), onB.tick()]);
    expect(moved.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await onB.getJob(job.id)).toMatchObject({ status: 'started' });
    expect(await onA.nodeStatus('pod-1', 'node-1')).toMatchObject({
      state: 'restarting',
      operation_state: 'started',
    });
    await close();
  });
});
