import Cookies from 'js-cookie';
import { AUTH_PATHS } from '../../api/contract/auth';
import { CAPABILITY_DETAIL_NAMES, capabilityDetailsPath } from '../../api/contract/capabilityDetails';
import { selectFeatures } from '../feature-flags/featureFlagsSelectors';
import { POLICY_PATHS } from '../../api/contract/policy';
import { USER_ID_COOKIE, XSRF_COOKIE } from '../../api/contract/wire';
import { ON_PREM_AUTH_PATHS } from '../../api/auth';
import { FORBIDDEN_MESSAGE } from '../../api/http';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { NO_ACCESS } from '../rbac/permissions';
import { selectAccessController } from '../rbac/rbacSelectors';
import {
  clearAllCookies,
  createTestStore,
  flush,
  makeUser,
  stateWhen,
} from '../../test-support/storeHarness';
import {
  authParamsRequested,
  loginCodeSubmitted,
  loginRequested,
  logoutRequested,
  sessionStartRequested,
} from './sessionSlice';
import {
  selectAuthParams,
  selectIsLoggedIn,
  selectLoginChallenge,
  selectLoginError,
  selectPolicyWelcomeVisible,
  selectUser,
} from './sessionSelectors';

const revision = { staged_rev_id: 4, rev_id: 3, state: 'new', updated_at: '2026-11-01T00:00:00.000Z' };

/** An administrator: may switch the portal version (settings:portal:write). */
const admin = makeUser({ roles: { read: ['*:*'], write: ['*:*'] } });

/** A user whose start ends with the revision loaded: it may read it (the dashboard's read). */
const revisionReader = makeUser({ roles: { read: ['dashboard:*', 'logs:web'], write: [] } });

function stubStartCalls(
  mock: ReturnType<typeof createTestStore>['mock'],
  portalV2 = true,
  user = revisionReader,
) {
  mock.onGet(AUTH_PATHS.userInfo).reply(200, user);
  mock.onGet(ON_PREM_AUTH_PATHS.userInfo).reply(200, user);
  mock.onGet(AUTH_PATHS.portalVersion).reply(200, { portal_v2: portalV2 });
  mock.onPut(AUTH_PATHS.portalVersion).reply(200, { portal_v2: true });
  mock.onGet(POLICY_PATHS.rules).reply(200, revision);
  mock.onGet(/portal_note/).reply(200, { rev_id: 4, note: '' });
}

/** How many times `url` was read. */
const readsOf = (mock: ReturnType<typeof createTestStore>['mock'], url: string): number =>
  mock.history.get.filter((r) => r.url === url).length;

beforeEach(() => {
  clearAllCookies();
  setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
});
afterAll(() => setRuntimeEnvForTests(null));

describe('session start (docs/sessions.md §1)', () => {
  test('A session starts only if a user-id cookie exists', async () => {
    const { store, mock } = createTestStore();
    stubStartCalls(mock);
    Cookies.set(XSRF_COOKIE, 'x1');
    store.dispatch(sessionStartRequested());
    const s = await stateWhen(store, (st) => !st.session.starting);
    expect(s.session.status).toBe('loggedOut');
    expect(mock.history.get).toHaveLength(0);
  });

  test('A session starts only if a user-id cookie exists, and on cloud and management station also a non-empty xsrf cookie', async () => {
    for (const env of [
      { deployment: 'ec2' as const, mode: null },
      { deployment: 'on_prem' as const, mode: 'management_station' as const },
    ]) {
      setRuntimeEnvForTests({ ...env, production: true });
      const { store, mock } = createTestStore();
      stubStartCalls(mock);
      Cookies.set(USER_ID_COOKIE, 'u-1');
      Cookies.set(XSRF_COOKIE, '');
      store.dispatch(sessionStartRequested());
      const s = await stateWhen(store, (st) => !st.session.starting);
      expect(s.session.status).toBe('loggedOut');
      expect(mock.history.get).toHaveLength(0);
    }
  });

  test('on an on-prem appliance mode the user-id cookie alone starts the session', async () => {
    setRuntimeEnvForTests({ deployment: 'on_prem', mode: 'safeview', production: true });
    const { store, mock } = createTestStore();
    stubStartCalls(mock);
    Cookies.set(USER_ID_COOKIE, 'u-1');
    store.dispatch(sessionStartRequested());
    const s = await stateWhen(store, (st) => st.session.status !== 'notInitialized');
    expect(s.session.status).toBe('loggedIn');
    expect(mock.history.get[0].url).toBe(ON_PREM_AUTH_PATHS.userInfo);
  });

  test('with both cookies the session loads the user info', async () => {
    const { store, mock } = createTestStore();
    stubStartCalls(mock);
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    store.dispatch(sessionStartRequested());
    const s = await stateWhen(store, (st) => st.session.status === 'loggedIn');
    expect(selectUser(s)?.uid).toBe('u-1');
    expect(s.session.xsrfAtStart).toBe('x1');
  });

  test('If the session fails to start, the app still proceeds and watches the login state', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(AUTH_PATHS.userInfo).replyOnce(500, { message: 'down' });
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    store.dispatch(sessionStartRequested());
    let s = await stateWhen(store, (st) => !st.session.starting);
    expect(s.session.status).toBe('loggedOut');
    expect(s.session.startError?.message).toBe('down');
    // ...and a later login still works.
    stubStartCalls(mock);
    mock.onPost(AUTH_PATHS.login).reply(200, { status: 'ok', uid: 'u-1' });
    store.dispatch(loginRequested({ username: 'admin@acme.example', password: 'pw' }));
    s = await stateWhen(store, (st) => st.session.status === 'loggedIn');
    expect(selectIsLoggedIn(s)).toBe(true);
  });
});

