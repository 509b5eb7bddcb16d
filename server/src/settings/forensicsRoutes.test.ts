/**
 * Forensics profiles beyond their list (docs/settings.md §3), over real HTTP: the browsing-forensics
 * rule names a stored profile (a missing one is refused at save, 400 naming the field, and a
 * profile a rule uses cannot be deleted, 409 naming the rule); the viewer (GET/POST
 * bf_profiles/viewer: bad input 400 naming the field and nothing changed, the spec's URL check,
 * the audit event); the status; permissions, the feature flag and another tenant.
 */
import { policyDocPath, policyDocWritePath } from '@workbench/common/api/contract/policyKinds';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

jest.setTimeout(120_000);

const BF = '/api/settings/v1/tenants/bf_profiles';
const VIEWER = `${BF}/viewer`;
const STATUS = `${BF}/status`;
const STANDARD = 'c2b7e5a1-9d3f-4e8a-b6c4-5f0a1d2e3b44';
const MISSING = '0b6f6a52-3f0e-4c8e-9a57-6c1d2b7e9f10';

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: string;
  updated_at: string;
}
type Doc = { list: Record<string, unknown>[]; updated_at: string | null };

let server: TestServer;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;
let events: EventStore;
let eventsDir: string;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forensics-'));
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
const revision = async () => json<Rev>(await call(admin, '/api/policy/v1/rules'));
const readRules = async (rev: Rev) =>
  json<{ browsing_forensics: unknown }>(await call(admin, policyDocPath('bf/web', rev.staged_rev_id)));
const rule = (id: string, name: string, profile_id: string) => ({
  id,
  name,
  enabled: true,
  conditions: {},
  profile_id,
});
const saveRules = async (rules: unknown[], enabled = true) => {
  const rev = await revision();
  return call(admin, policyDocWritePath('bf/web', rev.staged_rev_id), 'PUT', {
    rev_id: rev.rev_id,
    state: rev.state,
    updated_at: rev.updated_at,
    data: { browsing_forensics: { enabled, rules } },
  });
};

describe('the browsing-forensics rule names a forensics profile', () => {
  it('refuses a rule naming a profile the tenant does not have (400 naming the field), and changes nothing', async () => {
    const before = await revision();
    const stored = await readRules(before);
    const r = await json<{ field: string; message: string }>(
      await saveRules([rule('r1', 'Everyone', STANDARD), rule('r2', 'Finance', MISSING)]),
      400,
    );
    expect(r.field).toBe('data.browsing_forensics.rules.1.profile_id');
    expect(r.message).toBe('No forensics profile has this id: choose one from the list.');
    expect(await revision()).toEqual(before);
    expect(await readRules(before)).toEqual(stored);
  });

  it('saves a rule naming a stored profile; deleting that profile is refused (409 naming the rule)', async () => {
    await json<Rev>(await saveRules([rule('r1', 'Finance recordings', STANDARD)]));
    const doc = await json<Doc>(await call(admin, BF));
    const rest = doc.list.filter((p) => p.uuid !== STANDARD);
    const r = await json<{ field: string; message: string }>(
      await call(admin, BF, 'POST', { list: rest, updated_at: doc.updated_at }),
      409,
    );
    expect(r.message).toBe(
      'The browsing forensics rule Finance recordings uses this forensics profile: choose another one in that rule first.',
    );
    expect(await json<Doc>(await call(admin, BF))).toEqual(doc);
    // Another profile (not used) can go.
    const unused = doc.list.filter((p) => p.uuid === STANDARD);
    await json<Doc>(await call(admin, BF, 'POST', { list: unused, updated_at: doc.updated_at }));
  });

  it("refuses acme's profile in globex's rules (another tenant's id is missing there)", async () => {
    const store = server.app.workbench.store;
    const tid = (await store.tenants.list()).find((t) => t.name === 'globex')?.tid ?? '';
    const tenant = await store.tenants.get(tid);
    await store.tenants.update(tid, { capabilities: { ...tenant?.capabilities, browsing_forensics: true } });
    globex = await signIn(server, 'admin@globex.example');
    const rev = await json<Rev>(await call(globex, '/api/policy/v1/rules'));
    const r = await call(globex, policyDocWritePath('bf/web', rev.staged_rev_id), 'PUT', {
      rev_id: rev.rev_id,
      state: rev.state,
      updated_at: rev.updated_at,
      data: { browsing_forensics: { enabled: true, rules: [rule('g1', 'All', STANDARD)] } },
    });
    expect((await json<{ field: string }>(r, 400)).field).toBe('data.browsing_forensics.rules.0.profile_id');
  });
});

