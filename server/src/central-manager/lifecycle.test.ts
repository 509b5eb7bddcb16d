/**
 * Licences, registration and updates of a managed appliance, against a real appliance process
 * (its own data directory, behind a proxy that can make it answer 500 and follows it to the new
 * port when it is started again) and a management station in this process, over real HTTP; the
 * requests are written from the calls' text. What the appliance really holds is read from its own
 * store. An install killed midway (SIGKILL) is reported failed with its reason once the appliance
 * is back, and the appliance still runs the version it ran.
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
  approveAppliance,
  fleetCaller,
  FLEET_PASSWORD,
  jobEnd as pollJob,
  portOf,
  startAppliance,
  startProxy,
  storedDocument,
  type FleetProxy,
} from '../testing/fleetTesting';

jest.setTimeout(CHILD_TEST_TIMEOUT_MS);

let manager: TestServer;
let admin: SignedIn;
let auditor: SignedIn;
let appliance: ChildServer;
let proxy: FleetProxy;
const dirs: string[] = [];
let id = '';
const call = fleetCaller(() => manager);
const jobEnd = (job: string) => pollJob(call, admin, job);
const sys = (rest: string) => `/api/v1/managed_systems/${id}${rest}`;

/** A licence string as the provider console issues it: WBL1. and the key's fields, base64url JSON. */
const licence = (fields: Record<string, unknown>) =>
  `WBL1.${Buffer.from(
    JSON.stringify({
      key_id: 'OVA-ACME-2026',
      tenant_name: 'acme',
      license_type: 'customer',
      expires_at: '2099-12-31',
      does_not_expire: false,
      versions: [],
      ...fields,
    }),
  ).toString('base64url')}`;

beforeAll(async () => {
  const [station, sv] = await Promise.all([
    startTestServer({ deployment: 'on_prem', mode: 'management_station' }),
    startAppliance(dirs, 'safeview'),
  ] as const);
  manager = station;
  appliance = sv;
  proxy = await startProxy(portOf(appliance));
  admin = await signIn(manager, 'admin@acme.example');
  auditor = await signIn(manager, 'auditor@acme.example');
  id = (await approveAppliance(call, admin, 'sv-1', proxy.port)).id;
});
afterAll(async () => {
  await proxy?.close();
  await manager?.close();
  await killLeftoverChildren();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('validate_license and the licence set: bad input, permission, ok false with the reason, the licence held', async () => {
  const noString = await call(admin, sys('/validate_license'), 'POST', {});
  expect(noString.status).toBe(400);
  expect(noString.json.message).toMatch(/license_string/);
  expect(
    (await call(admin, '/api/v1/managed_systems/nope/validate_license', 'POST', { license_string: 'x' }))
      .status,
  ).toBe(404);
  expect((await call(null, sys('/license'))).status).toBe(401);

  const malformed = await call(auditor, sys('/validate_license'), 'POST', { license_string: 'hello' });
  expect(malformed.json).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/not a licence/),
    license: null,
  });
  const expired = await call(admin, sys('/validate_license'), 'POST', {
    license_string: licence({ expires_at: '2020-01-01' }),
  });
  expect(expired.json).toMatchObject({ ok: false, reason: 'The licence expired on 2020-01-01.' });

  // A set whose answer is ok false changes nothing on the appliance.
  const wrongVersion = await call(admin, sys('/license'), 'PUT', {
    license_string: licence({ versions: ['9.9.0'] }),
  });
  expect(wrongVersion.status).toBe(200);
  expect(wrongVersion.json).toMatchObject({ ok: false, reason: expect.stringMatching(/not 1\.0\.0/) });
  expect(storedDocument(dirs[0], 'license')).toBeNull();
  expect((await call(auditor, sys('/license'), 'PUT', { license_string: licence({}) })).status).toBe(403);

  const set = await call(admin, sys('/license'), 'PUT', { license_string: licence({}) });
  expect(set.json).toMatchObject({
    ok: true,
    reason: null,
    license: { key_id: 'OVA-ACME-2026', license_state: 'active' },
  });
  expect(storedDocument(dirs[0], 'license')).toMatchObject({ key_id: 'OVA-ACME-2026' });
  const held = await call(auditor, sys('/license'));
  expect(held.json).toMatchObject({ license_state: 'active', license: { tenant_name: 'acme' } });

  // Registration under that licence.
  const badEmail = await call(admin, sys('/reg'), 'PUT', { organisation: 'Acme', contact_email: 'no' });
  expect(badEmail.status).toBe(400);
  expect(badEmail.json.message).toMatch(/contact_email/);
  const reg = await call(admin, sys('/reg'), 'PUT', {
    organisation: 'Acme',
    contact_email: 'it@acme.example',
  });
  expect(reg.json).toMatchObject({ registered: true, organisation: 'Acme', key_id: 'OVA-ACME-2026' });
  expect(storedDocument(dirs[0], 'registration')).toMatchObject({ contact_email: 'it@acme.example' });
});

