/**
 * What the portal's API modules send, family by family, against the spec's literal shapes
 * (conformance/specShapes.ts, written from the text of the product's requirement documents, never from
 * our contract): the requests are recorded at the axios boundary and compared with the spec's
 * method, path, parameters and body fields (issue 30). The server side of the same shapes is the
 * conformance suite (server/src/conformance).
 */
import MockAdapter from 'axios-mock-adapter';
import {
  AUTH_PARAMS_BODY,
  DEFAULT_REPORT_LIMIT,
  LOG_BLOCK_SIZE,
  LOG_TYPES,
  LOGIN_BODY,
  POLICY_SAVE_FIELDS,
  RENAME_TENANT_BODY,
  REVISIONS_PAGE_DEFAULT,
  SAVE_PAYLOAD_FIELDS,
  UDB_BODIES,
} from '../../../conformance/specShapes';
import { POLICY_KIND_REGISTRY, POLICY_KINDS, type PolicyKind } from './contract/policyKinds';
import { REPORT_QUERY_NAMES, REPORT_QUERY_REGISTRY } from './contract/reportQueries';
import { XSRF_COOKIE } from './contract/wire';
import { POLICY_KIND_EXAMPLES } from '../testing/policyKindExamples';
import { withReorderingEvents } from '../features/policy-docs/reorderingEvents';
import { createHttpClient, type HttpClient } from './http';
import { authParams, cookieRefresh, login, logout, userInfo } from './auth';
import {
  bulkCreateUsers,
  bulkDeleteUsers,
  bulkModifyUsers,
  createUser,
  deleteUser,
  getUser,
  resetUserPassword,
  updateUser,
} from './udb';
import { getPolicyDoc, getRevision, publishIfStaged, savePolicyDoc } from './policy';
import { runReportQuery } from './reports';
import { queryLogs, queryLogsNext } from './logs';
import * as provider from './provider';
import * as tenants from './providerTenants';

/** An HTTP client whose requests are recorded; `before` registers answers that win over the default. */
function recorder(
  reply: unknown = {},
  before?: (mock: MockAdapter) => void,
): { http: HttpClient; mock: MockAdapter } {
  const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
  const mock = new MockAdapter(http);
  before?.(mock);
  mock.onAny().reply(200, reply);
  return { http, mock };
}

const bodyOf = (request: { data?: unknown }): Record<string, unknown> =>
  JSON.parse(String(request.data)) as Record<string, unknown>;

/** The value at a dotted path, or undefined. */
const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
      value,
    );

const revision = {
  staged_rev_id: 8,
  rev_id: 7,
  state: 'staged' as const,
  updated_at: '2026-11-25T10:00:00.000Z',
};

describe('Auth (docs/sessions.md §8 Auth)', () => {
  test('auth_params with optional force_udb, login with username and password, logout, cookie refresh, userinfo', async () => {
    const { http, mock } = recorder({}, (m) => m.onGet('/api/auth/v1/logout').reply(200, 'OK'));
    await authParams(http);
    await authParams(http, { force_udb: true });
    await login(http, { username: 'a@acme.example', password: 'pw' });
    await logout(http);
    await cookieRefresh(http);
    await userInfo(http);
    const posts = mock.history.post.map((r) => [r.url, Object.keys(bodyOf(r)).sort()]);
    expect(posts).toEqual([
      ['/api/auth/v1/auth_params', []],
      ['/api/auth/v1/auth_params', [...AUTH_PARAMS_BODY]],
      ['/api/auth/v1/login', [...LOGIN_BODY].sort()],
      ['/api/auth/v1/cookie_refresh', expect.any(Array)],
    ]);
    expect(mock.history.get.map((r) => r.url)).toEqual(['/api/auth/v1/logout', '/api/userinfo']);
  });
});