describe('login and logout (docs/sessions.md §1)', () => {
  test('Login sets the user-id cookie, then loads the session', async () => {
    const { store, mock } = createTestStore();
    stubStartCalls(mock);
    mock.onPost(AUTH_PATHS.login).reply((config) => {
      expect(JSON.parse(config.data as string)).toEqual({ username: 'admin@acme.example', password: 'pw' });
      // The server's Set-Cookie, as the browser would apply it.
      Cookies.set(USER_ID_COOKIE, 'u-1');
      Cookies.set(XSRF_COOKIE, 'x-new');
      return [200, { status: 'ok', uid: 'u-1' }];
    });
    store.dispatch(loginRequested({ username: 'admin@acme.example', password: 'pw' }));
    expect(store.getState().session.loggingIn).toBe(true);
    const s = await stateWhen(store, (st) => st.session.status === 'loggedIn');
    expect(s.session.loggingIn).toBe(false);
    expect(mock.history.post[0].url).toBe(AUTH_PATHS.login);
    expect(mock.history.get[0].url).toBe(AUTH_PATHS.userInfo);
    expect(s.session.xsrfAtStart).toBe('x-new');
  });

  test('a failed login keeps the user logged out with the server msg and delay', async () => {
    const { store, mock } = createTestStore();
    mock.onPost(AUTH_PATHS.login).reply(429, {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many failed sign-in attempts. Try again in $1 seconds.',
      msg: 'Too many failed sign-in attempts. Try again in $1 seconds.',
      delay: 30,
    });
    store.dispatch(loginRequested({ username: 'a', password: 'b' }));
    const s = await stateWhen(store, (st) => !st.session.loggingIn);
    expect(selectLoginError(s)).toEqual({
      msg: 'Too many failed sign-in attempts. Try again in $1 seconds.',
      delay: 30,
    });
    expect(s.session.status).not.toBe('loggedIn');
    expect(mock.history.get).toHaveLength(0);
  });

  test('two-factor sign-in: the login asks for the code; a wrong one is refused and the code step stays; the right one starts the session', async () => {
    const { store, mock } = createTestStore();
    stubStartCalls(mock);
    mock.onPost(AUTH_PATHS.login).reply(200, { status: 'mfa_required', challenge: 'ch-1' });
    mock
      .onPost(AUTH_PATHS.loginMfa)
      .replyOnce(401, { msg: 'The code is not right.' })
      .onPost(AUTH_PATHS.loginMfa)
      .reply((config) => {
        expect(JSON.parse(config.data as string)).toEqual({ challenge: 'ch-1', code: '123456' });
        Cookies.set(USER_ID_COOKIE, 'u-1');
        Cookies.set(XSRF_COOKIE, 'x-new');
        return [200, { status: 'ok', uid: 'u-1' }];
      });
    store.dispatch(loginRequested({ username: 'admin@acme.example', password: 'pw' }));
    let s = await stateWhen(store, (st) => selectLoginChallenge(st) !== null);
    expect(s.session).toMatchObject({ loggingIn: false, loginError: null, loginChallenge: 'ch-1' });
    expect(mock.history.get).toHaveLength(0);
    store.dispatch(loginCodeSubmitted({ code: '000000' }));
    s = await stateWhen(store, (st) => selectLoginError(st) !== null);
    expect(selectLoginError(s)).toEqual({ msg: 'The code is not right.' });
    expect(selectLoginChallenge(s)).toBe('ch-1');
    store.dispatch(loginCodeSubmitted({ code: '123456' }));
    s = await stateWhen(store, (st) => st.session.status === 'loggedIn');
    expect(selectLoginChallenge(s)).toBeNull();
  });

  test('the cloud login’s authentication parameters, with force_udb when asked; a failure is kept for the page', async () => {
    const { store, mock } = createTestStore();
    const params = {
      login_url: 'https://idp.example/login',
      redirect_uri: 'r',
      client_id: 'c',
      csrf_token: 't',
      scope: 's',
    };
    mock.onPost(AUTH_PATHS.authParams).replyOnce(200, params).onPost(AUTH_PATHS.authParams).replyOnce(503, {
      message: 'Unavailable.',
    });
    store.dispatch(authParamsRequested({ forceUdb: true }));
    let s = await stateWhen(store, (st) => selectAuthParams(st).status === 'loaded');
    expect(selectAuthParams(s).params).toEqual(params);
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({ force_udb: true });
    store.dispatch(authParamsRequested({}));
    s = await stateWhen(store, (st) => selectAuthParams(st).status === 'failed');
    expect(selectAuthParams(s).error).toMatchObject({ status: 503, message: 'Unavailable.' });
  });

  test('Logout calls the logout API regardless of its outcome, clears all cookies, and resets the user, the logged-in flag and the access controller', async () => {
    const { store, mock } = createTestStore();
    stubStartCalls(mock);
    mock.onGet(AUTH_PATHS.logout).reply(500, 'boom');
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    Cookies.set('other_visible', 'v', { path: '/' });
    store.dispatch(sessionStartRequested());
    await stateWhen(store, (st) => st.session.status === 'loggedIn');
    expect(selectAccessController(store.getState())).not.toBe(NO_ACCESS);

    store.dispatch(logoutRequested());
    const s = await stateWhen(store, (st) => st.session.status === 'loggedOut');
    expect(mock.history.get.some((r) => r.url === AUTH_PATHS.logout)).toBe(true);
    expect(Cookies.get()).toEqual({});
    expect(s.session.user).toBeNull();
    expect(selectIsLoggedIn(s)).toBe(false);
    expect(selectAccessController(s)).toBe(NO_ACCESS);
  });
});