test("a licence check the appliance cannot answer is 'license check failure' with its reason", async () => {
  proxy.failing = true;
  try {
    const check = await call(admin, sys('/validate_license'), 'POST', { license_string: licence({}) });
    expect(check.json).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^license check failure: .*500/),
    });
    const read = await call(admin, sys('/license'));
    expect(read.status).toBe(502);
    expect(read.json.message).toMatch(/^license check failure: /);
  } finally {
    proxy.failing = false;
  }
});

test('check, download and install (maintenance mode) as jobs: the appliance runs the new version from the other slot', async () => {
  const before = await call(admin, sys('/updates'));
  expect(before.json).toMatchObject({
    version: '1.0.0',
    active_slot: 1,
    slots: [{ slot_id: 1, version: '1.0.0' }],
    rollback: [{ slot_id: 0, description: 'Factory Reset' }],
  });
  const check = await jobEnd((await call(admin, sys('/updates/check'), 'POST')).json.job_id);
  expect(check).toMatchObject({ kind: 'update_check', status: 'finished', ok: true, cert: null });
  expect(
    (await call(admin, sys('/updates'))).json.available.map((r: { version: string }) => r.version),
  ).toEqual(['1.1.0', '1.2.0']);

  const badVersion = await call(admin, sys('/updates/install'), 'POST', { version: 'latest' });
  expect(badVersion.status).toBe(400);
  expect(badVersion.json.message).toMatch(/version/);
  expect((await call(auditor, sys('/updates/download'), 'POST', { version: '1.1.0' })).status).toBe(403);
  // Not downloaded yet: the job fails with the appliance's reason.
  const early = await jobEnd(
    (await call(admin, sys('/updates/install'), 'POST', { version: '1.1.0' })).json.job_id,
  );
  expect(early).toMatchObject({
    status: 'failed',
    ok: false,
    reason: expect.stringMatching(/not downloaded/),
  });

  expect(
    (await jobEnd((await call(admin, sys('/updates/download'), 'POST', { version: '1.1.0' })).json.job_id))
      .status,
  ).toBe('finished');
  const install = await jobEnd(
    (await call(admin, sys('/updates/install'), 'POST', { version: '1.1.0', enter_maintenance_mode: true }))
      .json.job_id,
  );
  expect(install).toMatchObject({
    kind: 'update_install',
    status: 'finished',
    ok: true,
    targets: [expect.objectContaining({ status: 'completed', progress: 100 })],
  });
  const after = await call(admin, sys('/updates'));
  expect(after.json).toMatchObject({
    version: '1.1.0',
    active_slot: 2,
    install: { state: 'installed', version: '1.1.0' },
    rollback: [
      { slot_id: 0, description: 'Factory Reset' },
      { slot_id: 1, version: '1.0.0' },
    ],
  });
  expect(storedDocument(dirs[0], 'update')).toMatchObject({ version: '1.1.0', active_slot: 2 });
  // Maintenance mode was entered for the install and left after it.
  expect(storedDocument(dirs[0], 'system')).toMatchObject({ maintenance_mode: false });
});

