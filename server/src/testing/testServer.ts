/**
 * Test helpers: a real server on a free port with its stores in a fresh temporary directory,
 * a cookie jar, and sign-in of demo accounts. Tests use real HTTP (./plainHttp.ts), never inject().
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, PROVIDER_XSRF_COOKIE } from '@workbench/common/api/contract/wire';
import { buildServer, type ServerOptions } from '../app';
import { startHaproxy, type TestProxy } from './haproxy';
import { plainHttp } from './plainHttp';
import { freshConfigUrl, SCALED_TOPOLOGY } from './scaledTestStores';
import { hashPassword } from '../security/passwords';

export const TEST_PASSWORD = 'correct horse battery staple';
/** The key of the test servers on a shared (PostgreSQL) store: every replica must seal with it. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/** A clock the test moves by hand. */
export class TestClock {
  private t: number;
  constructor(start = Date.parse('2026-11-22T08:00:00.000Z')) {
    this.t = start;
  }
  readonly now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
}

/** Cookies by name, fed from Set-Cookie headers (expired/cleared cookies are removed). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  /** Raw Set-Cookie lines of the last response, for flag checks. */
  lastSetCookie: string[] = [];
  store(response: Response): void {
    this.lastSetCookie = response.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  clone(): CookieJar {
    const c = new CookieJar();
    for (const [k, v] of this.cookies) c.cookies.set(k, v);
    return c;
  }
}

export interface CallOptions {
  method?: string;
  /** JSON body (or a URLSearchParams for a form post). */
  body?: unknown;
  jar?: CookieJar;
  /** Send the xsrf header from the jar (default true when a jar is given). */
  xsrf?: boolean | string;
  headers?: Record<string, string>;
  /**
   * A body sent byte for byte, with no content-type added (set one in `headers` if wanted): for
   * malformed bodies, wrong content types and bodies without any content type.
   */
  rawBody?: string | Uint8Array;
}

export interface TestServer {
  /** The server (with WORKBENCH_TEST_TOPOLOGY=scaled, the first replica). */
  app: FastifyInstance;
  /** Every replica: `[app]`, or two behind the proxy in the scaled topology. */
  replicas: FastifyInstance[];
  url: string;
  dataDir: string;
  clock: TestClock;
  call(pathname: string, options?: CallOptions): Promise<Response>;
  close(): Promise<void>;
  /** Closes and builds a new server on the same data directory (and clock). */
  restart(overrides?: Partial<ServerOptions>): Promise<TestServer>;
}

/**
 * The `call` of a test server for any base URL (a replica, the proxy of a scaled topology): real
 * HTTP with the jar's cookies and its xsrf header, and the answer's cookies fed back to the jar.
 */
