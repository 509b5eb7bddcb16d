/**
 * The config store's behaviour, one set of tests run against both engines: SQLite (a fresh file)
 * and PostgreSQL (a fresh schema on a throw-away server, testing/testPostgres.ts). What one engine
 * answers, the other must answer the same, order included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  ConfigStore,
  EndUserRecord,
  EntityRecord,
  PastReportRecord,
  ScheduledReportRecord,
  TenantRecord,
  UserRecord,
} from './ConfigStore';
import { openPostgresConfigStore, openSqliteConfigStore } from './sqlConfigStore';
import { testPostgresOfFile } from '../testing/testPostgres';
import { newSecretKeyText, parseSecretKey, secretBox } from '../security/secretBox';

const testPg = testPostgresOfFile();

/**
 * A unique-constraint refusal, matched by its message: better-sqlite3's native part keeps the
 * SqliteError class of the first test file that loaded it in a jest worker, so in a later file its
 * errors are not `instanceof Error` of that file's realm and `toThrow` sees nothing thrown.
 */
const UNIQUE_VIOLATION = { message: expect.stringMatching(/unique/i) as unknown as string };

type Open = () => Promise<ConfigStore>;
const engines: [string, Open][] = [
  ['SQLite', async () => openSqliteConfigStore(fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-store-')))],
];
if (testPg.enabled)
  engines.push([
    'PostgreSQL',
    // Its secrets (the TOTP seeds) are sealed with a key, as every server on it is given one.
    async () =>
      openPostgresConfigStore(await testPg.server().freshUrl(), {
        secrets: secretBox([parseSecretKey(newSecretKeyText(), 'test')]),
      }),
  ]);

const tenant = (tid: string, name = tid): TenantRecord => ({
  tid,
  name,
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  capabilities: { web: true },
  portalV2: false,
});
const user = (uid: string, tid: string, username: string): UserRecord => ({
  uid,
  tid,
  username,
  firstName: 'A',
  lastName: 'B',
  roles: { read: ['policy'], write: [] },
  passwordHash: 'hash',
  showChangePassword: true,
});
/** Epoch ms past 2^31 (a 32-bit column would overflow): every time the store keeps is like it. */
const T = Date.parse('2026-11-22T08:00:00.000Z');

describe.each(engines)('%s config store', (_engine, open) => {
  let store: ConfigStore;
  beforeEach(async () => {
    store = await open();
    await store.tenants.insert(tenant('t1', 'acme'));
    await store.tenants.insert(tenant('t2', 'beta'));
  });
  afterEach(async () => {
    await store.close();
  });

  test("an account's second factor: put replaces, list is per tenant, delete and the tenant's deletion remove it", async () => {
    await store.users.insert(user('u1', 't1', 'a@t1'));
    await store.users.insert(user('u2', 't2', 'b@t2'));
    const pending = {
      uid: 'u1',
      tid: 't1',
      secret: null,
      pendingSecret: 'ABC',
      enabledAt: null,
      lastStep: 0,
    };
    await store.mfa.put(pending);
    await store.mfa.put({
      uid: 'u2',
      tid: 't2',
      secret: 'XYZ',
      pendingSecret: null,
      enabledAt: 'now',
      lastStep: 7,
    });
    expect(await store.mfa.get('u1')).toEqual(pending);
    const on = {
      ...pending,
      secret: 'ABC',
      pendingSecret: null,
      enabledAt: '2026-11-22T08:00:00.000Z',
      lastStep: 59_000_000,
    };
    await store.mfa.put(on);
    expect(await store.mfa.list('t1')).toEqual([on]);
    // A step is spent once: never at or before the recorded one (two servers, one code).
    const spent = await Promise.all([
      store.mfa.spendStep('u1', 59_000_001),
      store.mfa.spendStep('u1', 59_000_001),
    ]);
    expect(spent.sort()).toEqual([false, true]);
    expect(await store.mfa.spendStep('u1', 59_000_000)).toBe(false);
    expect((await store.mfa.get('u1'))?.lastStep).toBe(59_000_001);
    expect(await store.mfa.spendStep('nobody', 1)).toBe(false);
    expect(await store.mfa.delete('u1')).toBe(true);
    expect(await store.mfa.delete('u1')).toBe(false);
    expect(await store.mfa.get('u1')).toBeNull();
    expect(await store.tenants.delete('t2')).toBe(true);
    expect(await store.mfa.get('u2')).toBeNull();
  });

  test('a failed transaction leaves nothing behind; a nested one joins the outer', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.tenants.insert(tenant('t3'));
        await tx.transaction((inner) => inner.users.insert(user('u1', 't3', 'x@t3')));
        await tx.tenants.insert(tenant('t3'));
      }),
    ).rejects.toMatchObject(UNIQUE_VIOLATION);
    expect(await store.tenants.get('t3')).toBeNull();
    expect(await store.users.get('u1')).toBeNull();
    expect((await store.tenants.list()).map((t) => t.name)).toEqual(['acme', 'beta']);
    const answer = await store.transaction(async (tx) => {
      await tx.tenants.insert(tenant('t3', 'gamma'));
      return tx.users.count('t3');
    });
    expect(answer).toBe(0);
    expect(await store.tenants.get('t3')).toEqual(tenant('t3', 'gamma'));
  });

  test('tenants: updates, portal version, and a delete that takes everything kept under the id', async () => {
    await store.tenants.update('t1', { name: 'acme corp', status: 'disabled', capabilities: { web: false } });
    await store.tenants.setPortalVersion('t1', true);
    expect(await store.tenants.get('t1')).toEqual({
      ...tenant('t1', 'acme corp'),
      status: 'disabled',
      capabilities: { web: false },
      portalV2: true,
    });
    await store.users.insert(user('u1', 't1', 'ann@acme.example'));
    await store.sessions.insert({
      sidHash: 's1',
      uid: 'u1',
      tid: 't1',
      xsrf: 'x',
      createdAt: T,
      idleExpiresAt: T + 1,
      absoluteExpiresAt: T + 2,
    });
    await store.revisions.put({
      tid: 't1',
      revId: 1,
      stagedRevId: 1,
      state: 'new',
      updatedAt: 'u',
      updatedBy: null,
      rolledBackFrom: null,
    });
    await store.policyDocs.put({ tid: 't1', kind: 'web', revId: 1, data: { a: 1 } });
    const at = '2026-11-01T00:00:00.000Z';
    await store.entities.insert({
      entity: 'tenant_tags',
      id: 't1',
      data: { id: 't1' },
      createdAt: at,
      updatedAt: at,
    });
    await store.entities.insert({
      entity: 'tenant_tags',
      id: 't2',
      data: { id: 't2' },
      createdAt: at,
      updatedAt: at,
    });
    expect(await store.tenants.delete('t1')).toBe(true);
    expect(await store.tenants.delete('t1')).toBe(false);
    expect(await store.users.get('u1')).toBeNull();
    expect(await store.sessions.get('s1')).toBeNull();
    expect(await store.revisions.get('t1')).toBeNull();
    expect(await store.policyDocs.get('t1', 'web', 1, false)).toBeNull();
    expect(await store.entities.get('tenant_tags', 't1')).toBeNull();
    expect(await store.entities.get('tenant_tags', 't2')).not.toBeNull();
    expect((await store.tenants.list()).map((t) => t.tid)).toEqual(['t2']);
  });

  test('multi-tenant associations: both sides list them, one status change wins, the active parent, and a deleted tenant takes its own', async () => {
    const at = '2026-11-01T00:00:00.000Z';
    await store.tenants.insert(tenant('t3', 'gamma'));
    await store.tenantAssociations.insert({
      id: 'a1',
      primaryTid: 't1',
      secondaryTid: 't2',
      status: 'pending',
      createdAt: at,
      updatedBy: 'ann',
    });
    await store.tenantAssociations.insert({
      id: 'a2',
      primaryTid: 't3',
      secondaryTid: 't2',
      status: 'revoked',
      createdAt: at,
      updatedBy: 'ann',
    });
    await expect(
      store.tenantAssociations.insert({
        id: 'a3',
        primaryTid: 't1',
        secondaryTid: 't2',
        status: 'pending',
        createdAt: at,
        updatedBy: 'ann',
      }),
    ).rejects.toMatchObject(UNIQUE_VIOLATION);
    expect(
      (await store.tenantAssociations.listOf('t2')).map((a) => [a.id, a.primaryName, a.secondaryName]),
    ).toEqual([
      ['a1', 'acme', 'beta'],
      ['a2', 'gamma', 'beta'],
    ]);
    expect((await store.tenantAssociations.listOf('t1')).map((a) => a.id)).toEqual(['a1']);
    expect(await store.tenantAssociations.activeParentOf('t2')).toBeNull();
    const change = {
      id: 'a1',
      from: 'pending' as const,
      to: 'active' as const,
      at: '2026-11-02T00:00:00.000Z',
      by: 'bob',
    };
    expect(await store.tenantAssociations.setStatus(change)).toBe(true);
    // A second change from the same status finds it changed.
    expect(await store.tenantAssociations.setStatus({ ...change, to: 'rejected' })).toBe(false);
    expect(await store.tenantAssociations.get('a1')).toMatchObject({
      status: 'active',
      updatedAt: change.at,
      updatedBy: 'bob',
    });
    expect(await store.tenantAssociations.activeParentOf('t2')).toBe('t1');
    expect(await store.tenants.delete('t1')).toBe(true);
    expect(await store.tenantAssociations.get('a1')).toBeNull();
    expect(await store.tenantAssociations.activeParentOf('t2')).toBeNull();
    expect((await store.tenantAssociations.list()).map((a) => a.id)).toEqual(['a2']);
  });

  test('accounts are found by name without regard to case, and a name differing in case is taken', async () => {
    await store.users.insert(user('u1', 't1', 'Ann@Acme.example'));
    expect((await store.users.findByUsername('ann@acme.EXAMPLE'))?.uid).toBe('u1');
    await expect(store.users.insert(user('u2', 't1', 'ANN@acme.example'))).rejects.toMatchObject(
      UNIQUE_VIOLATION,
    );
    expect(await store.users.count('t1')).toBe(1);
    await store.operators.insert({
      username: 'op@provider.example',
      displayName: 'Op',
      role: 'operator',
      passwordHash: 'h',
    });
    expect((await store.operators.get('OP@provider.example'))?.displayName).toBe('Op');
    expect(await store.operators.get('nobody')).toBeNull();
  });

  test('sessions: touch, expiry, and a password change that ends every other session of the user', async () => {
    await store.users.insert(user('u1', 't1', 'ann@acme.example'));
    const session = (sidHash: string, idle: number) => ({
      sidHash,
      uid: 'u1',
      tid: 't1',
      xsrf: `x-${sidHash}`,
      createdAt: T,
      idleExpiresAt: T + idle,
      absoluteExpiresAt: T + 10_000,
    });
    await store.sessions.insert(session('a', 100));
    await store.sessions.insert(session('b', 100));
    await store.sessions.insert(session('c', 5));
    await store.sessions.touch('a', T + 500);
    expect(await store.sessions.get('a')).toEqual({ ...session('a', 500) });
    await store.operators.insert({ username: 'op', displayName: 'Op', role: 'support', passwordHash: 'h' });
    await store.providerSessions.insert({
      keyHash: 'k',
      keyId: 'kid',
      username: 'op',
      xsrf: null,
      createdAt: T,
      expiresAt: T + 50,
    });
    await store.providerSessions.update('k', { expiresAt: T + 5, xsrf: 'px' });
    expect(await store.providerSessions.get('k')).toEqual({
      keyHash: 'k',
      keyId: 'kid',
      username: 'op',
      xsrf: 'px',
      createdAt: T,
      expiresAt: T + 5,
    });
    await store.oneTimeTokens.insert({
      kind: 'idp_access',
      tokenHash: 'old',
      subject: 'op',
      expiresAt: T + 5,
    });
    expect(await store.sessions.deleteExpired(T + 10)).toBe(2);
    expect(await store.sessions.get('c')).toBeNull();
    expect(await store.providerSessions.get('k')).toBeNull();
    expect(await store.oneTimeTokens.consume('idp_access', 'old')).toBeNull();
    await store.users.changePassword('u1', 'new-hash', 'a');
    expect(await store.sessions.get('a')).not.toBeNull();
    expect(await store.sessions.get('b')).toBeNull();
    expect(await store.users.get('u1')).toMatchObject({
      passwordHash: 'new-hash',
      showChangePassword: false,
    });
    await store.sessions.delete('a');
    expect(await store.sessions.get('a')).toBeNull();
  });

  test('a reset sets the password and its change at the next sign-in, and ends every session of that account only', async () => {
    await store.users.insert({ ...user('u1', 't1', 'ann@acme.example'), showChangePassword: false });
    await store.users.insert({ ...user('u2', 't1', 'bob@acme.example'), showChangePassword: false });
    const session = (sidHash: string, uid: string) => ({
      sidHash,
      uid,
      tid: 't1',
      xsrf: `x-${sidHash}`,
      createdAt: T,
      idleExpiresAt: T + 100,
      absoluteExpiresAt: T + 10_000,
    });
    await store.sessions.insert(session('a1', 'u1'));
    await store.sessions.insert(session('a2', 'u1'));
    await store.sessions.insert(session('b1', 'u2'));
    await store.users.resetPassword('u1', 'set-by-someone-else');
    expect(await store.users.get('u1')).toMatchObject({
      passwordHash: 'set-by-someone-else',
      showChangePassword: true,
    });
    expect(await store.sessions.get('a1')).toBeNull();
    expect(await store.sessions.get('a2')).toBeNull();
    expect(await store.sessions.get('b1')).not.toBeNull();
    expect(await store.users.get('u2')).toMatchObject({ passwordHash: 'hash', showChangePassword: false });
  });

  test('a one-time token can be consumed only once', async () => {
    await store.oneTimeTokens.insert({ kind: 'login_csrf', tokenHash: 'h', subject: '', expiresAt: T });
    expect(await store.oneTimeTokens.consume('idp_access', 'h')).toBeNull();
    expect(await store.oneTimeTokens.consume('login_csrf', 'h')).toEqual({
      kind: 'login_csrf',
      tokenHash: 'h',
      subject: '',
      expiresAt: T,
    });
    expect(await store.oneTimeTokens.consume('login_csrf', 'h')).toBeNull();
  });

  test('login failures: read and written under the account lock, forgotten after their memory, capped oldest first', async () => {
    const key = (username: string, client = '10.0.0.1') => ({ world: 'tenant' as const, username, client });
    const limits = { forgetBefore: T - 1000, cap: 3 };
    const answer = await store.withLoginLock(key('a'), async (locked) => {
      await locked.loginFailures.put(
        { ...key('a'), failures: 1, lockedUntil: 0, lastFailureAt: T - 5000 },
        limits,
      );
      return 'done';
    });
    expect(answer).toBe('done');
    // A callback that fails gives the lock back: the next attempt on the account runs.
    await expect(
      store.withLoginLock(key('z'), async () => {
        throw new Error('verify failed');
      }),
    ).rejects.toThrow('verify failed');
    expect(await store.withLoginLock(key('z'), (locked) => locked.loginFailures.get(key('z')))).toBeNull();
    // a's last failure is older than forgetBefore and it is not locked: the next write forgets it.
    await store.loginFailures.put(
      { ...key('b'), failures: 6, lockedUntil: T + 60_000, lastFailureAt: T },
      limits,
    );
    expect(await store.loginFailures.get(key('a'))).toBeNull();
    expect(await store.loginFailures.get(key('b'))).toEqual({
      ...key('b'),
      failures: 6,
      lockedUntil: T + 60_000,
      lastFailureAt: T,
    });
    for (const [name, at] of [
      ['c', T + 1],
      ['d', T + 2],
      ['e', T + 3],
    ] as const)
      await store.loginFailures.put({ ...key(name), failures: 1, lockedUntil: 0, lastFailureAt: at }, limits);
    expect(await store.loginFailures.count()).toBe(3);
    expect(await store.loginFailures.get(key('b'))).toBeNull();
    expect(await store.loginFailures.get(key('c', '10.0.0.2'))).toBeNull();
    await store.loginFailures.clear(key('e'));
    expect(await store.loginFailures.count()).toBe(2);
  });

  test('rate limits: hits counted in a window from the first hit, a new window after it ends, ended ones forgotten', async () => {
    expect(await store.rateLimits.hit('10.0.0.1sign-in', T, 60_000)).toEqual({
      hits: 1,
      windowEndsAt: T + 60_000,
    });
    expect(await store.rateLimits.hit('10.0.0.1sign-in', T + 59_999, 60_000)).toEqual({
      hits: 2,
      windowEndsAt: T + 60_000,
    });
    expect(await store.rateLimits.hit('10.0.0.2sign-in', T + 30_000, 60_000)).toEqual({
      hits: 1,
      windowEndsAt: T + 90_000,
    });
    // Concurrent hits (one upsert each) are all counted.
    const many = await Promise.all(
      Array.from({ length: 8 }, () => store.rateLimits.hit('10.0.0.2sign-in', T + 30_001, 60_000)),
    );
    expect(many.map((w) => w.hits).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await store.rateLimits.hit('10.0.0.1sign-in', T + 60_000, 60_000)).toEqual({
      hits: 1,
      windowEndsAt: T + 120_000,
    });
    expect(await store.rateLimits.deleteEnded(T + 90_000)).toBe(1);
    expect(await store.rateLimits.hit('10.0.0.2sign-in', T + 90_000, 60_000)).toEqual({
      hits: 1,
      windowEndsAt: T + 150_000,
    });
  });

  test('revisions, policy documents carried forward, and published revisions newest first', async () => {
    expect(await store.revisions.get('t1')).toBeNull();
    const rev = {
      tid: 't1',
      revId: 2,
      stagedRevId: 3,
      state: 'staged' as const,
      updatedAt: '2026-11-22T08:00:00.001Z',
      updatedBy: 'ann',
      rolledBackFrom: 1,
    };
    await store.revisions.put(rev);
    await store.revisions.put({ ...rev, rolledBackFrom: 2 });
    expect(await store.revisions.get('t1')).toEqual({ ...rev, rolledBackFrom: 2 });
    await store.policyDocs.put({ tid: 't1', kind: 'web', revId: 1, data: { rules: ['a'] } });
    await store.policyDocs.put({ tid: 't1', kind: 'web', revId: 3, data: { rules: ['b'] } });
    await store.policyDocs.put({
      tid: 't1',
      kind: 'web',
      revId: 3,
      data: { rules: ['c'], quote: 'it\'s "x"' },
    });
    await store.policyDocs.put({ tid: 't1', kind: 'dlp', revId: 3, data: null });
    expect(await store.policyDocs.get('t1', 'web', 2, false)).toBeNull();
    expect(await store.policyDocs.get('t1', 'web', 2, true)).toEqual({
      tid: 't1',
      kind: 'web',
      revId: 1,
      data: { rules: ['a'] },
    });
    expect((await store.policyDocs.get('t1', 'web', 3, false))?.data).toEqual({
      rules: ['c'],
      quote: 'it\'s "x"',
    });
    expect(await store.policyDocs.listKinds('t1', 3)).toEqual(['dlp', 'web']);
    await store.policyDocs.deleteRevision('t1', 3);
    expect(await store.policyDocs.listKinds('t1', 3)).toEqual([]);
    for (const revId of [1, 2, 3])
      await store.revisions.insertPublished({
        tid: 't1',
        revId,
        publishedAt: `2026-11-0${revId}T00:00:00.000Z`,
        publishedBy: 'ann',
        note: revId === 2 ? 'second' : null,
        rolledBackFrom: revId === 3 ? 1 : null,
      });
    expect((await store.revisions.listPublished('t1')).map((p) => p.revId)).toEqual([3, 2, 1]);
    expect(await store.revisions.listPublished('t1', { limit: 1, offset: 1 })).toEqual([
      {
        tid: 't1',
        revId: 2,
        publishedAt: '2026-11-02T00:00:00.000Z',
        publishedBy: 'ann',
        note: 'second',
        rolledBackFrom: null,
      },
    ]);
    expect(await store.revisions.countPublished('t1')).toBe(3);
    expect((await store.revisions.getPublished('t1', 3))?.rolledBackFrom).toBe(1);
    expect(await store.revisions.getPublished('t2', 3)).toBeNull();
  });

  test('entities: sorted by a field as SQLite orders JSON values, searched without regard to case', async () => {
    const at = (n: number) => `2026-11-0${n}T00:00:00.000Z`;
    const row = (id: string, data: Record<string, unknown>, n: number): EntityRecord => ({
      entity: 'pods',
      id,
      data: { id, ...data },
      createdAt: at(n),
      updatedAt: at(n),
    });
    await store.entities.insert(row('p1', { name: 'beta', size: 10, region: 'EU_west' }, 1));
    await store.entities.insert(row('p2', { name: 'Alpha', size: 9 }, 2));
    await store.entities.insert(row('p3', { name: 'gamma', size: 'n/a', region: 'us-east' }, 3));
    await store.entities.insert(row('p4', { name: 'delta', size: null }, 4));
    expect(await store.entities.insert(row('p1', { name: 'again' }, 5))).toBe(false);
    const list = async (sort: string, order: 'asc' | 'desc', q?: string) =>
      (
        await store.entities.list('pods', {
          limit: 10,
          offset: 0,
          sort,
          order,
          q,
          searchFields: ['name', 'region'],
        })
      ).records.map((r) => r.id);
    expect(await list('name', 'asc')).toEqual(['p2', 'p1', 'p4', 'p3']);
    expect(await list('size', 'asc')).toEqual(['p4', 'p2', 'p1', 'p3']);
    expect(await list('size', 'desc')).toEqual(['p3', 'p1', 'p2', 'p4']);
    expect(await list('created_at', 'desc')).toEqual(['p4', 'p3', 'p2', 'p1']);
    expect(await list('name', 'asc', 'ALP')).toEqual(['p2']);
    expect(await list('name', 'asc', 'u_w')).toEqual(['p1']);
    expect(await list('name', 'asc', '%')).toEqual([]);
    const page = await store.entities.list('pods', {
      limit: 2,
      offset: 1,
      sort: 'name',
      order: 'asc',
      searchFields: [],
    });
    expect(page.total).toBe(4);
    expect(page.records.map((r) => r.id)).toEqual(['p1', 'p4']);
    // Data fields equal to texts (a tenant's contact messages), newest first, with their count.
    const newest = await store.entities.newest('pods', { region: 'us-east' }, { limit: 5 });
    expect({ total: newest.total, ids: newest.records.map((r) => r.id) }).toEqual({ total: 1, ids: ['p3'] });
    expect(
      (await store.entities.newest('pods', { name: 'beta', region: 'us-east' }, { limit: 5 })).total,
    ).toBe(0);
    expect((await store.entities.newest('pods', {}, { limit: 2 })).records.map((r) => r.id)).toEqual([
      'p4',
      'p3',
    ]);
    // A compare-and-set on updated_at: the writer that read the row's current one wins, once.
    const next = { ...row('p1', { name: 'beta2' }, 1), updatedAt: at(6) };
    expect(await store.entities.update(next, at(5))).toBe(false);
    expect(await store.entities.update(next, at(1))).toBe(true);
    expect(await store.entities.update({ ...next, updatedAt: at(7) }, at(1))).toBe(false);
    expect(await store.entities.get('pods', 'p1')).toEqual(next);
    expect(await store.entities.update(row('p9', {}, 1))).toBe(false);
    expect(await store.entities.delete('pods', 'p1')).toBe(true);
    expect(await store.entities.delete('pods', 'p1')).toBe(false);
  });

  test('end users: search, sort, domains, names, and one seeding per tenant', async () => {
    const endUser = (uid: string, username: string, firstName: string, groups: string[]): EndUserRecord => ({
      uid,
      tid: 't1',
      username,
      firstName,
      lastName: 'Z',
      email: `${uid}@mail.example`,
      groups,
      status: 'active',
      passwordHash: null,
      createdAt: `2026-11-01T00:00:0${uid.slice(1)}.000Z`,
      updatedAt: 'u',
    });
    await store.endUsers.insert(endUser('e1', 'bob@Acme.example', 'bob', ['Sales']));
    await store.endUsers.insert(endUser('e2', 'Alice@acme.example', 'Alice', ['R&D']));
    await store.endUsers.insert(endUser('e3', 'carl@beta.example', 'carl', ['100%_club']));
    await store.endUsers.insert(endUser('e4', 'dora', 'Dora', []));
    await expect(store.endUsers.insert(endUser('e5', 'BOB@acme.example', 'x', []))).rejects.toMatchObject(
      UNIQUE_VIOLATION,
    );
    const names = async (query: Parameters<ConfigStore['endUsers']['list']>[1]) =>
      (await store.endUsers.list('t1', query)).users.map((u) => u.uid);
    expect(await names({ limit: 10, offset: 0 })).toEqual(['e2', 'e1', 'e3', 'e4']);
    expect(await names({ limit: 10, offset: 0, sort: 'first_name', order: 'desc' })).toEqual([
      'e4',
      'e3',
      'e1',
      'e2',
    ]);
    expect(await names({ limit: 10, offset: 0, search: 'SALES' })).toEqual(['e1']);
    expect(await names({ limit: 10, offset: 0, search: '0%_' })).toEqual(['e3']);
    expect((await store.endUsers.list('t1', { limit: 1, offset: 0, search: 'acme' })).total).toBe(2);
    expect((await store.endUsers.findByUsername('t1', 'alice@ACME.example'))?.uid).toBe('e2');
    expect(await store.endUsers.findByUsername('t2', 'alice@acme.example')).toBeNull();
    expect(await store.endUsers.listDomains('t1')).toEqual([
      { domain: 'acme.example', users: 2 },
      { domain: 'beta.example', users: 1 },
    ]);
    expect(await store.endUsers.listUsernames('t1', 'A', 2)).toEqual([
      'Alice@acme.example',
      'bob@Acme.example',
    ]);
    await store.endUsers.update({ ...endUser('e4', 'dora@beta.example', 'Dora', ['x']), status: 'disabled' });
    expect(await store.endUsers.get('t1', 'e4')).toMatchObject({
      username: 'dora@beta.example',
      status: 'disabled',
    });
    expect(await store.endUsers.count('t1')).toBe(4);
    expect(await store.endUsers.delete('t1', 'e4')).toBe(true);
    expect(await store.endUsers.delete('t1', 'e4')).toBe(false);
    expect(await store.endUsers.markSeeded('t1', 'now')).toBe(true);
    expect(await store.endUsers.markSeeded('t1', 'later')).toBe(false);
  });

  test("saved searches: a user's names are unique without regard to case and listed by name", async () => {
    const search = (id: string, name: string, uid = 'u1') => ({
      id,
      tid: 't1',
      uid,
      name,
      route: '/logs/web',
      query: `q=${id}`,
      createdAt: 'now',
    });
    expect(await store.savedSearches.insert(search('s1', 'blocked'))).toBe(true);
    expect(await store.savedSearches.insert(search('s2', 'Allowed'))).toBe(true);
    expect(await store.savedSearches.insert(search('s3', 'BLOCKED'))).toBe(false);
    expect(await store.savedSearches.insert(search('s4', 'blocked', 'u2'))).toBe(true);
    expect((await store.savedSearches.list('t1', 'u1')).map((s) => s.id)).toEqual(['s2', 's1']);
    expect(await store.savedSearches.delete('t1', 'u2', 's1')).toBe(false);
    expect(await store.savedSearches.delete('t1', 'u1', 's1')).toBe(true);
    expect(await store.savedSearches.list('t1', 'u1')).toEqual([search('s2', 'Allowed')]);
  });

  test('scheduled reports: due runs, a claim that one claimer wins, and past reports pruned oldest first', async () => {
    const schedule = (
      id: string,
      name: string,
      nextRunAt: number | null,
      tid = 't1',
    ): ScheduledReportRecord => ({
      id,
      tid,
      name,
      spec: { format: 'pdf', recipients: ['a@acme.example'] } as unknown as ScheduledReportRecord['spec'],
      enabled: nextRunAt !== null,
      ownerUid: 'u1',
      ownerName: 'ann',
      createdAt: 'c',
      updatedAt: 'u',
      lastRunAt: null,
      nextRunAt,
    });
    await store.scheduledReports.put(schedule('r1', 'weekly', T + 60_000));
    await store.scheduledReports.put(schedule('r2', 'Daily', T));
    await store.scheduledReports.put(schedule('r3', 'off', null, 't2'));
    // Another tenant's id is not replaced.
    await store.scheduledReports.put(schedule('r1', 'stolen', T, 't2'));
    expect((await store.scheduledReports.get('t1', 'r1'))?.name).toBe('weekly');
    expect(await store.scheduledReports.get('t2', 'r1')).toBeNull();
    expect((await store.scheduledReports.list('t1')).map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(await store.scheduledReports.nextRunAt()).toBe(T);
    expect((await store.scheduledReports.listDue(T)).map((r) => r.id)).toEqual(['r2']);
    expect(await store.scheduledReports.claimRun('r2', T, T + 86_400_000, 'ran')).toBe(true);
    expect(await store.scheduledReports.claimRun('r2', T, T + 86_400_000, 'ran again')).toBe(false);
    expect(await store.scheduledReports.get('t1', 'r2')).toMatchObject({
      lastRunAt: 'ran',
      nextRunAt: T + 86_400_000,
    });
    await store.scheduledReports.markRun('t1', 'r1', 'by hand');
    expect((await store.scheduledReports.get('t1', 'r1'))?.lastRunAt).toBe('by hand');
    expect(await store.scheduledReports.delete('t2', 'r1')).toBe(false);
    expect(await store.scheduledReports.delete('t1', 'r1')).toBe(true);

    const past = (id: string, createdMs: number): PastReportRecord => ({
      tid: 't1',
      createdMs,
      report: { id, name: id, schedule_id: null } as unknown as PastReportRecord['report'],
    });
    // p2 and p3 at the same time: the later insert counts as newer.
    for (const [id, at] of [
      ['p1', T],
      ['p2', T + 1],
      ['p3', T + 1],
      ['p4', T + 2],
    ] as const)
      await store.pastReports.insert(past(id, at), new TextEncoder().encode(`file of ${id}`));
    expect((await store.pastReports.list('t1')).map((p) => p.report.id)).toEqual(['p4', 'p3', 'p2', 'p1']);
    expect((await store.pastReports.prune('t1', 2)).map((p) => p.report.id)).toEqual(['p2', 'p1']);
    expect((await store.pastReports.list('t1')).map((p) => p.report.id)).toEqual(['p4', 'p3']);
    expect(await store.pastReports.get('t1', 'p3')).toEqual(past('p3', T + 1));
    expect(await store.pastReports.get('t2', 'p3')).toBeNull();
    // The files: kept with their records, another tenant's not found, pruned ones gone with them.
    expect(Buffer.from((await store.pastReports.getFile('t1', 'p3')) ?? []).toString()).toBe('file of p3');
    expect(await store.pastReports.getFile('t2', 'p3')).toBeNull();
    expect(await store.pastReports.getFile('t1', 'p1')).toBeNull();
    // A record never exists without its file: when the file's insert fails, the record goes too.
    await expect(store.pastReports.insert(past('p5', T + 3), null as never)).rejects.toThrow();
    expect(await store.pastReports.get('t1', 'p5')).toBeNull();
    // Deleting the tenant takes its past reports and their files.
    expect(await store.tenants.delete('t1')).toBe(true);
    expect(await store.pastReports.getFile('t1', 'p3')).toBeNull();
  });

  test('event outbox: rows written in a transaction commit or roll back with it; a claim holds rows from another until its lease ends', async () => {
    const row = (eventId: string, createdAt: number) => ({
      eventId,
      createdAt,
      event: `{"id":"${eventId}"}`,
    });
    await store.eventOutbox.insert([row('e2', 2)]);
    await store.transaction(async (tx) => tx.eventOutbox.insert([row('e1', 1), row('e3', 3)]));
    await expect(
      store.transaction(async (tx) => {
        await tx.eventOutbox.insert([row('lost', 4)]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await store.eventOutbox.count()).toBe(3);
    // Oldest first; a second claimer at the same moment gets nothing while the lease holds.
    expect((await store.eventOutbox.claim('a', 100, 200)).map((r) => r.eventId)).toEqual(['e1', 'e2', 'e3']);
    expect(await store.eventOutbox.claim('b', 150, 250)).toEqual([]);
    // Released (a failed delivery): free at once; after the lease, another claimer takes them over.
    expect(await store.eventOutbox.release('a')).toBe(3);
    expect((await store.eventOutbox.claim('b', 150, 250)).map((r) => r.eventId)).toEqual(['e1', 'e2', 'e3']);
    const taken = await store.eventOutbox.claim('c', 250, 350);
    expect(taken).toEqual([row('e1', 1), row('e2', 2), row('e3', 3)]);
    // Only the holder's claim deletes: 'b' lost its rows to 'c'.
    expect(await store.eventOutbox.deleteClaimed('b')).toBe(0);
    expect(await store.eventOutbox.deleteClaimed('c')).toBe(3);
    expect(await store.eventOutbox.count()).toBe(0);
    // Claims by the start of their token (a server's own, left by its crashed process): freed at once.
    await store.eventOutbox.insert([row('e4', 4)]);
    expect(await store.eventOutbox.claim('ab:1', 400, 500)).toHaveLength(1);
    expect(await store.eventOutbox.releasePrefixed('b:')).toBe(0);
    expect(await store.eventOutbox.releasePrefixed('ab:')).toBe(1);
    expect(await store.eventOutbox.claim('d', 400, 500)).toEqual([row('e4', 4)]);
  });
});
