/**
 * The cloud-app and egress-header calls beside their documents, through real HTTP against a real
 * config store and event store: validate_ddl_domains names each bad entry and why (strict body,
 * 401/403 by session and permission); discovered apps and reputation insights come from the
 * tenant's own web logs joined to the catalogue; egress control and the header blocklist answer
 * the egress_policy readers only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CASB_EGRESS_PATHS,
  type AppRepInsightsReply,
  type DiscoveredAppsReply,
  type EgressControlReply,
  type HeaderBlocklistReply,
  type ValidateDdlReply,
} from '@workbench/common/api/contract/casbEgress';
import { EGRESS_HEADER_BLOCKLIST } from '@workbench/common/api/contract/policy-kinds/egressKinds';
import { hashPassword } from '../security/passwords';
import {
  signIn,
  startTestServer,
  TEST_PASSWORD,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import type { NewEvent } from '../events/eventStore';
import { DDL_URL_MSG, DDL_REASON_MESSAGES } from './casbEgressRoutes';
import { unknownAppMsg } from './casbDiscoveryRoutes';

const HOUR = 3_600_000;

let server: TestServer;
let store: EventStore;
let storeDir: string;
let admin: SignedIn;
let auditor: SignedIn;
let logsOnly: SignedIn;
let egressOnly: SignedIn;
let fwOnly: SignedIn;

const webEvent = (tid: string, at: number, application: string, userid: string, extra = {}): NewEvent => ({
  tid,
  logType: 'scan_web',
  time: at,
  fields: { domain: 'x.example', action: 'allow', application, userid, ...extra },
});

async function addUser(tid: string, username: string, read: string[], write: string[]) {
  await server.app.workbench.store.users.insert({
    uid: crypto.randomUUID(),
    tid,
    username,
    firstName: 'Test',
    lastName: 'User',
    roles: { read, write },
    passwordHash: await hashPassword(TEST_PASSWORD),
    showChangePassword: false,
  });
  return signIn(server, username);
}

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casb-routes-'));
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  const tenants = await server.app.workbench.store.tenants.list();
  const tid = (name: string) => tenants.find((t) => t.name === name)?.tid as string;
  const now = server.clock.now().getTime();
  await store.append([
    webEvent(tid('acme'), now - HOUR, 'Dropbox', 'ann', {
      casb_profile_type: 'unsanctioned',
      resource_category: 'upload',
    }),
    webEvent(tid('acme'), now - 2 * HOUR, 'Dropbox', 'bob', {
      casb_profile_type: 'unsanctioned',
      resource_category: 'upload',
    }),
    webEvent(tid('acme'), now - 3 * HOUR, 'Dropbox', 'ann', {
      casb_profile_type: 'unsanctioned',
      resource_category: 'download',
    }),
    webEvent(tid('acme'), now - 4 * HOUR, 'Box', 'ann', { casb_profile_type: 'sanctioned' }),
    // Older than the 7-day window, inside the 30-day one.
    webEvent(tid('acme'), now - 10 * 24 * HOUR, 'Box', 'cid', { casb_profile_type: 'sanctioned' }),
    // Another tenant's use is not acme's.
    ...Array.from({ length: 5 }, (_, i) => webEvent(tid('globex'), now - HOUR - i, 'WeTransfer', 'gus')),
  ]);
  admin = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  logsOnly = await signIn(server, 'logs@acme.example');
  egressOnly = await addUser(tid('acme'), 'egress@acme.example', ['egress_policy'], []);
  fwOnly = await addUser(tid('acme'), 'fw@acme.example', ['fwaas'], []);
}, 60_000);

afterAll(async () => {
  await server.close();
  await store.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const validate = (who: SignedIn | null, body: unknown) =>
  server.call(CASB_EGRESS_PATHS.validateDdlDomains, {
    method: 'POST',
    body,
    ...(who ? { jar: who.jar } : {}),
  });

describe('POST validate_ddl_domains', () => {
  it('names each invalid entry, its position and why; valid ones pass', async () => {
    const r = await validate(admin, {
      domains: ['dropbox.com', '*.mega.nz', 'not a domain', '', 'dropbox.com', ' pad.example', '10.0.0.1'],
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as ValidateDdlReply;
    expect(body.checked).toBe(7);
    expect(body.valid).toBe(2);
    expect(body.invalid.map((i) => [i.index, i.reason])).toEqual([
      [2, 'invalidDomain'],
      [3, 'empty'],
      [4, 'duplicate'],
      [5, 'noLeadingTrailingSpaces'],
      [6, 'invalidDomain'],
    ]);
    expect(body.invalid[0]).toEqual({
      index: 2,
      domain: 'not a domain',
      reason: 'invalidDomain',
      message: DDL_REASON_MESSAGES.invalidDomain,
    });
  });

  it('options.wildcards false refuses *.example.com; a firewall list (isFwaas) takes addresses and CIDRs', async () => {
    const noWild = (await (
      await validate(admin, { domains: ['*.mega.nz'], options: { wildcards: false } })
    ).json()) as ValidateDdlReply;
    expect(noWild.invalid.map((i) => i.reason)).toEqual(['wildcard']);
    const fw = (await (
      await validate(admin, {
        domains: ['203.0.113.7', '203.0.113.0/24', '127.0.0.1', '10.0.0.0/33'],
        isFwaas: true,
      })
    ).json()) as ValidateDdlReply;
    expect(fw.invalid.map((i) => [i.index, i.reason])).toEqual([
      [2, 'nonStandardDomainOrIP'],
      [3, 'invalidCidr'],
    ]);
  });

  it('ddlUrl must be https: 400 naming ddlUrl', async () => {
    const r = await validate(admin, { domains: [], ddlUrl: 'http://lists.example/x' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ message: DDL_URL_MSG, field: 'ddlUrl' });
    expect((await validate(admin, { domains: [], ddlUrl: 'https://lists.example/x' })).status).toBe(200);
  });

  it('a strict body: unknown fields, wrong types and too many domains are 400', async () => {
    expect((await validate(admin, { domains: ['a.example'], extra: 1 })).status).toBe(400);
    expect((await validate(admin, { domains: 'a.example' })).status).toBe(400);
    expect((await validate(admin, { domains: ['a.example'], isFwaas: 'yes' })).status).toBe(400);
    expect(
      (await validate(admin, { domains: Array.from({ length: 1001 }, (_, i) => `d${i}.example`) })).status,
    ).toBe(400);
  });

  it('401 without a session; 403 without casb_policy read (or fwaas read for a firewall list)', async () => {
    expect((await validate(null, { domains: [] })).status).toBe(401);
    expect((await validate(logsOnly, { domains: [] })).status).toBe(403);
    expect((await validate(auditor, { domains: ['a.example'] })).status).toBe(200);
    expect((await validate(fwOnly, { domains: ['a.example'] })).status).toBe(403);
    expect((await validate(fwOnly, { domains: ['a.example'], isFwaas: true })).status).toBe(200);
    expect((await validate(egressOnly, { domains: [] })).status).toBe(403);
  });
});

describe('discovered apps and reputation insights', () => {
  it("lists the catalogue by the tenant's own use in the window, with users and the profile type seen", async () => {
    const r = await server.call(`${CASB_EGRESS_PATHS.discoveredApps}?days=7`, { jar: admin.jar });
    expect(r.status).toBe(200);
    const body = (await r.json()) as DiscoveredAppsReply;
    expect(body.apps.slice(0, 2).map((a) => [a.id, a.requests, a.users, a.profile_type])).toEqual([
      ['dropbox', 3, 2, 'unsanctioned'],
      ['box', 1, 1, 'sanctioned'],
    ]);
    // globex's WeTransfer use is not acme's; every other catalogue app is listed, unseen.
    expect(body.apps.find((a) => a.id === 'wetransfer')).toMatchObject({
      requests: 0,
      users: 0,
      profile_type: null,
    });
    const month = (await (
      await server.call(CASB_EGRESS_PATHS.discoveredApps, { jar: admin.jar })
    ).json()) as DiscoveredAppsReply;
    expect(month.apps.find((a) => a.id === 'box')).toMatchObject({ requests: 2, users: 2 });
    expect(month.end - month.start).toBe(30 * 24 * 3600);
  });

  it('days outside 1, 7, 30, 90 is 400; the logs-only role is 403', async () => {
    expect((await server.call(`${CASB_EGRESS_PATHS.discoveredApps}?days=5`, { jar: admin.jar })).status).toBe(
      400,
    );
    expect((await server.call(CASB_EGRESS_PATHS.discoveredApps, { jar: logsOnly.jar })).status).toBe(403);
    expect((await server.call(CASB_EGRESS_PATHS.discoveredApps)).status).toBe(401);
  });

  it("an app's insights: reputation from the catalogue, activity and top users from the logs", async () => {
    const r = await server.call(CASB_EGRESS_PATHS.appRepInsights.replace('{id}', 'dropbox'), {
      jar: auditor.jar,
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as AppRepInsightsReply;
    expect(body.app).toMatchObject({ id: 'dropbox', name: 'Dropbox', requests: 3 });
    expect(body.reputation.risk).toBe('medium');
    expect(body.reputation.factors.some((f) => !f.positive)).toBe(true);
    expect(body.activity).toEqual([
      { activity: 'upload', requests: 2 },
      { activity: 'download', requests: 1 },
    ]);
    expect(body.top_users).toEqual([
      { user: 'ann', requests: 2 },
      { user: 'bob', requests: 1 },
    ]);
  });

  it('an unknown app is 404 naming it; a malformed id is 400; 403 without casb_policy read', async () => {
    const unknown = await server.call(CASB_EGRESS_PATHS.appRepInsights.replace('{id}', 'nosuchapp'), {
      jar: admin.jar,
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: unknownAppMsg('nosuchapp') });
    expect(
      (await server.call(CASB_EGRESS_PATHS.appRepInsights.replace('{id}', 'Bad%20Id'), { jar: admin.jar }))
        .status,
    ).toBe(400);
    expect(
      (
        await server.call(CASB_EGRESS_PATHS.appRepInsights.replace('{id}', 'dropbox'), {
          jar: egressOnly.jar,
        })
      ).status,
    ).toBe(403);
  });
});

describe('egress control and header blocklist', () => {
  it("egress control: the tenant's egress_headers capability and the save limits", async () => {
    const r = await server.call(CASB_EGRESS_PATHS.egressControl, { jar: egressOnly.jar });
    expect(r.status).toBe(200);
    const body = (await r.json()) as EgressControlReply;
    expect(body).toMatchObject({ enabled: true, max_headers_per_rule: 50, max_value_length: 4096 });
  });

  it('the header blocklist is the one the egress_policy save checks, each with a reason', async () => {
    const r = await server.call(CASB_EGRESS_PATHS.headerBlocklist, { jar: auditor.jar });
    expect(r.status).toBe(200);
    const body = (await r.json()) as HeaderBlocklistReply;
    expect(body.headers.map((h) => h.name)).toEqual([...EGRESS_HEADER_BLOCKLIST]);
    expect(body.headers.every((h) => h.reason.length > 0)).toBe(true);
  });

  it('401 without a session, 403 without egress_policy read', async () => {
    for (const p of [CASB_EGRESS_PATHS.egressControl, CASB_EGRESS_PATHS.headerBlocklist]) {
      expect((await server.call(p)).status).toBe(401);
      expect((await server.call(p, { jar: logsOnly.jar })).status).toBe(403);
      expect((await server.call(p, { jar: fwOnly.jar })).status).toBe(403);
    }
  });
});
