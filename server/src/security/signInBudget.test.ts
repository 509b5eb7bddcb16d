/**
 * Issue 38 points 3, 4 and 5, on the embedded store and on PostgreSQL (the rate-limit windows and
 * the failure records live in memory and SQLite on one, in the shared store on the other):
 * - one sign-in budget per client for every sign-in call, not one per route;
 * - the lockout keyed on the normalised client (canonical IPv4, IPv6 by /64, a forwarded value
 *   that is no address refused), and an account-wide slow-down that does not depend on it;
 * - wrong codes on mfa/disable counted in the account's lockout.
 * Every client here is behind a trusted proxy (the test's loopback), which forwards its address.
 */
import {
  AUTH_PATHS,
  LOGIN_LOCKED_MSG,
  LOGIN_RATE_LIMITED_MSG,
  MFA_MSGS,
  type MfaEnrolment,
} from '@workbench/common/api/contract/auth';
import { APPLIANCE_AUTH_PATHS } from '../auth/tenantAuthRoutes';
import { totpCode } from '../auth/totp';
import { testPostgresOfFile } from '../testing/testPostgres';
import { CookieJar, startTestServer, TEST_PASSWORD, type TestServer } from '../testing/testServer';
import { ACCOUNT_SLOWDOWN_THRESHOLD } from './lockout';
import { NOT_AN_ADDRESS_MSG } from './signInClient';

const testPg = testPostgresOfFile();
const engines: [string, () => Promise<string | undefined>][] = [
  ['the embedded store', () => Promise.resolve(undefined)],
  ...(testPg.enabled
    ? [['PostgreSQL', () => testPg.server().freshUrl()] as [string, () => Promise<string>]]
    : []),
];

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(engines)('on %s', (_engine, configUrl) => {
  async function start(max = 10_000): Promise<TestServer> {
    const url = await configUrl();
    server = await startTestServer({
      trustProxy: '127.0.0.1',
      loginRateLimit: { max, windowMs: 60_000 },
      ...(url ? { configUrl: url } : {}),
    });
    return server;
  }
  const from = (client: string, path: string, body: unknown, jar?: CookieJar) =>
    server!.call(path, { method: 'POST', body, jar, headers: { 'x-forwarded-for': client } });
  const login = (client: string, username: string, password: string) =>
    from(client, AUTH_PATHS.login, { username, password });

  test('3. one budget for every sign-in call: once one route spent it, the others answer 429', async () => {
    await start(5);
    for (let i = 0; i < 5; i++)
      expect((await login('198.51.100.7', `nobody${i}@x.example`, 'wrong')).status).toBe(401);
    const others: [string, unknown][] = [
      [APPLIANCE_AUTH_PATHS.login, { username: 'admin@acme.example', password: TEST_PASSWORD }],
      ['/idp/token', { username: 'operator@provider.example', password: TEST_PASSWORD }],
      [AUTH_PATHS.authParams, {}],
      [AUTH_PATHS.loginMfa, { challenge: 'c', code: '123456' }],
    ];
    for (const [path, body] of others) {
      const refused = await from('198.51.100.7', path, body);
      expect([path, refused.status]).toEqual([path, 429]);
      expect(await refused.json()).toMatchObject({ msg: LOGIN_RATE_LIMITED_MSG });
    }
    // Another client has its own budget; the same one, spelt otherwise, does not.
    expect((await login('198.51.100.8', 'admin@acme.example', TEST_PASSWORD)).status).toBe(200);
    expect((await login('198.51.100.007', 'admin@acme.example', TEST_PASSWORD)).status).toBe(429);
  });

  test('4. twenty wrong passwords from one IPv6 /64 lock the account for that network', async () => {
    await start();
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++)
      statuses.push((await login(`2001:db8:1:3::${i.toString(16)}`, 'admin@acme.example', 'wrong')).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    // Another /64 is another client: the owner there signs in.
    expect((await login('2001:db8:1:4::1', 'admin@acme.example', TEST_PASSWORD)).status).toBe(200);
  });

  test('4. 007.007.007.007 and ::ffff:7.7.7.7 count as 7.7.7.7', async () => {
    await start();
    for (const spelling of ['007.007.007.007', '::ffff:7.7.7.7', '7.7.7.7'])
      expect((await login(spelling, 'admin@acme.example', 'wrong')).status).toBe(401);
    const locked = await login('7.7.7.7', 'admin@acme.example', TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ msg: LOGIN_LOCKED_MSG });
  });

  test('4. a forwarded value that is no address is refused and counts nothing', async () => {
    await start();
    for (const spelling of ['attacker-chosen-1', 'attacker-chosen-2']) {
      const refused = await login(spelling, 'admin@acme.example', TEST_PASSWORD);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: NOT_AN_ADDRESS_MSG });
    }
    expect(await server!.app.workbench.store.loginFailures.count()).toBe(0);
  });

  test('4. the account-wide slow-down holds whatever the address', async () => {
    await start();
    const statuses: number[] = [];
    for (let i = 1; i <= ACCOUNT_SLOWDOWN_THRESHOLD + 2; i++)
      statuses.push((await login(`203.0.113.${i}`, 'admin@acme.example', 'wrong')).status);
    expect(statuses).toEqual([...Array<number>(ACCOUNT_SLOWDOWN_THRESHOLD).fill(401), 429, 429]);
    // The owner, at an address never seen, waits the slow-down, then signs in.
    const waiting = await login('192.0.2.1', 'admin@acme.example', TEST_PASSWORD);
    expect(waiting.status).toBe(429);
    const { delay } = (await waiting.json()) as { delay: number };
    expect(delay).toBeGreaterThanOrEqual(1);
    server!.clock.advance(delay * 1000);
    expect((await login('192.0.2.1', 'admin@acme.example', TEST_PASSWORD)).status).toBe(200);
  });

  test('5. wrong codes on mfa/disable count in the account lockout as the code step does', async () => {
    await start();
    const client = '198.51.100.20';
    const jar = new CookieJar();
    const signedIn = await from(
      client,
      AUTH_PATHS.login,
      { username: 'admin@acme.example', password: TEST_PASSWORD },
      jar,
    );
    expect(signedIn.status).toBe(200);
    const post = (path: string, body: unknown) =>
      server!.call(path, { method: 'POST', body, jar, headers: { 'x-forwarded-for': client } });
    const { secret } = (await (await post(AUTH_PATHS.mfaEnrol, {})).json()) as MfaEnrolment;
    const now = () => server!.clock.now().getTime();
    expect((await post(AUTH_PATHS.mfaConfirm, { code: totpCode(secret, now()) })).status).toBe(200);
    server!.clock.advance(30_000);
    const wrong = totpCode(secret, now() + 10 * 60_000);
    for (let i = 0; i < 3; i++) {
      const refused = await post(AUTH_PATHS.mfaDisable, { code: wrong });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: MFA_MSGS.wrongCode, field: 'code' });
    }
    // Locked: even the right code is refused, and so is the password at this client.
    const locked = await post(AUTH_PATHS.mfaDisable, { code: totpCode(secret, now()) });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ message: LOGIN_LOCKED_MSG.replace('$1', '5') });
    expect((await login(client, 'admin@acme.example', TEST_PASSWORD)).status).toBe(429);
    expect(
      ((await (await server!.call(AUTH_PATHS.mfa, { jar })).json()) as { enrolled: boolean }).enrolled,
    ).toBe(true);
    server!.clock.advance(6000);
    expect((await post(AUTH_PATHS.mfaDisable, { code: totpCode(secret, now()) })).status).toBe(200);
  });
});
