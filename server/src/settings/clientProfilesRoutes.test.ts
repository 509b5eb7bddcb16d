/**
 * Client profiles and posture profiles over real HTTP (docs/settings.md §11): `GET` and `PUT` with
 * the body `profiles`, bad input per field (400 naming it, nothing changed), a posture check that
 * does not fit its comparator, the audit event with before and after, permissions, the feature
 * flag, another tenant, and `export_client_profile?uuid=` as a downloaded file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

jest.setTimeout(120_000);

const TENANTS = '/api/settings/v1/tenants';
const CLIENT = `${TENANTS}/client_profiles`;
const POSTURE = `${TENANTS}/posture_profiles`;
const EXPORT = `${TENANTS}/export_client_profile`;
type Item = Record<string, unknown>;
type Doc = { profiles: Item[]; updated_at: string | null; updated_by: string | null };

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-profiles-'));
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
const read = async (pathname: string, who: SignedIn = admin) => json<Doc>(await call(who, pathname));
const put = (pathname: string, body: unknown, who: SignedIn = admin) => call(who, pathname, 'PUT', body);

const client = (over: Item = {}): Item => ({
  name: 'Branch offices',
  description: 'Always on, no posture check.',
  connection_mode: 'always_on',
  fail_open: false,
  allow_user_disable: false,
  auto_update: true,
  posture_check: false,
  ...over,
});
const posture = (over: Item = {}): Item => ({
  name: 'Kiosks',
  description: '',
  logic: 'and',
  checks: [{ check: 'crowdstrike_zta', comparator: 'inbetween', values: [40, 100] }],
  ...over,
});

async function audits(area: string): Promise<Record<string, string>[]> {
  server.clock.advance(1000);
  const r = await call(admin, `/api/rep/v1/query/scan_audit?limit=1000`);
  return ((await r.json()) as { events: Record<string, string>[] }).events.filter(
    (e) => e.sub_event_type === area,
  );
}

describe('client profiles: the document (GET and PUT, body profiles)', () => {
  it('answers the demo profiles, one checked against a posture profile', async () => {
    const doc = await read(CLIENT);
    expect(doc.profiles.map((p) => p.name)).toEqual(['Head office', 'Travelling staff']);
    expect(doc.profiles[0]).toMatchObject({ posture_check: true, posture_profile_id: expect.any(String) });
  });

  it('adds a profile with PUT (the server gives its uuid) and audits before and after', async () => {
    const before = await read(CLIENT);
    const saved = await json<Doc>(
      await put(CLIENT, { profiles: [...before.profiles, client()], updated_at: before.updated_at }),
    );
    expect(saved.profiles).toHaveLength(3);
    expect(saved.profiles[2].uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.updated_by).toBe('admin@acme.example');
    expect(await read(CLIENT)).toEqual(saved);
    const event = (await audits('client_profiles')).at(-1);
    expect(event).toMatchObject({ audit_action: 'update', object: 'Client Profiles' });
    expect(JSON.parse(event?.before ?? '')).toHaveLength(2);
    expect(JSON.parse(event?.after ?? '')).toHaveLength(3);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const before = await read(CLIENT);
    const cases: [unknown, string][] = [
      [{ profiles: [client({ name: '' })] }, 'profiles.0.name'],
      [{ profiles: [client({ connection_mode: 'sometimes' })] }, 'profiles.0.connection_mode'],
      [{ profiles: [client({ fail_open: 'yes' })] }, 'profiles.0.fail_open'],
      [{ profiles: [client({ posture_check: true })] }, 'profiles.0.posture_profile_id'],
      [
        {
          profiles: [
            client({ posture_check: true, posture_profile_id: '00000000-0000-4000-8000-000000000000' }),
          ],
        },
        'profiles.0.posture_profile_id',
      ],
      [{ profiles: [client(), client()] }, 'profiles.1.name'],
      [{ list: [client()] }, 'profiles'],
    ];
    for (const [body, field] of cases) {
      const answer = await json<{ field: string }>(await put(CLIENT, body), 400);
      expect({ body, field: answer.field }).toEqual({ body, field });
    }
    expect(await read(CLIENT)).toEqual(before);
  });

  it('lets the auditor read and refuses their save; refuses the logs role both; 401 without a session', async () => {
    const doc = await read(CLIENT, auditor);
    expect((await put(CLIENT, { profiles: doc.profiles }, auditor)).status).toBe(403);
    expect((await call(logs, CLIENT)).status).toBe(403);
    expect((await call(logs, `${EXPORT}?uuid=${String(doc.profiles[0].uuid)}`)).status).toBe(403);
    expect((await server.call(CLIENT)).status).toBe(401);
    // POST is not the verb of this document.
    expect((await call(admin, CLIENT, 'POST', { profiles: [] })).status).toBe(404);
  });

  it('refuses a tenant without the clientProfiles feature, then shows it its own list only', async () => {
    const r = await call(globex, CLIENT);
    expect(r.status).toBe(403);
    expect(((await r.json()) as { message: string }).message).toContain('clientProfiles');
    const store = server.app.workbench.store;
    const tid = (await store.tenants.list()).find((t) => t.name === 'globex')?.tid ?? '';
    const tenant = await store.tenants.get(tid);
    await store.tenants.update(tid, { capabilities: { ...tenant?.capabilities, clientProfiles: true } });
    globex = await signIn(server, 'admin@globex.example');
    const acme = await read(CLIENT);
    expect(await read(CLIENT, globex)).toEqual({ profiles: [], updated_at: null, updated_by: null });
    // acme's uuid means nothing in globex: neither a save naming it nor its export.
    const uuid = String(acme.profiles[0].uuid);
    const refused = await json<{ field: string }>(
      await put(CLIENT, { profiles: [client({ uuid })] }, globex),
      400,
    );
    expect(refused.field).toBe('profiles.0.uuid');
    expect((await call(globex, `${EXPORT}?uuid=${uuid}`)).status).toBe(404);
    expect(await read(CLIENT)).toEqual(acme);
  });
});

describe('export_client_profile?uuid=', () => {
  it('downloads the profile as a JSON attachment with its posture profile', async () => {
    const doc = await read(CLIENT);
    const head = doc.profiles[0];
    const r = await call(admin, `${EXPORT}?uuid=${String(head.uuid)}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('content-disposition')).toBe(
      'attachment; filename="client-profile-Head-office.json"',
    );
    const file = (await r.json()) as Record<string, unknown>;
    expect(file).toMatchObject({
      format: 'workbench-client-profile',
      version: 1,
      tenant: 'acme',
      profile: head,
      posture_profile: { uuid: head.posture_profile_id, name: 'Managed laptops' },
    });
    // The auditor (settings read) may export too.
    expect((await call(auditor, `${EXPORT}?uuid=${String(head.uuid)}`)).status).toBe(200);
  });

  it('answers 404 for an unknown uuid and 400 naming uuid when it is missing', async () => {
    const unknown = await json<{ field: string }>(
      await call(admin, `${EXPORT}?uuid=00000000-0000-4000-8000-000000000000`),
      404,
    );
    expect(unknown.field).toBe('uuid');
    const missing = await json<{ field: string; message: string }>(await call(admin, EXPORT), 400);
    expect(missing.field).toBe('uuid');
  });
});

describe('posture profiles: GET and PUT, the checks and their comparators', () => {
  it('answers the demo profiles with their checks', async () => {
    const doc = await read(POSTURE);
    expect(doc.profiles.map((p) => p.name)).toEqual(['Managed laptops', 'Contractor Macs']);
    expect(doc.profiles[0].checks).toContainEqual({
      check: 'os_version',
      comparator: 'inbetween',
      values: ['10.0.19045', '10.0.26100'],
    });
  });

  it('adds a profile and audits it under posture_profiles', async () => {
    const before = await read(POSTURE);
    const saved = await json<Doc>(await put(POSTURE, { profiles: [...before.profiles, posture()] }));
    expect(saved.profiles.at(-1)).toMatchObject(posture());
    const event = (await audits('posture_profiles')).at(-1);
    expect(event).toMatchObject({ object: 'Posture Profiles' });
  });

  it('refuses a check that does not fit its comparator, naming the check and the value', async () => {
    const before = await read(POSTURE);
    const check = (c: Item) => ({ profiles: [...before.profiles, posture({ name: 'Bad', checks: [c] })] });
    const i = before.profiles.length;
    const cases: [unknown, string][] = [
      [
        check({ check: 'crowdstrike_zta', comparator: 'inbetween', values: [80, 20] }),
        `profiles.${i}.checks.0.values.1`,
      ],
      [
        check({ check: 'crowdstrike_zta', comparator: 'inbetween', values: [20] }),
        `profiles.${i}.checks.0.values`,
      ],
      [
        check({ check: 'crowdstrike_zta', comparator: 'less_than', values: [101] }),
        `profiles.${i}.checks.0.values.0`,
      ],
      [
        check({ check: 'os_version', comparator: 'greater_than', values: ['14.x'] }),
        `profiles.${i}.checks.0.values.0`,
      ],
      [
        check({ check: 'firewall', comparator: 'greater_than', values: [true] }),
        `profiles.${i}.checks.0.comparator`,
      ],
      [check({ check: 'firewall', comparator: 'equal', values: ['on'] }), `profiles.${i}.checks.0.values.0`],
      [check({ check: 'usb', comparator: 'equal', values: [true] }), `profiles.${i}.checks.0.check`],
      [
        check({ check: 'firewall', comparator: 'about', values: [true] }),
        `profiles.${i}.checks.0.comparator`,
      ],
      [{ profiles: [posture({ logic: 'xor' })] }, 'profiles.0.logic'],
    ];
    for (const [body, field] of cases) {
      const answer = await json<{ field: string }>(await put(POSTURE, body), 400);
      expect({ body, field: answer.field }).toEqual({ body, field });
    }
    expect(await read(POSTURE)).toEqual(before);
  });

  it('keeps a posture profile a client profile uses: deleting it is refused (409) naming the client profile', async () => {
    const before = await read(POSTURE);
    const r = await put(POSTURE, { profiles: before.profiles.slice(1) });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { message: string }).message).toContain('Head office');
    expect(await read(POSTURE)).toEqual(before);
  });

  it('lets the auditor read and refuses their save', async () => {
    const doc = await read(POSTURE, auditor);
    expect((await put(POSTURE, { profiles: doc.profiles }, auditor)).status).toBe(403);
    expect((await call(logs, POSTURE)).status).toBe(403);
  });
});

describe('ts_client_profile: one document (GET and PUT)', () => {
  const TS = `${TENANTS}/ts_client_profile`;
  type Ts = Record<string, unknown> & { updated_at: string | null };
  const ts = (over: Item = {}): Item => ({
    enabled: true,
    client_profile_id: null,
    port_range: { start: 20000, end: 40000 },
    ports_per_user: 200,
    ...over,
  });

  it('answers the defaults before the first save, then a save with its client profile, audited', async () => {
    const first = await json<Ts>(await call(admin, TS));
    expect(first).toEqual({
      enabled: false,
      client_profile_id: null,
      port_range: { start: 10000, end: 60000 },
      ports_per_user: 500,
      updated_at: null,
      updated_by: null,
    });
    const uuid = String((await read(CLIENT)).profiles[0].uuid);
    const saved = await json<Ts>(await put(TS, ts({ client_profile_id: uuid, updated_at: null })));
    expect(saved).toMatchObject({ enabled: true, client_profile_id: uuid, updated_by: 'admin@acme.example' });
    expect(await json<Ts>(await call(admin, TS))).toEqual(saved);
    const event = (await audits('client_profiles')).find((e) => e.object === 'TS client profile');
    expect(event).toBeDefined();
    if (!event) return;
    expect(JSON.parse(event.before)).toMatchObject({ enabled: false });
    expect(JSON.parse(event.after)).toMatchObject({ enabled: true, client_profile_id: uuid });
  });

  it('refuses bad input with 400 naming the field, a save over a newer one with 409, and changes nothing', async () => {
    const before = await json<Ts>(await call(admin, TS));
    const uuid = before.client_profile_id;
    const cases: [unknown, string][] = [
      [ts({ client_profile_id: uuid, port_range: { start: 40000, end: 30000 } }), 'port_range.end'],
      [ts({ client_profile_id: uuid, port_range: { start: 80, end: 30000 } }), 'port_range.start'],
      [ts({ client_profile_id: uuid, port_range: { start: 30000, end: 30009 } }), 'ports_per_user'],
      [ts({ client_profile_id: uuid, ports_per_user: 0 }), 'ports_per_user'],
      [ts(), 'client_profile_id'],
      [ts({ client_profile_id: '00000000-0000-4000-8000-000000000000' }), 'client_profile_id'],
      [ts({ client_profile_id: uuid, enabled: 'yes' }), 'enabled'],
    ];
    for (const [body, field] of cases) {
      const answer = await json<{ field: string }>(await put(TS, body), 400);
      expect({ body, field: answer.field }).toEqual({ body, field });
    }
    const stale = await put(TS, ts({ client_profile_id: uuid, updated_at: '2020-01-01T00:00:00.000Z' }));
    expect(stale.status).toBe(409);
    expect(await json<Ts>(await call(admin, TS))).toEqual(before);
  });

  it('keeps the client profile it names: deleting it is refused with 409 and changes nothing', async () => {
    const ts0 = await json<Ts>(await call(admin, TS));
    const used = ts0.client_profile_id;
    expect(used).not.toBeNull();
    const before = await read(CLIENT);
    const rest = before.profiles.filter((p) => p.uuid !== used);
    const refused = await json<{ message: string; field: string }>(
      await put(CLIENT, { profiles: rest, updated_at: before.updated_at }),
      409,
    );
    expect(refused).toMatchObject({ field: 'profiles' });
    expect(refused.message).toMatch(/^The TS client profile uses this client profile/);
    expect(await read(CLIENT)).toEqual(before);
  });

  it('lets the auditor read and refuses their save; refuses the logs role', async () => {
    const doc = await json<Ts>(await call(auditor, TS));
    expect((await put(TS, { ...doc, updated_by: undefined }, auditor)).status).toBe(403);
    expect((await call(logs, TS)).status).toBe(403);
    expect((await server.call(TS)).status).toBe(401);
  });
});
