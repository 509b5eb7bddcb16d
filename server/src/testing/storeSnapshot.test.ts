import { changedTables, snapshotConfigStore } from './storeSnapshot';
import { SCALED_TOPOLOGY } from './scaledTestStores';
import { signIn, startTestServer, type TestServer } from './testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const snapshot = (exclude?: string[]) => snapshotConfigStore(server.app.workbench.store, { exclude });

test('two snapshots with nothing written in between are equal, table by table', async () => {
  const first = await snapshot();
  expect(Object.keys(first)).toEqual(
    expect.arrayContaining([
      'schema_migrations',
      'tenants',
      'users',
      'sessions',
      'end_users',
      'report_files',
    ]),
  );
  // acme, globex and the multi-tenant parent (northwind-partners).
  expect(first.tenants.rows).toBe(3);
  expect(changedTables(first, await snapshot())).toEqual([]);
});

test('a write shows as a change of exactly the tables it touched; excluded tables are left out', async () => {
  const before = await snapshot();
  await signIn(server, 'admin@acme.example');
  const after = await snapshot();
  // On a shared store the sign-in limit counts in the store too (http/rateLimitStore.ts).
  expect(changedTables(before, after)).toEqual(SCALED_TOPOLOGY ? ['rate_limits', 'sessions'] : ['sessions']);
  expect(after.sessions.rows).toBe(before.sessions.rows + 1);
  const without = await snapshot(['sessions', 'rate_limits']);
  expect(Object.keys(without)).not.toContain('sessions');
  const { sessions: _sessions, rate_limits: _limits, ...beforeWithout } = before;
  expect(changedTables(beforeWithout, without)).toEqual([]);
});
