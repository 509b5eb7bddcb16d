/**
 * The connectivity test's calls over real HTTP against a real server in a temp dir (issue 34 point
 * 8): the sites (`data`), each site's status on the server's own origin, a run's results validated
 * (400 naming the field, nothing stored), stored per tenant and audited, and the auth server's
 * sign-in check (success true or false, for the signed-in account only).
 */
import crypto from 'node:crypto';
import {
  CONNECTIVITY_PATHS,
  CONNECTIVITY_SITE_IDS,
  SAFEVIEW_LOGIN_OTHER_ACCOUNT,
  type ConnectivityRun,
  type ConnectivitySites,
} from '@workbench/common/api/contract/connectivity';
import { startAuditedTestServer, type AuditedTestServer } from '../testing/auditedTestServer';
import { signIn, TEST_PASSWORD, type SignedIn, type TestServer } from '../testing/testServer';

jest.setTimeout(120_000);

let audited: AuditedTestServer;
let server: TestServer;
let acme: SignedIn;
let auditor: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  audited = await startAuditedTestServer('connectivity-');
  server = audited.server;
  acme = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  globex = await signIn(server, 'admin@globex.example');
});
afterAll(() => audited.close());

const run = (results: unknown, testId: unknown = crypto.randomUUID()) => ({ test_id: testId, results });
const post = (who: SignedIn, body: unknown) =>
  server.call(CONNECTIVITY_PATHS.results, { method: 'POST', jar: who.jar, body });
async function runs(who: SignedIn): Promise<ConnectivityRun[]> {
  const r = await server.call(CONNECTIVITY_PATHS.results, { jar: who.jar });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: ConnectivityRun[] }).data;
}

test('the sites answer data; each site answers its status on our own origin, with a testId', async () => {
  const r = await server.call(CONNECTIVITY_PATHS.sites, { jar: auditor.jar });
  expect(r.status).toBe(200);
  const { data } = (await r.json()) as ConnectivitySites;
  expect(data.map((s) => s.id)).toEqual(CONNECTIVITY_SITE_IDS);
  for (const site of data) {
    expect(site.url.startsWith('/')).toBe(true);
    const status = await server.call(`${site.url}?testId=${crypto.randomUUID()}`);
    expect(status.status).toBe(204);
  }
  expect((await server.call('/connectivity/site/nowhere/status')).status).toBe(400);
  expect((await server.call(CONNECTIVITY_PATHS.sites)).status).toBe(401);
});

test('bad results are refused naming the field, and nothing is stored', async () => {
  const ok = { site_id: 'auth', passed: true, duration_ms: 12.5 };
  const cases: Array<[unknown, string]> = [
    [run([]), 'results'],
    [run([ok], 'not-a-uuid'), 'test_id'],
    [run([{ ...ok, site_id: 'moon' }]), 'results.0.site_id'],
    [run([{ ...ok, duration_ms: -1 }]), 'results.0.duration_ms'],
    [run([{ ...ok, passed: 'yes' }]), 'results.0.passed'],
    [run([ok, { ...ok, passed: false }]), 'results.1.site_id'],
    [{ ...run([ok]), extra: 1 }, 'extra'],
  ];
  for (const [body, field] of cases) {
    const r = await post(acme, body);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { field: string }).field).toBe(field);
  }
  expect(await runs(acme)).toEqual([]);
});

test('a run is stored for its tenant only, newest first, and audited; any signed-in administrator may run one', async () => {
  const results = [
    { site_id: 'isolation', passed: true, duration_ms: 18.3 },
    { site_id: 'auth', passed: false, duration_ms: 10_000, error: 'Timed out after 10 s' },
  ];
  const testId = crypto.randomUUID();
  const r = await post(auditor, run(results, testId));
  expect(r.status).toBe(201);
  const stored = (await r.json()) as ConnectivityRun;
  expect(stored).toMatchObject({ test_id: testId, ran_by: 'auditor@acme.example', results });
  server.clock.advance(1000);
  const second = (await (await post(acme, run([results[0]]))).json()) as ConnectivityRun;

  expect((await runs(acme)).map((x) => x.id)).toEqual([second.id, stored.id]);
  expect(await runs(globex)).toEqual([]);
  const event = (await audited.auditEvents(acme.jar)).find(
    (e) => e.sub_event_type === 'connectivity' && e.object === testId,
  );
  expect(event).toMatchObject({ audit_action: 'create', userid: 'auditor@acme.example' });
  expect(event?.details).toContain('1 of 2 sites reached');
});

test('the auth server check answers success for the signed-in account, never a 401', async () => {
  const login = (who: SignedIn, body: unknown) =>
    server.call(CONNECTIVITY_PATHS.authLogin, { method: 'POST', jar: who.jar, body });
  const good = await login(acme, { username: 'admin@acme.example', password: TEST_PASSWORD });
  expect(good.status).toBe(200);
  expect(await good.json()).toEqual({ success: true });
  const wrong = await login(acme, { username: 'admin@acme.example', password: 'nope' });
  expect(wrong.status).toBe(200);
  expect(await wrong.json()).toEqual({ success: false });
  const other = await login(acme, { username: 'admin@globex.example', password: TEST_PASSWORD });
  expect(other.status).toBe(400);
  expect(await other.json()).toMatchObject({ field: 'username', message: SAFEVIEW_LOGIN_OTHER_ACCOUNT });
  const missing = await login(acme, { username: 'admin@acme.example' });
  expect(((await missing.json()) as { field: string }).field).toBe('password');
  expect(
    (
      await server.call(CONNECTIVITY_PATHS.authLogin, {
        method: 'POST',
        body: { username: 'a', password: 'b' },
      })
    ).status,
  ).toBe(401);
});
