import { LOGIN_FAILED_MSG } from '@workbench/common/api/contract/auth';
import { DEMO_PARENT_TENANT } from '@workbench/common/api/contract/demo';
import { PROVIDER_SESSION_COOKIE, PROVIDER_XSRF_COOKIE } from '@workbench/common/api/contract/wire';
import {
  CookieJar,
  signIn,
  signInOperator,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../testing/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const idpToken = (username: string, password = TEST_PASSWORD) =>
  server.call('/idp/token', { method: 'POST', body: { username, password } });
const oauthLogin = (token: string, idp = 'local') =>
  server.call(`/gdmanage/api/oauth/login?identity_provider=${idp}&access_token=${encodeURIComponent(token)}`);

test('the provider flow: idp token, oauth login, session cookie, me, extendkey, logout', async () => {
  const t = await idpToken('operator@provider.example');
  expect(t.status).toBe(200);
  const token = (await t.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 60 });

  const login = await oauthLogin(token.access_token);
  expect(login.status).toBe(200);
  const reply = (await login.json()) as {
    status: string;
    username: string;
    key_id: string;
    expires: string;
    Authorization: string;
  };
  expect(reply).toMatchObject({ status: 'Success', username: 'operator@provider.example' });
  expect(reply.Authorization).toMatch(/^Bearer \S+$/);
  expect(Date.parse(reply.expires)).toBe(server.clock.now().getTime() + 3600_000);

  const jar = new CookieJar();
  const cookie = await server.call('/gdmanage/api/v1/session_cookie', {
    jar,
    headers: { authorization: reply.Authorization },
  });
  expect(cookie.status).toBe(200);
  expect(await cookie.json()).toMatchObject({ status: 'ok' });
  expect(jar.lastSetCookie.find((l) => l.startsWith(`${PROVIDER_SESSION_COOKIE}=`))).toMatch(/HttpOnly/i);
  expect(jar.lastSetCookie.find((l) => l.startsWith(`${PROVIDER_XSRF_COOKIE}=`))).not.toMatch(/HttpOnly/i);

  const me = await server.call('/gdmanage/api/me', { jar });
  expect(me.status).toBe(200);
  expect(await me.json()).toEqual({
    status: 'authenticated',
    user: { username: 'operator@provider.example', display_name: 'Olive Operator', role: 'operator' },
  });

  server.clock.advance(30 * 60 * 1000);
  const extend = await server.call('/gdmanage/api/v1/session/extendkey', { method: 'POST', jar });
  expect(extend.status).toBe(200);
  expect(Date.parse(((await extend.json()) as { expires: string }).expires)).toBe(
    server.clock.now().getTime() + 3600_000,
  );
  server.clock.advance(45 * 60 * 1000);
  expect((await server.call('/gdmanage/api/me', { jar })).status).toBe(200);

  const old = jar.clone();
  const out = await server.call('/gdmanage/api/v1/session/logout', { jar });
  expect(await out.json()).toEqual({ status: 'ok' });
  expect(jar.get(PROVIDER_SESSION_COOKIE)).toBeUndefined();
  const after = await server.call('/gdmanage/api/me', { jar: old });
  expect(after.status).toBe(401);
  expect(await after.json()).toEqual({ status: 'unauthenticated' });
});

test('an access token works only once', async () => {
  const { access_token } = (await (await idpToken('support@provider.example')).json()) as {
    access_token: string;
  };
  expect((await oauthLogin(access_token)).status).toBe(200);
  const again = await oauthLogin(access_token);
  expect(again.status).toBe(401);
  expect(((await again.json()) as { status: string }).status).not.toBe('Success');
});

test('an access token expires after 60 seconds', async () => {
  const { access_token } = (await (await idpToken('support@provider.example')).json()) as {
    access_token: string;
  };
  server.clock.advance(61_000);
  expect((await oauthLogin(access_token)).status).toBe(401);
});

test('an unknown identity provider is refused', async () => {
  const { access_token } = (await (await idpToken('support@provider.example')).json()) as {
    access_token: string;
  };
  const r = await oauthLogin(access_token, 'elsewhere');
  expect(r.status).toBe(401);
  expect(((await r.json()) as { status: string }).status).not.toBe('Success');
});

