/**
 * API tokens over real HTTP against a real server in a temp dir (issue 33 point 3): the tenant's
 * own tokens and the provider's two lists, one store; a token as a bearer credential limited to its
 * scope and tenant, never to the session-only routes; revoked and expired tokens refused; writes
 * audited without the secret; xsrf for cookie sessions only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_TOKEN_EXPIRY_FAR,
  API_TOKEN_EXPIRY_PAST,
  API_TOKEN_INVALID_MSG,
  API_TOKEN_PREFIX,
  API_TOKEN_SESSION_ONLY_MSG,
  API_TOKENS_PATHS,
  type ApiToken,
  type ApiTokenCreated,
} from '@workbench/common/api/contract/apiTokens';
import { AUTH_PATHS } from '@workbench/common/api/contract/auth';
import { TENANTS_PATH, tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import type { ProviderTenantList } from '@workbench/common/api/contract/provider';
import { UDB_PATHS } from '@workbench/common/api/contract/udb';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { hashPassword } from '../security/passwords';
import {
  signIn,
  signInOperator,
  startTestServer,
  TEST_PASSWORD,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { XSRF_MSG } from '../http/errors';

jest.setTimeout(120_000);

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let admin: SignedIn;
let operator: OperatorSignedIn;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-tokens-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events } });
  admin = await signIn(server, 'admin@acme.example');
  operator = await signInOperator(server, 'operator@provider.example');
});
afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(server.clock.now().getTime() + days * DAY).toISOString();
const LOGS = '/api/rep/v1/query/scan_web?limit=5';

const create = (body: unknown, who: SignedIn = admin) =>
  server.call(API_TOKENS_PATHS.list, { method: 'POST', jar: who.jar, body });
async function made(body: Record<string, unknown>): Promise<ApiTokenCreated> {
  const r = await create({ expires_at: inDays(30), ...body });
  expect(r.status).toBe(201);
  return (await r.json()) as ApiTokenCreated;
}
async function listed(who: SignedIn = admin): Promise<ApiToken[]> {
  const r = await server.call(API_TOKENS_PATHS.list, { jar: who.jar });
  expect(r.status).toBe(200);
  return ((await r.json()) as { tokens: ApiToken[] }).tokens;
}
/** A call with the token as its bearer credential and no cookie. */
const asToken = (secret: string, pathname: string, method = 'GET', body?: unknown) =>
  server.call(pathname, { method, body, headers: { authorization: `Bearer ${secret}` } });

async function auditEvents(): Promise<Record<string, string>[]> {
  server.clock.advance(1000);
  const r = await server.call('/api/rep/v1/query/scan_audit?limit=1000', { jar: admin.jar });
  expect(r.status).toBe(200);
  return ((await r.json()) as { events: Record<string, string>[] }).events;
}