export function httpCaller(url: string): (pathname: string, options?: CallOptions) => Promise<Response> {
  return async (pathname: string, options: CallOptions = {}): Promise<Response> => {
    const headers: Record<string, string> = { ...options.headers };
    const jar = options.jar;
    if (jar && jar.cookies.size > 0) headers.cookie = jar.header();
    const xsrfCookie = pathname.startsWith('/gdmanage/') ? PROVIDER_XSRF_COOKIE : XSRF_COOKIE;
    if (typeof options.xsrf === 'string') headers[XSRF_HEADER] = options.xsrf;
    else if (options.xsrf !== false && jar?.get(xsrfCookie))
      headers[XSRF_HEADER] = jar.get(xsrfCookie) as string;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    // A raw body goes out with only the headers given.
    if (options.rawBody !== undefined)
      body = new Uint8Array(
        typeof options.rawBody === 'string' ? Buffer.from(options.rawBody, 'utf8') : options.rawBody,
      );
    else if (options.body instanceof URLSearchParams) {
      body = options.body.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await plainHttp(`${url}${pathname}`, { method: options.method ?? 'GET', headers, body });
    jar?.store(response);
    return response;
  };
}

export async function startTestServer(
  overrides: Partial<ServerOptions> = {},
  reuse?: { dataDir: string; clock: TestClock; configUrl?: string },
): Promise<TestServer> {
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-test-'));
  const clock = reuse?.clock ?? new TestClock();
  // The scaled topology (issue 16): a fresh PostgreSQL schema per server, kept over restarts.
  const configUrl =
    overrides.configUrl ?? reuse?.configUrl ?? (SCALED_TOPOLOGY ? await freshConfigUrl() : undefined);
  const build = (replicaDir: string) =>
    buildServer({
      dataDir: replicaDir,
      deployment: 'ec2',
      mode: null,
      demoPassword: TEST_PASSWORD,
      now: clock.now,
      print: () => undefined,
      // Suites sign in far more often than a person does; the limit's own tests set theirs.
      loginRateLimit: { max: 10_000, windowMs: 60_000 },
      // A fresh tenant reads every policy kind's defaults; the demo policy's own tests turn it on.
      demoPolicy: false,
      // Behind the scaled topology's HAProxy (which sets X-Forwarded-For), the client's address is
      // the one the proxy forwards: the sign-in limit and lockout count per client, not per proxy.
      ...(SCALED_TOPOLOGY ? { trustProxy: '127.0.0.1' } : {}),
      ...(configUrl ? { secretKeys: [Buffer.from(TEST_SECRET_KEY, 'base64')] } : {}),
      ...overrides,
      ...(configUrl ? { configUrl } : {}),
    });
  const listen = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  const app = await build(dataDir);
  const apps = [app];
  let url = `http://${await listen(app)}`;
  let proxy: TestProxy | null = null;
  if (SCALED_TOPOLOGY) {
    // A second replica in this process (the same clock; its own config-store connections and
    // data directory; the suite's event store, if any, is one instance shared by both), built
    // after the first has migrated and seeded the schema, and HAProxy in round robin before both.
    try {
      const second = path.join(dataDir, 'replica-2');
      fs.mkdirSync(second, { recursive: true });
      apps.push(await build(second));
      proxy = await startHaproxy([
        { name: 'r1', address: url.slice('http://'.length) },
        { name: 'r2', address: await listen(apps[1]) },
      ]);
      url = proxy.url;
    } catch (error) {
      await Promise.all(apps.map((a) => a.close()));
      throw error;
    }
  }
  const close = async () => {
    await proxy?.stop();
    await Promise.all(apps.map((a) => a.close()));
  };

  const server: TestServer = {
    app,
    replicas: apps,
    url,
    dataDir,
    clock,
    call: httpCaller(url),
    close,
    restart: async (more = {}) => {
      await close();
      return startTestServer({ ...overrides, ...more }, { dataDir, clock, configUrl });
    },
  };
  return server;
}

export interface SignedIn {
  jar: CookieJar;
  uid: string;
  xsrf: string;
}

/** Signs a demo tenant account in; throws when the login does not succeed. */
export async function signIn(
  server: Pick<TestServer, 'call'>,
  username: string,
  password = TEST_PASSWORD,
): Promise<SignedIn> {
  const jar = new CookieJar();
  const response = await server.call('/api/auth/v1/login', {
    method: 'POST',
    body: { username, password },
    jar,
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${username} failed: ${response.status} ${await response.text()}`);
  const reply = (await response.json()) as { uid: string };
  return { jar, uid: reply.uid, xsrf: jar.get(XSRF_COOKIE) ?? '' };
}

/** Adds an account with these role lists to a tenant (by its name) and signs it in. */
export async function signInWithRoles(
  server: TestServer,
  tenantName: string,
  username: string,
  roles: { read: string[]; write: string[] },
): Promise<SignedIn> {
  const tenant = (await server.app.workbench.store.tenants.list()).find((t) => t.name === tenantName);
  if (!tenant) throw new Error(`The test server has no tenant ${tenantName}.`);
  await server.app.workbench.store.users.insert({
    uid: crypto.randomUUID(),
    tid: tenant.tid,
    username,
    firstName: 'Test',
    lastName: 'User',
    roles,
    passwordHash: await hashPassword(TEST_PASSWORD),
    showChangePassword: false,
  });
  return signIn(server, username);
}

export interface OperatorSignedIn {
  jar: CookieJar;
  authorization: string;
}

/** The provider flow: idp token, oauth login, session cookie. */
export async function signInOperator(
  server: Pick<TestServer, 'call'>,
  username: string,
  password = TEST_PASSWORD,
): Promise<OperatorSignedIn> {
  const jar = new CookieJar();
  const token = await server.call('/idp/token', { method: 'POST', body: { username, password } });
  if (token.status !== 200) throw new Error(`idp token for ${username} failed: ${token.status}`);
  const { access_token } = (await token.json()) as { access_token: string };
  const login = await server.call(
    `/gdmanage/api/oauth/login?identity_provider=local&access_token=${encodeURIComponent(access_token)}`,
  );
  const { Authorization } = (await login.json()) as { Authorization: string };
  const cookie = await server.call('/gdmanage/api/v1/session_cookie', {
    jar,
    headers: { authorization: Authorization },
  });
  if (cookie.status !== 200) throw new Error(`session_cookie for ${username} failed: ${cookie.status}`);
  return { jar, authorization: Authorization };
}

/** The accounts a provider-console suite acts as, and its way to call the console's API. */
export interface ConsoleAccounts {
  operator: OperatorSignedIn;
  support: OperatorSignedIn;
  /** A tenant session (acme's administrator), which the console's routes refuse. */
  tenantAdmin: SignedIn;
  /** A call with a JSON body, as the operator unless `who` is given. */
  call(path: string, method?: string, body?: unknown, who?: { jar: CookieJar }): Promise<Response>;
}

/** Signs in the demo provider operator and support, and acme's administrator. */
export async function signInConsoleAccounts(server: Pick<TestServer, 'call'>): Promise<ConsoleAccounts> {
  const operator = await signInOperator(server, 'operator@provider.example');
  const support = await signInOperator(server, 'support@provider.example');
  const tenantAdmin = await signIn(server, 'admin@acme.example');
  return {
    operator,
    support,
    tenantAdmin,
    call: (path, method = 'GET', body, who = operator) => server.call(path, { method, body, jar: who.jar }),
  };
}
