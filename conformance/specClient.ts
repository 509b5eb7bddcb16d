/**
 * The conformance suite's HTTP client: plain fetch, a cookie jar, and the xsrf echo, written here
 * from our documented wire choices (docs/api.md, "Shapes the spec does not show") rather than
 * taken from the contract, so that a change of those names breaks this suite too.
 */

/** Where a client's session lives: the tenant portal's API, or the provider console's (/gdmanage). */
export type World = 'tenant' | 'provider';

/**
 * The spec says every request carries "the xsrf header" (portal-core §7) without naming it; ours
 * is this header, echoing the value of this cookie (one cookie per world).
 */
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_COOKIES: Readonly<Record<World, string>> = { tenant: 'wb_xsrf', provider: 'gd_xsrf' };
/** portal-core §4: "Login sets the user-id cookie"; its name is ours. */
export const USER_ID_COOKIE = 'wb_uid';

export interface SpecRequest {
  method: string;
  /** The concrete path (placeholders filled in). */
  path: string;
  /** Query parameters, sent as the spec's client sends them (strings). */
  query?: Readonly<Record<string, string | number | boolean>>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart/form-data body (an upload), instead of a JSON one. */
  form?: FormData;
  headers?: Readonly<Record<string, string>>;
}

export interface SpecAnswer {
  status: number;
  contentType: string;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  body: unknown;
  /** Set-Cookie names of the answer. */
  setCookies: string[];
}

export class SpecClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly world: World,
  ) {}

  async send(request: SpecRequest): Promise<SpecAnswer> {
    const url = new URL(request.path, this.baseUrl);
    for (const [name, value] of Object.entries(request.query ?? {}))
      url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { 'cache-control': 'no-cache', ...request.headers };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get(XSRF_COOKIES[this.world]);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    let body: string | FormData | undefined = request.form;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, { method: request.method, headers, body, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const cleared = value === '' || attributes.some((a) => /^\s*max-age=(0|-)/i.test(a));
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
      body: parsed,
      setCookies: setCookies.map((line) => line.slice(0, line.indexOf('=')).trim()),
    };
  }

  get(path: string, query?: SpecRequest['query']): Promise<SpecAnswer> {
    return this.send({ method: 'GET', path, query });
  }
  put(path: string, body: unknown, query?: SpecRequest['query']): Promise<SpecAnswer> {
    return this.send({ method: 'PUT', path, body, query });
  }
  post(path: string, body?: unknown, query?: SpecRequest['query']): Promise<SpecAnswer> {
    return this.send({ method: 'POST', path, body, query });
  }
  patch(path: string, body: unknown, query?: SpecRequest['query']): Promise<SpecAnswer> {
    return this.send({ method: 'PATCH', path, body, query });
  }
  delete(path: string, body?: unknown, query?: SpecRequest['query']): Promise<SpecAnswer> {
    return this.send({ method: 'DELETE', path, body, query });
  }
}

/** portal-core §7 Auth: POST /api/auth/v1/login with username and password. */
export async function signInTenant(baseUrl: string, username: string, password: string): Promise<SpecClient> {
  const client = new SpecClient(baseUrl, 'tenant');
  const answer = await client.post('/api/auth/v1/login', { username, password });
  if (answer.status !== 200) throw new Error(`sign-in of ${username}: ${answer.status} ${answer.text}`);
  return client;
}

/**
 * api-client-layer §7 Provider console: GET /api/oauth/login?identity_provider&access_token (reply
 * Authorization), then GET /api/v1/session_cookie. The access token comes from the reference
 * server's identity provider (POST /idp/token): how a token is got is not in the spec.
 */
export async function signInOperator(
  baseUrl: string,
  username: string,
  password: string,
): Promise<SpecClient> {
  const client = new SpecClient(baseUrl, 'provider');
  const token = await client.post('/idp/token', { username, password });
  const { access_token } = token.body as { access_token: string };
  const login = await client.get('/gdmanage/api/oauth/login', { identity_provider: 'local', access_token });
  const { Authorization } = login.body as { Authorization: string };
  const cookie = await client.send({
    method: 'GET',
    path: '/gdmanage/api/v1/session_cookie',
    headers: { authorization: Authorization },
  });
  if (cookie.status !== 200)
    throw new Error(`session_cookie of ${username}: ${cookie.status} ${cookie.text}`);
  return client;
}
