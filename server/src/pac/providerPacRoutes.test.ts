/**
 * The provider's default PAC file over real HTTP (docs/provider-console.md §12): the built-in file
 * until an operator saves one; the save checked as the tenants' (400 naming pac with line and
 * column, nothing stored), 409 on a stale updated_at, audited; support reads and tests but does
 * not save; the tester on the file given or the saved one; a tenant with no file and no proxies
 * is served it, and tests it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAC_PATHS } from '@workbench/common/api/contract/pacSettings';
import { PROVIDER_PAC_PATHS as PATHS, type ProviderPac } from '@workbench/common/api/contract/providerPac';
import { PROVIDER_AUDIT_PATH, type ProviderAuditList } from '@workbench/common/api/contract/providerAudit';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { snapshotConfigStore } from '../testing/storeSnapshot';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';

const PROVIDER_FILE = `// The provider's default: everything through the regional proxies.
function FindProxyForURL(url, host) {
  if (isPlainHostName(host)) return "DIRECT";
  return "PROXY gw.provider.example:3128; DIRECT";
}
`;

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;
let admin: SignedIn;

const call = (p: string, jar: SignedIn['jar'] | undefined, method = 'GET', body?: unknown) =>
  server.call(p, { method, jar, body });
const json = async <T>(r: Response) => (await r.json()) as T;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-pac-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events }, jobTimer: false });
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
  admin = await signIn(server, 'admin@acme.example');
});
afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

test('the built-in file, all direct, until an operator saves one', async () => {
  const pac = await json<ProviderPac>(await call(PATHS.settings, support.jar));
  expect(pac).toMatchObject({ builtin: true, filename: 'proxy.pac', updated_at: null, tenants_served: 0 });
  expect(pac.pac).toContain('FindProxyForURL');
  const tested = await call(PATHS.test, support.jar, 'POST', {
    url: 'https://www.example.com/',
    client_ip: '10.1.2.3',
  });
  expect(await json(tested)).toMatchObject({ result: 'DIRECT', host: 'www.example.com' });
});

test('a file that does not parse or has no FindProxyForURL is refused with 400 pac; nothing is stored', async () => {
  const before = await snapshotConfigStore(server.app.workbench.store);
  const broken = await call(PATHS.settings, operator.jar, 'PUT', {
    pac: 'function FindProxyForURL(url, host) {\n  return "DIRECT"\n  if (\n}',
    filename: 'proxy.pac',
  });
  expect(broken.status).toBe(400);
  const refusal = await json<{ field: string; message: string }>(broken);
  expect(refusal.field).toBe('pac');
  expect(refusal.message).toMatch(/^Line 4, column \d+: .*The PAC file does not parse\.$/);
  const none = await call(PATHS.settings, operator.jar, 'PUT', { pac: 'var x = 1;', filename: 'proxy.pac' });
  expect({ status: none.status, field: (await json<{ field: string }>(none)).field }).toEqual({
    status: 400,
    field: 'pac',
  });
  const badName = await call(PATHS.settings, operator.jar, 'PUT', {
    pac: PROVIDER_FILE,
    filename: 'a b.pac',
  });
  expect({ status: badName.status, field: (await json<{ field: string }>(badName)).field }).toEqual({
    status: 400,
    field: 'filename',
  });
  expect(await snapshotConfigStore(server.app.workbench.store)).toEqual(before);
});

test('support reads and tests but cannot save; a tenant session is 401', async () => {
  expect(
    (await call(PATHS.settings, support.jar, 'PUT', { pac: PROVIDER_FILE, filename: 'p.pac' })).status,
  ).toBe(403);
  expect((await call(PATHS.settings, admin.jar)).status).toBe(401);
  expect(
    (await call(PATHS.test, admin.jar, 'POST', { url: 'https://a.example/', client_ip: '10.0.0.1' })).status,
  ).toBe(401);
});

test('an operator saves the file (audited); a stale save is 409; the tester runs the saved file or the one given', async () => {
  const saved = await call(PATHS.settings, operator.jar, 'PUT', {
    pac: PROVIDER_FILE,
    filename: 'provider.pac',
    updated_at: null,
  });
  expect(saved.status).toBe(200);
  const pac = await json<ProviderPac>(saved);
  expect(pac).toMatchObject({
    pac: PROVIDER_FILE,
    filename: 'provider.pac',
    builtin: false,
    updated_by: 'operator@provider.example',
  });
  expect(await json(await call(PATHS.settings, support.jar))).toEqual(pac);
  const stale = await call(PATHS.settings, operator.jar, 'PUT', {
    pac: PROVIDER_FILE,
    filename: 'provider.pac',
    updated_at: null,
  });
  expect({ status: stale.status, field: (await json<{ field: string }>(stale)).field }).toEqual({
    status: 409,
    field: 'updated_at',
  });

  const trail = await json<ProviderAuditList>(await call(PROVIDER_AUDIT_PATH, operator.jar));
  const event = trail.events.find((e) => e.area === 'provider_pac');
  expect(event).toMatchObject({
    actor: 'operator@provider.example',
    action: 'update',
    object: 'provider.pac',
  });
  expect(JSON.parse(String(event?.after))).toMatchObject({ filename: 'provider.pac' });

  const onSaved = await call(PATHS.test, support.jar, 'POST', {
    url: 'https://www.example.com/x',
    client_ip: '10.1.2.3',
  });
  expect(await json(onSaved)).toMatchObject({ result: 'PROXY gw.provider.example:3128; DIRECT' });
  const given = await call(PATHS.test, operator.jar, 'POST', {
    url: 'http://intranet/',
    client_ip: '10.1.2.3',
    pac: PROVIDER_FILE,
  });
  expect(await json(given)).toMatchObject({ result: 'DIRECT', host: 'intranet' });
  const badUrl = await call(PATHS.test, operator.jar, 'POST', { url: 'not a url', client_ip: '10.1.2.3' });
  expect({ status: badUrl.status, field: (await json<{ field: string }>(badUrl)).field }).toEqual({
    status: 400,
    field: 'url',
  });
});

test('a tenant without a file of its own and without proxies is served the provider’s file, and tests it', async () => {
  // acme serves its own file (version 2) in the demo: back to the template, with no proxies.
  expect((await call(PAC_PATHS.version, admin.jar, 'PUT', { pac_v2: false })).status).toBe(200);
  expect((await call(PAC_PATHS.proxyIps, admin.jar, 'PUT', { proxy_ips: [] })).status).toBe(200);
  const { url } = await json<{ url: string }>(await call(PAC_PATHS.settings, admin.jar));
  const served = await server.call(url);
  expect(served.status).toBe(200);
  expect(await served.text()).toBe(PROVIDER_FILE);
  const tested = await call(PAC_PATHS.test, admin.jar, 'POST', {
    url: 'https://www.example.com/',
    client_ip: '10.0.0.9',
  });
  expect(await json(tested)).toMatchObject({ result: 'PROXY gw.provider.example:3128; DIRECT' });
  expect(
    (await json<ProviderPac>(await call(PATHS.settings, operator.jar))).tenants_served,
  ).toBeGreaterThanOrEqual(1);
  // With a proxy named, its template is served again.
  expect(
    (await call(PAC_PATHS.proxyIps, admin.jar, 'PUT', { proxy_ips: ['proxy9.acme.example:8080'] })).status,
  ).toBe(200);
  expect(await (await server.call(url)).text()).toContain('PROXY proxy9.acme.example:8080');
});
