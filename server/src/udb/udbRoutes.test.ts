import {
  UDB_BULK_LIMIT,
  UDB_BULK_LIMIT_MSG,
  UDB_PATHS,
  UDB_REASONS,
  type BulkCreateReply,
  type EndUser,
  type UserListReply,
} from '@workbench/common/api/contract/udb';
import { failStoreCall } from '../testing/storeFaults';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { DEMO_END_USERS } from './seedEndUsers';

let server: TestServer;
let admin: SignedIn;
/**
 * One server per describe block (not per test: a server's start is most of a test's cost here).
 * The tests of a block share its state, so a check that a call writes nothing compares with the
 * count read before the call; the checks of the seeded counts are in blocks that write nothing
 * to acme's end users.
 */
const serverPerBlock = () => {
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signIn(server, 'admin@acme.example');
  });
  afterAll(async () => {
    await server.close();
  });
};

const list = async (who: SignedIn, query = 'limit=1000'): Promise<UserListReply> => {
  const r = await server.call(`${UDB_PATHS.users}?${query}`, { jar: who.jar });
  expect(r.status).toBe(200);
  return (await r.json()) as UserListReply;
};
const post = (who: SignedIn, path: string, body: unknown, method = 'POST') =>
  server.call(path, { method, jar: who.jar, body });
const createUser = (who: SignedIn, body: Record<string, unknown>) =>
  post(who, `${UDB_PATHS.users}?limit=1`, { password: 'Secret-pass1', ...body });

describe('scoping', () => {
  serverPerBlock();

  test('each demo tenant starts with its own seeded end users, and sees only those', async () => {
    const globex = await signIn(server, 'admin@globex.example');
    const acmeUsers = await list(admin);
    const globexUsers = await list(globex);
    expect(acmeUsers.total).toBe(DEMO_END_USERS.acme);
    expect(globexUsers.total).toBe(DEMO_END_USERS.globex);
    expect(acmeUsers.users.every((u) => u.username.endsWith('acme.example'))).toBe(true);
    expect(globexUsers.users.every((u) => u.username.endsWith('globex.example'))).toBe(true);
  });

  test("another tenant's user is not found: read, change and delete answer 404 and change nothing", async () => {
    const globex = await signIn(server, 'admin@globex.example');
    const target = (await list(admin)).users[0];
    expect((await server.call(UDB_PATHS.user(target.uid), { jar: globex.jar })).status).toBe(404);
    expect((await post(globex, UDB_PATHS.user(target.uid), { first_name: 'X' }, 'PATCH')).status).toBe(404);
    expect(
      (await server.call(UDB_PATHS.user(target.uid), { method: 'DELETE', jar: globex.jar })).status,
    ).toBe(404);
    const bulk = await post(globex, UDB_PATHS.bulkDelete, { uid_list: [target.uid] });
    expect(await bulk.json()).toEqual({
      deleted: 0,
      errors: [{ index: 0, uid: target.uid, field: 'uid', reason: UDB_REASONS.noSuchUser(target.uid) }],
    });
    const modify = await post(
      globex,
      UDB_PATHS.bulkModify,
      { uid_list: [target.uid], changes: { status: 'disabled' } },
      'PUT',
    );
    expect(((await modify.json()) as { modified: number }).modified).toBe(0);
    const reset = await post(globex, UDB_PATHS.resetPassword, { username: target.username });
    expect(reset.status).toBe(404);
    const after = await server.call(UDB_PATHS.user(target.uid), { jar: admin.jar });
    expect(await after.json()).toEqual(target);
  });

  test("usernames and domains list only the session tenant's end users", async () => {
    const globex = await signIn(server, 'admin@globex.example');
    const names = async (who: SignedIn) =>
      (await (await server.call(`${UDB_PATHS.usernames}?limit=1000`, { jar: who.jar })).json()) as string[];
    const acmeNames = await names(admin);
    const globexNames = await names(globex);
    expect(acmeNames).toHaveLength(DEMO_END_USERS.acme);
    expect(globexNames).toHaveLength(DEMO_END_USERS.globex);
    expect(globexNames.filter((n) => acmeNames.includes(n))).toEqual([]);
    const domains = (await (await server.call(UDB_PATHS.domains, { jar: globex.jar })).json()) as string[];
    expect(domains.every((d) => d.endsWith('globex.example'))).toBe(true);
  });

  test('GET /tenants shows only the session tenant with its user count', async () => {
    const r = await server.call(UDB_PATHS.tenants, { jar: admin.jar });
    expect(await r.json()).toEqual([{ tid: expect.any(String), name: 'acme', users: DEMO_END_USERS.acme }]);
  });
});

