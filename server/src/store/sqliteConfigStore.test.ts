import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CONFIG_DB_FILE, openSqliteConfigStore } from './sqlConfigStore';
import { CONFIG_MIGRATIONS } from './migrations';
import { INITIAL_REVISION_COMMENT, SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';

/** What only the SQLite store has (the file, WAL); its behaviour is tested on both engines in configStore.test.ts. */
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-store-'));

test('migrations are applied once and recorded in schema_migrations; the file uses WAL', async () => {
  const dir = tmp();
  await (await openSqliteConfigStore(dir)).close();
  await (await openSqliteConfigStore(dir)).close();
  const db = new Database(path.join(dir, CONFIG_DB_FILE));
  const rows = db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[];
  expect(rows.map((r) => r.version)).toEqual(CONFIG_MIGRATIONS.map((m) => m.version));
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  db.close();
});

test('migration 5 moves the publish notes saved before it into the policy documents, nothing lost', async () => {
  const dir = tmp();
  await (
    await openSqliteConfigStore(dir, { migrations: CONFIG_MIGRATIONS.filter((m) => m.version < 5) })
  ).close();
  const db = new Database(path.join(dir, CONFIG_DB_FILE));
  db.prepare(
    "INSERT INTO tenants (tid, name, status, created_at, capabilities) VALUES ('t1', 'acme', 'active', 'now', '{}')",
  ).run();
  db.prepare('INSERT INTO revision_notes (tid, rev_id, note) VALUES (?, ?, ?)').run(
    't1',
    2,
    'blocked gambling',
  );
  db.prepare('INSERT INTO revision_notes (tid, rev_id, note) VALUES (?, ?, ?)').run(
    't1',
    3,
    'it\'s "quoted"',
  );
  db.close();
  const store = await openSqliteConfigStore(dir);
  expect(await store.policyDocs.get('t1', 'portal_note', 2, false)).toEqual({
    tid: 't1',
    kind: 'portal_note',
    revId: 2,
    data: { note: 'blocked gambling' },
  });
  expect((await store.policyDocs.get('t1', 'portal_note', 3, false))?.data).toEqual({
    note: 'it\'s "quoted"',
  });
  // A revision document belongs to its revision; a policy document is read from the newest before.
  expect(await store.policyDocs.get('t1', 'portal_note', 4, false)).toBeNull();
  expect((await store.policyDocs.get('t1', 'portal_note', 4, true))?.revId).toBe(3);
  await store.close();
});

test("migration 12 records each tenant's revision 1 as published at its creation (the initial policy), once", async () => {
  const dir = tmp();
  await (
    await openSqliteConfigStore(dir, { migrations: CONFIG_MIGRATIONS.filter((m) => m.version < 12) })
  ).close();
  const db = new Database(path.join(dir, CONFIG_DB_FILE));
  const created = '2026-01-15T08:00:00.000Z';
  for (const [tid, name] of [
    ['t1', 'acme'],
    ['t2', 'globex'],
  ])
    db.prepare(
      "INSERT INTO tenants (tid, name, status, created_at, capabilities) VALUES (?, ?, 'active', ?, '{}')",
    ).run(tid, name, created);
  db.prepare(
    "INSERT INTO revisions (tid, rev_id, staged_rev_id, state, updated_at) VALUES ('t1', 1, 1, 'new', ?), ('t2', 2, 2, 'new', ?)",
  ).run(created, created);
  // globex had published revision 2 (and its own record of 1) already.
  db.prepare(
    "INSERT INTO published_revisions (tid, rev_id, published_at, published_by, note) VALUES ('t2', 1, ?, 'ann', 'first'), ('t2', 2, ?, 'ann', null)",
  ).run(created, created);
  db.close();
  const store = await openSqliteConfigStore(dir);
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
  expect((await store.revisions.listPublished('t2')).map((p) => [p.revId, p.publishedBy])).toEqual([
    [2, 'ann'],
    [1, 'ann'],
  ]);
  await store.close();
});
