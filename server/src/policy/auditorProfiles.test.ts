/**
 * The auditor profiles, the attachment password and the CASB DLP rules variant (issue 13;
 * docs/policy.md §10 GET and PUT /auditor_profiles/{default|list|file_password}, GET
 * /dlp/file_password; docs/policy.md §6 GET /api/policy/v3/casb/dlp/rules/{rev}) through real
 * HTTP: no session is 401, each tenant reads its own staged documents only, bodies are strict.
 */
import { signIn, startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server.close();
});

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: string;
  updated_at: string;
}

const LIST = '/api/policy/v1/auditor_profiles/list';
const PASSWORD = '/api/policy/v1/auditor_profiles/file_password';

test('no session: every call is 401', async () => {
  for (const path of [
    LIST,
    PASSWORD,
    '/api/policy/v1/auditor_profiles/default',
    '/api/policy/v1/dlp/file_password',
  ])
    expect([path, (await server.call(path)).status]).toEqual([path, 401]);
  expect((await server.call('/api/policy/v3/casb/dlp/rules/1')).status).toBe(401);
  expect((await server.call(LIST, { method: 'PUT', body: { data: { list: [] } } })).status).toBe(401);
});

test("a save goes into the tenant's staged revision; another tenant reads its own; unknown fields are 400", async () => {
  const acme = await signIn(server, 'admin@acme.example');
  const globex = await signIn(server, 'admin@globex.example');
  const rev = (await (await server.call('/api/policy/v1/rules', { jar: acme.jar })).json()) as Rev;
  const body = (data: unknown) => ({
    rev_id: rev.rev_id,
    state: rev.state,
    updated_at: rev.updated_at,
    data,
  });

  const strict = await server.call(PASSWORD, {
    method: 'PUT',
    jar: acme.jar,
    body: body({ enabled: true, password: 'Zip-me-2026!', plain: true }),
  });
  expect(strict.status).toBe(400);
  const saved = await server.call(PASSWORD, {
    method: 'PUT',
    jar: acme.jar,
    body: body({ enabled: true, password: 'Zip-me-2026!' }),
  });
  expect(saved.status).toBe(200);

  expect(await (await server.call(PASSWORD, { jar: acme.jar })).json()).toEqual(
    expect.objectContaining({ enabled: true, password: 'Zip-me-2026!' }),
  );
  expect(await (await server.call(PASSWORD, { jar: globex.jar })).json()).toEqual(
    expect.objectContaining({ enabled: false, password: '' }),
  );
});

test('the CASB variant answers the enabled DLP rules of the revision, in order', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const rev = (await (await server.call('/api/policy/v1/rules', { jar: admin.jar })).json()) as Rev;
  const rule = (id: string, enabled: boolean) => ({
    id,
    name: `Rule ${id}`,
    enabled,
    conditions: {},
    direction: 'uploads',
    action: 'block',
    dictionaries: ['cards'],
    logic: 'or',
    auditors: [],
    resources: [],
    notify_user: false,
  });
  const put = await server.call(`/api/policy/v1/rules/dlp/${rev.staged_rev_id}`, {
    method: 'PUT',
    jar: admin.jar,
    body: {
      rev_id: rev.rev_id,
      state: rev.state,
      updated_at: rev.updated_at,
      data: { dlp: { rules: [rule('a', true), rule('b', false), rule('c', true)] } },
    },
  });
  expect(put.status).toBe(200);
  const staged = ((await put.json()) as Rev).staged_rev_id;
  const casb = (await (
    await server.call(`/api/policy/v3/casb/dlp/rules/${staged}`, { jar: admin.jar })
  ).json()) as {
    rules: Array<{ id: string }>;
  };
  expect(casb.rules.map((r) => r.id)).toEqual(['a', 'c']);
});
