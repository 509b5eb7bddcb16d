/**
 * The revision history narrowed to a time window, as docs/policy.md §2 describes it: `from` and
 * `to` are ISO 8601 date-times, the revisions published at or after `from` and before `to`,
 * `total` counting the same window, and a bad value refused with 400 naming the field. The
 * requests are written from that text (paths, parameter names, answer fields), over real HTTP.
 */
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { publishCategoryBlock } from '../testing/publishRule';

let server: TestServer;
let admin: SignedIn;

beforeEach(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@acme.example');
});
afterEach(async () => {
  await server.close();
});

interface HistoryAnswer {
  total: number;
  items: { rev_id: number; published_at: string; published_by: string; comment: string | null }[];
}

const history = async (query: string) => {
  const r = await server.call(`/api/policy/v1/revisions${query}`, { jar: admin.jar });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

/** Publishes one web category rule with `comment`; answers the time it was published. */
async function publishAt(comment: string, category: number): Promise<string> {
  server.clock.advance(60_000);
  await publishCategoryBlock(server, admin.jar, comment, category);
  const page = (await history('?limit=1')).body as unknown as HistoryAnswer;
  expect(page.items[0]!.comment).toBe(comment);
  return page.items[0]!.published_at;
}

test('from and to narrow the history to the revisions published inside, and total counts them', async () => {
  const first = await publishAt('Block gambling', 23);
  const second = await publishAt('Block games', 24);
  const third = await publishAt('Block chat', 25);
  const all = (await history('')).body as unknown as HistoryAnswer;

  // [second, third): the second only; from is inclusive, to exclusive.
  const inside = await history(`?from=${encodeURIComponent(second)}&to=${encodeURIComponent(third)}`);
  expect(inside.status).toBe(200);
  const page = inside.body as unknown as HistoryAnswer;
  expect(page.items.map((i) => i.comment)).toEqual(['Block games']);
  expect(page.total).toBe(1);

  // Only from: everything since; only to: everything before.
  const since = (await history(`?from=${encodeURIComponent(second)}`)).body as unknown as HistoryAnswer;
  expect(since.items.map((i) => i.comment)).toEqual(['Block chat', 'Block games']);
  expect(since.total).toBe(2);
  const before = (await history(`?to=${encodeURIComponent(second)}`)).body as unknown as HistoryAnswer;
  expect(before.items.map((i) => i.published_at)).toEqual(
    all.items.filter((i) => i.published_at < second).map((i) => i.published_at),
  );
  expect(before.items.map((i) => i.comment)).toContain('Block gambling');
  expect(before.total).toBe(all.total - 2);

  // Another offset than UTC names the same moment.
  const ms = Date.parse(first);
  const local = new Date(ms + 3_600_000).toISOString().replace('Z', '+01:00');
  const fromLocal = (await history(`?from=${encodeURIComponent(local)}`)).body as unknown as HistoryAnswer;
  expect(fromLocal.items.map((i) => i.comment)).toEqual(['Block chat', 'Block games', 'Block gambling']);

  // A window with nothing in it: no rows, total 0; and limit pages within the window.
  const empty = (await history('?from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z'))
    .body as unknown as HistoryAnswer;
  expect(empty).toMatchObject({ total: 0, items: [] });
  const paged = (await history(`?from=${encodeURIComponent(first)}&limit=1&offset=1`))
    .body as unknown as HistoryAnswer;
  expect(paged.items.map((i) => i.comment)).toEqual(['Block games']);
  expect(paged.total).toBe(3);
});

test.each([
  ['from', '?from=yesterday'],
  ['to', '?to=2026-13-40T00:00:00Z'],
  ['from', '?from=2026-11-29'],
  ['to', '?from=2026-11-29T12:00:00Z&to=2026-11-29T12:00:00Z'],
  ['to', '?from=2026-11-29T12:00:00Z&to=2026-11-29T11:00:00Z'],
])('400 naming %s for %s', async (field, query) => {
  const r = await history(query);
  expect(r.status).toBe(400);
  expect(r.body.field).toBe(field);
});
