import { AxiosError, AxiosHeaders } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import Cookies from 'js-cookie';
import { SKIP_403_HEADER, XSRF_COOKIE, XSRF_HEADER } from './contract/wire';
import { setRuntimeEnvForTests } from '../env/runtimeEnv';
import { ApiCallError } from './ApiCallError';
import {
  createHttpClient,
  FORBIDDEN_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  toApiCallError,
  type HttpHooks,
} from './http';

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

describe('http client (docs/http-client.md §2, §4)', () => {
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

describe('http client: what the shared instance is and does on the edges (issue 18)', () => {
  test('the instance carries the configured time-out, sends credentials and uses the base URL', async () => {
    const { http, mock } = setup();
    expect(http.defaults.timeout).toBe(1000);
    expect(http.defaults.withCredentials).toBe(true);
    expect(http.defaults.baseURL).toBe('');
    const based = createHttpClient({ xsrfCookie: XSRF_COOKIE, baseURL: '/gateway' });
    const basedMock = new MockAdapter(based);
    basedMock.onGet('/gateway/api/a').reply(200, { ok: 1 });
    expect((await based.get('/api/a')).data).toEqual({ ok: 1 });
    expect(basedMock.history.get[0].withCredentials).toBe(true);
    mock.onGet('/api/a').reply(200, {});
    await http.get('/api/a');
    expect(mock.history.get[0].withCredentials).toBe(true);
  });

  test('without a time-out of its own the client takes the runtime environment one', () => {
    setRuntimeEnvForTests({ production: true, apiTimeoutMs: 1234 });
    expect(createHttpClient({ xsrfCookie: XSRF_COOKIE }).defaults.timeout).toBe(1234);
  });

  test('no xsrf cookie: the xsrf header is sent empty', async () => {
    const { http, mock } = setup();
    mock.onPost('/api/a').reply(200, {});
    await http.post('/api/a', {});
    expect((mock.history.post[0].headers as Record<string, string>)[XSRF_HEADER]).toBe('');
  });

  test('the permission snackbar stays silent for every error other than 403', async () => {
    const onForbidden = jest.fn();
    const onUnauthorized = jest.fn();
    const { http, mock } = setup({ onForbidden, onUnauthorized });
    for (const status of [400, 404, 409, 500, 503]) {
      mock.onGet(`/api/s${status}`).reply(status, { message: 'no' });
      expect((await rejection(http.get(`/api/s${status}`))).status).toBe(status);
    }
    mock.onGet('/api/net').networkError();
    await rejection(http.get('/api/net'));
    expect(onForbidden).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('a 401 is not a 403 and a 403 does not log out; the hooks get the error', async () => {
    const onForbidden = jest.fn();
    const onUnauthorized = jest.fn();
    const { http, mock } = setup({ onForbidden, onUnauthorized });
    mock.onGet('/api/401').reply(401, { message: 'again' });
    mock.onGet('/api/403').reply(403, { message: 'nope' });
    const unauthorized = await rejection(http.get('/api/401'));
    expect(onUnauthorized).toHaveBeenCalledWith(unauthorized);
    expect(onForbidden).not.toHaveBeenCalled();
    const forbidden = await rejection(http.get('/api/403'));
    expect(onForbidden).toHaveBeenCalledWith(forbidden);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A 403 on a login call still shows the snackbar: only the 401 rule knows login calls.
    mock.onPost('/api/login').reply(403, {});
    await rejection(http.post('/api/login', {}, { loginCall: true }));
    expect(onForbidden).toHaveBeenCalledTimes(2);
  });

  test('a network failure without a response: the axios message, no status, no hooks', async () => {
    const onUnauthorized = jest.fn();
    const { http, mock } = setup({ onUnauthorized });
    mock.onGet('/api/down').networkError();
    const error = await rejection(http.get('/api/down', { callName: 'down' }));
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error.message).toBe('Network Error');
    expect(error.status).toBeUndefined();
    expect(error.callName).toBe('down');
  });

  test('plain-text error bodies are passed on trimmed; HTML and empty bodies are not', async () => {
    const { http, mock } = setup();
    mock.onGet('/api/text').reply(502, '  upstream failed \n');
    mock.onGet('/api/html').reply(502, '  <html><body>Bad gateway</body></html>');
    mock.onGet('/api/blank').reply(500, '   ');
    mock.onGet('/api/none').reply(500);
    mock.onGet('/api/empty-message').reply(500, { message: '', msg: 'from msg' });
    mock.onGet('/api/numbers').reply(500, { message: 5, msg: 6, field: 7 });
    mock.onGet('/api/null').reply(500, null);
    expect((await rejection(http.get('/api/text'))).message).toBe('upstream failed');
    expect((await rejection(http.get('/api/text'))).unexplained).toBe(false);
    expect((await rejection(http.get('/api/html'))).message).toBe('Request failed with status code 502');
    // The login area shows its own fallback text for such a reply (docs/shared-ui.md §1 Login).
    expect((await rejection(http.get('/api/html'))).unexplained).toBe(true);
    expect((await rejection(http.get('/api/blank'))).message).toBe('Request failed with status code 500');
    expect((await rejection(http.get('/api/none'))).message).toBe('Request failed with status code 500');
    expect((await rejection(http.get('/api/empty-message'))).message).toBe('from msg');
    const nullBody = await rejection(http.get('/api/null'));
    expect(nullBody.message).toBe('Request failed with status code 500');
    expect(nullBody.field).toBeUndefined();
    const numbers = await rejection(http.get('/api/numbers'));
    expect(numbers.message).toBe('Request failed with status code 500');
    expect(numbers.field).toBeUndefined();
    expect(numbers.data).toEqual({ message: 5, msg: 6, field: 7 });
  });

  test('the default call name is the method and URL; non-production messages carry it', async () => {
    setRuntimeEnvForTests({ production: false });
    const { http, mock } = setup();
    mock.onPost('/api/things').reply(400, { message: 'bad' });
    mock.onGet('/api/slow').timeout();
    const error = await rejection(http.post('/api/things', {}));
    expect(error.callName).toBe('POST /api/things');
    expect(error.message).toBe('bad (POST /api/things)');
    const slow = await rejection(http.get('/api/slow'));
    expect(slow.message).toBe('Request timeout. GET /api/slow');
  });

  test('both time-out codes give the time-out message; other axios codes do not', () => {
    const config = { method: 'get', url: '/api/x', callName: 'x', headers: new AxiosHeaders() };
    for (const code of [AxiosError.ECONNABORTED, AxiosError.ETIMEDOUT]) {
      const error = toApiCallError(new AxiosError('timeout of 5ms exceeded', code, config));
      expect(error.message).toBe('Request timeout. x');
      expect(error.status).toBeUndefined();
    }
    const other = toApiCallError(new AxiosError('canceled', AxiosError.ERR_CANCELED, config));
    expect(other.message).toBe('canceled');
    const noConfig = toApiCallError(new AxiosError('boom'));
    expect(noConfig.callName).toBe('GET ');
  });

  test('anything else rejected becomes an ApiCallError of call "unknown"; an ApiCallError stays itself', () => {
    const own = new ApiCallError({ message: 'mine', callName: 'c' });
    expect(toApiCallError(own)).toBe(own);
    expect(toApiCallError(new Error('broken'))).toMatchObject({ message: 'broken', callName: 'unknown' });
    expect(toApiCallError('text')).toMatchObject({ message: GENERIC_ERROR_MESSAGE, callName: 'unknown' });
    expect(GENERIC_ERROR_MESSAGE).toBe('An error occurred.');
  });

  test('concurrent GETs of other URLs, or with and without params, are not shared', async () => {
    const { http, mock } = setup();
    mock.onGet('/api/a').reply(200, { a: 1 });
    mock.onGet('/api/b').reply(200, { b: 1 });
    const [a, b, bare, withParams] = await Promise.all([
      http.get('/api/a'),
      http.get('/api/b'),
      http.get('/api/a', {}),
      http.get('/api/a', { params: { p: 1 } }),
    ]);
    expect(a.data).toEqual({ a: 1 });
    expect(b.data).toEqual({ b: 1 });
    expect(bare).toBe(a);
    expect(withParams).not.toBe(a);
    expect(mock.history.get).toHaveLength(3);
  });

  test('a failed GET is not kept: the next identical GET is sent again', async () => {
    const { http, mock } = setup();
    mock.onGet('/api/a').replyOnce(500, {}).onGet('/api/a').reply(200, { ok: true });
    await rejection(http.get('/api/a'));
    expect((await http.get('/api/a')).data).toEqual({ ok: true });
    expect(mock.history.get).toHaveLength(2);
  });

  test('xsrf check: no session xsrf or a vanished cookie never reloads; errors are checked too', async () => {
    const onXsrfChanged = jest.fn();
    let atStart: string | null = null;
    const { http, mock } = setup({ onXsrfChanged, getSessionXsrf: () => atStart });
    mock.onGet('/api/ok').reply(200, {});
    mock.onGet('/api/bad').reply(500, {});
    Cookies.set(XSRF_COOKIE, 'other');
    await http.get('/api/ok');
    expect(onXsrfChanged).not.toHaveBeenCalled();
    atStart = 'at-start';
    Cookies.remove(XSRF_COOKIE);
    await http.get('/api/ok');
    expect(onXsrfChanged).not.toHaveBeenCalled();
    Cookies.set(XSRF_COOKIE, 'other');
    await rejection(http.get('/api/bad'));
    expect(onXsrfChanged).toHaveBeenCalledWith('other', 'at-start');
  });

  test('setHooks replaces the hooks', async () => {
    const first = jest.fn();
    const second = jest.fn();
    const { http, mock } = setup({ onForbidden: first });
    mock.onGet('/api/x').reply(403, {});
    http.setHooks({ onForbidden: second });
    await rejection(http.get('/api/x'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