describe('portal version at start (docs/sessions.md §5)', () => {
  async function start(env: Parameters<typeof setRuntimeEnvForTests>[0], portalV2: boolean, user = admin) {
    setRuntimeEnvForTests(env);
    const ctx = createTestStore();
    stubStartCalls(ctx.mock, portalV2, user);
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    ctx.store.dispatch(sessionStartRequested());
    await stateWhen(ctx.store, (st) => st.session.status === 'loggedIn');
    return ctx;
  }

  test('At start, on cloud or management station, the portal version is read. If portal_v2 is false, it is set', async () => {
    const { store, mock } = await start({ deployment: 'ec2', mode: null, production: true }, false);
    // The revision is read at once and again after the switch.
    await stateWhen(
      store,
      (st) => st.revision.status === 'loaded' && readsOf(mock, POLICY_PATHS.rules) === 2,
    );
    expect(mock.history.get.some((r) => r.url === AUTH_PATHS.portalVersion)).toBe(true);
    expect(mock.history.put.map((r) => [r.url, JSON.parse(r.data as string)])).toEqual([
      [AUTH_PATHS.portalVersion, { portal_v2: true }],
    ]);
    expect(selectPolicyWelcomeVisible(store.getState())).toBe(false);
  });

  test('portal_v2 already true: it is not set again', async () => {
    const { store, mock } = await start({ deployment: 'ec2', mode: null, production: true }, true);
    await stateWhen(store, (st) => st.revision.status === 'loaded');
    await flush();
    expect(mock.history.put).toHaveLength(0);
    // Nothing switched: the revision read at once is the only one.
    expect(readsOf(mock, POLICY_PATHS.rules)).toBe(1);
  });

  test('the revision and the capability details are asked for without waiting for the portal version', async () => {
    setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
    const { store, mock } = createTestStore();
    stubStartCalls(mock);
    // The portal version's answer never comes.
    mock.onGet(AUTH_PATHS.portalVersion).reply(() => new Promise(() => {}));
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    store.dispatch(sessionStartRequested());
    await stateWhen(store, (st) => st.revision.status === 'loaded');
    await stateWhen(store, () =>
      CAPABILITY_DETAIL_NAMES.every((name) => readsOf(mock, capabilityDetailsPath(name)) === 1),
    );
    expect(readsOf(mock, AUTH_PATHS.portalVersion)).toBe(1);
  });

  test('on-prem the policy welcome flag is then shown; then the revision is reloaded', async () => {
    const { store, mock } = await start(
      { deployment: 'on_prem', mode: 'management_station', production: true },
      false,
    );
    const s = await stateWhen(
      store,
      (st) => st.revision.status === 'loaded' && readsOf(mock, POLICY_PATHS.rules) === 2,
    );
    expect(selectPolicyWelcomeVisible(s)).toBe(true);
    expect(s.revision.revision?.staged_rev_id).toBe(4);
    // Read at once, beside the portal version, and again once the version was switched.
    const urls = mock.history.get.map((r) => r.url);
    expect(urls.lastIndexOf(POLICY_PATHS.rules)).toBeGreaterThan(urls.indexOf(AUTH_PATHS.portalVersion));
    expect(mock.history.put.map((r) => r.url)).toEqual([AUTH_PATHS.portalVersion]);
  });

  test('on an on-prem appliance mode the portal version is not read', async () => {
    const { store, mock } = await start({ deployment: 'on_prem', mode: 'safeview', production: true }, false);
    await flush();
    expect(mock.history.get.map((r) => r.url)).not.toContain(AUTH_PATHS.portalVersion);
    expect(store.getState().revision.status).toBe('idle');
  });

  test('a 403 on the portal-version read shows no snackbar (skip-403)', async () => {
    setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
    const { store, mock } = createTestStore();
    stubStartCalls(mock);
    mock.onGet(AUTH_PATHS.portalVersion).reply(403, { message: 'Forbidden' });
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    store.dispatch(sessionStartRequested());
    await stateWhen(store, (st) => st.revision.status === 'loaded');
    await flush();
    expect(store.getState().snackbar.bottom).toBeNull();
  });

  test('a role that may not switch the portal version is not asked to (issue 31: a refused request at each sign-in)', async () => {
    const logsOnly = makeUser({ roles: { read: ['dashboard:*', 'logs:*'], write: [] } });
    const { store, mock } = await start({ deployment: 'ec2', mode: null, production: true }, false, logsOnly);
    await stateWhen(store, (st) => st.revision.status === 'loaded');
    await flush();
    expect(mock.history.get.some((r) => r.url === AUTH_PATHS.portalVersion)).toBe(true);
    expect(mock.history.put).toHaveLength(0);
  });

  test('a role of the logs alone is not asked the revision it may not read (no refused call, no snackbar)', async () => {
    const logsAlone = makeUser({ roles: { read: ['logs:*'], write: [] } });
    const { store, mock } = await start(
      { deployment: 'ec2', mode: null, production: true },
      false,
      logsAlone,
    );
    // The portal-version step is the start's last call: once its answer is in, the start is over.
    await stateWhen(store, () => mock.history.get.some((r) => r.url === AUTH_PATHS.portalVersion));
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mock.history.get.some((r) => r.url === POLICY_PATHS.rules)).toBe(false);
    expect(store.getState().revision.status).toBe('idle');
    expect(store.getState().snackbar.bottom).toBeNull();
  });

  test('a switch the server refuses all the same (roles changed since the start) shows no snackbar', async () => {
    setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
    const { store, mock } = createTestStore();
    stubStartCalls(mock, true, admin);
    mock.onGet(AUTH_PATHS.portalVersion).reply(200, { portal_v2: false });
    mock.onPut(AUTH_PATHS.portalVersion).reply(403, { message: 'Missing permission: policy write.' });
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    store.dispatch(sessionStartRequested());
    await stateWhen(store, (st) => st.revision.status === 'loaded' && mock.history.put.length > 0);
    await flush();
    expect(mock.history.put.map((r) => r.url)).toEqual([AUTH_PATHS.portalVersion]);
    expect(store.getState().snackbar.bottom).toBeNull();
    expect(store.getState().snackbar.top).toBeNull();
  });
});