describe('User database (docs/sessions.md §9 User database)', () => {
  test('users by id with limit=1, the bulk calls with uid_list or user_list, reset_password with username', async () => {
    const { http, mock } = recorder({});
    await getUser(http, 'u1');
    await createUser(http, { password: 'Secret-pass1', username: 'a@acme.example' });
    await updateUser(http, 'u1', { first_name: 'Ann' });
    await deleteUser(http, 'u1');
    await bulkModifyUsers(http, ['u1'], { last_name: 'B' });
    await bulkDeleteUsers(http, ['u1']);
    await bulkCreateUsers(http, [{ username: 'b@acme.example', password: 'Secret-pass1' }]);
    await resetUserPassword(http, 'a@acme.example');
    const v2 = '/api/udb-rest/v2';
    const limitOne = { limit: 1 };
    expect(mock.history.get[0]).toMatchObject({ url: `${v2}/users/u1`, params: limitOne });
    expect(mock.history.post[0]).toMatchObject({ url: `${v2}/users`, params: limitOne });
    expect(bodyOf(mock.history.post[0])).toHaveProperty('password');
    expect(mock.history.patch[0]).toMatchObject({ url: `${v2}/users/u1`, params: limitOne });
    expect(mock.history.delete[0]).toMatchObject({ url: `${v2}/users/u1` });
    expect(mock.history.put[0].url).toBe(`${v2}/tenants/bulkusermodify`);
    expect(Object.keys(bodyOf(mock.history.put[0]))).toEqual(
      expect.arrayContaining([...UDB_BODIES.bulkUserModify]),
    );
    expect(mock.history.post.slice(1).map((r) => [r.url, Object.keys(bodyOf(r))])).toEqual([
      [`${v2}/tenants/bulkuserdelete`, [...UDB_BODIES.bulkUserDelete]],
      [`${v2}/tenants/bulkusercreate`, [...UDB_BODIES.bulkUserCreate]],
      [`${v2}/reset_password`, [...UDB_BODIES.resetPassword]],
    ]);
  });
});

describe('Policy (docs/policy.md §4 Policy, docs/policy.md §3 Policy revision and §4 Policy reads and saves)', () => {
  /** The policy kind the portal reads and saves at a path the spec writes. */
  const kindAt = (specPath: string): PolicyKind => {
    const kind = POLICY_KINDS.find((k) => POLICY_KIND_REGISTRY[k].path === specPath);
    if (!kind) throw new Error(`the portal has no policy document at ${specPath}`);
    return kind;
  };

  test('the revision is read with a timestamp; publishing posts only when the state is staged', async () => {
    const { http, mock } = recorder(revision);
    await getRevision(http);
    expect(mock.history.get[0]).toMatchObject({ url: '/api/policy/v1/rules' });
    expect(mock.history.get[0].params).toHaveProperty('timestamp');
    expect(await publishIfStaged(http, { ...revision, state: 'new' })).toEqual({});
    expect(mock.history.post).toHaveLength(0);
    await publishIfStaged(http, revision);
    expect(mock.history.post.map((r) => r.url)).toEqual(['/api/policy/v1/rules/8']);
  });

  test.each(Object.entries(POLICY_SAVE_FIELDS))(
    '%s: read at the staged revision with a timestamp; saved as rev_id, state, updated_at and data carrying %j',
    async (specPath, fields) => {
      const kind = kindAt(specPath);
      const { http, mock } = recorder(revision);
      const url = specPath.replace('{rev}', String(revision.staged_rev_id));
      await getPolicyDoc(http, kind, revision.staged_rev_id);
      expect(mock.history.get[0].url).toBe(url);
      expect(Object.keys(mock.history.get[0].params as object)).toEqual(['timestamp']);

      // The body the policy editors save: the document, with the moves of its list where it has them.
      const doc = POLICY_KIND_EXAMPLES[kind].valid;
      await savePolicyDoc(http, kind, revision, withReorderingEvents(kind, doc, doc) as typeof doc);
      const put = mock.history.put[0];
      expect(put.url).toBe(url);
      const body = bodyOf(put);
      expect(Object.keys(body).sort()).toEqual([...SAVE_PAYLOAD_FIELDS].sort());
      expect(body).toMatchObject({ rev_id: 7, state: 'staged', updated_at: revision.updated_at });
      expect(fields.filter((field) => at(body.data, field) === undefined)).toEqual([]);
    },
  );
});

