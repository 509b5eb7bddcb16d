/**
 * Terms of service (issue 33 point 6), over real HTTP: the provider requires its EULA for a tenant;
 * the tenant's administrator, after the password step (a fixed order), finds every tenant call but
 * the terms' own (and sign-out, user info, the refresh) refused with 403 and the reason until they
 * accept the current version; accepting records who and when, is audited, and opens everything;
 * a new version asks again; a stale version and bad input are refused (API tokens, refused on
 * these session-only routes, are the authorisation matrix's token callers).
 */
import { AUTH_PATHS, type UserInfo } from '@workbench/common/api/contract/auth';
import { PENDING_STEP_FIELD } from '@workbench/common/api/contract/pendingSteps';
import { TENANTS_PATH, type TenantCreatedWithAdmin } from '@workbench/common/api/contract/providerTenants';
import { tenantSubPath } from '@workbench/common/api/contract/providerTenantPaths';
import { TERMS_MESSAGES, TERMS_PATH, type TermsReply } from '@workbench/common/api/contract/terms';
import { loadOperations, type Operation } from '../security-tests/operations';
import { startAuditedTestServer, type AuditedTestServer } from '../testing/auditedTestServer';
import { heldBackWhile, notRefusedAsPending } from '../testing/pendingStepWalk';
import {
  signIn,
  signInConsoleAccounts,
  type ConsoleAccounts,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';

jest.setTimeout(180_000);

let audited: AuditedTestServer;
let server: TestServer;
let consoleAccounts: ConsoleAccounts;
let operations: Operation[];

beforeAll(async () => {
  audited = await startAuditedTestServer('terms-');
  server = audited.server;
  consoleAccounts = await signInConsoleAccounts(server);
  operations = await loadOperations(server);
});
afterAll(() => audited.close());

const json = async <T>(r: Response) => (await r.json()) as T;
const NEW_PASSWORD = 'My-own-Passw0rd-33';
const EULA = { required: true, version: '2026-11', url: '', text: 'Use the service lawfully.\nNo warranty.' };

const userInfo = async (who: SignedIn) =>
  json<UserInfo>(await server.call(AUTH_PATHS.userInfo, { jar: who.jar }));
const readTerms = (who: SignedIn) => server.call(TERMS_PATH, { jar: who.jar });
const accept = (who: SignedIn, body: unknown) =>
  server.call(TERMS_PATH, { method: 'PUT', jar: who.jar, body });
const setEula = async (tid: string, eula: typeof EULA) =>
  expect((await consoleAccounts.call(tenantSubPath(tid, 'tos'), 'PUT', eula)).status).toBe(200);

test('a required EULA comes after the password step, holds back every other call, and accepting its version opens them, audited', async () => {
  const r = await consoleAccounts.call(TENANTS_PATH, 'POST', {
    name: 'termsco',
    admin_username: 'admin@termsco.example',
  });
  const created = await json<TenantCreatedWithAdmin>(r);
  await setEula(created.tenant.tid, EULA);
  const admin = await signIn(server, created.admin_username, created.admin_password);
  // The fixed order: the password first; the terms' own calls wait for it.
  expect((await userInfo(admin)).pending_steps).toEqual(['change_password', 'accept_terms']);
  const early = await readTerms(admin);
  expect(early.status).toBe(403);
  expect(await early.json()).toMatchObject({ [PENDING_STEP_FIELD]: 'change_password' });
  const changed = await server.call(AUTH_PATHS.changePassword, {
    method: 'POST',
    jar: admin.jar,
    body: { current_password: created.admin_password, new_password: NEW_PASSWORD },
  });
  expect(changed.status).toBe(200);
  expect((await userInfo(admin)).pending_steps).toEqual(['accept_terms']);

  expect(heldBackWhile(operations, 'accept_terms').length).toBeGreaterThan(100);
  expect(await notRefusedAsPending(server, operations, admin, 'accept_terms')).toEqual([]);
  const terms = await json<TermsReply>(await readTerms(admin));
  expect(terms).toEqual({ ...EULA, accepted: null, due: true });

  // Bad input changes nothing.
  for (const bad of [{}, { version: 7 }, { version: EULA.version, extra: true }]) {
    const refused = await accept(admin, bad);
    expect(refused.status).toBe(400);
  }
  const stale = await accept(admin, { version: '2025-01' });
  expect(stale.status).toBe(409);
  expect(await stale.json()).toMatchObject({
    field: 'version',
    message: TERMS_MESSAGES.changed(EULA.version),
  });
  expect((await userInfo(admin)).pending_steps).toEqual(['accept_terms']);

  server.clock.advance(1000);
  const accepted = await accept(admin, { version: EULA.version });
  expect(accepted.status).toBe(200);
  const after = await json<TermsReply>(accepted);
  expect(after).toMatchObject({ due: false, accepted: { version: EULA.version } });
  expect(Date.parse(after.accepted!.accepted_at)).toBe(server.clock.now().getTime());
  expect((await userInfo(admin)).pending_steps).toEqual([]);
  expect((await server.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar })).status).toBe(200);

  // Who and when, in the tenant's audit trail.
  expect(await audited.auditEvents(admin.jar)).toContainEqual(
    expect.objectContaining({
      userid: created.admin_username,
      sub_event_type: 'admins',
      details: `Accepted the terms of service (version ${EULA.version}).`,
    }),
  );
});

test('a new version asks again, each administrator on their own; terms not required or empty ask nothing', async () => {
  const acme = (await userInfo(consoleAccounts.tenantAdmin)).tid;
  const admin = await signIn(server, 'admin@acme.example');
  const auditor = await signIn(server, 'auditor@acme.example');

  // Not required, or nothing to read: nothing is asked, and there is nothing to accept.
  await setEula(acme, { ...EULA, required: false });
  expect((await userInfo(admin)).pending_steps).toEqual([]);
  expect(await json<TermsReply>(await readTerms(admin))).toMatchObject({ due: false, accepted: null });
  await setEula(acme, { ...EULA, text: '', url: '' });
  expect((await userInfo(admin)).pending_steps).toEqual([]);
  const none = await accept(admin, { version: EULA.version });
  expect(none.status).toBe(409);
  expect(await none.json()).toMatchObject({ message: TERMS_MESSAGES.none });

  // Required: each account accepts for itself.
  await setEula(acme, { ...EULA, text: '', url: 'https://provider.example/eula' });
  expect((await userInfo(admin)).pending_steps).toEqual(['accept_terms']);
  expect((await accept(admin, { version: EULA.version })).status).toBe(200);
  expect((await userInfo(admin)).pending_steps).toEqual([]);
  expect((await userInfo(auditor)).pending_steps).toEqual(['accept_terms']);
  expect((await accept(auditor, { version: EULA.version })).status).toBe(200);
  expect((await userInfo(auditor)).pending_steps).toEqual([]);

  // A new version asks both again; the earlier acceptance is still shown for what it was.
  await setEula(acme, { ...EULA, version: '2027-01' });
  expect((await userInfo(admin)).pending_steps).toEqual(['accept_terms']);
  expect(await json<TermsReply>(await readTerms(auditor))).toMatchObject({
    due: true,
    version: '2027-01',
    accepted: { version: EULA.version },
  });
  expect((await accept(admin, { version: '2027-01' })).status).toBe(200);
  expect((await userInfo(admin)).pending_steps).toEqual([]);
  expect((await userInfo(auditor)).pending_steps).toEqual(['accept_terms']);
  await setEula(acme, { ...EULA, required: false });
});
