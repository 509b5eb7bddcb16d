/**
 * A store made by the code before the shared SQL layer (fixtures/README.md) opens with today's
 * code on both engines: its migrations are found done and the ones added since are applied,
 * nothing else is changed by opening it (the fingerprint of every table is the one that code
 * took), and every repository reads its rows as that code wrote them and writes beside them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ConfigStore } from './ConfigStore';
import { CONFIG_MIGRATIONS } from './migrations';
import { CONFIG_DB_FILE, openPostgresConfigStore, openSqliteConfigStore } from './sqlConfigStore';
import { snapshotConfigStore, type StoreSnapshot } from '../testing/storeSnapshot';
import { testPostgresOfFile } from '../testing/testPostgres';
import { newSecretKeyText, parseSecretKey, secretBox } from '../security/secretBox';

const FIXTURES = path.join(__dirname, 'fixtures');
const T = Date.parse('2026-11-22T08:00:00.000Z');
const snapshots = JSON.parse(
  fs.readFileSync(path.join(FIXTURES, 'main-store.snapshots.json'), 'utf8'),
) as Record<'sqlite' | 'postgres', StoreSnapshot>;

/** The migrations the fixtures' code had (main at 339e8c7): 1 to 11. */
const FIXTURE_MIGRATIONS = 11;

const testPg = testPostgresOfFile();

async function openSqliteFixture(): Promise<ConfigStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-upgrade-'));
  fs.copyFileSync(path.join(FIXTURES, 'main-store.sqlite'), path.join(dir, CONFIG_DB_FILE));
  return openSqliteConfigStore(dir);
}

