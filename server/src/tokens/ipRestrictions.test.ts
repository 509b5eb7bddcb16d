/**
 * IP restrictions enforced (issue 33 point 5), over real HTTP: with the provider's ip_restrictions
 * on, a tenant's sessions and API tokens calling from outside the allowed ranges get 403 with the
 * reason and the address; sign-out and the user info still answer; the provider's routes and other
 * tenants are untouched. Which address counts: the peer, or behind a trusted proxy the one it forwards.
 */
import { API_TOKENS_PATHS, type ApiTokenCreated } from '@workbench/common/api/contract/apiTokens';
import { AUTH_PATHS } from '@workbench/common/api/contract/auth';
import { IP_RESTRICTED_FIELD, ipRestrictedMessage } from '@workbench/common/api/contract/ipRestrictions';
import { SIGN_IN_SETTINGS_PATHS } from '@workbench/common/api/contract/signInSettings';
import { TENANTS_PATH, tenantSubPath } from '@workbench/common/api/contract/providerTenants';
import type { ProviderTenantList } from '@workbench/common/api/contract/provider';
import { UDB_PATHS } from '@workbench/common/api/contract/udb';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { ipAllowed } from './ipRestrictions';

jest.setTimeout(120_000);

test('ipAllowed: addresses and CIDR ranges of IPv4, IPv4-mapped IPv6 as IPv4, anything else refused', () => {
  const allowed = ['10.0.0.0/8', '192.168.1.7', '172.16.4.0/22'];
  expect(ipAllowed(allowed, '10.200.3.4')).toBe(true);
  expect(ipAllowed(allowed, '::ffff:10.1.2.3')).toBe(true);
  expect(ipAllowed(allowed, '192.168.1.7')).toBe(true);
  expect(ipAllowed(allowed, '192.168.1.8')).toBe(false);
  expect(ipAllowed(allowed, '172.16.7.255')).toBe(true);
  expect(ipAllowed(allowed, '172.16.8.0')).toBe(false);
  expect(ipAllowed(allowed, '11.0.0.1')).toBe(false);
  expect(ipAllowed(allowed, '::1')).toBe(false);
  expect(ipAllowed(allowed, 'not an address')).toBe(false);
  expect(ipAllowed([], '10.0.0.1')).toBe(false);
});

test('ipAllowed: IPv6 addresses and ranges (admin_access_control lists them), each kind against its own', () => {
  const allowed = ['2001:db8::/32', '::1', '::ffff:192.0.2.0/120'];
  expect(ipAllowed(allowed, '2001:db8:1::7')).toBe(true);
  expect(ipAllowed(allowed, '2001:db9::1')).toBe(false);
  expect(ipAllowed(allowed, '::1')).toBe(true);
  // An IPv4-mapped range is its IPv4 range, as an IPv4-mapped client is its IPv4 address.
  expect(ipAllowed(allowed, '192.0.2.44')).toBe(true);
  expect(ipAllowed(allowed, '::ffff:192.0.2.44')).toBe(true);
  expect(ipAllowed(allowed, '192.0.3.1')).toBe(false);
  expect(ipAllowed(['0.0.0.0/0'], '2001:db8::1')).toBe(false);
  expect(ipAllowed(['::/0'], '10.0.0.1')).toBe(false);
});

