/**
 * The allow list's feed and UCE calls through real HTTP (docs/policy.md §4 Policy): the session, the
 * tenant and the permission are checked on the server; queries and bodies are strict; a UCE
 * submission is kept (it survives a restart) and audited, a refused one keeps nothing.
 */
import type { PopularSitesReply, UceSubmissionReply } from '@workbench/common/api/contract/safemailWhitelist';
import type { NewEvent } from '../events/eventStore';
import { signIn, startTestServer, type TestServer } from '../testing/testServer';
import { UCE_ENTITY } from './safemailWhitelistRoutes';

const FEEDS = '/api/policy/v1/safemail/whitelist/feeds/';
const UCE = '/api/policy/v1/safemail/whitelist/uce/';

let server: TestServer;
let audited: NewEvent[];
async function start() {
  server = await startTestServer();
  audited = [];
  // The policy area's events only: signing in is audited too (server/src/audit).
  server.app.workbench.audit = async (events) => {
    audited.push(...events.filter((e) => e.fields.sub_event_type !== 'session'));
  };
}
const stop = () => server.close();

const submissions = async () =>
  (
    await server.app.workbench.store.entities.list(UCE_ENTITY, {
      limit: 100,
      offset: 0,
      sort: 'created_at',
      order: 'asc',
      searchFields: [],
    })
  ).records.map((r) => r.data);

describe('GET /safemail/whitelist/feeds/ (the popular-sites feed)', () => {
  // Reads change nothing: one server for them all.
  beforeAll(start);
  afterAll(stop);
  it('answers the global feed, most popular first, at most `limit` sites', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const r = await server.call(`${FEEDS}?limit=5&source=&type=global`, { jar: admin.jar });
    expect(r.status).toBe(200);
    const body = (await r.json()) as PopularSitesReply;
    expect(body.type).toBe('global');
    expect(body.sites.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(body.total).toBeGreaterThan(5);
    expect(body.sites.every((s) => s.source === 'menlo')).toBe(true);
    const bySource = (await (
      await server.call(`${FEEDS}?source=menlo&type=global`, { jar: admin.jar })
    ).json()) as PopularSitesReply;
    expect(bySource.sites).toHaveLength(bySource.total);
  });

  it('the auditor (email_policy read) reads it', async () => {
    const auditor = await signIn(server, 'auditor@acme.example');
    expect((await server.call(`${FEEDS}?type=global`, { jar: auditor.jar })).status).toBe(200);
  });

  it('refuses without a session (401) and without email_policy (403)', async () => {
    expect((await server.call(`${FEEDS}?type=global`)).status).toBe(401);
    const logs = await signIn(server, 'logs@acme.example');
    expect((await server.call(`${FEEDS}?type=global`, { jar: logs.jar })).status).toBe(403);
  });

  it.each([
    ['no type', '?limit=5'],
    ['another type', '?type=tenant'],
    ['a limit out of bounds', '?type=global&limit=0'],
    ['a limit above the maximum', '?type=global&limit=1001'],
    ['an unknown source', '?type=global&source=elsewhere'],
    ['an unknown parameter', '?type=global&q=x'],
  ])('refuses %s (400)', async (_why, query) => {
    const admin = await signIn(server, 'admin@acme.example');
    expect((await server.call(`${FEEDS}${query}`, { jar: admin.jar })).status).toBe(400);
  });
});

describe('POST /safemail/whitelist/uce/ (a UCE submission)', () => {
  beforeEach(start);
  afterEach(stop);
  it('keeps the submission of a writer, audits it, and keeps it across a restart', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const r = await server.call(UCE, {
      method: 'POST',
      jar: admin.jar,
      body: { type: 'email', value: ' Deals@Spam.Example ', subject: 'You won', note: 'Daily offers' },
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as UceSubmissionReply;
    expect(body).toMatchObject({
      type: 'email',
      value: 'deals@spam.example',
      subject: 'You won',
      note: 'Daily offers',
      status: 'received',
      submitted_by: 'admin@acme.example',
    });
    expect(audited).toHaveLength(1);
    expect(audited[0].fields).toMatchObject({ sub_event_type: 'email_policy', userid: 'admin@acme.example' });
    expect(String(audited[0].fields.details)).toContain('deals@spam.example');
    server = await server.restart();
    const kept = await submissions();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: body.id, value: 'deals@spam.example' });
    expect(typeof kept[0].tid).toBe('string');
  });

  it('refuses a sender that is not what its type says (400 naming value) and keeps nothing', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const r = await server.call(UCE, {
      method: 'POST',
      jar: admin.jar,
      body: { type: 'email', value: 'spam.example' },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ field: 'value' });
    const d = await server.call(UCE, {
      method: 'POST',
      jar: admin.jar,
      body: { type: 'domain', value: 'not a domain' },
    });
    expect(d.status).toBe(400);
    expect(await submissions()).toEqual([]);
    expect(audited).toEqual([]);
  });

  it.each([
    ['an unknown field', { type: 'domain', value: 'spam.example', tid: 'other' }],
    ['an unknown type', { type: 'ip', value: '203.0.113.9' }],
    ['no value', { type: 'domain' }],
    ['a value that is not text', { type: 'domain', value: 42 }],
    ['a note too long', { type: 'domain', value: 'spam.example', note: 'x'.repeat(501) }],
  ])('refuses a body with %s (400)', async (_why, body) => {
    const admin = await signIn(server, 'admin@acme.example');
    expect((await server.call(UCE, { method: 'POST', jar: admin.jar, body })).status).toBe(400);
    expect(await submissions()).toEqual([]);
  });

  it('refuses without a session (401), a reader (403) and without the xsrf header (403)', async () => {
    const body = { type: 'domain', value: 'spam.example' };
    expect((await server.call(UCE, { method: 'POST', body })).status).toBe(401);
    const auditor = await signIn(server, 'auditor@acme.example');
    expect((await server.call(UCE, { method: 'POST', jar: auditor.jar, body })).status).toBe(403);
    const admin = await signIn(server, 'admin@acme.example');
    const noXsrf = await server.call(UCE, { method: 'POST', jar: admin.jar, body, xsrf: false });
    expect(noXsrf.status).toBe(403);
    expect(await submissions()).toEqual([]);
  });

  it('keeps a submission under its tenant; a tenant without the e-mail feature is refused', async () => {
    const acme = await signIn(server, 'admin@acme.example');
    const globex = await signIn(server, 'admin@globex.example');
    const body = { type: 'domain', value: 'spam.example' };
    expect((await server.call(UCE, { method: 'POST', jar: acme.jar, body })).status).toBe(200);
    // globex has no menlo_email (docs/access.md §5): the allow list's calls are not its to make.
    const refused = await server.call(UCE, { method: 'POST', jar: globex.jar, body });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'The tenant does not have the feature menlo_email.',
    );
    const acmeTid = (await server.app.workbench.store.users.findByUsername('admin@acme.example'))?.tid;
    expect((await submissions()).map((s) => [s.tid, s.submitted_by])).toEqual([
      [acmeTid, 'admin@acme.example'],
    ]);
  });
});
