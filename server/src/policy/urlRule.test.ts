/**
 * The one URL rule through the API (issue 38 point 9), requests written from the documents'
 * words: a CASB list address (validate_ddl_domains' ddlUrl), a threat feed's URL and a
 * notification page's logo address each refuse, with a 400 naming the field and nothing saved,
 * every case common's rule refuses (validators/urls.ts), and accept an ordinary address.
 */
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

let server: TestServer;
let admin: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@acme.example');
});
afterAll(async () => {
  await server.close();
});

/** What the rule refuses in any http(s) URL, with the spelling of each case of the issue. */
const REFUSED = [
  'https://lists.example/a\u0000b',
  'https://lists.example/a\u007Fb',
  'https:\\\\evil.example',
  'https://lists.example/\u202Etxt.exe',
  'https://a.example\\@evil.example/',
  'https://lists.example:0/',
  'https://@lists.example/',
  'https:///lists.example/',
  'https://*.lists.example/',
  'https://lists.example/<x>',
];
/** What a feed or logo address may not point at: the provider's own network or the cloud metadata. */
const NON_PUBLIC = ['http://169.254.169.254/latest/meta-data/', 'http://127.0.0.1:8080/', 'http://[::1]/'];

type Revision = { rev_id: number; staged_rev_id: number; state: string; updated_at: string };
const revision = async (): Promise<Revision> =>
  (await (await server.call('/api/policy/v1/rules', { jar: admin.jar })).json()) as Revision;

async function put(kindPath: string, data: unknown) {
  const rev = await revision();
  return server.call(`/api/policy/v1/rules/${kindPath}/${rev.staged_rev_id}`, {
    method: 'PUT',
    jar: admin.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data },
  });
}
const read = async (kindPath: string) =>
  (await (
    await server.call(`/api/policy/v1/rules/${kindPath}/${(await revision()).staged_rev_id}`, {
      jar: admin.jar,
    })
  ).json()) as { data: unknown };

describe('validate_ddl_domains: ddlUrl', () => {
  const validate = (ddlUrl: string) =>
    server.call('/api/policy/v1/validate_ddl_domains/', {
      method: 'POST',
      jar: admin.jar,
      body: { domains: ['a.example'], ddlUrl },
    });
  it.each(REFUSED)('refuses %j with a 400 naming ddlUrl', async (ddlUrl) => {
    const r = await validate(ddlUrl);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { field: string }).field).toBe('ddlUrl');
  });
  it('accepts an https address', async () => {
    expect((await validate('https://lists.example/domains.txt')).status).toBe(200);
  });
});

describe('a threat feed URL (fwaas/feeds)', () => {
  const feed = (url: string) => ({
    list: [{ id: 'f1', name: 'Feed one', url, type: 'ip', refresh_minutes: 60, enabled: true }],
  });
  it.each([...REFUSED, ...NON_PUBLIC])(
    'refuses %j with a 400 naming the field; nothing is saved',
    async (url) => {
      const before = await read('fwaas/feeds');
      const r = await put('fwaas/feeds', feed(url));
      expect(r.status).toBe(400);
      expect(((await r.json()) as { field: string }).field).toBe('data.list.0.url');
      expect(await read('fwaas/feeds')).toEqual(before);
    },
  );
  it('accepts a public https address', async () => {
    expect((await put('fwaas/feeds', feed('https://feeds.example/ips.txt'))).status).toBe(200);
  });
});

describe("a notification page's logo address (customization/web)", () => {
  const page = (logo_url: string) => ({
    list: [{ page: 'block', enabled: true, title: 'Blocked', message: 'This site is blocked.', logo_url }],
  });
  it.each([...REFUSED, ...NON_PUBLIC])('refuses %j with a 400 naming the field', async (url) => {
    const r = await put('customization/web', page(url));
    expect(r.status).toBe(400);
    expect(((await r.json()) as { field: string }).field).toBe('data.list.0.logo_url');
  });
  it('accepts a public address', async () => {
    expect((await put('customization/web', page('https://cdn.example/logo.png'))).status).toBe(200);
  });
});