describe('Reports (docs/reports.md §1 Reports)', () => {
  test.each(REPORT_QUERY_NAMES)(
    '%s: GET /api/rep/v1/query/{name} with start and end (unix seconds) and limit (default 50)',
    async (name) => {
      const { http, mock } = recorder({ name, rows: [] });
      const byDate = REPORT_QUERY_REGISTRY[name].dimension.kind === 'date';
      await runReportQuery(http, name, { start: 100, end: 200, ...(byDate ? { granularity: 'P2D' } : {}) });
      expect(mock.history.get[0].url).toBe(`/api/rep/v1/query/${name}`);
      expect(mock.history.get[0].params).toMatchObject({
        start: '100',
        end: '200',
        limit: String(DEFAULT_REPORT_LIMIT),
      });
    },
  );
});

describe('Logs (docs/logs.md §4 Logs)', () => {
  test.each(LOG_TYPES)(
    '%s: GET /api/rep/v1/query/{logtype}?{query}, then POST with body pagingIdentifiers, 100 at a time',
    async (logType) => {
      const paging = { cursor: 'c1', last_iteration: false };
      const { http, mock } = recorder({ events: [], pagingIdentifiers: paging });
      const query = { logType, params: { start: '1', end: '2' } };
      await queryLogs(http, query);
      await queryLogsNext(http, query, paging);
      const path = `/api/rep/v1/query/${logType}`;
      expect(mock.history.get[0]).toMatchObject({ url: path, params: { limit: String(LOG_BLOCK_SIZE) } });
      expect(mock.history.post[0]).toMatchObject({ url: path, params: { limit: String(LOG_BLOCK_SIZE) } });
      expect(bodyOf(mock.history.post[0])).toEqual({ pagingIdentifiers: paging });
    },
  );
});

describe('Provider console (docs/provider-console.md §6 Provider console)', () => {
  test('sign-in: oauth login with identity_provider and access_token, session cookie, me, extendkey, logout', async () => {
    const { http, mock } = recorder({ status: 'Success' }, (m) =>
      m.onGet('/gdmanage/api/me').reply(200, { status: 'authenticated', user: { username: 'o' } }),
    );
    await provider.oauthLogin(http, 'token-1');
    await provider.sessionCookie(http, 'Bearer k');
    await provider.me(http);
    await provider.extendKey(http);
    await provider.logout(http);
    expect(mock.history.get.map((r) => r.url)).toEqual([
      '/gdmanage/api/oauth/login',
      '/gdmanage/api/v1/session_cookie',
      '/gdmanage/api/me',
      '/gdmanage/api/v1/session/logout',
    ]);
    expect(Object.keys(mock.history.get[0].params as object).sort()).toEqual([
      'access_token',
      'identity_provider',
    ]);
    expect(mock.history.post.map((r) => r.url)).toEqual(['/gdmanage/api/v1/session/extendkey']);
  });

  test('a tenant is created with its name alone; renametenant {name}; capabilities DELETE with DryRun; revisions with limit 25 and offset 0', async () => {
    const { http, mock } = recorder({ tenant: {} });
    await tenants.createTenant(http, { name: 'Initech' });
    await tenants.tenantCommand(http, 't1', 'renametenant', { name: 'Initrode' });
    await tenants.deleteCapabilities(http, 't1', ['rbac'], true);
    await tenants.listTenantRevisions(http, 't1');
    expect(mock.history.post.map((r) => [r.url, bodyOf(r)])).toEqual([
      ['/gdmanage/api/v1/tenants', { name: 'Initech' }],
      [
        '/gdmanage/api/v1/tenants/t1/renametenant',
        Object.fromEntries(RENAME_TENANT_BODY.map((f) => [f, 'Initrode'])),
      ],
    ]);
    expect(mock.history.delete[0]).toMatchObject({ params: { DryRun: true } });
    expect(mock.history.get[0]).toMatchObject({
      url: '/gdmanage/api/v3/tenants/t1/revisions',
      params: REVISIONS_PAGE_DEFAULT,
    });
  });
});
