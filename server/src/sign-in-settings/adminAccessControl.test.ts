/**
 * admin_access_control enforced, over real HTTP: while on, a tenant's sessions and API tokens
 * from outside its ranges, or by a method it does not allow, get 403 with the reason and what was
 * refused; sign-in, sign-out and the user info still answer, as do the provider console and other
 * tenants; turned off, everything opens again. Behind a trusted proxy (as in the scaled topology)
 * so that a test can call from other addresses with X-Forwarded-For.
 */
import { API_TOKENS_PATHS, type ApiTokenCreated } from '@workbench/common/api/contract/apiTokens';
import { AUTH_PATHS } from '@workbench/common/api/contract/auth';
import { IP_RESTRICTED_FIELD } from '@workbench/common/api/contract/ipRestrictions';
import { TENANTS_PATH, tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import type { ProviderTenantList } from '@workbench/common/api/contract/provider';
import {
  ADMIN_ACCESS_REFUSED_FIELD,
  SIGN_IN_SETTINGS_PATHS as PATHS,
  adminAddressRefusedMessage,
  adminMethodRefusedMessage,
  type AdminAccessControl,
  type AdminAccessControlReply,
} from '@workbench/common/api/contract/signInSettings';
import { UDB_PATHS } from '@workbench/common/api/contract/udb';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { ADMIN_ACCESS_CONTROL_ENTITY } from './adminAccessControl';

jest.setTimeout(120_000);

const USERS = `${UDB_PATHS.users}?limit=5`;
const OUTSIDE = { 'x-forwarded-for': '203.0.113.5' };
const INSIDE = { 'x-forwarded-for': '10.1.2.3' };

let server: TestServer;
let operator: OperatorSignedIn;
let admin: SignedIn;
let globex: SignedIn;
let acme: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: '127.0.0.1' });
  operator = await signInOperator(server, 'operator@provider.example');
  admin = await signIn(server, 'admin@acme.example');
  globex = await signIn(server, 'admin@globex.example');
  const list = (await (
    await server.call(`${TENANTS_PATH}?q=acme`, { jar: operator.jar })
  ).json()) as ProviderTenantList;
  acme = list.tenants[0]?.tid ?? '';
  const made = await server.call(API_TOKENS_PATHS.list, {
    method: 'POST',
    jar: admin.jar,
    body: { name: 'Script', access: 'read', areas: ['users'], expires_at: null },
  });
  token = ((await made.json()) as ApiTokenCreated).token;
});
afterAll(async () => {
  await server.close();
});

const asAdmin = (headers: Record<string, string> = {}, pathname = USERS) =>
  server.call(pathname, { jar: admin.jar, headers });
const asToken = (headers: Record<string, string> = {}) =>
  server.call(USERS, { headers: { ...headers, authorization: `Bearer ${token}` } });
const save = (body: AdminAccessControl) =>
  server.call(PATHS.adminAccessControl, { method: 'PUT', jar: admin.jar, body });
const tokenNames = async () =>
  ((await (await asAdmin({}, API_TOKENS_PATHS.list)).json()) as { tokens: { name: string }[] }).tokens.map(
    (t) => t.name,
  );
/**
 * Stores the document as a save would. No single sign-on sign-in exists yet to save, from its
 * session, a list without `password`, and the route refuses that list to a password session (409).
 */
async function storeDirectly(doc: AdminAccessControl): Promise<void> {
  // One config store behind every replica.
  const entities = server.app.workbench.store.entities;
  const existing = await entities.get(ADMIN_ACCESS_CONTROL_ENTITY, acme);
  if (!existing) throw new Error('save the document over HTTP first');
  await entities.update({ ...existing, data: { ...existing.data, ...doc } });
}

test('off (the default), every address and method reaches the administration', async () => {
  expect((await asAdmin(OUTSIDE)).status).toBe(200);
  expect((await asToken(OUTSIDE)).status).toBe(200);
});