// It adds end users to acme and globex: not in the block above, which reads the seeded counts.
describe('scoping: writes', () => {
  serverPerBlock();

  test('the same username may exist in two tenants', async () => {
    const globex = await signIn(server, 'admin@globex.example');
    expect((await createUser(admin, { username: 'pat@shared.example' })).status).toBe(200);
    expect((await createUser(globex, { username: 'pat@shared.example' })).status).toBe(200);
  });
});

describe('permissions', () => {
  serverPerBlock();

  test('without a session reads answer 401 and writes are refused', async () => {
    expect((await server.call(UDB_PATHS.users)).status).toBe(401);
    expect((await server.call(UDB_PATHS.domains)).status).toBe(401);
    const write = await server.call(UDB_PATHS.bulkCreate, {
      method: 'POST',
      body: { user_list: [{ username: 'a@b.example' }] },
    });
    expect([401, 403]).toContain(write.status);
    expect((await list(admin)).total).toBe(DEMO_END_USERS.acme);
  });

  test('the auditor (read-only) reads the users but every write answers 403 and changes nothing', async () => {
    const auditor = await signIn(server, 'auditor@acme.example');
    const before = await list(auditor);
    const uid = before.users[0].uid;
    const writes: [string, string, unknown][] = [
      ['POST', `${UDB_PATHS.users}?limit=1`, { username: 'new@acme.example', password: 'Secret-pass1' }],
      ['PATCH', UDB_PATHS.user(uid), { first_name: 'Changed' }],
      ['DELETE', UDB_PATHS.user(uid), undefined],
      ['POST', UDB_PATHS.bulkCreate, { user_list: [{ username: 'n@acme.example' }] }],
      ['PUT', UDB_PATHS.bulkModify, { uid_list: [uid], changes: { status: 'disabled' } }],
      ['POST', UDB_PATHS.bulkDelete, { uid_list: [uid] }],
      ['POST', UDB_PATHS.resetPassword, { username: before.users[0].username }],
    ];
    for (const [method, path, body] of writes) {
      const r = await server.call(path, { method, jar: auditor.jar, body });
      expect([method, path, r.status]).toEqual([method, path, 403]);
    }
    expect(await list(admin)).toEqual(before);
  });

  test('a role without settings (logs only) cannot read the user database', async () => {
    const logs = await signIn(server, 'logs@acme.example');
    expect((await server.call(UDB_PATHS.users, { jar: logs.jar })).status).toBe(403);
    expect((await server.call(UDB_PATHS.usernames, { jar: logs.jar })).status).toBe(403);
  });
});

describe('list', () => {
  serverPerBlock();

  test('search matches username, names, e-mail and groups case-insensitively; total counts every match', async () => {
    await createUser(admin, { username: 'zed@acme.example', first_name: 'Zebulon', groups: ['Night-Shift'] });
    expect((await list(admin, 'search=ZEBUL')).users.map((u) => u.username)).toEqual(['zed@acme.example']);
    expect((await list(admin, 'search=night-shift')).total).toBe(1);
    expect((await list(admin, 'search=%25')).total).toBe(0);
  });

  test('sort and order, limit and offset page through the users', async () => {
    const all = await list(admin, 'sort=username&order=desc&limit=1000');
    const names = all.users.map((u) => u.username);
    expect(names).toEqual([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    const page = await list(admin, 'sort=username&order=desc&limit=10&offset=10');
    expect(page.total).toBe(all.total);
    expect(page.users.map((u) => u.username)).toEqual(names.slice(10, 20));
  });

  test.each([
    ['sort=password', 'sort'],
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['offset=-1', 'offset'],
    ['order=up', 'order'],
  ])('bad query %s is a 400 naming %s', async (query, field) => {
    const r = await server.call(`${UDB_PATHS.users}?${query}`, { jar: admin.jar });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { field: string }).field).toBe(field);
  });
});

