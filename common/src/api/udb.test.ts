import MockAdapter from 'axios-mock-adapter';
import { UDB_PATHS } from './contract/udb';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import {
  bulkCreateUsers,
  bulkDeleteUsers,
  bulkModifyUsers,
  createUser,
  deleteUser,
  listDomainCounts,
  listUsers,
  resetUserPassword,
  updateUser,
} from './udb';

describe('user database calls (docs/sessions.md §9 User database)', () => {
  test('users: GET /users with the query; POST /users?limit=1 with password plus user fields; PATCH and DELETE /users/{id}', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onAny().reply(200, { total: 0, users: [] });
    await listUsers(http, { search: 'ann', sort: 'username', order: 'desc', limit: 25, offset: 50 });
    await createUser(http, { password: 'Secret-pass1', username: 'a@b.example' });
    await updateUser(http, 'u 1', { status: 'disabled' });
    await deleteUser(http, 'u1');
    expect(mock.history.get[0]).toMatchObject({
      url: UDB_PATHS.users,
      params: { search: 'ann', sort: 'username', order: 'desc', limit: 25, offset: 50 },
    });
    expect(mock.history.post[0]).toMatchObject({ url: UDB_PATHS.users, params: { limit: 1 } });
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({
      password: 'Secret-pass1',
      username: 'a@b.example',
    });
    expect(mock.history.patch[0]).toMatchObject({
      url: '/api/udb-rest/v2/users/u%201',
      params: { limit: 1 },
    });
    expect(mock.history.delete[0].url).toBe('/api/udb-rest/v2/users/u1');
  });

  test('bulk calls: PUT bulkusermodify with uid_list plus changes, POST bulkuserdelete with uid_list, POST bulkusercreate with user_list (dry run as a flag)', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onAny().reply(200, {});
    await bulkModifyUsers(http, ['a', 'b'], { status: 'active' });
    await bulkDeleteUsers(http, ['a']);
    await bulkCreateUsers(http, [{ username: 'x@y.example' }], { dryRun: true });
    await resetUserPassword(http, 'x@y.example');
    await listDomainCounts(http);
    expect(mock.history.put[0].url).toBe(UDB_PATHS.bulkModify);
    expect(JSON.parse(mock.history.put[0].data as string)).toEqual({
      uid_list: ['a', 'b'],
      changes: { status: 'active' },
    });
    expect(mock.history.post.map((r) => [r.url, JSON.parse(r.data as string), r.params])).toEqual([
      [UDB_PATHS.bulkDelete, { uid_list: ['a'] }, undefined],
      [UDB_PATHS.bulkCreate, { user_list: [{ username: 'x@y.example' }] }, { dry_run: true }],
      [UDB_PATHS.resetPassword, { username: 'x@y.example' }, undefined],
    ]);
    expect(mock.history.get[0].url).toBe('/api/udb-rest/v1/domains/full');
  });
});