describe('the forensics viewer', () => {
  it('answers the defaults before any save', async () => {
    expect(await json(await call(admin, VIEWER))).toEqual({
      enabled: false,
      validated: false,
      viewer_url: '',
      open_link: 'modal_window',
      updated_at: null,
      updated_by: null,
    });
  });

  it.each([
    ['open_link', { enabled: true, viewer_url: 'https://viewer.acme.example', open_link: 'popup' }],
    ['viewer_url', { enabled: true, viewer_url: '   ', open_link: 'new_tab' }],
    ['viewer_url', { enabled: true, viewer_url: 'x'.repeat(2049), open_link: 'new_tab' }],
    ['enabled', { enabled: 'yes', viewer_url: 'https://viewer.acme.example', open_link: 'new_tab' }],
  ])('refuses a bad %s (400 naming it) and changes nothing', async (field, body) => {
    const before = await json(await call(admin, VIEWER));
    const r = await json<{ field: string }>(await call(admin, VIEWER, 'POST', body), 400);
    expect(r.field).toBe(field);
    expect(await json(await call(admin, VIEWER))).toEqual(before);
  });

  it('saves it: any non-empty URL passes the check (validated), and the save is audited with before and after', async () => {
    const saved = await json<Record<string, unknown>>(
      await call(admin, VIEWER, 'POST', {
        enabled: true,
        viewer_url: 'forensics viewer',
        open_link: 'new_tab',
      }),
    );
    expect(saved).toMatchObject({
      enabled: true,
      validated: true,
      viewer_url: 'forensics viewer',
      open_link: 'new_tab',
      updated_by: 'admin@acme.example',
    });
    expect(await json(await call(admin, VIEWER))).toEqual(saved);
    // Disabled with no URL: allowed, and not validated.
    const off = await json<Record<string, unknown>>(
      await call(admin, VIEWER, 'POST', { enabled: false, viewer_url: '', open_link: 'new_tab' }),
    );
    expect(off).toMatchObject({ enabled: false, validated: false });
    server.clock.advance(1000);
    const r = await call(admin, '/api/rep/v1/query/scan_audit?limit=1000');
    const events = ((await r.json()) as { events: Record<string, string>[] }).events.filter(
      (e) => e.sub_event_type === 'forensics' && e.object === 'Forensics viewer',
    );
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(events)).toContain('forensics viewer');
  });

  it('is read with settings:bf_profiles:read and saved with :write only; needs the feature and a session', async () => {
    expect((await call(auditor, VIEWER)).status).toBe(200);
    expect(
      (await call(auditor, VIEWER, 'POST', { enabled: false, viewer_url: '', open_link: 'new_tab' })).status,
    ).toBe(403);
    expect((await call(logs, VIEWER)).status).toBe(403);
    expect((await call(logs, STATUS)).status).toBe(403);
    expect((await server.call(VIEWER)).status).toBe(401);
    expect((await server.call(STATUS)).status).toBe(401);
  });

  it("keeps each tenant's viewer its own", async () => {
    await json(
      await call(admin, VIEWER, 'POST', { enabled: true, viewer_url: 'https://acme', open_link: 'new_tab' }),
    );
    expect(await json(await call(globex, VIEWER))).toMatchObject({ enabled: false, viewer_url: '' });
  });
});

describe('the status', () => {
  it('says whether the staged policy records, with how many rules, and what needs attention', async () => {
    await json<Rev>(await saveRules([rule('r1', 'Finance recordings', STANDARD)], false));
    expect(await json(await call(admin, STATUS))).toMatchObject({ recording: false, rules: 1, state: 'off' });
    await json<Rev>(await saveRules([rule('r1', 'Finance recordings', STANDARD)], true));
    const status = await json<Record<string, unknown>>(await call(admin, STATUS));
    expect(status).toEqual({
      recording: true,
      rules: 1,
      profiles: 1,
      unvalidated_storage: [],
      viewer: { enabled: true, validated: true },
      state: 'ready',
    });
    expect(await json(await call(auditor, STATUS))).toEqual(status);
  });
});