describe('single writes', () => {
  serverPerBlock();

  test('create, read, change and delete an end user', async () => {
    const created = await createUser(admin, {
      username: 'new.person@acme.example',
      first_name: 'New',
      last_name: 'Person',
      email: 'new.person@acme.example',
      groups: ['sales'],
    });
    expect(created.status).toBe(200);
    const user = (await created.json()) as EndUser;
    expect(user).toMatchObject({ username: 'new.person@acme.example', status: 'active', groups: ['sales'] });
    expect(user).not.toHaveProperty('password');
    const patched = await post(
      admin,
      `${UDB_PATHS.user(user.uid)}?limit=1`,
      { status: 'disabled', last_name: 'Renamed' },
      'PATCH',
    );
    expect(await patched.json()).toMatchObject({
      uid: user.uid,
      status: 'disabled',
      last_name: 'Renamed',
      first_name: 'New',
    });
    expect((await server.call(UDB_PATHS.user(user.uid), { method: 'DELETE', jar: admin.jar })).status).toBe(
      200,
    );
    expect((await server.call(UDB_PATHS.user(user.uid), { jar: admin.jar })).status).toBe(404);
  });

  test('a username that exists in the tenant (any letter case) is a 409 and nothing is written', async () => {
    const before = await list(admin);
    const existing = before.users[0];
    const r = await createUser(admin, { username: existing.username.toUpperCase() });
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ field: 'username' });
    expect((await list(admin)).total).toBe(before.total);
    const other = (await list(admin)).users[1];
    const rename = await post(admin, UDB_PATHS.user(other.uid), { username: existing.username }, 'PATCH');
    expect(rename.status).toBe(409);
  });

  test.each([
    [{ username: 'ad!min@acme.example' }, 'username'],
    [{ username: 'ad<min@acme.example' }, 'username'],
    [{ username: 'ad\\min@acme.example' }, 'username'],
    [{ username: 'ad min@acme.example' }, 'username'],
    [{ username: "ad'min@acme.example" }, 'username'],
    [{ username: 'ad"min@acme.example' }, 'username'],
    [{ username: 'no-at-sign' }, 'username'],
    [{ username: '' }, 'username'],
    [{ username: 'ok@acme.example', email: 'not-an-email' }, 'email'],
    [{ username: 'ok@acme.example', status: 'gone' }, 'status'],
    [{ username: 'ok@acme.example', groups: [''] }, 'groups'],
    [{ username: 'ok@acme.example', first_name: 'x'.repeat(201) }, 'first_name'],
    [{ username: 'ok@acme.example', last_name: 'a\nb' }, 'last_name'],
    [{ username: 'ok@acme.example', password: 'short1' }, 'password'],
    [{ username: 'ok@acme.example', password: "has'quote1" }, 'password'],
    [{ username: 'ok@acme.example', role: 'admin' }, 'role'],
  ])('bad create %j is a 400 naming %s and writes nothing', async (body, field) => {
    const before = await list(admin);
    const r = await createUser(admin, body);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { field: string }).field).toBe(field);
    expect(await list(admin)).toEqual(before);
  });

  test('create without a password is a 400 naming password', async () => {
    const r = await post(admin, UDB_PATHS.users, { username: 'nopw@acme.example' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ field: 'password' });
  });

  test('an empty change is a 400 and an invalid change leaves the user as it was', async () => {
    const u = (await list(admin)).users[0];
    expect((await post(admin, UDB_PATHS.user(u.uid), {}, 'PATCH')).status).toBe(400);
    const bad = await post(admin, UDB_PATHS.user(u.uid), { first_name: 'Fine', email: 'bad@' }, 'PATCH');
    expect(bad.status).toBe(400);
    expect(await (await server.call(UDB_PATHS.user(u.uid), { jar: admin.jar })).json()).toEqual(u);
  });

  test('reset_password gives a new password once; an unknown username is a 404', async () => {
    const u = (await list(admin)).users[0];
    const r = await post(admin, UDB_PATHS.resetPassword, { username: u.username });
    expect(r.status).toBe(200);
    const reply = (await r.json()) as { username: string; password: string };
    expect(reply.username).toBe(u.username);
    expect(reply.password.length).toBeGreaterThanOrEqual(16);
    expect((await post(admin, UDB_PATHS.resetPassword, { username: 'nobody@acme.example' })).status).toBe(
      404,
    );
  });
});

