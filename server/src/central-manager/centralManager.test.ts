/**
 * The central manager against real appliances (~30 s on a loaded machine): three appliance
 * processes (server/src/main.ts, each its own data directory and loopback port) and a management
 * station in this process, over real HTTP; requests are written from the calls' text (literal
 * paths and bodies). Faults are real: an appliance stopped (SIGSTOP) is slow, one killed (SIGKILL)
 * is down, one whose CA is reinitialised has a changed certificate, one behind a switchable proxy
 * answers 500; each shows its state with its reason while the others answer. A group update with
 * one member killed mid-job reports per appliance, and each appliance's own store says what it holds.
 */
import fs from 'node:fs';
import {
  CHILD_TEST_TIMEOUT_MS,
  killLeftoverChildren,
  signInAdmin,
  type ChildServer,
} from '../crash/childServer';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import {
  FLEET_ADMIN as ADMIN,
  approveAppliance,
  FLEET_PASSWORD as PASSWORD,
  fleetCaller,
  jobEnd as pollJob,
  portOf,
  startAppliance as startApplianceIn,
  startProxy,
  storedDocument,
  type FleetProxy,
} from '../testing/fleetTesting';

jest.setTimeout(CHILD_TEST_TIMEOUT_MS);

let manager: TestServer;
let admin: SignedIn;
let auditor: SignedIn;
const dirs: string[] = [];
const appliances: ChildServer[] = [];
let proxy: FleetProxy;

const startAppliance = (mode: string) => startApplianceIn(dirs, mode);
const call = fleetCaller(() => manager);

const approve = (name: string, port: number) => approveAppliance(call, admin, name, port);
const jobEnd = (id: string) => pollJob(call, admin, id);

const stateOf = (list: { name: string; state: string; reason: string | null }[], name: string) =>
  list.find((a) => a.name === name);

