/**
 * cr_update, logs and exports of a managed appliance, and the management station's own about,
 * password and settings, against a real appliance process (its own data directory) and a management
 * station in this process, over real HTTP; the requests are written from the calls' text. What the
 * appliance really holds is read from its own store, and its logs are its own audit trail.
 */
import fs from 'node:fs';
import {
  CHILD_TEST_TIMEOUT_MS,
  GUARD_MS,
  killLeftoverChildren,
  signInAdmin,
  type ChildServer,
} from '../crash/childServer';
import {
  signIn,
  startTestServer,
  TEST_PASSWORD,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import {
  approveAppliance,
  fleetCaller,
  FLEET_PASSWORD,
  portOf,
  startAppliance,
  storedDocument,
} from '../testing/fleetTesting';

jest.setTimeout(CHILD_TEST_TIMEOUT_MS);

let manager: TestServer;
let admin: SignedIn;
let auditor: SignedIn;
let appliance: ChildServer;
const dirs: string[] = [];
let id = '';
const call = fleetCaller(() => manager);
const sys = (rest: string) => `/api/v1/managed_systems/${id}${rest}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  const [station, sv] = await Promise.all([
    startTestServer({ deployment: 'on_prem', mode: 'management_station' }),
    startAppliance(dirs, 'safeview'),
  ] as const);
  manager = station;
  appliance = sv;
  admin = await signIn(manager, 'admin@acme.example');
  auditor = await signIn(manager, 'auditor@acme.example');
  id = (await approveAppliance(call, admin, 'sv 1', portOf(appliance))).id;
});
afterAll(async () => {
  await manager?.close();
  await killLeftoverChildren();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The appliance's audit events (newest first) until one matches, within the guard's time. */
async function logsUntil(pattern: RegExp) {
  const until = Date.now() + GUARD_MS;
  for (;;) {
    const logs = await call(auditor, sys('/logs?limit=1000'));
    expect(logs.status).toBe(200);
    if ((logs.json.events as unknown[]).some((e) => pattern.test(JSON.stringify(e)))) return logs.json;
    if (Date.now() > until) throw new Error(`no log event of ${pattern} in ${JSON.stringify(logs.json)}`);
    await sleep(200);
  }
}

test('cr_update: bad input is a 400 naming the field and changes nothing; a reader may not; the named fields change on the appliance', async () => {
  const before = storedDocument(dirs[0], 'time');
  const empty = await call(admin, sys('/cr_update'), 'PUT', {});
  expect(empty.status).toBe(400);
  expect(empty.json.message).toMatch(/settings/);
  const unknown = await call(admin, sys('/cr_update'), 'PUT', { settings: { weather: { sunny: true } } });
  expect(unknown.status).toBe(400);
  expect(unknown.json.message).toMatch(/settings\.weather/);
  const bookkeeping = await call(admin, sys('/cr_update'), 'PUT', {
    settings: { time: { updated_by: 'someone' } },
  });
  expect(bookkeeping.status).toBe(400);
  expect(bookkeeping.json.message).toMatch(/settings\.time\.updated_by/);
  // The appliance checks the result itself and names the field.
  const refused = await call(admin, sys('/cr_update'), 'PUT', {
    settings: { time: { timezone: 'Mars/Olympus_Mons' } },
  });
  expect(refused.status).toBe(400);
  expect(refused.json.message).toMatch(/timezone/);
  expect(
    (await call(auditor, sys('/cr_update'), 'PUT', { settings: { time: { timezone: 'UTC' } } })).status,
  ).toBe(403);
  expect(
    (
      await call(admin, '/api/v1/managed_systems/nope/cr_update', 'PUT', {
        settings: { time: { timezone: 'UTC' } },
      })
    ).status,
  ).toBe(404);
  expect(storedDocument(dirs[0], 'time')).toEqual(before);
  const status = await call(admin, sys('/status'));
  expect(status.json.state).toBe('online');

  const updated = await call(admin, sys('/cr_update'), 'PUT', {
    settings: { time: { timezone: 'Europe/Paris' } },
  });
  expect(updated.status).toBe(200);
  expect(updated.json.settings.time).toMatchObject({
    timezone: 'Europe/Paris',
    ntp_servers: ['pool.ntp.org'],
  });
  expect(storedDocument(dirs[0], 'time')).toMatchObject({
    timezone: 'Europe/Paris',
    ntp_enabled: true,
    ntp_servers: ['pool.ntp.org'],
  });
});

test("logs: the appliance's own audit trail, a block at a time; bad input 400 naming the field", async () => {
  const logs = await logsUntil(/Imported the appliance settings/);
  expect(logs).toMatchObject({ id, log_type: 'scan_audit' });
  const first = await call(auditor, sys('/logs?limit=1'));
  expect(first.status).toBe(200);
  expect(first.json.events).toHaveLength(1);
  expect(first.json.pagingIdentifiers.last_iteration).toBe(false);
  const next = await call(
    auditor,
    sys(`/logs?limit=1&cursor=${encodeURIComponent(first.json.pagingIdentifiers.cursor)}`),
  );
  expect(next.status).toBe(200);
  expect(next.json.events).toHaveLength(1);
  expect(next.json.events[0].id).not.toBe(first.json.events[0].id);

  const badLimit = await call(auditor, sys('/logs?limit=0'));
  expect(badLimit.status).toBe(400);
  expect(badLimit.json.message).toMatch(/limit/);
  const badType = await call(auditor, sys('/logs?log_type=scan_nothing'));
  expect(badType.status).toBe(400);
  expect(badType.json.message).toMatch(/log_type/);
  const badCursor = await call(auditor, sys('/logs?cursor=not-a-cursor'));
  expect(badCursor.status).toBe(400);
  expect(badCursor.json.message).toMatch(/^cursor: .*cursor is not valid/);
  expect((await call(null, sys('/logs'))).status).toBe(401);
  expect((await call(auditor, '/api/v1/managed_systems/nope/logs')).status).toBe(404);
  // A refused query is no fault of the appliance.
  expect((await call(admin, sys('/status'))).json.state).toBe('online');
});

test("exports: the appliance's own file of its events, as it wrote it", async () => {
  await logsUntil(/Imported the appliance settings/);
  const r = await manager.call(sys('/exports'), { jar: auditor.jar });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(r.headers.get('content-disposition')).toBe('attachment; filename="sv_1-scan_audit.csv"');
  const text = await r.text();
  const [header, ...rows] = text.trim().split('\n');
  expect(header).toMatch(/^id,event_time/);
  expect(rows.some((line) => line.includes('Imported the appliance settings'))).toBe(true);
  // The same file the appliance gives its own administrator.
  const direct = await signInAdmin(appliance, FLEET_PASSWORD);
  const own = await (await direct.call('GET', '/api/rep/v1/export/scan_audit')).text();
  expect(own.split('\n')[0]).toBe(header);

  const bad = await call(auditor, sys('/exports?log_type=scan_nothing'));
  expect(bad.status).toBe(400);
  expect(bad.json.message).toMatch(/log_type/);
  expect((await call(null, sys('/exports'))).status).toBe(401);
});

test("about: the station's version, mode and what it manages, for any reader", async () => {
  const about = await call(auditor, '/api/v1/cm/about');
  expect(about.status).toBe(200);
  expect(about.json).toMatchObject({
    version: '1.0.0',
    mode: 'management_station',
    managed_systems: 1,
    groups: 0,
    templates: 0,
  });
  expect(typeof about.json.hostname).toBe('string');
  expect((await call(null, '/api/v1/cm/about')).status).toBe(401);
});

test("settings: the station's own; bad input 400 naming the field and nothing changed; they govern the calls", async () => {
  const defaults = await call(auditor, '/api/v1/cm/settings');
  expect(defaults.status).toBe(200);
  expect(defaults.json).toMatchObject({ appliance_port: 8442, status_timeout_s: 3, updated_at: null });

  const badPort = await call(admin, '/api/v1/cm/settings', 'PUT', { appliance_port: 0, status_timeout_s: 3 });
  expect(badPort.status).toBe(400);
  expect(badPort.json.message).toMatch(/appliance_port/);
  const badTimeout = await call(admin, '/api/v1/cm/settings', 'PUT', {
    appliance_port: 8442,
    status_timeout_s: 600,
  });
  expect(badTimeout.status).toBe(400);
  expect(badTimeout.json.message).toMatch(/status_timeout_s/);
  const missing = await call(admin, '/api/v1/cm/settings', 'PUT', { appliance_port: 8442 });
  expect(missing.status).toBe(400);
  expect(missing.json.message).toMatch(/status_timeout_s/);
  expect(
    (await call(auditor, '/api/v1/cm/settings', 'PUT', { appliance_port: 9000, status_timeout_s: 3 })).status,
  ).toBe(403);
  expect((await call(auditor, '/api/v1/cm/settings')).json).toEqual(defaults.json);

  // With the appliance's port as the station's, a certificate fetch without a port reaches it.
  const saved = await call(admin, '/api/v1/cm/settings', 'PUT', {
    appliance_port: portOf(appliance),
    status_timeout_s: 5,
  });
  expect(saved.status).toBe(200);
  expect(saved.json).toMatchObject({
    appliance_port: portOf(appliance),
    status_timeout_s: 5,
    updated_by: 'admin@acme.example',
  });
  const cert = await call(admin, '/api/v1/managed_systems/get_sv_cert', 'POST', {
    host: '127.0.0.1',
    username: 'admin@acme.example',
    password: FLEET_PASSWORD,
  });
  expect(cert.json.cert).toMatch(/BEGIN CERTIFICATE/);
  await call(admin, '/api/v1/cm/settings', 'PUT', { appliance_port: 8442, status_timeout_s: 3 });
});

test("password: the signed-in administrator's own, with the password rules; the new one signs in", async () => {
  const url = '/api/v1/cm/password';
  const wrong = await call(auditor, url, 'POST', {
    current_password: 'not-it',
    new_password: 'Another-pass-2026',
  });
  expect(wrong.status).toBe(400);
  expect(wrong.json.message).toMatch(/current/i);
  // The password validator's rule: no !, backslash, whitespace or single quote.
  for (const bad of ['Has!bang-2026', 'Has space 2026', "Has'quote-2026", 'Has\\slash-2026']) {
    const refused = await call(auditor, url, 'POST', { current_password: TEST_PASSWORD, new_password: bad });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      'The new password must not contain !, a backslash, a space or a single quote.',
    );
  }
  const same = await call(auditor, url, 'POST', {
    current_password: TEST_PASSWORD,
    new_password: TEST_PASSWORD,
  });
  expect(same.status).toBe(400);
  expect((await call(null, url, 'POST', { current_password: 'a', new_password: 'b' })).status).toBe(401);
  await signIn(manager, 'auditor@acme.example');

  const changed = await call(auditor, url, 'POST', {
    current_password: TEST_PASSWORD,
    new_password: 'Station-pass-2026',
  });
  expect(changed.status).toBe(200);
  expect(changed.json).toEqual({ status: 'ok' });
  await signIn(manager, 'auditor@acme.example', 'Station-pass-2026');
  await expect(signIn(manager, 'auditor@acme.example')).rejects.toThrow(/sign-in/);
});

test('another mode has none of these calls (404)', async () => {
  const direct = await signInAdmin(appliance, FLEET_PASSWORD);
  for (const path of [
    '/api/v1/cm/about',
    '/api/v1/cm/settings',
    '/api/v1/managed_systems/x/logs',
    '/api/v1/managed_systems/x/exports',
  ])
    expect((await direct.call('GET', path)).status).toBe(404);
  expect((await direct.call('PUT', '/api/v1/managed_systems/x/cr_update', { settings: {} })).status).toBe(
    404,
  );
  expect(
    (await direct.call('POST', '/api/v1/cm/password', { current_password: 'a', new_password: 'b' })).status,
  ).toBe(404);
});