test('a wrong operator password gets 401 with the generic message; the lockout applies', async () => {
  const wrong = await idpToken('operator@provider.example', 'nope');
  expect(wrong.status).toBe(401);
  expect(((await wrong.json()) as { msg: string }).msg).toBe(LOGIN_FAILED_MSG);
  await idpToken('operator@provider.example', 'nope');
  await idpToken('operator@provider.example', 'nope');
  expect((await idpToken('operator@provider.example')).status).toBe(429);
});

test('session_cookie without a valid key is 401 Can not set cookie.', async () => {
  const r = await server.call('/gdmanage/api/v1/session_cookie', {
    headers: { authorization: 'Bearer forged' },
  });
  expect(r.status).toBe(401);
  expect(await r.json()).toEqual({ status: 'Can not set cookie.' });
});

test('a tenant session on /gdmanage/api/me is 401, and an operator session on /api/userinfo is 401', async () => {
  const tenant = await signIn(server, 'admin@acme.example');
  expect((await server.call('/gdmanage/api/me', { jar: tenant.jar })).status).toBe(401);
  expect((await server.call('/gdmanage/api/v1/tenants', { jar: tenant.jar })).status).toBe(401);
  const operator = await signInOperator(server, 'operator@provider.example');
  expect((await server.call('/api/userinfo', { jar: operator.jar })).status).toBe(401);
});

test('the tenant list shows every tenant with its user count and capabilities, for operator and support', async () => {
  for (const who of ['operator@provider.example', 'support@provider.example']) {
    const { jar } = await signInOperator(server, who);
    const r = await server.call('/gdmanage/api/v1/tenants', { jar });
    expect(r.status).toBe(200);
    const list = (await r.json()) as {
      total: number;
      tenants: { name: string; user_count: number; capabilities: Record<string, unknown> }[];
    };
    // acme, globex and acme's would-be parent tenant (DEMO_PARENT_TENANT).
    expect(list.total).toBe(3);
    expect(list.tenants.find((t) => t.name === DEMO_PARENT_TENANT.name)?.user_count).toBe(1);
    const acme = list.tenants.find((t) => t.name === 'acme');
    // The demo's acme accounts, the approver of two-person approval (issue 41) among them.
    expect(acme?.user_count).toBe(4);
    expect(acme?.capabilities.rbac).toBe(true);
    expect(list.tenants.find((t) => t.name === 'globex')?.user_count).toBe(1);
  }
});

test('a bearer client needs no xsrf; a cookie client does', async () => {
  const { jar, authorization } = await signInOperator(server, 'operator@provider.example');
  const bearer = await server.call('/gdmanage/api/v1/session/extendkey', {
    method: 'POST',
    headers: { authorization },
  });
  expect(bearer.status).toBe(200);
  const cookieNoXsrf = await server.call('/gdmanage/api/v1/session/extendkey', {
    method: 'POST',
    jar,
    xsrf: false,
  });
  expect(cookieNoXsrf.status).toBe(403);
  // The tenant world's xsrf cookie does not count for the provider world.
  const wrongWorld = await server.call('/gdmanage/api/v1/session/extendkey', {
    method: 'POST',
    jar,
    xsrf: false,
    headers: { 'x-xsrf-token': 'abc', cookie: `${jar.header()}; wb_xsrf=abc` },
  });
  expect(wrongWorld.status).toBe(403);
});

test('extendkey never keeps a provider session beyond 12 hours after sign-in', async () => {
  const { authorization } = await signInOperator(server, 'operator@provider.example');
  for (let i = 0; i < 13; i += 1) {
    server.clock.advance(55 * 60 * 1000);
    await server.call('/gdmanage/api/v1/session/extendkey', { method: 'POST', headers: { authorization } });
  }
  // 11 h 55 min after sign-in: still valid, but the last extension stopped at 12 h, not 12 h 55 min.
  expect((await server.call('/gdmanage/api/me', { headers: { authorization } })).status).toBe(200);
  server.clock.advance(6 * 60 * 1000);
  expect((await server.call('/gdmanage/api/me', { headers: { authorization } })).status).toBe(401);
});