describe('a tenant with IP restrictions on', () => {
  let server: TestServer;
  let operator: OperatorSignedIn;
  let admin: SignedIn;
  let globex: SignedIn;
  let acme: string;
  const USERS = `${UDB_PATHS.users}?limit=5`;
  const restrict = (doc: { enabled: boolean; allowed: string[] }) =>
    server.call(tenantSubPath(acme, 'ip_restrictions'), { method: 'PUT', jar: operator.jar, body: doc });

  beforeAll(async () => {
    server = await startTestServer();
    operator = await signInOperator(server, 'operator@provider.example');
    admin = await signIn(server, 'admin@acme.example');
    globex = await signIn(server, 'admin@globex.example');
    const list = (await (
      await server.call(`${TENANTS_PATH}?q=acme`, { jar: operator.jar })
    ).json()) as ProviderTenantList;
    acme = list.tenants[0]?.tid ?? '';
  });
  afterAll(async () => {
    await server.close();
  });

  test('refuses its sessions and tokens from elsewhere with the reason; sign-out and user info answer; the provider and other tenants are untouched', async () => {
    const made = await server.call(API_TOKENS_PATHS.list, {
      method: 'POST',
      jar: admin.jar,
      body: { name: 'Script', access: 'read', areas: ['users'], expires_at: null },
    });
    const token = (await made.json()) as ApiTokenCreated;
    const asToken = () => server.call(USERS, { headers: { authorization: `Bearer ${token.token}` } });
    expect((await server.call(USERS, { jar: admin.jar })).status).toBe(200);
    expect((await asToken()).status).toBe(200);

    expect((await restrict({ enabled: true, allowed: ['10.0.0.0/8', '192.0.2.1'] })).status).toBe(200);
    const refused = await server.call(USERS, { jar: admin.jar });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: ipRestrictedMessage('127.0.0.1'),
      [IP_RESTRICTED_FIELD]: '127.0.0.1',
    });
    const tokenRefused = await asToken();
    expect(tokenRefused.status).toBe(403);
    expect(await tokenRefused.json()).toMatchObject({ [IP_RESTRICTED_FIELD]: '127.0.0.1' });
    // Writes are refused before they change anything.
    const write = await server.call(API_TOKENS_PATHS.list, {
      method: 'POST',
      jar: admin.jar,
      body: { name: 'Blocked', access: 'read', areas: ['logs'], expires_at: null },
    });
    expect(write.status).toBe(403);
    // The locked-out page's calls still answer: who is signed in, and sign-out.
    expect((await server.call(AUTH_PATHS.userInfo, { jar: admin.jar })).status).toBe(200);
    // Another tenant, and the provider's console, are not affected.
    expect((await server.call(USERS, { jar: globex.jar })).status).toBe(200);
    const tokens = await server.call(tenantSubPath(acme, 'logging_auth_tokens'), { jar: operator.jar });
    expect(tokens.status).toBe(200);

    // Allowing the address opens everything again, at once.
    expect((await restrict({ enabled: true, allowed: ['127.0.0.1'] })).status).toBe(200);
    expect((await server.call(USERS, { jar: admin.jar })).status).toBe(200);
    expect((await asToken()).status).toBe(200);
    // Switched off, the list no longer matters.
    expect((await restrict({ enabled: false, allowed: ['10.0.0.0/8'] })).status).toBe(200);
    expect((await server.call(USERS, { jar: admin.jar })).status).toBe(200);
    expect((await server.call(API_TOKENS_PATHS.list, { jar: admin.jar })).status).toBe(200);
    const list = (await (await server.call(API_TOKENS_PATHS.list, { jar: admin.jar })).json()) as {
      tokens: { name: string }[];
    };
    expect(list.tokens.map((t) => t.name)).toEqual(['Script']);
    expect((await server.call(AUTH_PATHS.logout, { jar: admin.jar })).status).toBeLessThan(400);
  });

  test("the tenant reads its IP restrictions and its own address, read-only; another tenant's stay unseen", async () => {
    const read = (jar: SignedIn['jar']) => server.call(SIGN_IN_SETTINGS_PATHS.ipRestrictions, { jar });
    const again = await signIn(server, 'admin@acme.example');
    const auditor = await signIn(server, 'auditor@acme.example');
    const logs = await signIn(server, 'logs@acme.example');
    expect((await restrict({ enabled: true, allowed: ['127.0.0.1', '10.0.0.0/8'] })).status).toBe(200);
    for (const who of [again, auditor]) {
      const r = await read(who.jar);
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({
        enabled: true,
        allowed: ['127.0.0.1', '10.0.0.0/8'],
        your_address: '127.0.0.1',
      });
    }
    // Without settings:admin_access_control:read, no.
    expect((await read(logs.jar)).status).toBe(403);
    // Globex's own document (off), not acme's.
    expect(await (await read(globex.jar)).json()).toEqual({
      enabled: false,
      allowed: [],
      your_address: '127.0.0.1',
    });
    // Read-only: the tenant has no call that changes them.
    const put = await server.call(SIGN_IN_SETTINGS_PATHS.ipRestrictions, {
      method: 'PUT',
      jar: again.jar,
      body: { enabled: false, allowed: [] },
    });
    expect(put.status).toBe(404);
    expect(((await (await read(again.jar)).json()) as { enabled: boolean }).enabled).toBe(true);
    expect((await restrict({ enabled: false, allowed: [] })).status).toBe(200);
  });
});

describe('which address counts', () => {
  const forwarded = { 'x-forwarded-for': '10.9.8.7' };

  async function restrictedServer(trustProxy: string | false) {
    const server = await startTestServer({ trustProxy });
    const operator = await signInOperator(server, 'operator@provider.example');
    const list = (await (
      await server.call(`${TENANTS_PATH}?q=acme`, { jar: operator.jar })
    ).json()) as ProviderTenantList;
    const acme = list.tenants[0]?.tid ?? '';
    const put = await server.call(tenantSubPath(acme, 'ip_restrictions'), {
      method: 'PUT',
      jar: operator.jar,
      body: { enabled: true, allowed: ['10.0.0.0/8'] },
    });
    expect(put.status).toBe(200);
    return server;
  }

  test('behind a trusted proxy, the address it forwards', async () => {
    const server = await restrictedServer('127.0.0.1');
    try {
      const admin = await signIn(server, 'admin@acme.example');
      const inside = await server.call(`${UDB_PATHS.users}?limit=5`, { jar: admin.jar, headers: forwarded });
      expect(inside.status).toBe(200);
      const outside = await server.call(`${UDB_PATHS.users}?limit=5`, {
        jar: admin.jar,
        headers: { 'x-forwarded-for': '203.0.113.5' },
      });
      expect(outside.status).toBe(403);
      expect(await outside.json()).toMatchObject({ [IP_RESTRICTED_FIELD]: '203.0.113.5' });
    } finally {
      await server.close();
    }
  });

  test('without a trusted proxy, X-Forwarded-For is a claim of the client and does not count', async () => {
    const server = await restrictedServer(false);
    try {
      const admin = await signIn(server, 'admin@acme.example');
      const r = await server.call(`${UDB_PATHS.users}?limit=5`, { jar: admin.jar, headers: forwarded });
      expect(r.status).toBe(403);
      expect(await r.json()).toMatchObject({ [IP_RESTRICTED_FIELD]: '127.0.0.1' });
    } finally {
      await server.close();
    }
  });
});
