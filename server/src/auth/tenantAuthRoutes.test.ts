import {
  AUTH_PATHS,
  CHANGE_PASSWORD_MSGS,
  LOGIN_FAILED_MSG,
  LOGIN_LOCKED_MSG,
} from '@workbench/common/api/contract/auth';
import { SESSION_COOKIE, USER_ID_COOKIE, XSRF_COOKIE } from '@workbench/common/api/contract/wire';
import { CookieJar, signIn, startTestServer, TEST_PASSWORD, type TestServer } from '../testing/testServer';

let server: TestServer;
/**
 * One server per describe block (not per test: a server's start is most of a test's cost here).
 * The tests of a block share its state (clock, sessions, lockout counts per account), so a test
 * that changes what another one reads (a password, the portal version, secure cookies) has a
 * block, and a server, of its own.
 */
const serverPerBlock = (overrides: Parameters<typeof startTestServer>[0] = {}) => {
  beforeAll(async () => {
    server = await startTestServer(overrides);
  });
  afterAll(async () => {
    await server.close();
  });
};

const login = (username: string, password: string, jar = new CookieJar()) =>
  server.call('/api/auth/v1/login', { method: 'POST', body: { username, password }, jar });

const authParams = async (body: unknown = {}) => {
  const r = await server.call('/api/auth/v1/auth_params', { method: 'POST', body });
  expect(r.status).toBe(200);
  return (await r.json()) as {
    login_url: string;
    redirect_uri: string;
    client_id: string;
    csrf_token: string;
    scope: string;
  };
};

const postLoginForm = (fields: Record<string, string>) =>
  server.call('/login/', { method: 'POST', body: new URLSearchParams(fields) });

