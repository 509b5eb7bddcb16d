import {
  SAVED_SEARCH_NAME_TAKEN,
  SAVED_SEARCH_PATHS,
  type SavedSearch,
  type SavedSearchList,
} from '@workbench/common/api/contract/savedSearches';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { SAVED_SEARCH_NAME_EMPTY } from './savedSearchRoutes';

let server: TestServer;
let admin: SignedIn;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@acme.example');
});
afterEach(async () => {
  await server.close();
});

const list = async (who: SignedIn): Promise<SavedSearch[]> => {
  const r = await server.call(SAVED_SEARCH_PATHS.list, { jar: who.jar });
  expect(r.status).toBe(200);
  return ((await r.json()) as SavedSearchList).saved_searches;
};
const save = (who: SignedIn, body: unknown) =>
  server.call(SAVED_SEARCH_PATHS.list, { method: 'POST', jar: who.jar, body });
const blocked = { name: 'Blocked', route: 'web', query: 'interval=7d&action=block' };

describe('saved searches', () => {
  test('a saved search is listed for its user with its name, route and query, and survives a restart', async () => {
    const r = await save(admin, { ...blocked, query: '?interval=7d&action=block' });
    expect(r.status).toBe(200);
    const saved = (await r.json()) as SavedSearch;
    expect(saved).toMatchObject({ name: 'Blocked', route: 'web', query: 'interval=7d&action=block' });
    server = await server.restart();
    admin = await signIn(server, 'admin@acme.example');
    expect(await list(admin)).toEqual([saved]);
  });

  test('another user of the tenant, and another tenant, see none of them and cannot delete them', async () => {
    const saved = (await (await save(admin, blocked)).json()) as SavedSearch;
    const logsUser = await signIn(server, 'logs@acme.example');
    const globex = await signIn(server, 'admin@globex.example');
    expect(await list(logsUser)).toEqual([]);
    expect(await list(globex)).toEqual([]);
    for (const who of [logsUser, globex]) {
      const del = await server.call(SAVED_SEARCH_PATHS.one(saved.id), { method: 'DELETE', jar: who.jar });
      expect(del.status).toBe(404);
    }
    expect(await list(admin)).toHaveLength(1);
  });

  test('a name is unique per user: a second "blocked" is a 409 naming the field, and changes nothing', async () => {
    await save(admin, blocked);
    const r = await save(admin, { ...blocked, name: ' blocked ', query: 'interval=1h' });
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ message: SAVED_SEARCH_NAME_TAKEN, field: 'name' });
    expect((await list(admin)).map((s) => s.query)).toEqual(['interval=7d&action=block']);
    const logsUser = await signIn(server, 'logs@acme.example');
    expect((await save(logsUser, blocked)).status).toBe(200);
  });

  test.each([
    ['an empty name', { ...blocked, name: '' }, 'name'],
    ['a blank name', { ...blocked, name: '   ' }, 'name'],
    ['a name of 101 characters', { ...blocked, name: 'x'.repeat(101) }, 'name'],
    ['an unknown route', { ...blocked, route: 'printer' }, 'route'],
    ['an unknown property', { ...blocked, colour: 'red' }, 'colour'],
  ])('%s is a 400 naming the field and saves nothing', async (_label, body, field) => {
    const r = await save(admin, body);
    expect(r.status).toBe(400);
    const json = (await r.json()) as { field?: string; message: string };
    expect(`${json.field ?? ''} ${json.message}`).toContain(field);
    expect(await list(admin)).toEqual([]);
  });

  test('a name of 100 characters is accepted', async () => {
    expect((await save(admin, { ...blocked, name: 'x'.repeat(100) })).status).toBe(200);
  });

  test('the blank-name message is clear', async () => {
    const r = await save(admin, { ...blocked, name: '  ' });
    expect(((await r.json()) as { message: string }).message).toBe(SAVED_SEARCH_NAME_EMPTY);
  });

  test('the auditor, without logs:dlp, cannot save a DLP search (403) but can save an audit one', async () => {
    const auditor = await signIn(server, 'auditor@acme.example');
    expect((await save(auditor, { ...blocked, route: 'dlp' })).status).toBe(403);
    expect((await save(auditor, { ...blocked, route: 'audit' })).status).toBe(200);
  });

  test('delete removes the search; deleting it again is a 404', async () => {
    const saved = (await (await save(admin, blocked)).json()) as SavedSearch;
    const del = await server.call(SAVED_SEARCH_PATHS.one(saved.id), { method: 'DELETE', jar: admin.jar });
    expect(del.status).toBe(200);
    expect(await list(admin)).toEqual([]);
    const again = await server.call(SAVED_SEARCH_PATHS.one(saved.id), { method: 'DELETE', jar: admin.jar });
    expect(again.status).toBe(404);
  });

  test('without a session the list is a 401', async () => {
    expect((await server.call(SAVED_SEARCH_PATHS.list)).status).toBe(401);
  });
});
