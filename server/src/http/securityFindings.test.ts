/**
 * The findings of the outside probe (issue "Security and robustness"), one block each: every test
 * here failed on the server as the probe found it. The generated matrix and the fuzzer in
 * server/src/security-tests/ keep whole classes of them closed for every route.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS, LOGIN_FAILED_MSG } from '@workbench/common/api/contract/auth';
import { PROVIDER_PATHS } from '@workbench/common/api/contract/provider';
import { UDB_PATHS } from '@workbench/common/api/contract/udb';
import { INJECTED_ENV_MARKER, PROVIDER_XSRF_COOKIE, XSRF_COOKIE } from '@workbench/common/api/contract/wire';
import { nulCharacterMessage } from './nulCharacters';
import {
  signIn,
  signInOperator,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../testing/testServer';

let server: TestServer;
const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
async function start(overrides?: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(overrides);
  running.push(started);
  return started;
}

/** One server for the checks that change nothing (each section's writes are refused). */
let shared: TestServer | undefined;
async function sharedServer(): Promise<TestServer> {
  shared ??= await startTestServer();
  return shared;
}
afterAll(async () => {
  await shared?.close();
});

/** A request from a chosen loopback address (127.0.0.x), as a client elsewhere would send it. */
function requestFrom(
  localAddress: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method, headers: init.headers, localAddress }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const loginFrom = (s: TestServer, address: string, username: string, password: string) =>
  requestFrom(address, `${s.url}${AUTH_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('1. the guard decides on the matched route, not on the URL text', () => {
  test.each([
    ['/gd%6Danage/api/v1/tenants', 'the provider tenant list'],
    ['/gdm%61nage/api/v1/tenants', 'the provider tenant list (inner letter)'],
    ['/%61pi/userinfo', 'the tenant userinfo'],
    ['/%61pi/udb-rest/v2/users', 'the user list'],
    ['/api/udb-rest/v2/%75sers', 'the user list (later segment)'],
  ])('%s (%s) without a session is 401 or 404, never data or 500', async (url) => {
    server = await sharedServer();
    const response = await server.call(url);
    expect([401, 404]).toContain(response.status);
  });

  test('a percent-encoded path gets the same answer as the plain one for a signed-in user', async () => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'logs@acme.example');
    const plain = await server.call(UDB_PATHS.users, { jar });
    const encoded = await server.call('/%61pi/udb-rest/v2/users', { jar });
    expect(plain.status).toBe(403);
    expect(encoded.status).toBe(403);
  });

  test('a state-changing call on an encoded path still needs the xsrf header', async () => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'admin@acme.example');
    const response = await server.call('/%61pi/policy/v1/portal_version', {
      method: 'PUT',
      jar,
      xsrf: false,
      body: { portal_v2: true },
    });
    expect(response.status).toBe(403);
  });
});

describe('2. the xsrf token is bound to the server-side session', () => {
  test('a tenant client that sets cookie and header to a value of its own is refused and nothing changes', async () => {
    server = await start();
    const { jar } = await signIn(server, 'admin@acme.example');
    const forged = jar.clone();
    forged.cookies.set(XSRF_COOKIE, 'forged-by-the-client');
    const put = await server.call(AUTH_PATHS.portalVersion, {
      method: 'PUT',
      jar: forged,
      xsrf: 'forged-by-the-client',
      body: { portal_v2: true },
    });
    expect(put.status).toBe(403);
    const read = await server.call(AUTH_PATHS.portalVersion, { jar });
    expect(await read.json()).toEqual({ portal_v2: false });
  });

  test('the session token in the header passes even when the cookie was changed', async () => {
    server = await start();
    const { jar, xsrf } = await signIn(server, 'admin@acme.example');
    const other = jar.clone();
    other.cookies.set(XSRF_COOKIE, 'something-else');
    const put = await server.call(AUTH_PATHS.portalVersion, {
      method: 'PUT',
      jar: other,
      xsrf,
      body: { portal_v2: true },
    });
    expect(put.status).toBe(200);
  });

  test('a provider cookie client that forges gd_xsrf is refused', async () => {
    server = await start();
    const { jar } = await signInOperator(server, 'operator@provider.example');
    const forged = jar.clone();
    forged.cookies.set(PROVIDER_XSRF_COOKIE, 'forged');
    const response = await server.call(PROVIDER_PATHS.extendKey, {
      method: 'POST',
      jar: forged,
      xsrf: 'forged',
      body: {},
    });
    expect(response.status).toBe(403);
  });
});

describe('3. login CSRF: JSON APIs take JSON only; foreign origins are refused', () => {
  test.each([
    ['application/x-www-form-urlencoded', `username=admin%40acme.example&password=x`],
    ['text/plain', JSON.stringify({ username: 'admin@acme.example', password: 'x' })],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\na\r\n--x--',
    ],
  ])('a login posted as %s is 415', async (type, body) => {
    server = await sharedServer();
    const response = await fetch(`${server.url}${AUTH_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(response.status).toBe(415);
  });

  test('the identity provider token call refuses a form as well', async () => {
    server = await sharedServer();
    const response = await fetch(`${server.url}${PROVIDER_PATHS.idpToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=operator%40provider.example&password=${encodeURIComponent(TEST_PASSWORD)}`,
    });
    expect(response.status).toBe(415);
  });

  test('a login from a page of another site (foreign Origin) is refused; the own origin signs in', async () => {
    server = await sharedServer();
    const body = JSON.stringify({ username: 'admin@acme.example', password: TEST_PASSWORD });
    const foreign = await fetch(`${server.url}${AUTH_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
    const own = await fetch(`${server.url}${AUTH_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body,
    });
    expect(own.status).toBe(200);
  });

  test.each([
    ['cross-site', 403],
    ['same-site', 403],
    ['same-origin', 200],
  ])(
    'a browser login with Sec-Fetch-Site %s (Origin null, as form posts may send) answers %i',
    async (site, status) => {
      server = await sharedServer();
      const response = await fetch(`${server.url}${AUTH_PATHS.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'null', 'sec-fetch-site': site },
        body: JSON.stringify({ username: 'admin@acme.example', password: TEST_PASSWORD }),
      });
      expect(response.status).toBe(status);
    },
  );

  test('a signed-in state-changing call with a foreign Origin is refused', async () => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'admin@acme.example');
    const response = await server.call(AUTH_PATHS.portalVersion, {
      method: 'PUT',
      jar,
      body: { portal_v2: true },
      headers: { origin: 'http://127.0.0.1.attacker.example' },
    });
    expect(response.status).toBe(403);
  });

  test("the login area's form target still takes a form", async () => {
    server = await sharedServer();
    const params = await (await server.call(AUTH_PATHS.authParams, { method: 'POST', body: {} })).json();
    const response = await server.call(AUTH_PATHS.loginArea, {
      method: 'POST',
      body: new URLSearchParams({
        csrf_token: (params as { csrf_token: string }).csrf_token,
        client_id: 'workbench-portal',
        redirect_uri: '/',
      }),
    });
    expect(response.status).toBe(303);
  });
});

describe('4. security headers', () => {
  let staticRoot: string;
  beforeEach(() => {
    staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-static-'));
    for (const app of ['tenant-portal', 'provider-console']) {
      fs.mkdirSync(path.join(staticRoot, app, 'dist'), { recursive: true });
      fs.writeFileSync(
        path.join(staticRoot, app, 'dist', 'index.html'),
        `<!doctype html><html><head>${INJECTED_ENV_MARKER}<script type="module" src="./assets/a.js"></script></head><body></body></html>`,
      );
    }
  });

  test('every reply carries CSP with frame-ancestors none, nosniff and a referrer policy; no HSTS on plain http', async () => {
    server = await start({ staticRoot });
    for (const url of ['/healthz', AUTH_PATHS.userInfo, '/']) {
      const response = await server.call(url);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  test("the app pages' inline environment script is allowed by its hash, not by 'unsafe-inline'", async () => {
    server = await start({ staticRoot });
    for (const url of ['/', '/provider/']) {
      const response = await server.call(url);
      const html = await response.text();
      const script = /<script>([^<]*)<\/script>/.exec(html)?.[1];
      expect(script).toBeDefined();
      const hash = crypto
        .createHash('sha256')
        .update(script ?? '')
        .digest('base64');
      const csp = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
      expect(scriptSrc).not.toContain('unsafe-inline');
    }
  });

  test('HSTS is sent when the cookies are secure (served behind https)', async () => {
    server = await start({ secureCookies: true });
    const response = await server.call('/healthz');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('5. bodies are validated strictly (no coercion)', () => {
  test("a number as a user's first name is 400 naming the field, and nothing changes", async () => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'admin@acme.example');
    const list = (await (await server.call(`${UDB_PATHS.users}?limit=1`, { jar })).json()) as {
      users: { uid: string; first_name: string }[];
    };
    const user = list.users[0];
    const patch = await server.call(UDB_PATHS.user(user.uid), {
      method: 'PATCH',
      jar,
      body: { first_name: 123 },
    });
    expect(patch.status).toBe(400);
    expect(await patch.json()).toMatchObject({ field: 'first_name' });
    const after = (await (await server.call(UDB_PATHS.user(user.uid), { jar })).json()) as {
      first_name: string;
    };
    expect(after.first_name).toBe(user.first_name);
  });

  test.each([[0], ['true'], [[true]], [null]])('portal_v2 = %j is 400', async (value) => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'admin@acme.example');
    const put = await server.call(AUTH_PATHS.portalVersion, {
      method: 'PUT',
      jar,
      body: { portal_v2: value },
    });
    expect(put.status).toBe(400);
    expect(await put.json()).toMatchObject({ field: 'portal_v2' });
  });

  test('query strings still convert to valid values', async () => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'admin@acme.example');
    const response = await server.call(`${UDB_PATHS.users}?limit=2&offset=1`, { jar });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { users: unknown[] }).users).toHaveLength(2);
  });
});

describe('6. every numeric query parameter is bounded', () => {
  test.each([
    'offset=1e20',
    'offset=99999999999999999999',
    'offset=1e400',
    'offset=Infinity',
    'offset=-1',
    'limit=1e20',
    'limit=-Infinity',
    'limit=0',
  ])('%s on the user list is 400 naming the parameter (the auditor may read it)', async (query) => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'auditor@acme.example');
    const response = await server.call(`${UDB_PATHS.users}?${query}`, { jar });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: query.split('=')[0] });
  });

  test.each(['Infinity', '-Infinity', '1e400'])('a path number %s is 400 naming it', async (rev) => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'admin@acme.example');
    const response = await server.call(`/api/policy/v1/rules/portal_note/${rev}`, { jar });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'rev' });
  });

  test('a NUL character in a path parameter or a query value is 400 naming it, on either engine', async () => {
    server = await sharedServer();
    const { jar } = await signIn(server, 'admin@acme.example');
    for (const [url, field] of [
      [`${UDB_PATHS.users}/a%00b`, 'id'],
      [`${UDB_PATHS.usernames}?search=%00`, 'search'],
    ]) {
      const response = await server.call(url, { jar });
      expect([response.status, await response.json()]).toEqual([
        400,
        expect.objectContaining({ field, message: nulCharacterMessage(field) }),
      ]);
    }
  });

  test('a route that declares an unbounded number in its query string cannot be registered', async () => {
    const unbounded = startTestServer({
      plugins: [
        async (app) => {
          app.get(
            '/api/unbounded',
            {
              config: { world: 'tenant', permission: null },
              schema: { querystring: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } } } },
            },
            async () => ({}),
          );
        },
      ],
    });
    await expect(unbounded).rejects.toThrow(/querystring\.n .*bounds/);
  });
});

describe('7. login abuse', () => {
  test('logins are rate-limited per client address; another client is not affected', async () => {
    server = await start({ loginRateLimit: { max: 5, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await loginFrom(server, '127.0.0.2', `nobody${i}@x.example`, 'wrong')).status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const owner = await loginFrom(server, '127.0.0.3', 'admin@acme.example', TEST_PASSWORD);
    expect(owner.status).toBe(200);
  });

  test('an attacker at one address locking an account does not lock its owner elsewhere', async () => {
    server = await start();
    for (let i = 0; i < 5; i++) await loginFrom(server, '127.0.0.2', 'admin@acme.example', 'wrong');
    const attacker = await loginFrom(server, '127.0.0.2', 'admin@acme.example', TEST_PASSWORD);
    expect(attacker.status).toBe(429);
    const owner = await loginFrom(server, '127.0.0.3', 'admin@acme.example', TEST_PASSWORD);
    expect(owner.status).toBe(200);
  });

  test('failure records of unknown names are bounded in number and expire', async () => {
    server = await start({ loginFailureCap: 5, loginRateLimit: { max: 1000, windowMs: 60_000 } });
    for (let i = 0; i < 12; i++) {
      const r = await loginFrom(server, '127.0.0.2', `ghost${i}@x.example`, 'wrong');
      expect(r.status).toBe(401);
      expect(JSON.parse(r.body)).toMatchObject({ msg: LOGIN_FAILED_MSG });
    }
    expect(await server.app.workbench.store.loginFailures.count()).toBe(5);
    server.clock.advance(24 * 60 * 60 * 1000);
    await loginFrom(server, '127.0.0.2', 'one-more@x.example', 'wrong');
    // Its two records: from this client, and from every client (the account-wide slow-down).
    expect(await server.app.workbench.store.loginFailures.count()).toBe(2);
  });
});
