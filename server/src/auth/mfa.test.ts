/**
 * Two-factor sign-in (issue 14): enrolment, the two-step sign-in with its lockout and replay
 * rules, the tenant's list, and the provider's disablemfa. One server for the file; each test
 * uses its own account or turns the factor off again, and the clock moves a step (30 s) between
 * codes that must differ.
 */
import {
  AUTH_PATHS,
  MFA_CHALLENGE_EXPIRED_MSG,
  MFA_CODE_FAILED_MSG,
  MFA_MSGS,
} from '@workbench/common/api/contract/auth';
import type { MfaEnrolment, MfaState, MfaUserList } from '@workbench/common/api/contract/auth';
import {
  MFA_ACCOUNT_NOT_FOUND,
  TENANTS_PATH,
  tenantMfaUsersPath,
  tenantSubPath,
  tenantUserDisableMfaPath,
} from '@workbench/common/api/contract/providerTenantPaths';
import { SESSION_COOKIE } from '@workbench/common/api/contract/wire';
import {
  CookieJar,
  signIn,
  signInOperator,
  startTestServer,
  TEST_PASSWORD,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { totpCode } from './totp';

let server: TestServer;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;
let acme: string;
/** A session of logs@acme.example (no users permission), kept from before it enrolled. */
let logsSession: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
  const list = (await (await server.call(`${TENANTS_PATH}?q=acme`, { jar: operator.jar })).json()) as {
    tenants: { tid: string }[];
  };
  acme = list.tenants[0]?.tid ?? '';
});
afterAll(async () => {
  await server.close();
});

const post = (path: string, body: unknown, jar?: CookieJar) =>
  server.call(path, { method: 'POST', body, jar });
const now = () => server.clock.now().getTime();
/** The next 30-second step: a new code (the last one was spent). */
const nextStep = () => server.clock.advance(30_000);

/** Enrols the signed-in user; answers the secret. */
async function enrol(who: SignedIn): Promise<string> {
  const start = await post(AUTH_PATHS.mfaEnrol, {}, who.jar);
  expect(start.status).toBe(200);
  const { secret } = (await start.json()) as MfaEnrolment;
  const confirm = await post(AUTH_PATHS.mfaConfirm, { code: totpCode(secret, now()) }, who.jar);
  expect(confirm.status).toBe(200);
  nextStep();
  return secret;
}

/** The password step of an enrolled account: answers the challenge. */
async function passwordStep(username: string, jar = new CookieJar()): Promise<string> {
  const r = await post(AUTH_PATHS.login, { username, password: TEST_PASSWORD }, jar);
  expect(r.status).toBe(200);
  const body = (await r.json()) as { status: string; challenge: string; expires_in: number };
  expect(body).toMatchObject({ status: 'mfa_required', expires_in: 300 });
  expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  return body.challenge;
}

test("enrolment needs the tenant's tfa feature: refused without it (globex), offered once an operator turns it on", async () => {
  const admin = await signIn(server, 'admin@globex.example');
  const refused = await post(AUTH_PATHS.mfaEnrol, {}, admin.jar);
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ message: expect.stringContaining('tfa') });
  expect((await post(AUTH_PATHS.mfaConfirm, { code: '123456' }, admin.jar)).status).toBe(403);
  expect(await (await server.call(AUTH_PATHS.mfa, { jar: admin.jar })).json()).toEqual({
    enrolled: false,
    enrolled_since: null,
    pending: false,
  });

  const globex = (
    (await (await server.call(`${TENANTS_PATH}?q=globex`, { jar: operator.jar })).json()) as {
      tenants: { tid: string }[];
    }
  ).tenants[0]?.tid;
  const patch = await server.call(tenantSubPath(globex ?? '', 'capabilities'), {
    method: 'PATCH',
    body: { capabilities: { tfa: true } },
    jar: operator.jar,
  });
  expect(patch.status).toBe(200);
  expect((await post(AUTH_PATHS.mfaEnrol, {}, admin.jar)).status).toBe(200);
});

