import MockAdapter from 'axios-mock-adapter';
import Cookies from 'js-cookie';
import { SKIP_403_HEADER, XSRF_COOKIE, XSRF_HEADER } from './contract/wire';
import { setRuntimeEnvForTests } from '../env/runtimeEnv';
import { ApiCallError } from './ApiCallError';
import { createHttpClient, FORBIDDEN_MESSAGE, type HttpHooks } from './http';

function clearCookies(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
}

function setup(hooks: HttpHooks = {}) {
  const http = createHttpClient({ xsrfCookie: XSRF_COOKIE, timeoutMs: 1000, hooks });
  const mock = new MockAdapter(http);
  return { http, mock };
}

async function rejection(p: Promise<unknown>): Promise<ApiCallError> {
  try {
    await p;
  } catch (e) {
    return e as ApiCallError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  clearCookies();
  setRuntimeEnvForTests({ production: true });
});
afterAll(() => setRuntimeEnvForTests(null));

describe('http client (portal-core §7, §8)', () => {
  test('Every request is sent with no-cache headers and the xsrf header', async () => {
    Cookies.set(XSRF_COOKIE, 'token-1');
    const { http, mock } = setup();
    mock.onPost('/api/thing').reply(200, {});
    await http.post('/api/thing', { a: 1 }, { callName: 'thing' });
    const headers = mock.history.post[0].headers as Record<string, string>;
    expect(headers['Cache-Control']).toBe('no-cache');
    expect(headers.Pragma).toBe('no-cache');
    expect(headers[XSRF_HEADER]).toBe('token-1');
  });

  test('the xsrf header carries the current xsrf cookie of each request', async () => {
    const { http, mock } = setup();
    mock.onGet('/api/a').reply(200, {});
    Cookies.set(XSRF_COOKIE, 'first');
    await http.get('/api/a', { params: { n: 1 } });
    Cookies.set(XSRF_COOKIE, 'second');
    await http.get('/api/a', { params: { n: 2 } });
    expect(mock.history.get.map((r) => (r.headers as Record<string, string>)[XSRF_HEADER])).toEqual([
      'first',
      'second',
    ]);
  });

  test('Call timeout: error "Request timeout." plus the call name', async () => {
    const { http, mock } = setup();
    mock.onGet('/api/userinfo').timeout();
    const error = await rejection(http.get('/api/userinfo', { callName: 'userInfo' }));
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error.message).toBe('Request timeout. userInfo');
    expect(error.callName).toBe('userInfo');
  });

  test('Several GET calls are de-duplicated while in flight (same url and params share one request)', async () => {
    const { http, mock } = setup();
    let release: (() => void) | null = null;
    mock.onGet('/api/rules').reply(
      () =>
        new Promise((resolve) => {
          release = () => resolve([200, { rev: 1 }]);
        }),
    );
    const p1 = http.get('/api/rules', { params: { t: 1 } });
    const p2 = http.get('/api/rules', { params: { t: 1 } });
    expect(p2).toBe(p1);
    while (!release) await new Promise((r) => setTimeout(r, 0));
    (release as () => void)();
    const [r1, r2] = await Promise.all([p1, p2]);
    expect(r1.data).toEqual({ rev: 1 });
    expect(r2.data).toEqual({ rev: 1 });
    expect(mock.history.get).toHaveLength(1);
  });

  test('GETs with different params, or after the first settled, are sent again', async () => {
    const { http, mock } = setup();
    mock.onGet('/api/rules').reply(200, {});
    await Promise.all([
      http.get('/api/rules', { params: { t: 1 } }),
      http.get('/api/rules', { params: { t: 2 } }),
    ]);
    await http.get('/api/rules', { params: { t: 1 } });
    expect(mock.history.get).toHaveLength(3);
  });

  test('HTTP 401 on any call: the user is logged out', async () => {
    const onUnauthorized = jest.fn();
    const { http, mock } = setup({ onUnauthorized });
    mock.onGet('/api/x').reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Sign in again.' });
    const error = await rejection(http.get('/api/x', { callName: 'x' }));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('HTTP 401 does not log out for a login call or while logging in', async () => {
    const onUnauthorized = jest.fn();
    let loggingIn = false;
    const { http, mock } = setup({ onUnauthorized, isLoggingIn: () => loggingIn });
    mock.onAny().reply(401, { message: 'no' });
    await rejection(http.post('/api/auth/v1/login', {}, { loginCall: true }));
    loggingIn = true;
    await rejection(http.get('/api/userinfo'));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('HTTP 403: the forbidden snackbar hook runs; skipped when the request carries the skip-403 header', async () => {
    const onForbidden = jest.fn();
    const { http, mock } = setup({ onForbidden });
    mock.onAny().reply(403, { message: 'Forbidden' });
    await rejection(http.get('/api/policy/v1/portal_version', { headers: { [SKIP_403_HEADER]: '1' } }));
    expect(onForbidden).not.toHaveBeenCalled();
    expect((mock.history.get[0].headers as Record<string, unknown>)[SKIP_403_HEADER]).toBeUndefined();
    await rejection(http.put('/api/policy/v1/rules/risks/3', {}));
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(FORBIDDEN_MESSAGE).toBe(
      "Operation can't be completed because you don't have the necessary permissions",
    );
  });

  test('xsrf cookie differs from the one at session start (except during login): the page reloads', async () => {
    const onXsrfChanged = jest.fn();
    let loggingIn = false;
    const { http, mock } = setup({
      onXsrfChanged,
      getSessionXsrf: () => 'at-start',
      isLoggingIn: () => loggingIn,
    });
    mock.onAny().reply(200, {});
    Cookies.set(XSRF_COOKIE, 'at-start');
    await http.post('/api/a', {});
    expect(onXsrfChanged).not.toHaveBeenCalled();
    Cookies.set(XSRF_COOKIE, 'other-tab-login');
    loggingIn = true;
    await http.post('/api/a', {});
    await http.post('/api/auth/v1/login', {}, { loginCall: true });
    expect(onXsrfChanged).not.toHaveBeenCalled();
    loggingIn = false;
    await http.post('/api/a', {});
    expect(onXsrfChanged).toHaveBeenCalledWith('other-tab-login', 'at-start');
  });

  test('Server error message: passed on', async () => {
    const { http, mock } = setup();
    mock
      .onPut('/api/a')
      .reply(400, { statusCode: 400, error: 'Bad Request', message: 'name is too long', field: 'name' });
    mock.onPut('/api/b').reply(500, { msg: 'backend down' });
    const a = await rejection(http.put('/api/a', {}, { callName: 'saveA' }));
    expect(a.message).toBe('name is too long');
    expect(a.field).toBe('name');
    expect(a.status).toBe(400);
    const b = await rejection(http.put('/api/b', {}, { callName: 'saveB' }));
    expect(b.message).toBe('backend down');
  });

  test('Server error message: in non-production builds the call name is appended', async () => {
    setRuntimeEnvForTests({ production: false });
    const { http, mock } = setup();
    mock.onPut('/api/a').reply(400, { message: 'name is too long' });
    const a = await rejection(http.put('/api/a', {}, { callName: 'saveA' }));
    expect(a.message).toBe('name is too long (saveA)');
  });
});
