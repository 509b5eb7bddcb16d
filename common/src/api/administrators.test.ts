import MockAdapter from 'axios-mock-adapter';
import { ADMIN_PATHS, RBAC_PATHS, type Administrator, type Role } from './contract/administrators';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import {
  assignRole,
  copyRole,
  createAdministrator,
  deleteAdministrator,
  deleteRole,
  listAdministrators,
  listRoleAssignments,
  listRoles,
  resetAdministratorMfa,
  resetAdministratorPassword,
  saveRole,
  setAdministratorStatus,
  unlockAdministrator,
} from './administrators';

const admin: Administrator = {
  uid: 'u 1',
  username: 'ada@acme.example',
  first_name: 'Ada',
  last_name: 'Admin',
  role: 'admin',
  status: 'active',
  locked: false,
  show_change_password: false,
  mfa_enrolled_since: null,
};
const role: Role = {
  name: 'Web logs/reader',
  description: '',
  read: ['logs:web'],
  write: [],
  builtin: false,
  holders: [],
  updated_at: null,
};

describe('administrator and role calls (docs/administrators.md)', () => {
  test('list_users and the administrator writes: paths (uids encoded), bodies and answers', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onGet(ADMIN_PATHS.list).reply(200, { users: [admin] });
    mock.onPost(ADMIN_PATHS.create).reply(201, { user: admin, password: 'once' });
    mock.onPost().reply(200, { user: admin, password: 'again' });
    mock.onPut().reply(200, { ...admin, status: 'disabled' });
    mock.onDelete().reply(204);
    expect(ADMIN_PATHS.list).toBe('/api/auth/v1/list_users');
    expect(await listAdministrators(http)).toEqual([admin]);
    const body = { username: 'ada@acme.example', first_name: 'Ada', last_name: 'Admin', role: 'admin' };
    expect(await createAdministrator(http, body)).toEqual({ user: admin, password: 'once' });
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual(body);
    expect((await resetAdministratorPassword(http, 'u 1')).password).toBe('again');
    expect((await setAdministratorStatus(http, 'u 1', 'disabled')).status).toBe('disabled');
    await unlockAdministrator(http, 'u 1');
    await resetAdministratorMfa(http, 'u 1');
    await deleteAdministrator(http, 'u 1');
    expect(mock.history.post.map((c) => c.url)).toEqual([
      '/api/auth/v1/users',
      '/api/auth/v1/users/u%201/reset_password',
      '/api/auth/v1/users/u%201/unlock',
      '/api/auth/v1/mfa/users/u%201/reset',
    ]);
    expect(mock.history.put[0]).toMatchObject({
      url: '/api/auth/v1/users/u%201/status',
      data: '{"status":"disabled"}',
    });
    expect(mock.history.delete[0].url).toBe('/api/auth/v1/users/u%201');
  });

  test('policy v1 and v2 rbac: assign, list, save, copy (a new role with the lists), delete (the name encoded)', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onGet(RBAC_PATHS.v1).reply(200, { enforced: true, accounts: [] });
    mock.onPost(RBAC_PATHS.v1).reply(200, { uid: 'u1', username: 'a', role: 'logs', read: [], write: [] });
    mock.onGet(RBAC_PATHS.v2).reply(200, { enforced: true, roles: [role] });
    mock.onPost(RBAC_PATHS.v2).reply(201, role);
    mock.onDelete().reply(204);
    expect(await listRoleAssignments(http)).toEqual({ enforced: true, accounts: [] });
    expect((await assignRole(http, 'u1', 'logs')).role).toBe('logs');
    expect((await listRoles(http)).roles).toEqual([role]);
    await saveRole(http, { name: 'x', description: '', read: [], write: [], create: false });
    await copyRole(http, { description: 'Reads', read: ['logs:*'], write: [] }, 'Copy of logs');
    await deleteRole(http, 'Web logs/reader');
    expect(mock.history.post.map((c) => JSON.parse(c.data as string) as unknown)).toEqual([
      { uid: 'u1', role: 'logs' },
      { name: 'x', description: '', read: [], write: [], create: false },
      { name: 'Copy of logs', description: 'Reads', read: ['logs:*'], write: [], create: true },
    ]);
    expect(mock.history.delete[0].url).toBe('/api/policy/v2/rbac/Web%20logs%2Freader');
  });
});
