/**
 * Issue 38 point 6, on the embedded store and on PostgreSQL: invisible and confusable characters
 * in names. End users' usernames and names and administrators' names are NFKC-normalised, refuse
 * format (Cf) and control characters, and usernames are unique by their normalised, case-folded
 * form (migration 17). A name in another script (a Cyrillic а) is a different name: accepted, and
 * flagged in the users page (MixedScriptsName). Requests are written from the spec's text.
 */
import { testPostgresOfFile } from '../testing/testPostgres';
import { signIn, startTestServer, type CookieJar, type TestServer } from '../testing/testServer';

const testPg = testPostgresOfFile();
const engines: [string, () => Promise<string | undefined>][] = [
  ['the embedded store', () => Promise.resolve(undefined)],
  ...(testPg.enabled
    ? [['PostgreSQL', () => testPg.server().freshUrl()] as [string, () => Promise<string>]]
    : []),
];

describe.each(engines)('on %s', (_engine, configUrl) => {
  let server: TestServer;
  let admin: CookieJar;
  beforeAll(async () => {
    const url = await configUrl();
    server = await startTestServer(url ? { configUrl: url } : {});
    admin = (await signIn(server, 'admin@acme.example')).jar;
  });
  afterAll(async () => {
    await server.close();
  });

  const createUser = (fields: Record<string, string>) =>
    server.call('/api/udb-rest/v2/users', {
      method: 'POST',
      jar: admin,
      body: { password: 'Sturdy#Pass2026', ...fields },
    });
  const usernames = async (search: string): Promise<string[]> => {
    const r = await server.call(`/api/udb-rest/v2/users?search=${encodeURIComponent(search)}`, {
      jar: admin,
    });
    return ((await r.json()) as { users: { username: string }[] }).users.map((u) => u.username);
  };

  test.each([
    [
      'a zero-width space',
      { username: 'ad\u200bmin@acme.example' },
      'username',
      'the invisible or control character U+200B',
    ],
    [
      'a right-to-left override',
      { username: 'n\u202eoc.elpmaxe@acme.example' },
      'username',
      'the invisible or control character U+202E',
    ],
    [
      'a byte-order mark',
      { username: 'x@acme.example', first_name: '\ufeffAnn' },
      'first_name',
      'the invisible or control character U+FEFF',
    ],
    ['ESC', { username: 'esc\u001b[31m@acme.example' }, 'username', 'the control character U+001B'],
    [
      'a C1 control',
      { username: 'c1@acme.example', last_name: 'Smith\u009b' },
      'last_name',
      'the control character U+009B',
    ],
  ])('%s in an end user is 400 naming the field; nothing is saved', async (_name, fields, field, what) => {
    const response = await createUser(fields);
    expect([response.status, await response.json()]).toEqual([
      400,
      expect.objectContaining({ field, message: `${field} must not contain ${what}.` }),
    ]);
    expect(await usernames(fields.username.slice(0, 2))).not.toContain(fields.username);
  });

  test('a username is stored NFKC-normalised and unique by its normalised, case-folded form', async () => {
    const wide = await createUser({ username: '\uff46\uff55\uff4c\uff4c@acme.example' });
    expect([wide.status, (await wide.json()).username]).toEqual([200, 'full@acme.example']);
    for (const again of ['FULL@acme.example', '\uff26ULL@ACME.EXAMPLE']) {
      const duplicate = await createUser({ username: again });
      expect([again, duplicate.status, (await duplicate.json()).field]).toEqual([again, 409, 'username']);
    }
    // Beyond ASCII too (SQLite's NOCASE folds ASCII only).
    expect((await createUser({ username: '\u00c4rger@acme.example' })).status).toBe(200);
    expect((await createUser({ username: '\u00e4rger@acme.example' })).status).toBe(409);
    // A bulk import finds the same within its list.
    const bulk = await server.call('/api/udb-rest/v2/tenants/bulkusercreate', {
      method: 'POST',
      jar: admin,
      body: { user_list: [{ username: 'twice@acme.example' }, { username: '\uff34WICE@acme.example' }] },
    });
    const reply = (await bulk.json()) as { errors: { index: number; field: string }[] };
    expect(reply.errors).toEqual([expect.objectContaining({ index: 1, field: 'username' })]);
  });

  test('a name in another script (Cyrillic а) is a different name: accepted as sent', async () => {
    const cyrillic = await createUser({ username: '\u0430dmin@acme.example' });
    expect([cyrillic.status, (await cyrillic.json()).username]).toEqual([200, '\u0430dmin@acme.example']);
  });

  test("an administrator's names refuse invisible characters and are stored normalised", async () => {
    const create = (first: string) =>
      server.call('/api/auth/v1/users', {
        method: 'POST',
        jar: admin,
        body: {
          username: `n${first.length}@acme.example`,
          first_name: first,
          last_name: 'Lee',
          role: 'logs',
        },
      });
    const zwsp = await create('An\u200bn');
    expect([zwsp.status, (await zwsp.json()).field]).toEqual([400, 'first_name']);
    const rlo = await create('\u202eAnn');
    expect([rlo.status, (await rlo.json()).field]).toEqual([400, 'first_name']);
    const ok = await create('\uff21nn');
    expect(ok.status).toBe(201);
    const list = (await (await server.call('/api/auth/v1/list_users', { jar: admin })).json()) as {
      users: { first_name: string }[];
    };
    expect(list.users.map((u) => u.first_name)).toContain('Ann');
  });
});