describe('auth params and the login form post', () => {
  serverPerBlock();

  test('auth_params names the login area, the portal root and a fresh csrf token', async () => {
    const a = await authParams();
    const b = await authParams({ force_udb: true });
    expect(a).toMatchObject({
      login_url: '/login/',
      redirect_uri: '/',
      client_id: 'workbench-portal',
      scope: 'openid profile',
    });
    expect(a.csrf_token.length).toBeGreaterThan(20);
    expect(b.csrf_token).not.toBe(a.csrf_token);
  });

  test('a good form post redirects (303) to the login page with the return url and force_udb', async () => {
    const p = await authParams();
    const r = await postLoginForm({
      csrf_token: p.csrf_token,
      client_id: p.client_id,
      redirect_uri: '/#/policy/web',
      scope: p.scope,
      force_udb: 'true',
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(
      `/login/#/?returnUrl=${encodeURIComponent('/#/policy/web')}&force_udb=true`,
    );
  });

  test('an absolute redirect_uri on this server is accepted as its path', async () => {
    const p = await authParams();
    const r = await postLoginForm({
      csrf_token: p.csrf_token,
      client_id: p.client_id,
      redirect_uri: `${server.url}/#/logs`,
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(`/login/#/?returnUrl=${encodeURIComponent('/#/logs')}`);
  });

  test('an unknown csrf token is rejected with 400 naming csrf_token', async () => {
    const r = await postLoginForm({ csrf_token: 'forged', client_id: 'workbench-portal', redirect_uri: '/' });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('csrf_token');
  });

  test('a csrf token works only once', async () => {
    const p = await authParams();
    const fields = { csrf_token: p.csrf_token, client_id: p.client_id, redirect_uri: '/' };
    expect((await postLoginForm(fields)).status).toBe(303);
    const again = await postLoginForm(fields);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('csrf_token');
  });

  test('an expired csrf token is rejected', async () => {
    const p = await authParams();
    server.clock.advance(11 * 60 * 1000);
    const r = await postLoginForm({ csrf_token: p.csrf_token, client_id: p.client_id, redirect_uri: '/' });
    expect(r.status).toBe(400);
  });

  test.each(['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'http://127.0.0.1:1/x'])(
    'a foreign redirect_uri (%s) is rejected (open-redirect protection)',
    async (redirect) => {
      const p = await authParams();
      const r = await postLoginForm({
        csrf_token: p.csrf_token,
        client_id: p.client_id,
        redirect_uri: redirect,
      });
      expect(r.status).toBe(400);
      expect(await r.text()).toContain('redirect_uri');
    },
  );

  test('a wrong client_id is rejected naming client_id', async () => {
    const p = await authParams();
    const r = await postLoginForm({ csrf_token: p.csrf_token, client_id: 'other', redirect_uri: '/' });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('client_id');
  });
});

describe('login', () => {
  serverPerBlock();

  test('success sets wb_sid (httpOnly), wb_uid and wb_xsrf (readable), all path / and SameSite=Strict', async () => {
    const jar = new CookieJar();
    const r = await login('admin@acme.example', TEST_PASSWORD, jar);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { status: string; uid: string };
    expect(body.status).toBe('ok');
    const line = (name: string) => jar.lastSetCookie.find((l) => l.startsWith(`${name}=`)) ?? '';
    expect(line(SESSION_COOKIE)).toMatch(/HttpOnly/i);
    expect(line(USER_ID_COOKIE)).not.toMatch(/HttpOnly/i);
    expect(line(XSRF_COOKIE)).not.toMatch(/HttpOnly/i);
    for (const name of [SESSION_COOKIE, USER_ID_COOKIE, XSRF_COOKIE]) {
      expect(line(name)).toMatch(/Path=\//);
      expect(line(name)).toMatch(/SameSite=Strict/i);
      expect(line(name)).not.toMatch(/Secure/i);
    }
    expect(line(USER_ID_COOKIE)).toMatch(/Max-Age=3629/);
    expect(jar.get(USER_ID_COOKIE)).toBe(body.uid);
  });

  test('signing in again replaces the previous session of that browser', async () => {
    const first = await signIn(server, 'admin@acme.example');
    const old = first.jar.clone();
    expect((await login('auditor@acme.example', TEST_PASSWORD, first.jar)).status).toBe(200);
    expect((await server.call('/api/userinfo', { jar: old })).status).toBe(401);
    const info = (await (await server.call('/api/userinfo', { jar: first.jar })).json()) as {
      first_name: string;
    };
    expect(info.first_name).toBe('Avery');
  });

  test('a wrong password gets 401 with the generic message and no cookie', async () => {
    const jar = new CookieJar();
    const r = await login('admin@acme.example', 'wrong', jar);
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: LOGIN_FAILED_MSG,
      msg: LOGIN_FAILED_MSG,
    });
    expect(jar.cookies.size).toBe(0);
  });

  test('an unknown user gets the same reply as a wrong password', async () => {
    const unknown = await login('nobody@acme.example', 'wrong');
    const wrong = await login('admin@acme.example', 'wrong');
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  test('lockout: from the 4th consecutive failure 429 with a growing delay; correct password refused while locked; success resets', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login('auditor@acme.example', 'wrong')).status).toBe(401);
    const locked = await login('auditor@acme.example', 'wrong');
    expect(locked.status).toBe(429);
    const first = (await locked.json()) as { msg: string; delay: number; message: string };
    expect(first.msg).toBe(LOGIN_LOCKED_MSG);
    expect(first.delay).toBe(5);
    expect(first.message).toBe(LOGIN_LOCKED_MSG.replace('$1', '5'));

    const refused = await login('auditor@acme.example', TEST_PASSWORD);
    expect(refused.status).toBe(429);

    server.clock.advance(5000);
    const second = await login('auditor@acme.example', 'wrong');
    expect(second.status).toBe(429);
    expect(((await second.json()) as { delay: number }).delay).toBe(10);

    server.clock.advance(10000);
    expect((await login('auditor@acme.example', TEST_PASSWORD)).status).toBe(200);
    expect((await login('auditor@acme.example', 'wrong')).status).toBe(401);
  });

  test('parallel wrong guesses cannot slip past the lock: only the first 3 are checked', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => login('logs@acme.example', 'guess')));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  test('a missing password is a 400 naming the field', async () => {
    const r = await server.call('/api/auth/v1/login', {
      method: 'POST',
      body: { username: 'admin@acme.example' },
    });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { field: string; message: string };
    expect(body.field).toBe('password');
    expect(body.message).toContain('password');
  });

  test('the on-prem alias /api/v1/login signs in too', async () => {
    const jar = new CookieJar();
    const r = await server.call('/api/v1/login', {
      method: 'POST',
      body: { username: 'admin@acme.example', password: TEST_PASSWORD },
      jar,
    });
    expect(r.status).toBe(200);
    expect((await server.call('/api/v1/userinfo', { jar })).status).toBe(200);
    expect((await server.call('/api/v1/cookie_refresh', { jar })).status).toBe(200);
    expect((await server.call('/api/v1/cookie_refresh', { method: 'POST', jar })).status).toBe(200);
    expect(await (await server.call('/api/v1/logout', { jar })).text()).toBe('OK');
    expect((await server.call('/api/v1/userinfo', { jar })).status).toBe(401);
  });
});

describe('login with secure cookies', () => {
  serverPerBlock({ secureCookies: true });

  test('secure cookies are marked Secure', async () => {
    const jar = new CookieJar();
    await login('admin@acme.example', TEST_PASSWORD, jar);
    expect(jar.lastSetCookie).toHaveLength(3);
    for (const l of jar.lastSetCookie) expect(l).toMatch(/; Secure/);
  });
});

describe('session', () => {
  serverPerBlock();

  test('userinfo describes the signed-in user, tenant, roles and capabilities', async () => {
    const { jar, uid } = await signIn(server, 'auditor@acme.example');
    const r = await server.call('/api/userinfo', { jar });
    expect(r.status).toBe(200);
    const info = (await r.json()) as Record<string, unknown>;
    expect(info).toMatchObject({
      uid,
      first_name: 'Avery',
      last_name: 'Auditor',
      tenant_name: 'acme',
      portal_v2: false,
    });
    expect((info.capabilities as Record<string, unknown>).rbac).toBe(true);
    expect((info.roles as { write: string[] }).write).toEqual([]);
    expect(info.uid_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('without a session, userinfo is 401', async () => {
    expect((await server.call('/api/userinfo')).status).toBe(401);
  });

  test('logout invalidates the session: the old cookie then gets 401', async () => {
    const { jar } = await signIn(server, 'admin@acme.example');
    const old = jar.clone();
    const r = await server.call('/api/auth/v1/logout', { jar });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('OK');
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await server.call('/api/userinfo', { jar: old })).status).toBe(401);
  });

  test('logout without a session still answers 200 OK', async () => {
    const r = await server.call('/api/auth/v1/logout');
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('OK');
  });

  test('cookie_refresh extends the idle expiry and keeps the xsrf cookie', async () => {
    const { jar, xsrf } = await signIn(server, 'admin@acme.example');
    server.clock.advance(50 * 60 * 1000);
    const r = await server.call('/api/auth/v1/cookie_refresh', { method: 'POST', jar });
    expect(r.status).toBe(200);
    const { expires } = (await r.json()) as { expires: string };
    expect(Date.parse(expires)).toBe(server.clock.now().getTime() + Math.round(0.042 * 86400000));
    expect(jar.lastSetCookie.some((l) => l.startsWith(`${XSRF_COOKIE}=`))).toBe(false);
    expect(jar.lastSetCookie.some((l) => l.startsWith(`${USER_ID_COOKIE}=`))).toBe(true);
    expect(jar.get(XSRF_COOKIE)).toBe(xsrf);
    server.clock.advance(50 * 60 * 1000);
    expect((await server.call('/api/userinfo', { jar })).status).toBe(200);
  });

  test('a session idle longer than the inactivity timeout is refused with 401', async () => {
    const { jar } = await signIn(server, 'admin@acme.example');
    server.clock.advance(Math.round(0.042 * 86400000) + 1000);
    expect((await server.call('/api/userinfo', { jar })).status).toBe(401);
  });

  test('a session ends after 12 hours even when kept active', async () => {
    const { jar } = await signIn(server, 'admin@acme.example');
    for (let i = 0; i < 14; i += 1) {
      server.clock.advance(55 * 60 * 1000);
      await server.call('/api/auth/v1/cookie_refresh', { method: 'POST', jar });
    }
    expect((await server.call('/api/userinfo', { jar })).status).toBe(401);
  });
});

// It switches acme to portal v2: the block below reads acme's version as it was.
describe('portal version: the switch', () => {
  serverPerBlock();

  test('the admin switches the portal version; it is stored per tenant', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const put = await server.call('/api/policy/v1/portal_version', {
      method: 'PUT',
      jar: admin.jar,
      body: { portal_v2: true },
    });
    expect(put.status).toBe(200);
    expect(await (await server.call('/api/policy/v1/portal_version', { jar: admin.jar })).json()).toEqual({
      portal_v2: true,
    });
    const globex = await signIn(server, 'admin@globex.example');
    expect(await (await server.call('/api/policy/v1/portal_version', { jar: globex.jar })).json()).toEqual({
      portal_v2: false,
    });
  });
});

describe('portal version', () => {
  serverPerBlock();

  test('the auditor may not write the portal version (403) and nothing changes', async () => {
    const auditor = await signIn(server, 'auditor@acme.example');
    const put = await server.call('/api/policy/v1/portal_version', {
      method: 'PUT',
      jar: auditor.jar,
      body: { portal_v2: true },
    });
    expect(put.status).toBe(403);
    expect(await (await server.call('/api/policy/v1/portal_version', { jar: auditor.jar })).json()).toEqual({
      portal_v2: false,
    });
  });

  test('a PUT without the xsrf header, or with a wrong one, is 403 and changes nothing', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    for (const xsrf of [false, 'not-the-cookie'] as const) {
      const put = await server.call('/api/policy/v1/portal_version', {
        method: 'PUT',
        jar: admin.jar,
        xsrf,
        body: { portal_v2: true },
      });
      expect(put.status).toBe(403);
      expect(await put.json()).toMatchObject({ message: 'Missing or invalid xsrf token.' });
    }
    expect(await (await server.call('/api/policy/v1/portal_version', { jar: admin.jar })).json()).toEqual({
      portal_v2: false,
    });
  });

  test('a malformed body is a 400 naming the field and changes nothing', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const put = await server.call('/api/policy/v1/portal_version', {
      method: 'PUT',
      jar: admin.jar,
      body: { portal_v2: 'maybe' },
    });
    expect(put.status).toBe(400);
    expect(await put.json()).toMatchObject({ field: 'portal_v2' });
  });
});

