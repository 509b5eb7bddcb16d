/**
 * The provider's view of a tenant's revision history narrowed to a time window, as
 * docs/provider-console.md §3 describes it: `GET /gdmanage/api/v3/tenants/{tid}/revisions` with
 * `from` and `to` (ISO 8601 date-times) answers the revisions published at or after `from` and
 * before `to`, `total` counting the same window; a bad value is 400 naming the field. The
 * requests are written from that text (paths, parameter names, answer fields), over real HTTP.
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

// One server for the file: the refusals change nothing (the first test's publishes stay theirs).

interface RevisionsAnswer {
  total: number;
  limit: number;
  offset: number;
  revisions: { rev_id: number; published_at: string; published_by: string; note: string | null }[];
}

beforeAll(async () => {
  server = await startTestServer();
  accounts = await signInConsoleAccounts(server);
  const list = (await (await accounts.call('/gdmanage/api/v1/tenants?q=acme')).json()) as {
    tenants: { tid: string; name: string }[];
  };
  acme = list.tenants.find((t) => t.name === 'acme')?.tid ?? '';
  expect(acme).not.toBe('');
});
afterAll(async () => {
  await server.close();
});

const revisions = async (
  query: string,
  who: { jar: ConsoleAccounts['operator']['jar'] } = accounts.operator,
) => {
  const r = await accounts.call(`/gdmanage/api/v3/tenants/${acme}/revisions${query}`, 'GET', undefined, who);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

/** acme's administrator publishes with `comment`; answers the time the console reads for it. */
async function publishAt(comment: string, category: number): Promise<string> {
  server.clock.advance(60_000);
  await publishCategoryBlock(server, accounts.tenantAdmin.jar, comment, category);
  const page = (await revisions('?limit=1')).body as unknown as RevisionsAnswer;
  expect(page.revisions[0]!.note).toBe(comment);
  return page.revisions[0]!.published_at;
}

test("from and to narrow a tenant's revisions to those published inside, and total counts them", async () => {
  const first = await publishAt('Block gambling', 23);
  const second = await publishAt('Block games', 24);
  const third = await publishAt('Block chat', 25);
  const all = (await revisions('')).body as unknown as RevisionsAnswer;

  // [second, third): the second only; from is inclusive, to exclusive.
  const inside = await revisions(`?from=${encodeURIComponent(second)}&to=${encodeURIComponent(third)}`);
  expect(inside.status).toBe(200);
  const page = inside.body as unknown as RevisionsAnswer;
  expect(page.revisions.map((r) => r.note)).toEqual(['Block games']);
  expect(page.revisions[0]!.published_by).toBe('admin@acme.example');
  expect(page.total).toBe(1);

  // Only from: everything since, newest first; only to: everything before.
  const since = (await revisions(`?from=${encodeURIComponent(second)}`)).body as unknown as RevisionsAnswer;
  expect(since.revisions.map((r) => r.note)).toEqual(['Block chat', 'Block games']);
  expect(since.total).toBe(2);
  const before = (await revisions(`?to=${encodeURIComponent(second)}`)).body as unknown as RevisionsAnswer;
  expect(before.revisions.map((r) => r.note)).toContain('Block gambling');
  expect(before.total).toBe(all.total - 2);

  // Another offset than UTC names the same moment.
  const local = new Date(Date.parse(first) + 3_600_000).toISOString().replace('Z', '+01:00');
  const fromLocal = (await revisions(`?from=${encodeURIComponent(local)}`))
    .body as unknown as RevisionsAnswer;
  expect(fromLocal.revisions.map((r) => r.note)).toEqual(['Block chat', 'Block games', 'Block gambling']);

  // Nothing inside: no rows, total 0; limit and offset page within the window (v1 answers the same).
  const empty = (await revisions('?from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z'))
    .body as unknown as RevisionsAnswer;
  expect(empty).toMatchObject({ total: 0, revisions: [] });
  const v1 = await accounts.call(
    `/gdmanage/api/v1/tenants/${acme}/revisions?from=${encodeURIComponent(first)}&limit=1&offset=1`,
  );
  const paged = (await v1.json()) as RevisionsAnswer;
  expect(paged).toMatchObject({ total: 3, limit: 1, offset: 1 });
  expect(paged.revisions.map((r) => r.note)).toEqual(['Block games']);

  // Support reads the same window.
  const bySupport = await revisions(`?from=${encodeURIComponent(second)}`, accounts.support);
  expect(bySupport.status).toBe(200);
  expect((bySupport.body as unknown as RevisionsAnswer).total).toBe(2);
});

test.each([
  ['from', '?from=yesterday'],
  ['to', '?to=2026-13-40T00:00:00Z'],
  ['from', '?from=2026-11-29'],
  ['to', '?from=2026-11-29T12:00:00Z&to=2026-11-29T12:00:00Z'],
  ['to', '?from=2026-11-29T12:00:00Z&to=2026-11-29T11:00:00Z'],
])('400 naming %s for %s', async (field, query) => {
  const r = await revisions(query);
  expect(r.status).toBe(400);
  expect(r.body.field).toBe(field);
});