describe('the store wires the HTTP rules to the session (docs/sessions.md §1)', () => {
  async function loggedIn() {
    const ctx = createTestStore();
    stubStartCalls(ctx.mock);
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    ctx.store.dispatch(sessionStartRequested());
    await stateWhen(ctx.store, (st) => st.revision.status === 'loaded');
    await flush();
    return ctx;
  }

  test('HTTP 401 on any call: the user is logged out', async () => {
    const { store, mock, http } = await loggedIn();
    mock.onGet('/api/settings/v1/tenants/client_profiles').reply(401, { message: 'expired' });
    mock.onGet(AUTH_PATHS.logout).reply(200, 'ok');
    await expect(http.get('/api/settings/v1/tenants/client_profiles')).rejects.toThrow('expired');
    const s = await stateWhen(store, (st) => st.session.status === 'loggedOut');
    expect(s.session.user).toBeNull();
  });

  test(`HTTP 403: a snackbar for 5 seconds: "${FORBIDDEN_MESSAGE}"`, async () => {
    const { store, mock, http } = await loggedIn();
    mock.onPut('/api/policy/v1/rules/risks/4').reply(403, { message: 'Forbidden' });
    await expect(http.put('/api/policy/v1/rules/risks/4', {})).rejects.toThrow();
    const bottom = store.getState().snackbar.bottom;
    expect(bottom?.text).toBe(FORBIDDEN_MESSAGE);
    expect(bottom?.duration).toBe(5000);
    expect(bottom?.position).toBe('bottom');
  });

  test('xsrf cookie differs from the one at session start (except during login): the page reloads', async () => {
    const { mock, http, navigation } = await loggedIn();
    mock.onGet('/api/anything').reply(200, {});
    Cookies.set(XSRF_COOKIE, 'another-session');
    expect(navigation.reload).not.toHaveBeenCalled();
    await http.get('/api/anything');
    expect(navigation.reload).toHaveBeenCalled();
  });
});