test('enrolment: start answers the secret once, a wrong code is refused, a right one turns it on', async () => {
  // globex has tfa from the test before.
  const admin = await signIn(server, 'admin@globex.example');
  const start = await post(AUTH_PATHS.mfaEnrol, {}, admin.jar);
  const e = (await start.json()) as MfaEnrolment;
  expect(e.secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(e.otpauth_uri).toBe(
    `otpauth://totp/Workbench:admin%40globex.example?issuer=Workbench&secret=${e.secret}&algorithm=SHA1&digits=6&period=30`,
  );
  expect(e.qr_svg).toMatch(/^<svg/);
  // Pending: not on yet, and the state never answers the secret again.
  const pending = await server.call(AUTH_PATHS.mfa, { jar: admin.jar });
  const pendingText = await pending.text();
  expect(JSON.parse(pendingText)).toEqual({ enrolled: false, enrolled_since: null, pending: true });
  expect(pendingText).not.toContain(e.secret);
  // Still signs in with the password alone while only pending.
  expect(
    (
      (await (
        await post(AUTH_PATHS.login, { username: 'admin@globex.example', password: TEST_PASSWORD })
      ).json()) as { status: string }
    ).status,
  ).toBe('ok');

  const wrong = await post(
    AUTH_PATHS.mfaConfirm,
    { code: totpCode(e.secret, now() + 10 * 60_000) },
    admin.jar,
  );
  expect(wrong.status).toBe(400);
  expect(await wrong.json()).toMatchObject({ message: MFA_MSGS.wrongCode });
  expect((await post(AUTH_PATHS.mfaConfirm, { code: 'abcdef' }, admin.jar)).status).toBe(400);

  const ok = await post(AUTH_PATHS.mfaConfirm, { code: totpCode(e.secret, now()) }, admin.jar);
  expect(await ok.json()).toEqual({
    enrolled: true,
    enrolled_since: server.clock.now().toISOString(),
    pending: false,
  });
  expect((await post(AUTH_PATHS.mfaEnrol, {}, admin.jar)).status).toBe(409);

  // Turning off needs a current code, and not the one just spent.
  const replay = await post(AUTH_PATHS.mfaDisable, { code: totpCode(e.secret, now()) }, admin.jar);
  expect(replay.status).toBe(400);
  nextStep();
  const off = await post(AUTH_PATHS.mfaDisable, { code: totpCode(e.secret, now()) }, admin.jar);
  expect(await off.json()).toEqual({ enrolled: false, enrolled_since: null, pending: false });
  expect((await post(AUTH_PATHS.mfaDisable, { code: '123456' }, admin.jar)).status).toBe(409);
});

test('sign-in in two steps: the password gives a challenge, a current code the session; codes are not replayed', async () => {
  const user = await signIn(server, 'auditor@acme.example');
  const secret = await enrol(user);

  const jar = new CookieJar();
  const challenge = await passwordStep('auditor@acme.example', jar);
  const code = totpCode(secret, now());
  const r = await post(AUTH_PATHS.loginMfa, { challenge, code }, jar);
  expect(r.status).toBe(200);
  expect(await r.json()).toEqual({ status: 'ok', uid: user.uid });
  expect((await server.call(AUTH_PATHS.userInfo, { jar })).status).toBe(200);

  // The same code again, with a fresh challenge: refused (accepted once).
  const again = await post(AUTH_PATHS.loginMfa, {
    challenge: await passwordStep('auditor@acme.example'),
    code,
  });
  expect(again.status).toBe(401);
  expect(await again.json()).toMatchObject({ msg: MFA_CODE_FAILED_MSG });
  // A spent challenge and an expired one are refused without looking at the code.
  const spent = await post(AUTH_PATHS.loginMfa, { challenge, code: totpCode(secret, now()) });
  expect(await spent.json()).toMatchObject({ msg: MFA_CHALLENGE_EXPIRED_MSG });
  const old = await passwordStep('auditor@acme.example');
  server.clock.advance(5 * 60_000 + 1);
  expect(
    await (await post(AUTH_PATHS.loginMfa, { challenge: old, code: totpCode(secret, now()) })).json(),
  ).toMatchObject({
    msg: MFA_CHALLENGE_EXPIRED_MSG,
  });
  // The on-prem login takes the same two steps.
  const appliance = (await (
    await post('/api/v1/login', { username: 'auditor@acme.example', password: TEST_PASSWORD })
  ).json()) as {
    challenge: string;
  };
  expect(
    (await post('/api/v1/login/mfa', { challenge: appliance.challenge, code: totpCode(secret, now()) }))
      .status,
  ).toBe(200);
});

test('wrong codes count toward the lockout as wrong passwords do; a right password does not reset them', async () => {
  logsSession = await signIn(server, 'logs@acme.example');
  const secret = await enrol(logsSession);
  const wrongCode = totpCode(secret, now() + 10 * 60_000);
  const challenge = await passwordStep('logs@acme.example');
  expect((await post(AUTH_PATHS.loginMfa, { challenge, code: wrongCode })).status).toBe(401);
  // A mistyped code keeps the challenge; the right password again does not clear the count.
  expect((await post(AUTH_PATHS.loginMfa, { challenge, code: wrongCode })).status).toBe(401);
  const second = await passwordStep('logs@acme.example');
  const third = await post(AUTH_PATHS.loginMfa, { challenge: second, code: wrongCode });
  expect(third.status).toBe(401);
  const locked = await post(AUTH_PATHS.loginMfa, { challenge: second, code: totpCode(secret, now()) });
  expect(locked.status).toBe(429);
  expect(await locked.json()).toMatchObject({ delay: 5 });
  // The password step is locked too: one count per account.
  expect(
    (await post(AUTH_PATHS.login, { username: 'logs@acme.example', password: TEST_PASSWORD })).status,
  ).toBe(429);
  server.clock.advance(6000);
  const ok = await post(AUTH_PATHS.loginMfa, { challenge: second, code: totpCode(secret, now()) });
  expect(ok.status).toBe(200);
});

test('mfa/users lists the accounts with their state (users permission); disablemfa resets one (operators only)', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const secret = await enrol(admin);
  const since = (await (await server.call(AUTH_PATHS.mfa, { jar: admin.jar })).json()) as MfaState;
  const list = (await (await server.call(AUTH_PATHS.mfaUsers, { jar: admin.jar })).json()) as MfaUserList;
  const row = list.users.find((u) => u.username === 'admin@acme.example');
  expect(row).toMatchObject({ uid: admin.uid, mfa_enrolled_since: since.enrolled_since });
  expect(list.users.every((u) => u.username.endsWith('@acme.example'))).toBe(true);
  expect(list.users.map((u) => u.username)).toEqual([...list.users.map((u) => u.username)].sort());
  // Without the users permission: 403; without a session: 401.
  expect((await server.call(AUTH_PATHS.mfaUsers, { jar: logsSession.jar })).status).toBe(403);
  expect((await server.call(AUTH_PATHS.mfaUsers)).status).toBe(401);

  // The console's list reads the same state.
  const consoleList = (await (
    await server.call(tenantMfaUsersPath(acme), { jar: operator.jar })
  ).json()) as MfaUserList;
  expect(consoleList.users).toEqual(list.users);

  const path = tenantUserDisableMfaPath(acme, admin.uid);
  expect((await server.call(path, { method: 'POST', jar: support.jar })).status).toBe(403);
  expect((await server.call(path, { method: 'POST' })).status).toBe(401);
  const unknown = await server.call(tenantUserDisableMfaPath(acme, 'nobody'), {
    method: 'POST',
    jar: operator.jar,
  });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ message: MFA_ACCOUNT_NOT_FOUND });
  const globex = await signIn(server, 'admin@globex.example');
  // Another tenant's account is not found under this tenant.
  expect(
    (await server.call(tenantUserDisableMfaPath(acme, globex.uid), { method: 'POST', jar: operator.jar }))
      .status,
  ).toBe(404);

  const done = await server.call(path, { method: 'POST', jar: operator.jar });
  expect(done.status).toBe(200);
  expect(await done.json()).toMatchObject({ uid: admin.uid, mfa_enrolled_since: null });
  const twice = await server.call(path, { method: 'POST', jar: operator.jar });
  expect(twice.status).toBe(409);
  expect(await twice.json()).toMatchObject({ message: MFA_MSGS.notEnrolled });
  // After it the account signs in with the password alone, and the old secret is gone.
  const r = await post(AUTH_PATHS.login, { username: 'admin@acme.example', password: TEST_PASSWORD });
  expect(await r.json()).toEqual({ status: 'ok', uid: admin.uid });
  // Enrolling again makes a new secret: the reset one is never valid again.
  const fresh = (await (await post(AUTH_PATHS.mfaEnrol, {}, admin.jar)).json()) as MfaEnrolment;
  expect(fresh.secret).not.toBe(secret);
});

test('the enrolment and reset routes declare their audit events', async () => {
  const doc = (await (await server.call('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { 'x-workbench-audit'?: Record<string, string> }>>;
  };
  const audit = (p: string) => doc.paths[p]?.post?.['x-workbench-audit'];
  expect(audit(AUTH_PATHS.mfaEnrol)).toMatchObject({ action: 'update', area: 'tfa' });
  expect(audit(AUTH_PATHS.mfaConfirm)).toMatchObject({ action: 'tfa_enabled', area: 'tfa' });
  expect(audit(AUTH_PATHS.mfaDisable)).toMatchObject({ action: 'tfa_disabled', area: 'tfa' });
  expect(audit('/gdmanage/api/v1/tenants/{id}/tenantusers/{uid}/disablemfa')).toMatchObject({
    action: 'tfa_reset',
    area: 'tfa',
  });
});
