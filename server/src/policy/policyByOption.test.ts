/**
 * Policy by option (docs/policy.md §5): /api/policy/v{1|3}/rules/{categories|risks|bnb|exceptions}/{id}
 * read (with timestamp) and save (with the policy save body) the document of the option's kind at
 * revision {id}, through real HTTP: the same document as the kind's own path, the same checks
 * (400 naming the field, nothing changed), the same permissions.
 */
import { POLICY_BY_OPTION_ROUTES } from '@workbench/common/api/contract/policyOptions';
import { policyDocPath } from '@workbench/common/api/contract/policyKinds';
import { POLICY_KIND_EXAMPLES } from '@workbench/common/testing/policyKindExamples';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: 'new' | 'staged';
  updated_at: string;
}

let server: TestServer;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  logs = await signIn(server, 'logs@acme.example');
});
afterAll(async () => {
  await server.close();
});

const revision = async (): Promise<Rev> =>
  (await (await server.call('/api/policy/v1/rules', { jar: admin.jar })).json()) as Rev;
const get = async (who: SignedIn, path: string) => {
  const r = await server.call(`${path}?timestamp=${Date.now()}`, { jar: who.jar });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};
const put = (who: SignedIn, path: string, rev: Rev, data: unknown) =>
  server.call(path, {
    method: 'PUT',
    jar: who.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data },
  });

test('the option paths the kinds do not already serve, v1 and v3', () => {
  expect(POLICY_BY_OPTION_ROUTES.map((r) => r.path).sort()).toEqual([
    '/api/policy/v1/rules/bnb/{rev}',
    '/api/policy/v1/rules/categories/{rev}',
    '/api/policy/v1/rules/exceptions/{rev}',
    '/api/policy/v3/rules/categories/{rev}',
    '/api/policy/v3/rules/exceptions/{rev}',
    '/api/policy/v3/rules/risks/{rev}',
  ]);
});

test.each(POLICY_BY_OPTION_ROUTES.map((r) => [r.path, r] as const))(
  '%s reads the same document as its kind, and lists in /openapi.json',
  async (_path, route) => {
    const rev = await revision();
    const at = route.path.replace('{rev}', String(rev.staged_rev_id));
    expect(await get(auditor, at)).toEqual(await get(auditor, policyDocPath(route.kind, rev.staged_rev_id)));
    const spec = (await (await server.call('/openapi.json')).json()) as { paths: Record<string, object> };
    expect(Object.keys(spec.paths[route.path] ?? {}).sort()).toEqual(['get', 'put']);
  },
);

test('a save at exceptions/{id} stages the web rules; a bad one is 400 naming the field and changes nothing', async () => {
  const before = await revision();
  const data = POLICY_KIND_EXAMPLES['web/exceptions'].valid;
  const saved = await put(admin, `/api/policy/v3/rules/exceptions/${before.staged_rev_id}`, before, data);
  expect(saved.status).toBe(200);
  const after = (await saved.json()) as Rev;
  expect(after.state).toBe('staged');
  const read = await get(admin, `/api/policy/v1/rules/exceptions/${after.staged_rev_id}`);
  expect(read.body.list).toEqual(data.list);
  expect(await get(admin, policyDocPath('web/exceptions', after.staged_rev_id))).toEqual(read);

  const bad = {
    ...data,
    list: [{ ...data.list[0], conditions: { dest_ips: ['203.0.113.0/24', '10.0.0.0/33'] } }],
  };
  const refused = await put(admin, `/api/policy/v1/rules/exceptions/${after.staged_rev_id}`, after, bad);
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ field: 'data.list.0.conditions.dest_ips.1' });
  expect(await get(admin, `/api/policy/v1/rules/exceptions/${after.staged_rev_id}`)).toEqual(read);
  expect(await revision()).toEqual(after);
});

test('permissions: the logs-only role may not read; the read-only auditor may not save', async () => {
  const rev = await revision();
  const at = `/api/policy/v1/rules/categories/${rev.staged_rev_id}`;
  expect((await get(logs, at)).status).toBe(403);
  const cats = (await get(admin, at)).body;
  const { rev_id: _rev, ...data } = cats;
  expect((await put(auditor, at, rev, data)).status).toBe(403);
  expect(await revision()).toEqual(rev);
  // Saved by a writer, it is the cats document.
  expect((await put(admin, at, rev, data)).status).toBe(200);
});