describe("the tenant's API tokens", () => {
  test('a read-only logs token: its secret is shown once, it lists logs, and its use is recorded and listed', async () => {
    const token = await made({ name: 'SIEM export', access: 'read', areas: ['logs'] });
    expect(token.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(token).toMatchObject({
      name: 'SIEM export',
      access: 'read',
      areas: ['logs'],
      created_by: 'admin@acme.example',
      last4: token.token.slice(-4),
      last_used_at: null,
    });
    const [row] = (await listed()).filter((t) => t.id === token.id);
    expect(row).not.toHaveProperty('token');
    expect(JSON.stringify(await listed())).not.toContain(token.token);

    const logs = await asToken(token.token, LOGS);
    expect(logs.status).toBe(200);
    expect(await logs.json()).toHaveProperty('events');
    const used = (await listed()).find((t) => t.id === token.id);
    expect(used?.last_used_at).toBe(server.clock.now().toISOString());
    expect(used?.last_used_ip).toMatch(/127\.0\.0\.1/);
  });

  test('a read-only token is refused a write of its own area; a read-write token makes it without xsrf', async () => {
    const reader = await made({ name: 'Reader', access: 'read', areas: ['users'] });
    const writer = await made({ name: 'Provisioning', access: 'write', areas: ['users'] });
    const user = {
      username: 'script@acme.example',
      first_name: 'S',
      last_name: 'Cript',
      password: 'long-enough-1',
    };
    expect((await asToken(reader.token, UDB_PATHS.users + '?limit=5')).status).toBe(200);
    const refused = await asToken(reader.token, UDB_PATHS.users, 'POST', user);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain('settings:users:write');
    const written = await asToken(writer.token, UDB_PATHS.users, 'POST', user);
    expect(written.status).toBeLessThan(300);
  });

  test('a token reaches only its areas, and only its own tenant', async () => {
    const token = await made({ name: 'Logs only', access: 'write', areas: ['logs'] });
    const users = await asToken(token.token, UDB_PATHS.users + '?limit=5');
    expect(users.status).toBe(403);
    expect((await asToken(token.token, '/api/policy/v1/rules')).status).toBe(403);
    // A tenant token is not a provider credential: another tenant's data stays out of reach.
    const globex = await signIn(server, 'admin@globex.example');
    const userDb = await made({ name: 'Users', access: 'read', areas: ['users'] });
    const acmeUsers = (await (await asToken(userDb.token, UDB_PATHS.users + '?limit=1000')).json()) as {
      users: { username: string }[];
    };
    expect(acmeUsers.users.length).toBeGreaterThan(0);
    expect(acmeUsers.users.every((u) => !u.username.endsWith('globex.example'))).toBe(true);
    expect((await asToken(token.token, TENANTS_PATH)).status).toBe(401);
    // The other tenant neither lists nor revokes it.
    expect((await listed(globex)).map((t) => t.id)).not.toContain(token.id);
    const del = await server.call(API_TOKENS_PATHS.one(token.id), { method: 'DELETE', jar: globex.jar });
    expect(del.status).toBe(404);
    expect((await asToken(token.token, LOGS)).status).toBe(200);
  });

  test('a token never reaches the session-only routes: tokens, password, sign-out, user info', async () => {
    const token = await made({
      name: 'Everything',
      access: 'write',
      areas: ['logs', 'reports', 'policy', 'users'],
    });
    const before = await listed();
    for (const [pathname, method, body] of [
      [API_TOKENS_PATHS.list, 'GET', undefined],
      [API_TOKENS_PATHS.list, 'POST', { name: 'Child', access: 'read', areas: ['logs'], expires_at: null }],
      [API_TOKENS_PATHS.one(token.id), 'DELETE', undefined],
      [AUTH_PATHS.changePassword, 'POST', { current_password: 'x', new_password: 'yyyyyyyyyyyy' }],
      [AUTH_PATHS.userInfo, 'GET', undefined],
      [AUTH_PATHS.logout, 'GET', undefined],
    ] as const) {
      const r = await asToken(token.token, pathname, method, body);
      expect({ pathname, method, status: r.status }).toEqual({ pathname, method, status: 403 });
      expect((await r.json()).message).toBe(API_TOKEN_SESSION_ONLY_MSG);
    }
    // Nothing made or revoked (each refused call still counts as the token's last use).
    const names = (list: ApiToken[]) => list.map((t) => [t.id, t.name]);
    expect(names(await listed())).toEqual(names(before));
    expect((await asToken(token.token, LOGS)).status).toBe(200);
  });

  test('revoking stops the next call; an expired token is refused; an unknown one too', async () => {
    const token = await made({ name: 'Short-lived', access: 'read', areas: ['logs'], expires_at: inDays(1) });
    expect((await asToken(token.token, LOGS)).status).toBe(200);
    server.clock.advance(DAY + 1000);
    const expired = await asToken(token.token, LOGS);
    expect(expired.status).toBe(401);
    expect((await expired.json()).message).toBe(API_TOKEN_INVALID_MSG);
    // The administrator's session ended with the day too.
    admin = await signIn(server, 'admin@acme.example');

    const revoked = await made({ name: 'Revoked', access: 'read', areas: ['logs'] });
    expect((await asToken(revoked.token, LOGS)).status).toBe(200);
    const del = await server.call(API_TOKENS_PATHS.one(revoked.id), { method: 'DELETE', jar: admin.jar });
    expect(del.status).toBe(204);
    expect((await asToken(revoked.token, LOGS)).status).toBe(401);
    expect((await listed()).map((t) => t.id)).not.toContain(revoked.id);
    expect((await asToken(`${API_TOKEN_PREFIX}not-a-token`, LOGS)).status).toBe(401);
  });

  test('bad input is a 400 naming the field, and nothing is made', async () => {
    const before = await listed();
    const good = { name: 'Fine', access: 'read', areas: ['logs'], expires_at: inDays(10) };
    for (const [body, field, message] of [
      [{ ...good, name: '   ' }, 'name', undefined],
      [{ ...good, name: 123 }, 'name', undefined],
      [{ ...good, access: 'admin' }, 'access', undefined],
      [{ ...good, areas: [] }, 'areas', undefined],
      [{ ...good, areas: ['settings'] }, 'areas.0', undefined],
      [{ ...good, areas: ['logs', 'logs'] }, 'areas', undefined],
      [{ ...good, expires_at: 'tomorrow' }, 'expires_at', undefined],
      [{ ...good, expires_at: inDays(-1) }, 'expires_at', API_TOKEN_EXPIRY_PAST],
      [{ ...good, expires_at: inDays(400) }, 'expires_at', API_TOKEN_EXPIRY_FAR],
      [{ ...good, scope: 'all' }, 'scope', undefined],
      [{ name: 'No expiry given', access: 'read', areas: ['logs'] }, 'expires_at', undefined],
    ] as const) {
      const r = await create(body);
      const reply = (await r.json()) as { field?: string; message: string };
      expect({ body, status: r.status, field: reply.field }).toEqual({ body, status: 400, field });
      if (message) expect(reply.message).toBe(message);
    }
    expect(await listed()).toEqual(before);
  });

  test('who may manage tokens: the auditor lists but cannot create, the logs role neither', async () => {
    const auditor = await signIn(server, 'auditor@acme.example');
    const logsUser = await signIn(server, 'logs@acme.example');
    expect((await server.call(API_TOKENS_PATHS.list, { jar: auditor.jar })).status).toBe(200);
    const body = { name: 'Mine', access: 'read', areas: ['logs'], expires_at: null };
    expect((await create(body, auditor)).status).toBe(403);
    expect((await server.call(API_TOKENS_PATHS.list, { jar: logsUser.jar })).status).toBe(403);
    expect((await create(body, logsUser)).status).toBe(403);
  });

  test("a token opens no more than its creator's role: a scope beyond it is a 403 naming areas", async () => {
    const store = server.app.workbench.store;
    const acme = (await store.tenants.list()).find((t) => t.name === 'acme');
    const roles = { read: ['settings:api_tokens', 'logs:*'], write: ['settings:api_tokens'] };
    await store.users.insert({
      uid: 'u-scripts',
      tid: acme?.tid ?? '',
      username: 'scripts@acme.example',
      firstName: 'Scripts',
      lastName: 'Owner',
      roles,
      passwordHash: await hashPassword(TEST_PASSWORD),
      showChangePassword: false,
    });
    const owner = await signIn(server, 'scripts@acme.example');
    const before = await listed();
    for (const body of [
      { name: 'Logs writer', access: 'write', areas: ['logs'], expires_at: null },
      { name: 'Users reader', access: 'read', areas: ['users'], expires_at: null },
    ]) {
      const r = await create(body, owner);
      expect(r.status).toBe(403);
      expect(await r.json()).toMatchObject({ field: 'areas' });
    }
    expect(await listed()).toEqual(before);
    const r = await create({ name: 'Logs reader', access: 'read', areas: ['logs'], expires_at: null }, owner);
    expect(r.status).toBe(201);
    const token = (await r.json()) as ApiTokenCreated;
    expect(token.created_by).toBe('scripts@acme.example');
    expect((await asToken(token.token, LOGS)).status).toBe(200);
    // Demoted, the creator takes the token's reach down with them at its next call.
    expect(await store.users.setRoles('u-scripts', { read: ['settings:api_tokens'], write: [] })).toBe(true);
    const demoted = await asToken(token.token, LOGS);
    expect(demoted.status).toBe(403);
    expect((await demoted.json()).message).toContain('logs');
    expect(await store.users.setRoles('u-scripts', roles)).toBe(true);
    expect((await asToken(token.token, LOGS)).status).toBe(200);
  });

  test('a cookie session still needs its xsrf token to make one', async () => {
    const before = await listed();
    const r = await server.call(API_TOKENS_PATHS.list, {
      method: 'POST',
      jar: admin.jar,
      xsrf: false,
      body: { name: 'No xsrf', access: 'read', areas: ['logs'], expires_at: null },
    });
    expect(r.status).toBe(403);
    expect((await r.json()).message).toBe(XSRF_MSG);
    expect(await listed()).toEqual(before);
  });

  test('creating and revoking are audited with after and before, never the secret', async () => {
    const token = await made({ name: 'Audited', access: 'read', areas: ['reports'] });
    await server.call(API_TOKENS_PATHS.one(token.id), { method: 'DELETE', jar: admin.jar });
    const trail = (await auditEvents()).filter((e) => e.object === 'Audited');
    const created = trail.find((e) => e.audit_action === 'create');
    const revoked = trail.find((e) => e.audit_action === 'delete');
    expect(created?.sub_event_type).toBe('api_keys');
    expect(JSON.parse(created?.after ?? '{}')).toMatchObject({
      id: token.id,
      access: 'read',
      areas: ['reports'],
    });
    expect(JSON.parse(revoked?.before ?? '{}')).toMatchObject({ id: token.id, name: 'Audited' });
    expect(JSON.stringify(trail)).not.toContain(token.token);
  });
});

describe("the provider's token lists, the same store", () => {
  let acme: string;
  const call = (pathname: string, method = 'GET', body?: unknown) =>
    server.call(pathname, { method, body, jar: operator.jar });
  beforeAll(async () => {
    operator = await signInOperator(server, 'operator@provider.example');
    const list = (await (await call(`${TENANTS_PATH}?q=acme`)).json()) as ProviderTenantList;
    acme = list.tenants[0]?.tid ?? '';
  });

  test('a logging auth token lists the tenant’s logs and nothing else; a policy API token reads policy; revoking ends them', async () => {
    const logging = (await (
      await call(tenantSubPath(acme, 'logging_auth_tokens'), 'POST', { name: 'SIEM' })
    ).json()) as ApiTokenCreated;
    expect(logging).toMatchObject({
      access: 'read',
      areas: ['logs'],
      created_by: 'operator@provider.example',
    });
    const policy = (await (
      await call(tenantSubPath(acme, 'tokens'), 'POST', { name: 'CI' })
    ).json()) as ApiTokenCreated;
    expect(policy).toMatchObject({ access: 'write', areas: ['policy'] });

    expect((await asToken(logging.token, LOGS)).status).toBe(200);
    expect((await asToken(logging.token, '/api/policy/v1/rules')).status).toBe(403);
    expect((await asToken(policy.token, '/api/policy/v1/rules')).status).toBe(200);
    expect((await asToken(policy.token, LOGS)).status).toBe(403);

    const listedLogging = (await (await call(tenantSubPath(acme, 'logging_auth_tokens'))).json()) as {
      tokens: ApiToken[];
    };
    expect(listedLogging.tokens.map((t) => t.id)).toEqual([logging.id]);
    expect(listedLogging.tokens[0].last_used_at).not.toBeNull();
    // The tenant's own list is another list of the store.
    expect((await listed()).map((t) => t.id)).not.toContain(logging.id);

    expect((await call(`${tenantSubPath(acme, 'logging_auth_tokens')}/${logging.id}`, 'DELETE')).status).toBe(
      204,
    );
    expect((await asToken(logging.token, LOGS)).status).toBe(401);
    // Another list's id is not this list's token.
    expect((await call(`${tenantSubPath(acme, 'logging_auth_tokens')}/${policy.id}`, 'DELETE')).status).toBe(
      404,
    );
    expect((await asToken(policy.token, '/api/policy/v1/rules')).status).toBe(200);
  });

  test('a provider token with an expiry in the past is a 400 naming expires_at', async () => {
    const r = await call(tenantSubPath(acme, 'tokens'), 'POST', { name: 'Old', expires_at: inDays(-2) });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ field: 'expires_at', message: API_TOKEN_EXPIRY_PAST });
  });
});