describe('bulk calls are all-or-report', () => {
  serverPerBlock();

  test('bulkusercreate saves the good rows and reports each refused row with its index and reason', async () => {
    const before = await list(admin);
    const existing = before.users[0].username;
    const r = await post(admin, UDB_PATHS.bulkCreate, {
      user_list: [
        { username: 'one@acme.example', first_name: 'One', groups: ['sales'] },
        { username: existing },
        { username: 'bad email@acme.example' },
        { username: 'two@acme.example', email: 'nope' },
        { username: 'ONE@acme.example' },
        { username: 'three@acme.example', status: 'disabled' },
        'not a row',
        { username: 'four@acme.example', colour: 'blue' },
      ],
    });
    expect(r.status).toBe(200);
    const reply = (await r.json()) as BulkCreateReply;
    expect(reply.created).toBe(2);
    expect(reply.users.map((u) => u.username)).toEqual(['one@acme.example', 'three@acme.example']);
    expect(reply.errors).toEqual([
      { index: 1, field: 'username', username: existing, reason: UDB_REASONS.duplicate(existing) },
      { index: 2, field: 'username', username: 'bad email@acme.example', reason: UDB_REASONS.userName },
      { index: 3, field: 'email', username: 'two@acme.example', reason: UDB_REASONS.email },
      {
        index: 4,
        field: 'username',
        username: 'ONE@acme.example',
        reason: UDB_REASONS.duplicateInList('ONE@acme.example'),
      },
      { index: 6, field: 'row', reason: UDB_REASONS.notObject },
      {
        index: 7,
        field: 'colour',
        username: 'four@acme.example',
        reason: UDB_REASONS.unknownField('colour'),
      },
    ]);
    const after = await list(admin);
    expect(after.total).toBe(before.total + 2);
    expect(after.users.find((u) => u.username === 'three@acme.example')?.status).toBe('disabled');
  });

  test('dry_run=true reports what would be created and refused, and writes nothing', async () => {
    const before = await list(admin);
    const r = await post(admin, `${UDB_PATHS.bulkCreate}?dry_run=true`, {
      user_list: [{ username: 'dry@acme.example' }, { username: 'bad' }],
    });
    const reply = (await r.json()) as BulkCreateReply;
    expect(reply).toMatchObject({ dry_run: true, created: 1, errors: [{ index: 1, field: 'username' }] });
    expect(await list(admin)).toEqual(before);
  });

  test(`more than ${UDB_BULK_LIMIT} rows is a 413 with a clear message, and nothing is written`, async () => {
    const before = await list(admin);
    const rows = Array.from({ length: UDB_BULK_LIMIT + 1 }, (_, i) => ({ username: `u${i}@acme.example` }));
    const r = await post(admin, UDB_PATHS.bulkCreate, { user_list: rows });
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ message: UDB_BULK_LIMIT_MSG });
    expect(await list(admin)).toEqual(before);
    const ok = await post(admin, UDB_PATHS.bulkCreate, { user_list: rows.slice(0, UDB_BULK_LIMIT) });
    expect(((await ok.json()) as BulkCreateReply).created).toBe(UDB_BULK_LIMIT);
  });

  test('bulkusermodify changes the known users and reports unknown uids; bad changes are a 400 that changes nothing', async () => {
    const [a, b] = (await list(admin)).users;
    const r = await post(
      admin,
      UDB_PATHS.bulkModify,
      { uid_list: [a.uid, 'missing', b.uid], changes: { status: 'disabled', groups: ['audit'] } },
      'PUT',
    );
    expect(await r.json()).toEqual({
      modified: 2,
      errors: [{ index: 1, uid: 'missing', field: 'uid', reason: UDB_REASONS.noSuchUser('missing') }],
    });
    const changedA = (await (await server.call(UDB_PATHS.user(a.uid), { jar: admin.jar })).json()) as EndUser;
    expect(changedA).toMatchObject({ status: 'disabled', groups: ['audit'] });
    const bad = await post(
      admin,
      UDB_PATHS.bulkModify,
      { uid_list: [a.uid], changes: { email: 'x@' } },
      'PUT',
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'changes.email' });
    const noName = await post(
      admin,
      UDB_PATHS.bulkModify,
      { uid_list: [a.uid], changes: { username: 'x@acme.example' } },
      'PUT',
    );
    expect(noName.status).toBe(400);
    expect(await (await server.call(UDB_PATHS.user(a.uid), { jar: admin.jar })).json()).toEqual(changedA);
  });

  test('a store failure in the middle of bulkusercreate rolls the call back: nothing is half-written', async () => {
    const before = await list(admin);
    const failing = failStoreCall(server, 'endUsers', 'insert', 3);
    const rows = Array.from({ length: 5 }, (_, i) => ({ username: `half${i}@acme.example` }));
    const r = await post(admin, UDB_PATHS.bulkCreate, { user_list: rows });
    failing.restore();
    expect(r.status).toBe(500);
    expect(failing.calls()).toBe(3);
    const after = await list(admin);
    expect(after).toEqual(before);
    expect(after.users.filter((u) => u.username.startsWith('half'))).toEqual([]);
  });

  test('a store failure in the middle of bulkuserdelete or bulkusermodify rolls the call back', async () => {
    const before = await list(admin);
    const uids = before.users.slice(0, 4).map((u) => u.uid);
    const failingDelete = failStoreCall(server, 'endUsers', 'delete', 3);
    const r = await post(admin, UDB_PATHS.bulkDelete, { uid_list: uids });
    failingDelete.restore();
    expect(r.status).toBe(500);
    expect(failingDelete.calls()).toBe(3);
    expect(await list(admin)).toEqual(before);

    const failingUpdate = failStoreCall(server, 'endUsers', 'update', 3);
    const m = await post(
      admin,
      UDB_PATHS.bulkModify,
      { uid_list: uids, changes: { status: 'disabled' } },
      'PUT',
    );
    failingUpdate.restore();
    expect(m.status).toBe(500);
    expect(failingUpdate.calls()).toBe(3);
    expect(await list(admin)).toEqual(before);
  });

  test('bulkuserdelete deletes the known users and reports unknown uids', async () => {
    const before = await list(admin);
    const [a, b] = before.users;
    const r = await post(admin, UDB_PATHS.bulkDelete, { uid_list: [a.uid, b.uid, 'missing'] });
    expect(await r.json()).toMatchObject({ deleted: 2, errors: [{ index: 2, uid: 'missing' }] });
    expect((await list(admin)).total).toBe(before.total - 2);
  });
});