test('from outside the ranges: 403 naming the address, for sessions and tokens, writes included; sign-in, user info and sign-out answer; others untouched', async () => {
  const saved = await save({
    enabled: true,
    allowed_ranges: ['127.0.0.1', '10.0.0.0/8'],
    allowed_methods: ['password', 'sso', 'api_token'],
  });
  expect(saved.status).toBe(200);

  const refused = await asAdmin(OUTSIDE);
  expect(refused.status).toBe(403);
  expect(await refused.json()).toEqual({
    statusCode: 403,
    error: 'Forbidden',
    message: adminAddressRefusedMessage('203.0.113.5'),
    [ADMIN_ACCESS_REFUSED_FIELD]: { reason: 'address', address: '203.0.113.5' },
  });
  const tokenRefused = await asToken(OUTSIDE);
  expect(tokenRefused.status).toBe(403);
  expect(await tokenRefused.json()).toMatchObject({
    [ADMIN_ACCESS_REFUSED_FIELD]: { reason: 'address', address: '203.0.113.5' },
  });
  // A write is refused before it changes anything.
  const write = await server.call(API_TOKENS_PATHS.list, {
    method: 'POST',
    jar: admin.jar,
    headers: OUTSIDE,
    body: { name: 'Blocked', access: 'read', areas: ['logs'], expires_at: null },
  });
  expect(write.status).toBe(403);
  expect(await tokenNames()).toEqual(['Script']);

  // Inside a range, and from the address saved, all answers.
  expect((await asAdmin(INSIDE)).status).toBe(200);
  expect((await asToken(INSIDE)).status).toBe(200);
  expect((await asAdmin()).status).toBe(200);

  // The blocking page's calls answer from anywhere: sign-in, who is signed in, sign-out.
  const elsewhere = await signIn(
    { call: (pathname, options = {}) => server.call(pathname, { ...options, headers: OUTSIDE }) },
    'admin@acme.example',
  );
  expect((await server.call(AUTH_PATHS.userInfo, { jar: elsewhere.jar, headers: OUTSIDE })).status).toBe(200);
  expect((await server.call(USERS, { jar: elsewhere.jar, headers: OUTSIDE })).status).toBe(403);
  const out = await server.call(AUTH_PATHS.logout, { jar: elsewhere.jar, headers: OUTSIDE });
  expect(out.status).toBe(200);
  expect((await server.call(USERS, { jar: elsewhere.jar, headers: OUTSIDE })).status).toBe(401);
  // Another tenant, and the provider's console, are not affected.
  expect((await server.call(USERS, { jar: globex.jar, headers: OUTSIDE })).status).toBe(200);
  const providerCall = await server.call(tenantSubPath(acme, 'logging_auth_tokens'), {
    jar: operator.jar,
    headers: OUTSIDE,
  });
  expect(providerCall.status).toBe(200);

  // With the provider's IP restrictions refusing too, theirs is the refusal named (only the
  // provider can lift it).
  const restrict = (enabled: boolean) =>
    server.call(tenantSubPath(acme, 'ip_restrictions'), {
      method: 'PUT',
      jar: operator.jar,
      body: { enabled, allowed: ['127.0.0.1', '10.0.0.0/8'] },
    });
  expect((await restrict(true)).status).toBe(200);
  const both = (await (await asAdmin(OUTSIDE)).json()) as Record<string, unknown>;
  expect(both[IP_RESTRICTED_FIELD]).toBe('203.0.113.5');
  expect(both[ADMIN_ACCESS_REFUSED_FIELD]).toBeUndefined();
  expect((await restrict(false)).status).toBe(200);
});

test('a method not allowed: 403 naming it, for tokens and password sessions; the save refuses to lock its caller out', async () => {
  expect(
    (
      await save({
        enabled: true,
        allowed_ranges: ['127.0.0.1', '10.0.0.0/8'],
        allowed_methods: ['password'],
      })
    ).status,
  ).toBe(200);
  const tokenRefused = await asToken(INSIDE);
  expect(tokenRefused.status).toBe(403);
  expect(await tokenRefused.json()).toMatchObject({
    message: adminMethodRefusedMessage('api_token', ['password']),
    [ADMIN_ACCESS_REFUSED_FIELD]: { reason: 'method', method: 'api_token' },
  });
  expect((await asAdmin(INSIDE)).status).toBe(200);

  // A list without the caller's own method would shut them out: 409, nothing saved.
  const lockout = await save({
    enabled: true,
    allowed_ranges: ['127.0.0.1'],
    allowed_methods: ['sso', 'api_token'],
  });
  expect(lockout.status).toBe(409);
  expect(await lockout.json()).toMatchObject({ field: 'allowed_methods', message: /lock you out/ });
  const kept = (await (await asAdmin({}, PATHS.adminAccessControl)).json()) as AdminAccessControlReply;
  expect(kept.allowed_methods).toEqual(['password']);

  // Saved as an administrator signed in by single sign-on would: password sessions are refused,
  // the settings page itself included; the user info still answers.
  await storeDirectly({ enabled: true, allowed_ranges: ['127.0.0.1'], allowed_methods: ['sso'] });
  const sessionRefused = await asAdmin();
  expect(sessionRefused.status).toBe(403);
  expect(await sessionRefused.json()).toMatchObject({
    message: adminMethodRefusedMessage('password', ['sso']),
    [ADMIN_ACCESS_REFUSED_FIELD]: { reason: 'method', method: 'password' },
  });
  expect((await asAdmin({}, PATHS.adminAccessControl)).status).toBe(403);
  expect((await asAdmin({}, AUTH_PATHS.userInfo)).status).toBe(200);
  await storeDirectly({ enabled: true, allowed_ranges: ['127.0.0.1'], allowed_methods: ['password'] });
});

test('turned off, every address and method reaches the administration again; nothing else changed', async () => {
  expect((await save({ enabled: false, allowed_ranges: [], allowed_methods: [] })).status).toBe(200);
  expect((await asAdmin(OUTSIDE)).status).toBe(200);
  expect((await asToken(OUTSIDE)).status).toBe(200);
  expect((await asAdmin(INSIDE)).status).toBe(200);
  expect(await tokenNames()).toEqual(['Script']);
});

test('a request reads both access documents in one query, and neither on its own', async () => {
  const spies = server.replicas.map((replica) => {
    const entities = replica.workbench.store.entities;
    return { getTwo: jest.spyOn(entities, 'getTwo'), get: jest.spyOn(entities, 'get') };
  });
  try {
    expect((await asAdmin()).status).toBe(200);
    // The pending-step check reads the terms of service in a query of its own (terms/terms.ts).
    const twos = spies
      .flatMap((s) => s.getTwo.mock.calls)
      .filter(([entities]) => entities.includes(ADMIN_ACCESS_CONTROL_ENTITY));
    expect(twos).toEqual([[[expect.any(String), ADMIN_ACCESS_CONTROL_ENTITY], acme]]);
    const singles = spies.flatMap((s) => s.get.mock.calls.map(([entity]) => entity));
    expect(singles).not.toContain(ADMIN_ACCESS_CONTROL_ENTITY);
    expect(singles).not.toContain(twos[0]?.[0][0]);
  } finally {
    for (const s of spies) {
      s.getTwo.mockRestore();
      s.get.mockRestore();
    }
  }
});