describe('capability details at start (docs/access.md §6)', () => {
  test("the details read with capabilities/{name} feed the feature flags in place of the session's entries", async () => {
    setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
    const { store, mock } = createTestStore();
    // The session says nothing of runtime analysis, and an older mobile support level.
    const user = makeUser({
      capabilities: { rbac: true, mobileSupport: { enabled: true, emailSupportLevel: 'basic' } },
    });
    stubStartCalls(mock, true, user);
    mock.onGet(capabilityDetailsPath('runtime_analysis')).reply(200, {
      name: 'runtime_analysis',
      enabled: true,
      details: { test: false },
    });
    mock.onGet(capabilityDetailsPath('mobileSupport')).reply(200, {
      name: 'mobileSupport',
      enabled: true,
      details: { enabled: true, emailSupportLevel: 'full' },
    });
    // A failed read leaves the session's own entry (none here): no heat alert.
    mock.onGet(capabilityDetailsPath('restricted_logs')).reply(500, { message: 'down' });
    Cookies.set(USER_ID_COOKIE, 'u-1');
    Cookies.set(XSRF_COOKIE, 'x1');
    store.dispatch(sessionStartRequested());
    const asked = () => mock.history.get.filter((r) => /capabilities\//.test(r.url ?? '')).length;
    await stateWhen(store, () => asked() === CAPABILITY_DETAIL_NAMES.length);
    await flush();
    const s = store.getState();
    expect(selectFeatures(s)).toMatchObject({ heatShield: true, mobileSupportFull: true, heatAlert: false });
    expect(mock.history.get.map((r) => r.url)).toEqual(
      expect.arrayContaining(CAPABILITY_DETAIL_NAMES.map(capabilityDetailsPath)),
    );
  });
});
