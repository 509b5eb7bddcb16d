/**
 * PAC files over real HTTP against a real server (stores in a temp dir; docs/settings.md "PAC
 * files"): a file that does not parse is refused with its line and column and changes nothing; the
 * tester answers what FindProxyForURL returns, in a sandbox (no network, a time limit); the file is
 * served at its public URL with the PAC content type; permissions, the feature, another tenant; the
 * version at both paths; every write audited with before and after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PAC_CONTENT_TYPE,
  PAC_PATHS as PATHS,
  type PacDefaults,
  type PacSettings,
  type PacTestReply,
  type PacVersion,
} from '@workbench/common/api/contract/pacSettings';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { DEMO_PAC_FILE } from './demoPac';

jest.setTimeout(120_000);

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pac-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events } });
  admin = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  logs = await signIn(server, 'logs@acme.example');
  globex = await signIn(server, 'admin@globex.example');
});
afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

const call = (who: SignedIn, pathname: string, method = 'GET', body?: unknown) =>
  server.call(pathname, { method, jar: who.jar, body });
const json = async <T>(r: Response, status = 200): Promise<T> => {
  const text = await r.text();
  expect({ status: r.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
};
const refusal = (r: Response, status = 400) => json<{ field?: string; message: string }>(r, status);

type AuditRow = Record<string, string | number>;
async function pacAudits(): Promise<AuditRow[]> {
  server.clock.advance(1000);
  const r = await call(admin, `/api/rep/v1/query/scan_audit?limit=1000`);
  return ((await r.json()) as { events: AuditRow[] }).events.filter((e) => e.object === 'PAC file');
}
async function auditsAfter(count: number): Promise<AuditRow[]> {
  for (let i = 0; i < 50; i += 1) {
    const rows = await pacAudits();
    if (rows.length > count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return pacAudits();
}

const VALID = `function FindProxyForURL(url, host) {
  if (dnsDomainIs(host, ".intranet.example")) return "DIRECT";
  if (isInNet(myIpAddress(), "10.20.0.0", "255.255.0.0")) return "PROXY branch.example:3128";
  return "PROXY proxy.example:8080";
}
`;
// Line 3: a missing closing parenthesis.
const BROKEN = `function FindProxyForURL(url, host) {
  // the branch office
  if (isPlainHostName(host) return "DIRECT";
  return "PROXY proxy.example:8080";
}
`;

describe('the PAC file (GET and PATCH pac)', () => {
  test('the demo file is read with its URL; a file that does not parse is refused with its line and column, nothing changed', async () => {
    const before = await json<PacSettings>(await call(admin, PATHS.settings));
    expect(before).toMatchObject({ pac: DEMO_PAC_FILE, filename: 'acme.pac' });
    expect(before.url).toMatch(/^\/pac\/[A-Za-z0-9_-]+\/proxy\.pac$/);
    const audits = (await pacAudits()).length;

    const bad = await refusal(await call(admin, PATHS.settings, 'PATCH', { pac: BROKEN }));
    expect(bad.field).toBe('pac');
    expect(bad.message).toMatch(/^Line 3, column 29: Unexpected token\. The PAC file does not parse\.$/);
    const none = await refusal(
      await call(admin, PATHS.settings, 'PATCH', {
        pac: 'function findProxy(url, host) { return "DIRECT"; }',
      }),
    );
    expect(none).toMatchObject({ field: 'pac', message: expect.stringContaining('FindProxyForURL') });
    expect(
      (await refusal(await call(admin, PATHS.settings, 'PATCH', { filename: '../etc/passwd' }))).field,
    ).toBe('filename');
    expect((await refusal(await call(admin, PATHS.settings, 'PATCH', { pac: 7 }))).field).toBe('pac');
    expect(await json<PacSettings>(await call(admin, PATHS.settings))).toEqual(before);
    expect((await pacAudits()).length).toBe(audits);
  });

  test('a valid file is saved and audited with before and after; a save over a newer one is 409', async () => {
    const before = await json<PacSettings>(await call(admin, PATHS.settings));
    const audits = (await pacAudits()).length;
    const saved = await json<PacSettings>(
      await call(admin, PATHS.settings, 'PATCH', { pac: VALID, updated_at: before.updated_at }),
    );
    expect(saved).toMatchObject({
      pac: VALID,
      filename: 'acme.pac',
      url: before.url,
      updated_by: 'admin@acme.example',
    });
    const rows = await auditsAfter(audits);
    const event = rows.find((e) => String(e.after).includes('branch.example'));
    expect(event).toMatchObject({ sub_event_type: 'pac_file', userid: 'admin@acme.example' });
    expect(String(event?.before)).toContain('proxy1.acme.example');
    const stale = await refusal(
      await call(admin, PATHS.settings, 'PATCH', { pac: DEMO_PAC_FILE, updated_at: before.updated_at }),
      409,
    );
    expect(stale.field).toBe('updated_at');
    expect((await json<PacSettings>(await call(auditor, PATHS.settings))).pac).toBe(VALID);
  });
});

describe('the tester (POST pac/test)', () => {
  const test_ = (body: unknown, who = admin) => call(who, PATHS.test, 'POST', body);

  test('answers what FindProxyForURL returns for a URL and a client address (myIpAddress is the client)', async () => {
    const intranet = await json<PacTestReply>(
      await test_({ pac: VALID, url: 'https://wiki.intranet.example/page', client_ip: '192.0.2.7' }),
    );
    expect(intranet).toMatchObject({
      result: 'DIRECT',
      host: 'wiki.intranet.example',
      client_ip: '192.0.2.7',
    });
    const branch = await json<PacTestReply>(
      await test_({ pac: VALID, url: 'https://www.example.com/', client_ip: '10.20.3.4' }),
    );
    expect(branch.result).toBe('PROXY branch.example:3128');
    const office = await json<PacTestReply>(
      await test_({ pac: VALID, url: 'https://www.example.com/', client_ip: '10.30.3.4' }),
    );
    expect(office.result).toBe('PROXY proxy.example:8080');
    // An auditor may test (it stores nothing); without pac given, the file served is tested.
    expect(
      (await json<PacTestReply>(await test_({ url: 'http://a.example/', client_ip: '1.2.3.4' }, auditor)))
        .result,
    ).toBe('PROXY proxy.example:8080');
  });

  test('dnsResolve answers from the hosts given, never the network; isInNet uses it', async () => {
    const pac = `function FindProxyForURL(url, host) {
      var ip = dnsResolve(host);
      if (ip === null) return "PROXY unresolved:1";
      return isInNet(host, "10.0.0.0", "255.0.0.0") ? "DIRECT" : "PROXY " + ip + ":80";
    }`;
    const body = (url: string) => ({
      pac,
      url,
      client_ip: '192.0.2.1',
      hosts: { 'app.corp': '10.1.1.1', 'www.example.com': '93.184.216.34' },
    });
    expect((await json<PacTestReply>(await test_(body('http://app.corp/')))).result).toBe('DIRECT');
    expect((await json<PacTestReply>(await test_(body('http://www.example.com/')))).result).toBe(
      'PROXY 93.184.216.34:80',
    );
    expect((await json<PacTestReply>(await test_(body('http://localhost/')))).result).toBe(
      'PROXY unresolved:1',
    );
  });

  test('the file reaches nothing of the process, and an endless loop is stopped: clear 400s', async () => {
    const probe = await json<PacTestReply>(
      await test_({
        pac: 'function FindProxyForURL(u, h) { return [typeof require, typeof process, typeof fetch, typeof XMLHttpRequest].join(","); }',
        url: 'http://a.example/',
        client_ip: '192.0.2.1',
      }),
    );
    expect(probe.result).toBe('undefined,undefined,undefined,undefined');
    const loop = await refusal(
      await test_({
        pac: 'function FindProxyForURL(u, h) { while (true) {} }',
        url: 'http://a.example/',
        client_ip: '192.0.2.1',
      }),
    );
    expect(loop).toMatchObject({ field: 'pac', message: expect.stringMatching(/ran longer than 5000 ms/) });
    const thrown = await refusal(
      await test_({
        pac: 'function FindProxyForURL(u, h) { return missing(); }',
        url: 'http://a.example/',
        client_ip: '192.0.2.1',
      }),
    );
    expect(thrown).toMatchObject({ field: 'pac', message: expect.stringMatching(/ReferenceError/) });
    expect(
      (await refusal(await test_({ pac: BROKEN, url: 'http://a.example/', client_ip: '192.0.2.1' }))).message,
    ).toMatch(/^Line 3/);
    expect((await refusal(await test_({ pac: VALID, url: 'not a url', client_ip: '192.0.2.1' }))).field).toBe(
      'url',
    );
    expect(
      (await refusal(await test_({ pac: VALID, url: 'http://a.example/', client_ip: '999.1.1.1' }))).field,
    ).toBe('client_ip');
    expect(
      (
        await refusal(
          await test_({ pac: VALID, url: 'http://a.example/', client_ip: '1.1.1.1', hosts: { x: 'y' } }),
        )
      ).field,
    ).toBe('hosts.x');
  });
});

describe('proxies, defaults, template and version', () => {
  test('proxy_ips and defaults are checked per entry (400 naming it, nothing changed) and make the template', async () => {
    const before = await json<{ proxy_ips: string[] }>(await call(admin, PATHS.proxyIps));
    const bad = await refusal(
      await call(admin, PATHS.proxyIps, 'PUT', { proxy_ips: ['p1.example:8080', 'p2.example'] }),
    );
    expect(bad).toMatchObject({ field: 'proxy_ips.1', message: expect.stringContaining('host:port') });
    expect(
      (await refusal(await call(admin, PATHS.proxyIps, 'PUT', { proxy_ips: ['p.example:70000'] }))).field,
    ).toBe('proxy_ips.0');
    expect(await json(await call(admin, PATHS.proxyIps))).toEqual(before);
    await json(
      await call(admin, PATHS.proxyIps, 'PUT', { proxy_ips: ['p1.example:8080', '[2001:db8::1]:3128'] }),
    );
    const defaults: PacDefaults = {
      bypass_domains: ['intra.example'],
      bypass_private_networks: true,
      bypass_plain_hostnames: false,
      fail_open: true,
    };
    expect(
      (
        await refusal(
          await call(admin, PATHS.defaults, 'PUT', { ...defaults, bypass_domains: ['not a domain'] }),
        )
      ).field,
    ).toBe('bypass_domains.0');
    expect(await json(await call(admin, PATHS.defaults, 'PUT', defaults))).toEqual(defaults);
    const { pac } = await json<{ pac: string }>(await call(auditor, PATHS.template));
    expect(pac).toContain('return "PROXY p1.example:8080; PROXY [2001:db8::1]:3128; DIRECT";');
    const tested = async (url: string, hosts = {}) =>
      (
        await json<PacTestReply>(
          await call(admin, PATHS.test, 'POST', { pac, url, client_ip: '192.0.2.1', hosts }),
        )
      ).result;
    expect(await tested('http://www.intra.example/')).toBe('DIRECT');
    expect(await tested('http://app.example/', { 'app.example': '192.168.1.5' })).toBe('DIRECT');
    expect(await tested('http://app.example/')).toBe(
      'PROXY p1.example:8080; PROXY [2001:db8::1]:3128; DIRECT',
    );
    // POST template: the unsaved values of the form.
    const posted = await json<{ pac: string }>(
      await call(admin, PATHS.template, 'POST', {
        proxy_ips: ['x.example:1'],
        defaults: { ...defaults, fail_open: false },
      }),
    );
    expect(posted.pac).toContain('return "PROXY x.example:1";');
    expect(
      (await refusal(await call(admin, PATHS.template, 'POST', { proxy_ips: ['x'], defaults }))).field,
    ).toBe('proxy_ips.0');
  });

  test('the version is one value at both paths; it decides which file is served', async () => {
    const v2 = await json<PacVersion>(await call(admin, PATHS.version));
    expect(v2.pac_v2).toBe(true);
    expect(await json<PacVersion>(await call(admin, PATHS.policyVersion))).toEqual(v2);
    const settings = await json<PacSettings>(await call(admin, PATHS.settings));
    const served = async () => (await server.call(settings.url)).text();
    expect(await served()).toBe(settings.pac);
    await json(await call(admin, PATHS.policyVersion, 'PUT', { pac_v2: false }));
    expect((await json<PacVersion>(await call(auditor, PATHS.version))).pac_v2).toBe(false);
    expect(await served()).toBe((await json<{ pac: string }>(await call(admin, PATHS.template))).pac);
    expect((await refusal(await call(admin, PATHS.version, 'PUT', { pac_v2: 'yes' }))).field).toBe('pac_v2');
    await json(await call(admin, PATHS.version, 'PUT', { pac_v2: true }));
    expect(await served()).toBe(settings.pac);
  });
});

describe('the served file, permissions, feature, another tenant', () => {
  test('is served without a session at its URL with the PAC content type; an unknown key is 404', async () => {
    const { url, pac } = await json<PacSettings>(await call(admin, PATHS.settings));
    const r = await server.call(url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')?.split(';')[0]).toBe(PAC_CONTENT_TYPE);
    expect(await r.text()).toBe(pac);
    expect((await server.call('/pac/nosuchkey/proxy.pac')).status).toBe(404);
  });

  test('reads need settings:pac:read, writes settings:pac:write; no session is 401', async () => {
    expect((await call(logs, PATHS.settings)).status).toBe(403);
    expect(
      (await call(logs, PATHS.test, 'POST', { url: 'http://a.example/', client_ip: '1.1.1.1' })).status,
    ).toBe(403);
    expect((await call(auditor, PATHS.settings, 'PATCH', { pac: VALID })).status).toBe(403);
    expect((await call(auditor, PATHS.proxyIps, 'PUT', { proxy_ips: [] })).status).toBe(403);
    expect((await call(auditor, PATHS.version, 'PUT', { pac_v2: false })).status).toBe(403);
    expect((await server.call(PATHS.settings)).status).toBe(401);
  });

  test('another tenant has its own file and URL, never acme’s; without the pac feature it is refused and not served', async () => {
    const acme = await json<PacSettings>(await call(admin, PATHS.settings));
    const theirs = await json<PacSettings>(await call(globex, PATHS.settings));
    expect(theirs.url).not.toBe(acme.url);
    expect(theirs.pac).toBe('');
    expect((await json<PacVersion>(await call(globex, PATHS.version))).pac_v2).toBe(false);
    // Version 2 needs a file of the tenant's own.
    expect((await refusal(await call(globex, PATHS.version, 'PUT', { pac_v2: true }))).field).toBe('pac_v2');
    await json(
      await call(globex, PATHS.settings, 'PATCH', {
        pac: 'function FindProxyForURL(u, h) { return "DIRECT"; }',
      }),
    );
    expect((await json<PacSettings>(await call(admin, PATHS.settings))).pac).toBe(acme.pac);

    const store = server.app.workbench.store;
    const tid = (await store.tenants.list()).find((t) => t.name === 'globex')?.tid ?? '';
    const tenant = await store.tenants.get(tid);
    await store.tenants.update(tid, { capabilities: { ...tenant?.capabilities, pac: false } });
    const refused = await call(globex, PATHS.settings);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('pac');
    expect((await server.call(theirs.url)).status).toBe(404);
  });
});
