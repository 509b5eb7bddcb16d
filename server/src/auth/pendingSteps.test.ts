/**
 * A password someone else set is changed at the next sign-in before anything else opens (issue 31
 * point 5), over real HTTP: the administrator of a tenant the provider creates, and an account the
 * provider resets, sign in with the one-time password and find every tenant call of /openapi.json
 * refused with 403 and the reason, but the password change (and sign-out, user info, the session
 * refresh); the change follows the password rules, may not keep the one-time password, is audited,
 * and opens everything; the one-time password then signs in no more.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS, CHANGE_PASSWORD_MSGS, type UserInfo } from '@workbench/common/api/contract/auth';
import {
  MFA_ACCOUNT_NOT_FOUND,
  TENANTS_PATH,
  tenantUserResetPasswordPath,
  type AccountPasswordReset,
  type TenantCreatedWithAdmin,
} from '@workbench/common/api/contract/providerTenants';
import { PROVIDER_AUDIT_PATH, type ProviderAuditList } from '@workbench/common/api/contract/providerAudit';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { loadOperations, type Operation } from '../security-tests/operations';
import { heldBackWhile, notRefusedAsPending } from '../testing/pendingStepWalk';
import {
  CookieJar,
  signIn,
  signInConsoleAccounts,
  type ConsoleAccounts,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';

jest.setTimeout(180_000);

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let consoleAccounts: ConsoleAccounts;
let operations: Operation[];

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pending-steps-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events } });
  consoleAccounts = await signInConsoleAccounts(server);
  operations = await loadOperations(server);
});
afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

const json = async <T>(r: Response) => (await r.json()) as T;
const NEW_PASSWORD = 'My-own-Passw0rd-31';

async function createTenant(name: string): Promise<TenantCreatedWithAdmin> {
  const r = await consoleAccounts.call(TENANTS_PATH, 'POST', {
    name,
    admin_username: `admin@${name}.example`,
  });
  expect(r.status).toBe(201);
  return json<TenantCreatedWithAdmin>(r);
}

const userInfo = async (who: SignedIn) =>
  json<UserInfo>(await server.call(AUTH_PATHS.userInfo, { jar: who.jar }));
const changePassword = (who: SignedIn, current_password: string, new_password: string) =>
  server.call(AUTH_PATHS.changePassword, {
    method: 'POST',
    jar: who.jar,
    body: { current_password, new_password },
  });
const login = (username: string, password: string) =>
  server.call(AUTH_PATHS.login, { method: 'POST', body: { username, password }, jar: new CookieJar() });

const heldBack = () => heldBackWhile(operations, 'change_password');
const notRefused = (who: SignedIn) => notRefusedAsPending(server, operations, who, 'change_password');

/** The held-back tenant calls a session whose steps are done makes: none refused as pending. */
async function anyRefusedAsPending(who: SignedIn): Promise<string[]> {
  const refused: string[] = [];
  for (const url of ['/api/policy/v1/rules?timestamp=1', '/api/udb-rest/v2/users', AUTH_PATHS.mfa]) {
    const r = await server.call(url, { jar: who.jar });
    if (r.status !== 200) refused.push(`${url}: ${r.status}`);
  }
  return refused;
}

