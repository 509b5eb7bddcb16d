/** portal-core §7 Auth and User database; api-client-layer §7 Appliance authentication. */
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { expectFields, expectRefused, expectUnknownParameterRefused, ok, type Suite } from '../checks';
import { acl, core, type SpecEndpoint } from '../endpointTypes';
import { USER_ID_COOKIE } from '../specClient';
import { AUTH_PARAMS_FIELDS, USER_SESSION_INFO_FIELDS } from '../specShapes';

const AUTH = 'portal-core §7 Auth';
const UDB = 'portal-core §7 User database';
const APPLIANCE = 'api-client-layer §7 Appliance authentication';

/** A new end user through the spec's create call; answers its uid. */
async function createEndUser(suite: Suite, username: string): Promise<string> {
  const user = ok(
    await suite.tenant.post(
      '/api/udb-rest/v2/users',
      { password: 'SpecSuitePassword1', username, first_name: 'Spec', last_name: 'Suite' },
      { limit: 1 },
    ),
  );
  expect(user.uid).toEqual(expect.any(String));
  return user.uid as string;
}

/** A session that signs out: the logout answers text and the session is gone. */
async function checkLogout(suite: Suite, path: string, userinfo: string): Promise<void> {
  const session = await suite.signInTenant('auditor@acme.example');
  const answer = await session.get(path);
  expect(answer.status).toBe(200);
  expect(answer.contentType).toMatch(/^text\/plain/);
  expect((await session.get(userinfo)).status).toBe(401);
}