describe('v1 domains and usernames', () => {
  serverPerBlock();

  test('domains lists the username domains; /domains/full adds the counts', async () => {
    const names = (await (await server.call(UDB_PATHS.domains, { jar: admin.jar })).json()) as string[];
    expect(names).toEqual(['acme.example', 'partners.acme.example']);
    const full = (await (await server.call(`${UDB_PATHS.domains}/full`, { jar: admin.jar })).json()) as {
      users: number;
    }[];
    expect(full.reduce((n, d) => n + d.users, 0)).toBe(DEMO_END_USERS.acme);
    expect((await server.call(`${UDB_PATHS.domains}/other`, { jar: admin.jar })).status).toBe(400);
  });

  test('usernames filters by search and honours the limit', async () => {
    const r = await server.call(`${UDB_PATHS.usernames}?search=partners&limit=3`, { jar: admin.jar });
    const names = (await r.json()) as string[];
    expect(names).toHaveLength(3);
    expect(names.every((n) => n.includes('partners'))).toBe(true);
  });
});

describe('demo seed', () => {
  serverPerBlock();

  test('restarting does not seed again, even after every end user was deleted', async () => {
    const all = await list(admin);
    await post(admin, UDB_PATHS.bulkDelete, { uid_list: all.users.map((u) => u.uid) });
    server = await server.restart();
    admin = await signIn(server, 'admin@acme.example');
    expect((await list(admin)).total).toBe(0);
  });
});

describe('contract', () => {
  serverPerBlock();

  test('OpenAPI lists every user-database path with its permission', async () => {
    const r = await server.call('/openapi.json');
    const doc = (await r.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const p of [
      '/api/udb-rest/v2/users',
      '/api/udb-rest/v2/users/{id}',
      '/api/udb-rest/v2/tenants/bulkusercreate',
      '/api/udb-rest/v2/tenants/bulkusermodify',
      '/api/udb-rest/v2/tenants/bulkuserdelete',
      '/api/udb-rest/v2/reset_password',
      '/api/udb-rest/v2/tenants',
      '/api/udb-rest/v1/usernames',
      '/api/udb-rest/v1/domains',
      '/api/udb-rest/v1/domains/{full}',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
    expect(JSON.stringify(doc.paths['/api/udb-rest/v2/users'])).toContain('settings:users:write');
  });

  test('OpenAPI shows the create body: the password and every writable user field, nothing else allowed', async () => {
    const r = await server.call('/openapi.json');
    const doc = (await r.json()) as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: unknown }> } } }>;
    };
    const schema = doc.paths['/api/udb-rest/v2/users'].post?.requestBody?.content['application/json']
      .schema as { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
    expect(Object.keys(schema.properties).sort()).toEqual(
      ['email', 'first_name', 'groups', 'last_name', 'password', 'status', 'username'].sort(),
    );
    expect(schema.required.sort()).toEqual(['password', 'username']);
    expect(schema.additionalProperties).toBe(false);
  });
});