beforeAll(async () => {
  const [station, ...fleet] = await Promise.all([
    startTestServer({ deployment: 'on_prem', mode: 'management_station' }),
    startAppliance('safeview'),
    startAppliance('safemail'),
    startAppliance('safeview_proxy'),
  ] as const);
  manager = station;
  appliances.push(...fleet);
  proxy = await startProxy(portOf(appliances[2]));
  admin = await signIn(manager, ADMIN);
  auditor = await signIn(manager, 'auditor@acme.example');
});
afterAll(async () => {
  await proxy?.close();
  await manager?.close();
  await killLeftoverChildren();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const ids: Record<string, string> = {};

test("approve_sv: a wrong password is the appliance's own reason; a wrong pin is refused; the right one pins and registers", async () => {
  const port = portOf(appliances[0]);
  const bad = await call(admin, '/api/v1/managed_systems/approve_sv', 'POST', {
    host: '127.0.0.1',
    port,
    username: ADMIN,
    password: 'not-the-password',
    name: 'sv-1',
    fingerprint_sha256: 'AA:BB',
  });
  expect(bad.status).toBe(200);
  expect(bad.json.ok).toBe(false);
  expect(String(bad.json.reason)).toMatch(/password/i);

  const wrongPin = await call(admin, '/api/v1/managed_systems/approve_sv', 'POST', {
    host: '127.0.0.1',
    port,
    username: ADMIN,
    password: PASSWORD,
    name: 'sv-1',
    fingerprint_sha256: 'AA:BB',
  });
  expect(wrongPin.json).toEqual({ ok: false, reason: expect.stringMatching(/not the one approved/) });

  // Nothing listens: get_sv_cert answers no cert, with the reason.
  const none = await call(admin, '/api/v1/managed_systems/get_sv_cert', 'POST', {
    host: '127.0.0.1',
    port: 1,
    username: ADMIN,
    password: PASSWORD,
  });
  expect(none.json).toMatchObject({ cert: null, reason: expect.stringMatching(/cannot be reached/) });

  ids['sv-1'] = (await approve('sv-1', port)).id;
  ids['mail-1'] = (await approve('mail-1', portOf(appliances[1]))).id;
  ids['proxy-1'] = (await approve('proxy-1', proxy.port)).id;

  // The appliance recorded the manager that approved it.
  const status = await call(admin, `/api/v1/managed_systems/${ids['sv-1']}/status`);
  expect(status.json).toMatchObject({
    state: 'online',
    mode: 'safeview',
    system: { manager_version: '1.0.0' },
  });
  const again = await call(admin, '/api/v1/managed_systems/approve_sv', 'POST', {
    host: '127.0.0.1',
    port,
    username: ADMIN,
    password: PASSWORD,
    name: 'again',
    fingerprint_sha256: status.json.fingerprint_sha256,
  });
  expect(again.status).toBe(409);
});

test('bad input is a 400 naming the field; a read-only account may read, not write; port 8442 is the default', async () => {
  const noHost = await call(admin, '/api/v1/managed_systems/get_sv_cert', 'POST', {
    username: ADMIN,
    password: 'x',
  });
  expect(noHost.status).toBe(400);
  expect(JSON.stringify(noHost.json)).toMatch(/host/);
  const badGroup = await call(admin, '/api/v1/groups', 'POST', {
    name: 'g',
    nodes: [{ id: 'nope', auto_group: true }],
  });
  expect(badGroup.status).toBe(400);
  expect(badGroup.json.message).toMatch(/^nodes\.0\.id/);
  expect((await call(admin, '/api/v1/groups')).json.groups).toEqual([]);

  expect((await call(auditor, '/api/v1/dashboard/get_appliances')).status).toBe(200);
  expect((await call(auditor, '/api/v1/groups', 'POST', { name: 'g', nodes: [] })).status).toBe(403);
  expect((await call(null, '/api/v1/dashboard/get_appliances')).status).toBe(401);

  // Nothing of ours listens on 8442 here (or it is not an appliance that knows this password).
  const defaultPort = await call(admin, '/api/v1/managed_systems/get_sv_cert', 'POST', {
    host: '127.0.0.1',
    username: ADMIN,
    password: PASSWORD,
  });
  expect(defaultPort.json.cert).toBeNull();
  expect(String(defaultPort.json.reason)).toMatch(/8442|ECONNREFUSED|answered/);
});

test("groups: auto_group 'True' is true; a template applied to the group changes every member; drift is shown", async () => {
  const group = await call(admin, '/api/v1/groups', 'POST', {
    name: 'isolation',
    nodes: [
      { id: ids['sv-1'], auto_group: 'True' },
      { id: ids['mail-1'], auto_group: 'False' },
    ],
  });
  expect(group.status).toBe(200);
  expect(group.json.nodes).toEqual([
    { id: ids['sv-1'], auto_group: true },
    { id: ids['mail-1'], auto_group: false },
  ]);

  // The template is sv-1's settings with a new logging level, pushed to both.
  const direct = await signInAdmin(appliances[0], PASSWORD);
  const logging = await (await direct.call('GET', '/api/v1/settings/logging')).json();
  const { updated_at: _a, updated_by: _b, ...fields } = logging as Record<string, unknown>;
  const save = await direct.call('PUT', '/api/v1/settings/logging', { ...fields, level: 'debug' });
  expect(save.status).toBe(200);
  const template = await call(admin, '/api/v1/templates', 'POST', {
    name: 'debug logs',
    from_system: ids['sv-1'],
  });
  expect(template.status).toBe(200);
  expect(template.json.settings.logging.level).toBe('debug');
  expect(template.json.settings.network).toBeUndefined();

  const drift = await call(admin, `/api/v1/templates/${template.json.id}/drift?group_id=${group.json.id}`);
  expect(drift.json.members).toEqual([
    expect.objectContaining({ name: 'sv-1', drift: 'in_sync', fields: [] }),
    expect.objectContaining({
      name: 'mail-1',
      drift: 'drifted',
      fields: expect.arrayContaining(['logging.level']),
    }),
  ]);

  const applied = await call(admin, `/api/v1/templates/${template.json.id}/apply`, 'POST', {
    group_id: group.json.id,
  });
  expect(applied.status).toBe(200);
  const job = await jobEnd(applied.json.job_id);
  expect(job).toMatchObject({ status: 'finished', ok: true, reason: null, done: 2, total: 2 });
  expect(storedDocument(dirs[1], 'logging')).toMatchObject({ level: 'debug' });
  const after = await call(admin, `/api/v1/templates/${template.json.id}/drift?group_id=${group.json.id}`);
  expect(after.json.members.map((m: { drift: string }) => m.drift)).toEqual(['in_sync', 'in_sync']);
  expect((await call(admin, `/api/v1/groups/${group.json.id}`)).json.template_id).toBe(template.json.id);
});

test('maintenance mode and a restart are done by the appliance process itself', async () => {
  const on = await call(admin, `/api/v1/managed_systems/${ids['mail-1']}/maintenance`, 'PUT', {
    enabled: true,
  });
  expect(on.json).toMatchObject({ state: 'maintenance', system: { maintenance_mode: true } });
  expect(storedDocument(dirs[1], 'system')).toMatchObject({ maintenance_mode: true });
  await call(admin, `/api/v1/managed_systems/${ids['mail-1']}/maintenance`, 'PUT', { enabled: false });

  const bootsBefore = Number(storedDocument(dirs[1], 'system')?.boot_count);
  const restart = await call(admin, `/api/v1/managed_systems/${ids['mail-1']}/restart`, 'POST');
  const job = await jobEnd(restart.json.job_id);
  expect(job).toMatchObject({
    status: 'finished',
    ok: true,
    targets: [expect.objectContaining({ status: 'completed' })],
  });
  expect(Number(storedDocument(dirs[1], 'system')?.boot_count)).toBe(bootsBefore + 1);
  expect(await appliances[1].waitForLine(/restart requested by the manager/)).toBeTruthy();
});

test('faults: slow, 500 and a changed certificate each show with their reason, beside the others', async () => {
  process.kill(appliances[0].pid, 'SIGSTOP');
  proxy.failing = true;
  try {
    const list = (await call(admin, '/api/v1/dashboard/get_appliances')).json.appliances;
    expect(stateOf(list, 'sv-1')).toMatchObject({
      state: 'slow',
      reason: expect.stringMatching(/did not answer within 3 s/),
    });
    expect(stateOf(list, 'proxy-1')).toMatchObject({
      state: 'error',
      reason: expect.stringMatching(/500: disk I\/O error/),
    });
    expect(stateOf(list, 'mail-1')).toMatchObject({ state: 'online', reason: null });
    // Pages that do not ask the appliances answer as before.
    expect((await call(admin, '/api/v1/groups')).status).toBe(200);
  } finally {
    process.kill(appliances[0].pid, 'SIGCONT');
    proxy.failing = false;
  }
  const direct = await signInAdmin(appliances[1], PASSWORD);
  expect((await direct.call('POST', '/api/dash/v1/certs/ca/reinitialize')).status).toBe(200);
  const changed = await call(admin, `/api/v1/managed_systems/${ids['mail-1']}/status`);
  expect(changed.json).toMatchObject({
    state: 'certificate_changed',
    reason: expect.stringMatching(/certificate changed/),
  });
  // Nothing is pushed to an appliance whose certificate is not the pinned one.
  const refused = await call(admin, `/api/v1/managed_systems/${ids['mail-1']}/maintenance`, 'PUT', {
    enabled: true,
  });
  expect(refused.status).toBe(502);
  expect(storedDocument(dirs[1], 'system')).toMatchObject({ maintenance_mode: false });
});

test('a group update with one member killed mid-job reports per appliance and leaves the others done', async () => {
  const group = await call(admin, '/api/v1/groups', 'POST', {
    name: 'two and one to fail',
    nodes: [
      { id: ids['sv-1'], auto_group: true },
      { id: ids['proxy-1'], auto_group: true },
    ],
  });
  const direct = await signInAdmin(appliances[0], PASSWORD);
  const access = (await (await direct.call('GET', '/api/v1/settings/access')).json()) as Record<
    string,
    unknown
  >;
  const { updated_at: _a, updated_by: _b, ...fields } = access;
  await direct.call('PUT', '/api/v1/settings/access', { ...fields, admin_networks: ['10.9.0.0/16'] });
  const template = await call(admin, '/api/v1/templates', 'POST', {
    name: 'admin net',
    from_system: ids['sv-1'],
  });

  // proxy-1's appliance hangs, then is killed while the job waits on it.
  process.kill(appliances[2].pid, 'SIGSTOP');
  const applied = await call(admin, `/api/v1/templates/${template.json.id}/apply`, 'POST', {
    group_id: group.json.id,
  });
  for (;;) {
    const job = (await call(admin, `/api/v1/cm/jobs/${applied.json.job_id}`)).json;
    if (job.targets[0].status === 'completed' && job.targets[1].status === 'started') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await appliances[2].kill();
  const job = await jobEnd(applied.json.job_id);
  expect(job).toMatchObject({ status: 'failed', ok: false, done: 2, total: 2 });
  expect(job.targets).toEqual([
    expect.objectContaining({ name: 'sv-1', status: 'completed', reason: null }),
    expect.objectContaining({
      name: 'proxy-1',
      status: 'failed',
      reason: expect.stringMatching(/cannot be reached|did not answer/),
    }),
  ]);
  expect(job.reason).toMatch(/^1 of 2 failed: proxy-1: /);
  // What each appliance really holds: sv-1 the template's, the killed one its own.
  expect(storedDocument(dirs[0], 'access')).toMatchObject({ admin_networks: ['10.9.0.0/16'] });
  expect(storedDocument(dirs[2], 'access')?.admin_networks ?? []).not.toEqual(['10.9.0.0/16']);
  const list = (await call(admin, '/api/v1/dashboard/get_appliances')).json.appliances;
  expect(stateOf(list, 'proxy-1')?.state).toBe('down');
});

test('a shutdown ends the appliance process; the manager then shows it down', async () => {
  const shutdown = await call(admin, `/api/v1/managed_systems/${ids['sv-1']}/shutdown`, 'POST');
  const job = await jobEnd(shutdown.json.job_id);
  expect(job).toMatchObject({ status: 'finished', ok: true });
  await appliances[0].waitForLine(/shutdown requested by the manager/);
  const status = await call(admin, `/api/v1/managed_systems/${ids['sv-1']}/status`);
  expect(status.json).toMatchObject({ state: 'down', reason: expect.stringMatching(/ECONNREFUSED/) });
});

test('another mode has none of these calls (404)', async () => {
  const direct = await signInAdmin(appliances[1], PASSWORD);
  expect((await direct.call('GET', '/api/v1/dashboard/get_appliances')).status).toBe(404);
  expect((await direct.call('GET', '/api/v1/groups')).status).toBe(404);
});