test('a created administrator signs in with the one-time password: everything but the change answers 403 with the reason until it is changed', async () => {
  const created = await createTenant('pendco');
  const username = created.admin_username;
  const oneTime = created.admin_password;
  const admin = await signIn(server, username, oneTime);

  const info = await userInfo(admin);
  expect(info).toMatchObject({ show_change_password: true, pending_steps: ['change_password'] });
  expect(heldBack().length).toBeGreaterThan(100);
  expect(await notRefused(admin)).toEqual([]);
  // Open while pending: user info, the session refresh.
  expect((await server.call(AUTH_PATHS.cookieRefresh, { method: 'POST', jar: admin.jar })).status).toBe(200);

  // The new password follows the product's rules and is not the one-time password.
  const same = await changePassword(admin, oneTime, oneTime);
  expect(same.status).toBe(400);
  expect(await same.json()).toMatchObject({ field: 'new_password', message: CHANGE_PASSWORD_MSGS.same });
  const weak = await changePassword(admin, oneTime, 'no spaces allowed');
  expect(await weak.json()).toMatchObject({ field: 'new_password', message: CHANGE_PASSWORD_MSGS.forbidden });
  const wrong = await changePassword(admin, 'not-the-one-time-one', NEW_PASSWORD);
  expect(await wrong.json()).toMatchObject({ field: 'current_password' });
  expect((await userInfo(admin)).pending_steps).toEqual(['change_password']);

  expect((await changePassword(admin, oneTime, NEW_PASSWORD)).status).toBe(200);
  expect(await userInfo(admin)).toMatchObject({ show_change_password: false, pending_steps: [] });
  expect(await anyRefusedAsPending(admin)).toEqual([]);

  // The one-time password is spent; the account's own one signs in, with nothing pending.
  expect((await login(username, oneTime)).status).toBe(401);
  const again = await signIn(server, username, NEW_PASSWORD);
  expect((await userInfo(again)).pending_steps).toEqual([]);

  // Audited in the tenant's trail: the account replaced the password someone else set.
  server.clock.advance(1000);
  const audit = await json<{ events: Record<string, unknown>[] }>(
    await server.call('/api/rep/v1/query/scan_audit?limit=100', { jar: again.jar }),
  );
  expect(audit.events).toContainEqual(
    expect.objectContaining({
      audit_action: 'change_pwd',
      userid: username,
      details: 'Replaced the one-time password someone else set with their own.',
    }),
  );
});

test("the provider's reset ends the account's sessions and asks again: the reset password opens nothing but its change", async () => {
  const created = await createTenant('resetco');
  const username = created.admin_username;
  const first = await signIn(server, username, created.admin_password);
  expect((await changePassword(first, created.admin_password, NEW_PASSWORD)).status).toBe(200);
  const { uid } = await userInfo(first);

  // Support reads but may not reset; another tenant's account, or none, is not found.
  const path = tenantUserResetPasswordPath(created.tenant.tid, uid);
  expect((await consoleAccounts.call(path, 'POST', {}, consoleAccounts.support)).status).toBe(403);
  const acmeAdmin = await userInfo(consoleAccounts.tenantAdmin);
  const foreign = await consoleAccounts.call(
    tenantUserResetPasswordPath(created.tenant.tid, acmeAdmin.uid),
    'POST',
    {},
  );
  expect(foreign.status).toBe(404);
  expect(await foreign.json()).toMatchObject({ message: MFA_ACCOUNT_NOT_FOUND });

  const reset = await consoleAccounts.call(path, 'POST', {});
  expect(reset.status).toBe(200);
  const { password, username: resetName } = await json<AccountPasswordReset>(reset);
  expect(resetName).toBe(username);
  expect(password.length).toBeGreaterThanOrEqual(12);
  // The session before the reset is over, and the password before it signs in no more.
  expect((await server.call(AUTH_PATHS.userInfo, { jar: first.jar })).status).toBe(401);
  expect((await login(username, NEW_PASSWORD)).status).toBe(401);

  const held = await signIn(server, username, password);
  expect(await userInfo(held)).toMatchObject({
    show_change_password: true,
    pending_steps: ['change_password'],
  });
  expect(await notRefused(held)).toEqual([]);
  // Not back to the earlier password either: any new one of the rules, not the reset one.
  expect((await changePassword(held, password, password)).status).toBe(400);
  expect((await changePassword(held, password, `${NEW_PASSWORD}-2`)).status).toBe(200);
  expect(await anyRefusedAsPending(held)).toEqual([]);
  expect((await login(username, password)).status).toBe(401);

  // The provider's trail names the reset, without the password.
  const trail = await json<ProviderAuditList>(
    await consoleAccounts.call(`${PROVIDER_AUDIT_PATH}?action=change_pwd&tenant=${created.tenant.tid}`),
  );
  expect(trail.events).toContainEqual(
    expect.objectContaining({ actor: 'operator@provider.example', object: `resetco: ${username}` }),
  );
  expect(JSON.stringify(trail)).not.toContain(password);
});
