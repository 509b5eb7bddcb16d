/**
 * The provider's diff of two of a tenant's revisions, as docs/provider-console.md §3 describes it:
 * `GET /gdmanage/api/v1/tenants/{tid}/revisions/diff?from=&to=` answers `{from, to, kinds}` as the
 * tenant's own `GET /api/policy/v1/revisions/diff` does, every kind included; read with the
 * tenant reads (operators and support); 400 naming `from` or `to`; 404 for an unknown tenant or a
 * revision the tenant does not have. The requests are written from that text, over real HTTP.
 */
import {
  signInConsoleAccounts,
  startTestServer,
  type ConsoleAccounts,
  type TestServer,
} from '../testing/testServer';
import { publishCategoryBlock } from '../testing/publishRule';

let server: TestServer;
let accounts: ConsoleAccounts;
let acme: string;
/** The revision the file's publish made. */
let published: number;

// One server for the file: the publish is made once, and every other request only reads.

interface DiffAnswer {
  from: number;
  to: number;
  kinds: { kind: string; title: string; changes: Record<string, unknown>[] }[];
}

const diffPath = (tid: string, query: string) => `/gdmanage/api/v1/tenants/${tid}/revisions/diff${query}`;

beforeAll(async () => {
  server = await startTestServer();
  accounts = await signInConsoleAccounts(server);
  const list = (await (await accounts.call('/gdmanage/api/v1/tenants?q=acme')).json()) as {
    tenants: { tid: string; name: string }[];
  };
  acme = list.tenants.find((t) => t.name === 'acme')?.tid ?? '';
  expect(acme).not.toBe('');
  await publishCategoryBlock(server, accounts.tenantAdmin.jar, 'Block travel', 9);
  const page = (await (await accounts.call(`/gdmanage/api/v3/tenants/${acme}/revisions?limit=1`)).json()) as {
    revisions: { rev_id: number; note: string | null }[];
  };
  expect(page.revisions[0]!.note).toBe('Block travel');
  published = page.revisions[0]!.rev_id;
});
afterAll(async () => {
  await server.close();
});

test("the operator and support read what a revision changed, as the tenant's own diff answers it", async () => {
  const query = `?from=${published - 1}&to=${published}`;
  const r = await accounts.call(diffPath(acme, query));
  expect(r.status).toBe(200);
  const answer = (await r.json()) as DiffAnswer;
  expect(answer.from).toBe(published - 1);
  expect(answer.to).toBe(published);
  const cats = answer.kinds.find((k) => k.kind === 'cats');
  expect(cats?.changes).toContainEqual(expect.objectContaining({ op: 'added' }));
  expect(JSON.stringify(cats?.changes)).toContain('"category_id":9');

  // The tenant's administrator (who reads every kind) gets the same answer from the portal's route.
  const own = await server.call(`/api/policy/v1/revisions/diff${query}`, { jar: accounts.tenantAdmin.jar });
  expect(own.status).toBe(200);
  expect(await own.json()).toEqual(answer);

  // Support reads it too; the other direction reads the change undone; a revision against itself is empty.
  const bySupport = await accounts.call(diffPath(acme, query), 'GET', undefined, accounts.support);
  expect(bySupport.status).toBe(200);
  expect(await bySupport.json()).toEqual(answer);
  const back = (await (
    await accounts.call(diffPath(acme, `?from=${published}&to=${published - 1}`))
  ).json()) as DiffAnswer;
  expect(back.kinds.find((k) => k.kind === 'cats')?.changes).toContainEqual(
    expect.objectContaining({ op: 'removed' }),
  );
  const same = (await (
    await accounts.call(diffPath(acme, `?from=${published}&to=${published}`))
  ).json()) as DiffAnswer;
  expect(same).toEqual({ from: published, to: published, kinds: [] });
});

test.each([
  ['from', '?to=2'],
  ['to', '?from=1'],
  ['from', '?from=0&to=2'],
  ['from', '?from=one&to=2'],
  ['to', '?from=1&to=2.5'],
  ['to', '?from=1&to=-3'],
])('400 naming %s for %s', async (field, query) => {
  const r = await accounts.call(diffPath(acme, query));
  expect(r.status).toBe(400);
  expect(((await r.json()) as { field?: string }).field).toBe(field);
});

test('404 for an unknown tenant and for a revision the tenant does not have', async () => {
  const tenant = await accounts.call(diffPath('no-such-tenant', '?from=1&to=2'));
  expect(tenant.status).toBe(404);
  const rev = await accounts.call(diffPath(acme, `?from=1&to=${published + 50}`));
  expect(rev.status).toBe(404);
  expect(((await rev.json()) as { message: string }).message).toBe(
    `Revision ${published + 50} does not exist.`,
  );
});

test("a tenant's session is refused, and nobody signed in is", async () => {
  const asTenant = await accounts.call(
    diffPath(acme, '?from=1&to=2'),
    'GET',
    undefined,
    accounts.tenantAdmin,
  );
  expect([401, 403]).toContain(asTenant.status);
  const anonymous = await server.call(diffPath(acme, '?from=1&to=2'));
  expect(anonymous.status).toBe(401);
});
