import { changedTables, snapshotConfigStore } from './storeSnapshot';
import { signIn, startTestServer, type TestServer } from './testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

test('two snapshots with nothing written in between are equal, table by table', () => {
  const first = snapshotConfigStore(server.dataDir);
  expect(Object.keys(first)).toEqual(expect.arrayContaining(['tenants', 'users', 'sessions', 'end_users']));
  expect(first.tenants.rows).toBe(2);
  expect(changedTables(first, snapshotConfigStore(server.dataDir))).toEqual([]);
});

test('a write shows as a change of exactly the tables it touched; excluded tables are left out', async () => {
  const before = snapshotConfigStore(server.dataDir);
  await signIn(server, 'admin@acme.example');
  const after = snapshotConfigStore(server.dataDir);
  expect(changedTables(before, after)).toEqual(['sessions']);
  expect(after.sessions.rows).toBe(before.sessions.rows + 1);
  const without = snapshotConfigStore(server.dataDir, { exclude: ['sessions'] });
  expect(Object.keys(without)).not.toContain('sessions');
  const { sessions: _sessions, ...beforeWithoutSessions } = before;
  expect(changedTables(beforeWithoutSessions, without)).toEqual([]);
});
