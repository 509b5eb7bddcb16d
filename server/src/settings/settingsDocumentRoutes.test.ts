/**
 * The tenant settings documents over real HTTP (docs/settings.md §10): egress IPs, fixed egress,
 * global and CASB settings read (defaults before a save) and replaced, bad input per field (400
 * naming it, nothing changed), the audit event with before and after, a save over another's (409),
 * permissions, the feature flag, another tenant; and the reads beside them: get_user_ip (the proxy's
 * header believed only when the proxy is trusted), all_public_ips, setting/{name} and
 * capabilities/{name}.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import {
  signIn,
  signInWithRoles,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';

jest.setTimeout(120_000);

const T = '/api/settings/v1/tenants/';
type Doc = Record<string, unknown> & { updated_at: string | null; updated_by: string | null };

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-docs-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events }, publicIps: ['198.51.100.7', '2001:db8::7'] });
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
const json = async <R>(r: Response, status = 200): Promise<R> => {
  const text = await r.text();
  expect({ status: r.status, text }).toMatchObject({ status });
  return JSON.parse(text) as R;
};
const read = async (doc: string, who: SignedIn = admin) => json<Doc>(await call(who, T + doc));
const put = (doc: string, body: unknown, who: SignedIn = admin) => call(who, T + doc, 'PUT', body);
const refused = async (r: Response, field: string, status = 400) => {
  const body = await json<{ field: string; message: string }>(r, status);
  expect(body.field).toBe(field);
  return body.message;
};

type AuditRow = Record<string, string | number>;
async function audits(area: string): Promise<AuditRow[]> {
  server.clock.advance(1000);
  const r = await call(admin, `/api/rep/v1/query/scan_audit?limit=1000`);
  return ((await r.json()) as { events: AuditRow[] }).events.filter((e) => e.sub_event_type === area);
}

describe('egress IPs', () => {
  it('reads an empty list before the first save, saves addresses and ranges, and audits before and after', async () => {
    const first = await read('egress_ips');
    expect(first).toEqual({ ips: [], updated_at: null, updated_by: null });
    const ips = ['203.0.113.7', '203.0.113.0/24', '2001:db8:1::/48'];
    const saved = await json<Doc>(await put('egress_ips', { ips }));
    expect(saved).toMatchObject({ ips, updated_by: 'admin@acme.example' });
    expect(await read('egress_ips')).toEqual(saved);
    const event = (await audits('network')).at(-1);
    expect(event).toMatchObject({ audit_action: 'update', object: 'Egress IPs' });
    expect(JSON.parse(String(event?.before))).toEqual({ ips: [] });
    expect(JSON.parse(String(event?.after))).toEqual({ ips });
  });

  it('refuses a bad address, a bad range or a repeat at its line (400 naming it), and changes nothing', async () => {
    const now = await read('egress_ips');
    expect(
      await refused(await put('egress_ips', { ips: ['203.0.113.7', '203.0.113.300'] }), 'ips.1'),
    ).toContain('203.0.113.300');
    await refused(await put('egress_ips', { ips: ['10.0.0.0/33'] }), 'ips.0');
    await refused(await put('egress_ips', { ips: ['2001:db8::/16'] }), 'ips.0');
    await refused(await put('egress_ips', { ips: ['example.com'] }), 'ips.0');
    expect(await refused(await put('egress_ips', { ips: ['10.1.1.1', '10.1.1.1'] }), 'ips.1')).toContain(
      'twice',
    );
    await refused(await put('egress_ips', { ips: '10.1.1.1' }), 'ips');
    await refused(await put('egress_ips', { ips: [], extra: 1 }), 'extra');
    await refused(
      await put('egress_ips', { ips: Array.from({ length: 257 }, (_, i) => `10.0.${i >> 8}.${i & 255}`) }),
      'ips',
    );
    expect(await read('egress_ips')).toEqual(now);
  });

  it('refuses a save made from an older read (409) and keeps the newer one', async () => {
    const now = await read('egress_ips');
    await refused(
      await put('egress_ips', { ips: [], updated_at: '2020-01-01T00:00:00.000Z' }),
      'updated_at',
      409,
    );
    expect(await read('egress_ips')).toEqual(now);
    // From the read it was edited from, it goes through.
    await json<Doc>(await put('egress_ips', { ips: now.ips, updated_at: now.updated_at }));
  });
});

describe('fixed egress and its users', () => {
  it('saves the users and refuses turning it on for nobody, or a name that is not a user name', async () => {
    expect(await read('fixed_egress')).toEqual({
      enabled: false,
      fixed_egress_user: { list: [] },
      updated_at: null,
      updated_by: null,
    });
    await refused(
      await put('fixed_egress', { enabled: true, fixed_egress_user: { list: [] } }),
      'fixed_egress_user.list',
    );
    await refused(
      await put('fixed_egress', {
        enabled: true,
        fixed_egress_user: { list: ['ada@acme.example', 'not a user'] },
      }),
      'fixed_egress_user.list.1',
    );
    await refused(
      await put('fixed_egress', {
        enabled: true,
        fixed_egress_user: { list: ['ada@acme.example', 'ADA@acme.example'] },
      }),
      'fixed_egress_user.list.1',
    );
    expect((await read('fixed_egress')).updated_at).toBeNull();
    const saved = await json<Doc>(
      await put('fixed_egress', { enabled: true, fixed_egress_user: { list: ['ada@acme.example'] } }),
    );
    expect(saved).toMatchObject({ enabled: true, fixed_egress_user: { list: ['ada@acme.example'] } });
  });
});

describe('global settings and setting/{name}', () => {
  it('reads the defaults, saves, and answers one setting by its name', async () => {
    const defaults = await read('global_settings');
    expect(defaults).toMatchObject({ timezone: 'UTC', allow_user_feedback: true, updated_at: null });
    const body = {
      organization_name: 'Acme Corp',
      support_email: 'helpdesk@acme.example',
      timezone: 'Europe/Berlin',
      block_page_message: 'Ask the helpdesk if you need this site.',
      allow_user_feedback: false,
    };
    expect(await json<Doc>(await put('global_settings', body))).toMatchObject(body);
    expect(await json(await call(admin, `${T}setting/timezone`))).toEqual({
      name: 'timezone',
      value: 'Europe/Berlin',
    });
    expect(await json(await call(admin, `${T}setting/allow_user_feedback`))).toEqual({
      name: 'allow_user_feedback',
      value: false,
    });
    await refused(await call(admin, `${T}setting/secret_sauce`), 'name', 404);
    expect((await audits('portal_settings')).at(-1)).toMatchObject({ object: 'Global settings' });
  });

  it('refuses a time zone or support address that is not one, naming the field, and changes nothing', async () => {
    const now = await read('global_settings');
    const { updated_at: _a, updated_by: _b, ...fields } = now;
    await refused(await put('global_settings', { ...fields, timezone: 'Mars/Olympus' }), 'timezone');
    await refused(await put('global_settings', { ...fields, support_email: 'helpdesk' }), 'support_email');
    await refused(
      await put('global_settings', { ...fields, allow_user_feedback: 'yes' }),
      'allow_user_feedback',
    );
    await refused(
      await put('global_settings', { ...fields, block_page_message: 'x'.repeat(501) }),
      'block_page_message',
    );
    expect(await read('global_settings')).toEqual(now);
  });
});

describe('CASB settings', () => {
  it('saves within bounds, refuses out of them or an action not in the enumeration', async () => {
    const body = { app_discovery: true, discovery_retention_days: 30, unclassified_action: 'block' };
    expect(await json<Doc>(await put('casb', body))).toMatchObject(body);
    await refused(await put('casb', { ...body, discovery_retention_days: 0 }), 'discovery_retention_days');
    await refused(await put('casb', { ...body, discovery_retention_days: 366 }), 'discovery_retention_days');
    await refused(await put('casb', { ...body, unclassified_action: 'bypass' }), 'unclassified_action');
    expect(await read('casb')).toMatchObject(body);
    expect((await audits('casb_settings')).at(-1)).toMatchObject({ object: 'CASB settings' });
  });

  it('refuses a tenant without the casb feature', async () => {
    const r = await call(globex, `${T}casb`);
    expect(r.status).toBe(403);
    expect(((await r.json()) as { message: string }).message).toContain('casb');
  });
});

describe('who may', () => {
  it('lets the auditor read and refuses their save; refuses the logs role both; refuses without a session', async () => {
    for (const doc of ['egress_ips', 'fixed_egress', 'global_settings', 'casb']) {
      const now = await read(doc, auditor);
      const { updated_at: _a, updated_by: _b, ...fields } = now;
      expect((await put(doc, fields, auditor)).status).toBe(403);
      expect((await call(logs, T + doc)).status).toBe(403);
      expect((await server.call(T + doc)).status).toBe(401);
    }
    expect((await call(logs, `${T}get_user_ip`)).status).toBe(403);
    expect((await call(logs, `${T}all_public_ips`)).status).toBe(403);
    expect((await call(logs, `${T}setting/timezone`)).status).toBe(403);
  });

  it('lets a role holding only settings_cmr:* read and save every document of Settings › Network and General', async () => {
    const username = 'cmr@acme.example';
    const cmr = await signInWithRoles(server, 'acme', username, {
      read: ['settings_cmr:*'],
      write: ['settings_cmr:*'],
    });
    for (const doc of ['egress_ips', 'fixed_egress', 'global_settings', 'casb']) {
      const { updated_at, updated_by: _b, ...fields } = await read(doc, cmr);
      const saved = await json<Doc>(await put(doc, { ...fields, updated_at }, cmr));
      expect(saved.updated_by).toBe(username);
    }
    expect(await json(await call(cmr, `${T}get_user_ip`))).toHaveProperty('ip');
    expect(await json(await call(cmr, `${T}setting/timezone`))).toHaveProperty('name', 'timezone');
  });

  it("shows another tenant its own documents only, never acme's", async () => {
    expect(await read('egress_ips', globex)).toEqual({ ips: [], updated_at: null, updated_by: null });
    await json<Doc>(await put('egress_ips', { ips: ['192.0.2.1'] }, globex));
    expect((await read('egress_ips')).ips).not.toContain('192.0.2.1');
    expect(await json(await call(globex, `${T}setting/timezone`))).toEqual({
      name: 'timezone',
      value: 'UTC',
    });
  });
});

describe('get_user_ip, all_public_ips and capabilities/{name}', () => {
  it("answers the socket's address, not a header the client wrote (no trusted proxy)", async () => {
    const r = await server.call(`${T}get_user_ip`, {
      jar: admin.jar,
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(await json(r)).toEqual({ ip: '127.0.0.1' });
  });

  it('believes X-Forwarded-For from a proxy the server trusts', async () => {
    const behind = await startTestServer({ trustProxy: ['127.0.0.1'] });
    try {
      const who = await signIn(behind, 'admin@acme.example');
      const r = await behind.call(`${T}get_user_ip`, {
        jar: who.jar,
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
      expect(await json(r)).toEqual({ ip: '203.0.113.99' });
    } finally {
      await behind.close();
    }
  });

  it("answers the deployment's public addresses", async () => {
    expect(await json(await call(admin, `${T}all_public_ips`))).toEqual({
      ips: ['198.51.100.7', '2001:db8::7'],
    });
  });

  it("answers a capability's details to any signed-in user, and refuses a name it does not describe", async () => {
    expect(await json(await call(logs, `${T}capabilities/runtime_analysis`))).toEqual({
      name: 'runtime_analysis',
      enabled: true,
      details: { test: false },
    });
    expect(await json(await call(admin, `${T}capabilities/mobileSupport`))).toEqual({
      name: 'mobileSupport',
      enabled: true,
      details: { enabled: true, emailSupportLevel: 'full' },
    });
    expect(await json(await call(globex, `${T}capabilities/restricted_logs`))).toEqual({
      name: 'restricted_logs',
      enabled: false,
      details: {},
    });
    await refused(await call(admin, `${T}capabilities/rbac`), 'name');
    expect((await server.call(`${T}capabilities/mobileSupport`)).status).toBe(401);
  });
});