const NEW = 'a-new-Password-42';
const change = (jar: CookieJar, body: unknown) =>
  server.call(AUTH_PATHS.changePassword, { method: 'POST', jar, body });

// It changes admin's password: the refusals below sign in with the one they start with.
describe('change password (the user menu, where show_change_password)', () => {
  serverPerBlock();

  test('with the current password the new one is set, the prompt goes, and the other sessions end', async () => {
    const here = await signIn(server, 'admin@acme.example');
    const elsewhere = await signIn(server, 'admin@acme.example');
    const r = await change(here.jar, { current_password: TEST_PASSWORD, new_password: NEW });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok' });
    // This session goes on; the other one is over.
    expect((await server.call('/api/userinfo', { jar: here.jar })).status).toBe(200);
    expect((await server.call('/api/userinfo', { jar: elsewhere.jar })).status).toBe(401);
    const info = (await (await server.call('/api/userinfo', { jar: here.jar })).json()) as {
      show_change_password: boolean;
    };
    expect(info.show_change_password).toBe(false);
    expect((await login('admin@acme.example', TEST_PASSWORD)).status).toBe(401);
    expect((await login('admin@acme.example', NEW)).status).toBe(200);
  });
});

describe('change password: refusals', () => {
  serverPerBlock();

  test.each([
    [
      'a wrong current password',
      { current_password: 'not-it', new_password: NEW },
      'current_password',
      CHANGE_PASSWORD_MSGS.wrongCurrent,
    ],
    [
      'a short new password',
      { current_password: TEST_PASSWORD, new_password: 'short1' },
      'new_password',
      CHANGE_PASSWORD_MSGS.tooShort,
    ],
    [
      'a space in it',
      { current_password: TEST_PASSWORD, new_password: 'has a space 123' },
      'new_password',
      CHANGE_PASSWORD_MSGS.forbidden,
    ],
    [
      "a ' in it",
      { current_password: TEST_PASSWORD, new_password: "quote'password1" },
      'new_password',
      CHANGE_PASSWORD_MSGS.forbidden,
    ],
    [
      'the same password',
      { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD },
      'new_password',
      CHANGE_PASSWORD_MSGS.same,
    ],
  ])('%s is a 400 naming the field, and the password stays', async (_case, body, field, message) => {
    const admin = await signIn(server, 'admin@acme.example');
    const r = await change(admin.jar, body);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ message, field });
    expect((await login('admin@acme.example', TEST_PASSWORD)).status).toBe(200);
  });

  test('without a session 401; without the xsrf header 403; a number for a password 400', async () => {
    expect(
      (await change(new CookieJar(), { current_password: TEST_PASSWORD, new_password: NEW })).status,
    ).toBe(401);
    const admin = await signIn(server, 'admin@acme.example');
    const noXsrf = await server.call(AUTH_PATHS.changePassword, {
      method: 'POST',
      jar: admin.jar,
      xsrf: false,
      body: { current_password: TEST_PASSWORD, new_password: NEW },
    });
    expect(noXsrf.status).toBe(403);
    expect(
      (await change(admin.jar, { current_password: TEST_PASSWORD, new_password: 1234567890123 })).status,
    ).toBe(400);
    expect((await login('admin@acme.example', TEST_PASSWORD)).status).toBe(200);
  });
});