export const AUTH_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: AUTH,
    method: 'POST',
    path: '/api/auth/v1/auth_params',
    sources: [core('§7 Auth', 'POST /api/auth/v1/auth_params, payload: optional force_udb.')],
    check: async (suite) => {
      const anonymous = suite.anonymous('tenant');
      for (const body of [{}, { force_udb: true }])
        expectFields(ok(await anonymous.post('/api/auth/v1/auth_params', body)), AUTH_PARAMS_FIELDS);
    },
  },
  {
    family: AUTH,
    method: 'POST',
    path: '/api/auth/v1/login',
    sources: [
      core('§7 Auth', 'POST /api/auth/v1/login, payload: username, password (cloud).'),
      core('§4 Session', 'Login sets the user-id cookie, then loads the session.'),
    ],
    silent: ['wire-xsrf'],
    check: async (suite) => {
      const session = await suite.signInTenant('logs@acme.example');
      expect(session.cookies.get(USER_ID_COOKIE)).toEqual(expect.any(String));
    },
  },
  {
    family: AUTH,
    method: 'GET',
    path: '/api/auth/v1/logout',
    sources: [core('§7 Auth', 'GET /api/auth/v1/logout (text reply).')],
    check: (suite) => checkLogout(suite, '/api/auth/v1/logout', '/api/userinfo'),
  },
  {
    family: AUTH,
    method: 'POST',
    path: '/api/auth/v1/cookie_refresh',
    sources: [core('§7 Auth', 'POST /api/auth/v1/cookie_refresh.')],
    check: async (suite) => {
      ok(await suite.tenant.post('/api/auth/v1/cookie_refresh'));
    },
  },
  {
    family: AUTH,
    method: 'GET',
    path: '/api/auth/v1/list_users',
    sources: [core('§7 Auth', 'GET /api/auth/v1/list_users.')],
    silent: ['list-users'],
    check: async (suite) => {
      const users = ok(await suite.tenant.get('/api/auth/v1/list_users')).users as Record<string, unknown>[];
      const admin = users.find((u) => u.username === 'admin@acme.example');
      expectFields(admin, [
        'uid',
        'first_name',
        'last_name',
        'role',
        'status',
        'locked',
        'mfa_enrolled_since',
      ]);
      expect(admin).toMatchObject({ role: 'admin', status: 'active' });
    },
  },
  {
    family: AUTH,
    method: 'GET',
    path: '/api/auth/v1/mfa/users',
    sources: [core('§7 Auth', 'GET /api/auth/v1/mfa/users.')],
    check: async (suite) => {
      ok(await suite.tenant.get('/api/auth/v1/mfa/users'));
    },
  },
  {
    family: AUTH,
    method: 'GET',
    path: '/api/userinfo',
    sources: [
      core('§7 Auth', 'GET /api/userinfo.'),
      core(
        '§3 User session info',
        'uid, first_name, last_name, tenant_name, tid, capabilities (a map of feature flags), roles (with read and write lists, turned into permissions of the form item:read and item:write), portal_v2, appliance_manager_ui_v2, status_ui_v2, show_change_password, uid_hash.',
      ),
    ],
    check: async (suite) => {
      const info = ok(await suite.tenant.get('/api/userinfo'));
      expectFields(info, [...USER_SESSION_INFO_FIELDS, 'roles.read', 'roles.write']);
      expect(Array.isArray((info.roles as { read: unknown }).read)).toBe(true);
      expect(typeof info.capabilities).toBe('object');
    },
  },
  {
    family: AUTH,
    method: 'GET',
    path: '/api/userinfo/v2',
    sources: [
      acl('§7 Policy reads and saves', 'GET /api/userinfo/v2.'),
      core('§7 Auth', 'The cloud uses an encrypted user-info v2 call whose path is not shown.'),
    ],
    silent: ['userinfo-v2', 'error-field'],
    check: async (suite) => {
      const { publicKey, privateKey } = await generateKeyPair('ECDH-ES', { crv: 'P-256' });
      const key = Buffer.from(JSON.stringify(await exportJWK(publicKey))).toString('base64url');
      const { jwe } = ok(await suite.tenant.get('/api/userinfo/v2', { key })) as { jwe: string };
      const { plaintext, protectedHeader } = await compactDecrypt(jwe, privateKey);
      expect(protectedHeader).toMatchObject({ alg: 'ECDH-ES', enc: 'A256GCM' });
      const info = JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, unknown>;
      expectFields(info, [...USER_SESSION_INFO_FIELDS, 'roles.read', 'roles.write']);
      expect(info).toEqual(ok(await suite.tenant.get('/api/userinfo')));
      expectRefused(await suite.tenant.get('/api/userinfo/v2'), 'key');
    },
  },

  // api-client-layer §7 Appliance authentication (the on-prem dashboard-API calls of portal-core §7 Auth)
  {
    family: APPLIANCE,
    method: 'POST',
    path: '/api/v1/login',
    sources: [acl('§7 Appliance authentication', 'POST /api/v1/login {username, password}')],
    check: async (suite) => {
      const client = suite.anonymous('tenant');
      ok(await client.post('/api/v1/login', { username: 'logs@acme.example', password: suite.password }));
      ok(await client.get('/api/v1/userinfo'));
    },
  },
  {
    family: APPLIANCE,
    method: 'GET',
    path: '/api/v1/logout',
    sources: [acl('§7 Appliance authentication', 'GET /api/v1/logout')],
    check: (suite) => checkLogout(suite, '/api/v1/logout', '/api/v1/userinfo'),
  },
  {
    family: APPLIANCE,
    method: 'GET',
    path: '/api/v1/userinfo',
    sources: [acl('§7 Appliance authentication', 'GET /api/v1/userinfo')],
    check: async (suite) => {
      expectFields(ok(await suite.tenant.get('/api/v1/userinfo')), USER_SESSION_INFO_FIELDS);
    },
  },
  {
    family: APPLIANCE,
    method: 'PUT',
    path: '/api/v1/dashboard/appliance_manager_version',
    sources: [acl('§7 Appliance authentication', 'PUT /api/v1/dashboard/appliance_manager_version')],
  },
  {
    family: APPLIANCE,
    method: 'GET',
    path: '/api/v1/cookie_refresh',
    sources: [acl('§7 Appliance authentication', 'GET /api/v1/cookie_refresh')],
    check: async (suite) => {
      ok(await suite.tenant.get('/api/v1/cookie_refresh'));
    },
  },

  // portal-core §7 User database
  {
    family: UDB,
    method: 'GET',
    path: '/api/udb-rest/v1/domains/:full?',
    sources: [
      core('§7 User database', 'GET /api/udb-rest/v1/domains/:full? and GET /api/udb-rest/v1/usernames.'),
    ],
    check: async (suite) => {
      ok(await suite.tenant.get('/api/udb-rest/v1/domains'));
      ok(await suite.tenant.get('/api/udb-rest/v1/domains/full'));
    },
  },
  {
    family: UDB,
    method: 'GET',
    path: '/api/udb-rest/v1/usernames',
    sources: [
      core('§7 User database', 'GET /api/udb-rest/v1/domains/:full? and GET /api/udb-rest/v1/usernames.'),
    ],
    check: async (suite) => {
      expect(Array.isArray(ok(await suite.tenant.get('/api/udb-rest/v1/usernames')))).toBe(true);
    },
  },
  {
    family: UDB,
    method: 'GET',
    path: '/api/udb-rest/v2/users/{id}',
    sources: [
      core('§7 User database', 'GET /users/{id}?limit=1; PATCH /users/{id}?limit=1; DELETE /users/{id}'),
    ],
    silent: ['udb-user'],
    check: async (suite) => {
      const uid = await createEndUser(suite, 'spec-get@acme.example');
      const user = ok(await suite.tenant.get(`/api/udb-rest/v2/users/${uid}`, { limit: 1 }));
      expect(user).toMatchObject({ uid, username: 'spec-get@acme.example' });
    },
  },
  {
    family: UDB,
    method: 'PATCH',
    path: '/api/udb-rest/v2/users/{id}',
    sources: [
      core('§7 User database', 'GET /users/{id}?limit=1; PATCH /users/{id}?limit=1; DELETE /users/{id}'),
    ],
    silent: ['udb-user'],
    check: async (suite) => {
      const uid = await createEndUser(suite, 'spec-patch@acme.example');
      const user = ok(
        await suite.tenant.patch(`/api/udb-rest/v2/users/${uid}`, { first_name: 'Patched' }, { limit: 1 }),
      );
      expect(user).toMatchObject({ uid, first_name: 'Patched' });
    },
  },
  {
    family: UDB,
    method: 'DELETE',
    path: '/api/udb-rest/v2/users/{id}',
    sources: [
      core('§7 User database', 'GET /users/{id}?limit=1; PATCH /users/{id}?limit=1; DELETE /users/{id}'),
    ],
    check: async (suite) => {
      const uid = await createEndUser(suite, 'spec-delete@acme.example');
      expect((await suite.tenant.delete(`/api/udb-rest/v2/users/${uid}`)).status).toBeLessThan(300);
      expect((await suite.tenant.get(`/api/udb-rest/v2/users/${uid}`, { limit: 1 })).status).toBe(404);
    },
  },
  {
    family: UDB,
    method: 'POST',
    path: '/api/udb-rest/v2/users',
    sources: [core('§7 User database', 'POST /users?limit=1 with password plus user fields; GET /users')],
    silent: ['udb-user'],
    check: async (suite) => {
      await createEndUser(suite, 'spec-create@acme.example');
      const refused = await suite.tenant.post(
        '/api/udb-rest/v2/users',
        { username: 'spec-nopassword@acme.example' },
        { limit: 1 },
      );
      expectRefused(refused, 'password');
    },
  },
  {
    family: UDB,
    method: 'GET',
    path: '/api/udb-rest/v2/users',
    sources: [core('§7 User database', 'POST /users?limit=1 with password plus user fields; GET /users')],
    silent: ['udb-user', 'unknown-parameter'],
    check: async (suite) => {
      const page = ok(await suite.tenant.get('/api/udb-rest/v2/users'));
      expect(Array.isArray(page.users)).toBe(true);
      await expectUnknownParameterRefused(suite.tenant, '/api/udb-rest/v2/users');
    },
  },
  {
    family: UDB,
    method: 'PUT',
    path: '/api/udb-rest/v2/tenants/bulkusermodify',
    sources: [core('§7 User database', 'PUT /tenants/bulkusermodify with uid_list plus changes')],
    silent: ['udb-user'],
    check: async (suite) => {
      const uid = await createEndUser(suite, 'spec-bulkmodify@acme.example');
      ok(
        await suite.tenant.put('/api/udb-rest/v2/tenants/bulkusermodify', {
          uid_list: [uid],
          changes: { last_name: 'Modified' },
        }),
      );
      expect(ok(await suite.tenant.get(`/api/udb-rest/v2/users/${uid}`, { limit: 1 })).last_name).toBe(
        'Modified',
      );
    },
  },
  {
    family: UDB,
    method: 'POST',
    path: '/api/udb-rest/v2/tenants/bulkuserdelete',
    sources: [core('§7 User database', 'POST /tenants/bulkuserdelete with uid_list')],
    check: async (suite) => {
      const uid = await createEndUser(suite, 'spec-bulkdelete@acme.example');
      ok(await suite.tenant.post('/api/udb-rest/v2/tenants/bulkuserdelete', { uid_list: [uid] }));
      expect((await suite.tenant.get(`/api/udb-rest/v2/users/${uid}`, { limit: 1 })).status).toBe(404);
    },
  },
  {
    family: UDB,
    method: 'POST',
    path: '/api/udb-rest/v2/tenants/bulkusercreate',
    sources: [core('§7 User database', 'POST /tenants/bulkusercreate with user_list')],
    silent: ['udb-user'],
    check: async (suite) => {
      ok(
        await suite.tenant.post('/api/udb-rest/v2/tenants/bulkusercreate', {
          user_list: [{ username: 'spec-bulkcreate@acme.example', password: 'SpecSuitePassword1' }],
        }),
      );
      const found = ok(await suite.tenant.get('/api/udb-rest/v2/users', { search: 'spec-bulkcreate' }));
      expect(found.users).toEqual([expect.objectContaining({ username: 'spec-bulkcreate@acme.example' })]);
    },
  },
  {
    family: UDB,
    method: 'POST',
    path: '/api/udb-rest/v2/reset_password',
    sources: [core('§7 User database', 'POST /reset_password with username')],
    check: async (suite) => {
      await createEndUser(suite, 'spec-reset@acme.example');
      ok(await suite.tenant.post('/api/udb-rest/v2/reset_password', { username: 'spec-reset@acme.example' }));
    },
  },
  {
    family: UDB,
    method: 'GET',
    path: '/api/udb-rest/v2/tenants',
    sources: [core('§7 User database', 'GET /tenants')],
    check: async (suite) => {
      ok(await suite.tenant.get('/api/udb-rest/v2/tenants'));
    },
  },
];