async function openPostgresFixture(): Promise<ConfigStore> {
  const pgServer = testPg.server();
  const schema = `u_${crypto.randomBytes(6).toString('hex')}`;
  const dump = fs
    .readFileSync(path.join(FIXTURES, 'main-store.postgres.sql'), 'utf8')
    .replaceAll('main_store', schema);
  const admin = new pg.Client({ connectionString: pgServer.url });
  await admin.connect();
  try {
    await admin.query(dump);
  } finally {
    await admin.end();
  }
  return openPostgresConfigStore(
    `${pgServer.url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    {
      secrets: secretBox([parseSecretKey(newSecretKeyText(), 'test')]),
    },
  );
}

const engines: ['sqlite' | 'postgres', () => Promise<ConfigStore>][] = [['sqlite', openSqliteFixture]];
if (testPg.enabled) engines.push(['postgres', openPostgresFixture]);

describe.each(engines)('a %s store made before the shared SQL layer', (engine, open) => {
  let store: ConfigStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  test('opens with its migrations done, the ones added since applied, and every table as that code left it', async () => {
    const tables = await store.readAllTables();
    const versions = tables.schema_migrations.map((row) => Number(row[0]));
    expect(versions.sort((a, b) => a - b)).toEqual(CONFIG_MIGRATIONS.map((m) => m.version));
    // Its own records of migrations 1 to FIXTURE_MIGRATIONS as it left them; the newer ones are
    // applied on opening (migration 12 finds each tenant's revision 1 recorded, or no revision).
    // Tables made by the newer migrations start empty (migration 13's api_tokens: the fixture keeps
    // no provider token lists to move into it; the tables of migration 14 on): whatever the
    // fixture's snapshot does not name.
    const fixtureTables = new Set(Object.keys(snapshots[engine] as object));
    const added = Object.keys(tables).filter((name) => !fixtureTables.has(name));
    expect(added.filter((name) => tables[name].length > 0)).toEqual([]);
    const { users, user_mfa: userMfa, end_users: endUsers, ...kept } = tables;
    const older = Object.fromEntries(Object.entries(kept).filter(([name]) => fixtureTables.has(name)));
    // The TOTP seed the fixture holds clear is sealed on opening (secrets at rest,
    // store/secretFields.ts); the store still answers it clear (the next test).
    expect(userMfa.map((row) => String(row[2]).startsWith('wbsec:v1:'))).toEqual([true]);
    // Migration 14's two columns of users, added last: no role name yet, every account active.
    expect(users.map((row) => row.slice(-2))).toEqual(users.map(() => [null, 'active']));
    const own = {
      ...older,
      users: users.map((row) => row.slice(0, -2)),
      // Migration 17's username_key, added last: the lower-cased name of each row written before.
      end_users: endUsers.map((row) => row.slice(0, -1)),
      user_mfa: userMfa.map((row) => [row[0], row[1], 'JBSWY3DPEHPK3PXP', ...row.slice(3)]),
      schema_migrations: tables.schema_migrations.filter((row) => Number(row[0]) <= FIXTURE_MIGRATIONS),
    };
    expect(await snapshotConfigStore({ ...store, readAllTables: async () => own })).toEqual(
      snapshots[engine],
    );
  });

  test('every repository reads the rows as that code wrote them', async () => {
    expect((await store.tenants.list()).map((t) => [t.tid, t.name, t.status, t.portalV2])).toEqual([
      ['t1', 'Acme "quoted" Ünïcode', 'active', true],
      ['t2', 'beta', 'disabled', false],
    ]);
    expect(await store.tenants.get('t1')).toMatchObject({
      capabilities: { web: true, nested: { a: [1, 2] } },
    });
    expect(await store.users.findByUsername('ann@acme.example')).toMatchObject({
      uid: 'u1',
      lastName: "O'Neil",
      roles: { read: ['policy', 'logs'], write: ['policy'] },
      showChangePassword: true,
    });
    expect(await store.users.count('t1')).toBe(1);
    expect(await store.mfa.get('u1')).toMatchObject({
      secret: 'JBSWY3DPEHPK3PXP',
      pendingSecret: null,
      lastStep: 59_000_123,
    });
    expect(await store.operators.get('operator@provider.example')).toMatchObject({ role: 'operator' });
    expect(await store.sessions.get('sid-1')).toMatchObject({ uid: 'u1', idleExpiresAt: T + 900_000 });
    expect(await store.providerSessions.get('key-1')).toMatchObject({ xsrf: null, expiresAt: T + 3_600_000 });
    expect(
      await store.loginFailures.get({ world: 'tenant', username: 'ann@acme.example', client: '10.0.0.9' }),
    ).toMatchObject({ failures: 2, lastFailureAt: T });
    expect(await store.rateLimits.hit('10.0.0.9|signin', T + 2, 60_000)).toEqual({
      hits: 3,
      windowEndsAt: T + 60_000,
    });
    expect(await store.revisions.get('t1')).toEqual({
      tid: 't1',
      revId: 3,
      stagedRevId: 4,
      state: 'staged',
      updatedAt: '2026-11-20T00:00:00.000Z',
      updatedBy: 'Ann@Acme.example',
      rolledBackFrom: 2,
    });
    expect(
      (await store.revisions.listPublished('t1')).map((p) => [p.revId, p.note, p.rolledBackFrom]),
    ).toEqual([
      [3, 'note 3', 1],
      [2, null, null],
      [1, 'note 1', null],
    ]);
    expect(await store.policyDocs.get('t1', 'web_policy', 4, true)).toMatchObject({
      revId: 3,
      data: { rules: [{ id: 3, name: 'rule 3', enabled: true }] },
    });
    expect(await store.policyDocs.listKinds('t1', 4)).toEqual(['portal_note']);
    const page = await store.entities.list('deployments', {
      limit: 10,
      offset: 0,
      sort: 'name',
      order: 'asc',
      q: 'A',
      searchFields: ['name'],
    });
    expect([page.total, page.records.map((r) => r.id)]).toEqual([2, ['d2', 'd1']]);
    expect(
      (await store.endUsers.list('t1', { limit: 10, offset: 0, search: 'ops' })).users.map((u) => u.uid),
    ).toEqual(['e3']);
    expect(await store.endUsers.findByUsername('t1', 'dave@OTHER.example')).toMatchObject({
      uid: 'e2',
      groups: [],
    });
    expect(await store.endUsers.listDomains('t1')).toEqual([
      { domain: 'acme.example', users: 1 },
      { domain: 'other.example', users: 1 },
    ]);
    expect(await store.endUsers.markSeeded('t1', 'again')).toBe(false);
    expect((await store.savedSearches.list('t1', 'u1')).map((s) => s.name)).toEqual(['Blocked gambling']);
    expect(
      (await store.scheduledReports.listDue(T + 86_400_000)).map((s) => [s.id, s.enabled, s.spec.format]),
    ).toEqual([['sr1', true, 'csv']]);
    // Newest first; of two made in the same millisecond, the later inserted first.
    expect((await store.pastReports.list('t1')).map((p) => p.report.id)).toEqual(['pr3', 'pr2', 'pr1']);
    expect([...((await store.pastReports.getFile('t1', 'pr2')) ?? [])]).toEqual([
      0,
      1,
      2,
      255,
      '2'.charCodeAt(0),
    ]);
    expect(await store.oneTimeTokens.consume('login_csrf', 'tok-1')).toMatchObject({ expiresAt: T + 60_000 });
  });

  test('writes land beside the old rows, and a tenant is deleted with everything under it', async () => {
    await store.pastReports.insert(
      { tid: 't1', createdMs: T + 2000, report: { id: 'pr4', name: 'New', schedule_id: null } as never },
      new Uint8Array([9]),
    );
    expect((await store.pastReports.prune('t1', 2)).map((p) => p.report.id)).toEqual(['pr2', 'pr1']);
    expect(await store.pastReports.getFile('t1', 'pr1')).toBeNull();
    expect(await store.scheduledReports.claimRun('sr1', T + 86_400_000, T + 2 * 86_400_000, 'now')).toBe(
      true,
    );
    expect(await store.tenants.delete('t1')).toBe(true);
    const left = await store.readAllTables();
    const withT1 = Object.entries(left).filter(
      ([table, rows]) => table !== 'provider_entities' && rows.some((r) => r.includes('t1')),
    );
    expect(withT1).toEqual([]);
    expect((await store.tenants.list()).map((t) => t.tid)).toEqual(['t2']);
  });
});