test('an appliance killed mid-install is reported failed with its reason when it is back, still on its version', async () => {
  await jobEnd((await call(admin, sys('/updates/download'), 'POST', { version: '1.2.0' })).json.job_id);
  const started = await call(admin, sys('/updates/install'), 'POST', {
    version: '1.2.0',
    enter_maintenance_mode: true,
  });
  // Killed once the appliance has saved that it is writing the slot.
  for (;;) {
    const row = storedDocument(dirs[0], 'update') as { install?: { state?: string; step?: string } } | null;
    if (row?.install?.state === 'installing' && row.install.step === 'write_slot') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await appliance.kill();
  expect((await call(admin, `/api/v1/cm/jobs/${started.json.job_id}`)).json.status).toBe('started');
  appliance = await startAppliance(dirs, 'safeview', dirs[0]);
  proxy.target = portOf(appliance);
  const job = await jobEnd(started.json.job_id);
  expect(job).toMatchObject({ status: 'failed', ok: false });
  expect(job.targets[0].reason).toBe(
    'The appliance restarted during the install of 1.2.0 (step: write_slot); it still runs 1.1.0. Install it again.',
  );
  expect(storedDocument(dirs[0], 'update')).toMatchObject({
    version: '1.1.0',
    active_slot: 2,
    install: { state: 'failed', version: '1.2.0' },
  });
  // A half-done install leaves the appliance in maintenance mode.
  expect(storedDocument(dirs[0], 'system')).toMatchObject({ maintenance_mode: true });
  await call(admin, sys('/maintenance'), 'PUT', { enabled: false });

  // Installed again, then nothing is newer: the check fails with its result's reason.
  expect(
    (await jobEnd((await call(admin, sys('/updates/install'), 'POST', { version: '1.2.0' })).json.job_id))
      .status,
  ).toBe('finished');
  const none = await jobEnd((await call(admin, sys('/updates/check'), 'POST')).json.job_id);
  expect(none).toMatchObject({
    status: 'failed',
    reason: '1 of 1 failed: sv-1: No newer release: the appliance runs 1.2.0, the newest.',
  });
});

test('rollback to another slot, then slot 0 of the rollback list: the factory reset', async () => {
  const state = (await call(admin, sys('/updates'))).json;
  expect(state.rollback).toEqual([
    { slot_id: 0, version: '1.0.0', description: 'Factory Reset' },
    expect.objectContaining({ slot_id: 2, version: '1.1.0' }),
  ]);
  const noSlot = await jobEnd(
    (await call(admin, sys('/updates/rollback'), 'POST', { slot_id: 5 })).json.job_id,
  );
  expect(noSlot.reason).toMatch(/no slot 5/);
  expect((await call(admin, sys('/updates/rollback'), 'POST', { slot_id: -1 })).status).toBe(400);

  expect(
    (await jobEnd((await call(admin, sys('/updates/rollback'), 'POST', { slot_id: 2 })).json.job_id)).status,
  ).toBe('finished');
  expect(storedDocument(dirs[0], 'update')).toMatchObject({ version: '1.1.0', active_slot: 2 });

  expect(
    (await jobEnd((await call(admin, sys('/updates/rollback'), 'POST', { slot_id: 0 })).json.job_id)).status,
  ).toBe('finished');
  const reset = (await call(admin, sys('/updates'))).json;
  expect(reset).toMatchObject({
    version: '1.0.0',
    active_slot: 1,
    slots: [{ slot_id: 1, version: '1.0.0' }],
    downloaded: [],
  });
  expect((await call(admin, sys('/license'))).json).toMatchObject({ license: null, license_state: 'none' });
  expect((await call(admin, sys('/reg'))).json).toMatchObject({ registered: false });
  const factory = await jobEnd((await call(admin, sys('/updates/factory_reset'), 'POST')).json.job_id);
  expect(factory).toMatchObject({ kind: 'factory_reset', status: 'finished' });
});

test('another mode has none of these calls (404)', async () => {
  const direct = await signInAdmin(appliance, FLEET_PASSWORD);
  expect(
    (await direct.call('POST', `/api/v1/managed_systems/${id}/validate_license`, { license_string: 'x' }))
      .status,
  ).toBe(404);
  expect((await direct.call('GET', `/api/v1/managed_systems/${id}/updates`)).status).toBe(404);
  expect((await call(admin, '/api/mgr/v2/update')).status).toBe(404);
  expect((await call(admin, '/api/mgr/v2/license')).status).toBe(404);
});

test('scheduled actions: bad times are a 400 naming at; a cancelled one never runs; a due shutdown runs as a job', async () => {
  // The station's clock is the test's: moved by hand past the time, no waiting on the wall clock.
  const inSeconds = (s: number) => new Date(manager.clock.now().getTime() + s * 1000).toISOString();
  const past = await call(admin, sys('/schedule'), 'POST', { action: 'reboot', at: '2020-01-01T00:00:00Z' });
  expect(past.status).toBe(400);
  expect(past.json.message).toMatch(/^at: /);
  const badAction = await call(admin, sys('/schedule'), 'POST', { action: 'explode', at: inSeconds(3600) });
  expect(badAction.status).toBe(400);
  expect(badAction.json.message).toMatch(/action/);
  expect(
    (await call(auditor, sys('/schedule'), 'POST', { action: 'reboot', at: inSeconds(3600) })).status,
  ).toBe(403);

  const later = await call(admin, sys('/schedule'), 'POST', { action: 'reboot', at: inSeconds(3600) });
  expect(later.json).toMatchObject({ status: 'scheduled', action: 'reboot', job_id: null });
  const cancelled = await call(admin, sys(`/schedule/${later.json.id}`), 'DELETE');
  expect(cancelled.json.status).toBe('cancelled');
  expect((await call(admin, sys(`/schedule/${later.json.id}`), 'DELETE')).status).toBe(409);

  const soon = await call(admin, sys('/schedule'), 'POST', { action: 'shutdown', at: inSeconds(60) });
  expect(soon.status).toBe(200);
  manager.clock.advance(61_000);
  let jobId: string | null = null;
  while (!jobId) {
    const list = (await call(auditor, sys('/schedule'))).json.schedules as {
      id: string;
      job_id: string | null;
    }[];
    jobId = list.find((s) => s.id === soon.json.id)?.job_id ?? null;
    if (!jobId) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(await jobEnd(jobId)).toMatchObject({ kind: 'shutdown', status: 'finished', ok: true });
  await appliance.waitForLine(/shutdown requested by the manager/);
  const list = (await call(admin, sys('/schedule'))).json.schedules;
  expect(list.map((s: { status: string }) => s.status)).toEqual(['started', 'cancelled']);
});
