import { PROVIDER_PATHS } from '../../api/contract/provider';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { clearAllCookies, createTestStore, stateWhen } from '../../test-support/storeHarness';
import { STUB_OPERATOR, stubProviderSignIn } from '../../test-support/providerSignInStubs';
import {
  providerExtendRequested,
  providerLoginRequested,
  providerLogoutRequested,
  providerSessionStartRequested,
} from './providerSessionSlice';
import { selectProviderIsOperator, selectProviderUser } from './providerSessionSelectors';

const operator = STUB_OPERATOR;
const stubLogin = stubProviderSignIn;

beforeEach(() => {
  clearAllCookies();
  setRuntimeEnvForTests({ production: true });
});
afterAll(() => setRuntimeEnvForTests(null));

describe('provider console session (docs/http-client.md §6, docs/provider-console.md §2, docs/http-client.md §8)', () => {
  test('login goes idpToken → oauthLogin → sessionCookie (with the session key) → me', async () => {
    const { store, mock } = createTestStore('provider');
    stubLogin(mock);
    store.dispatch(providerLoginRequested({ username: operator.username, password: 'pw' }));
    expect(store.getState().providerSession.status).toBe('loggingIn');
    const s = await stateWhen(store, (st) => st.providerSession.status === 'loggedIn');
    expect(selectProviderUser(s)).toEqual(operator);
    expect(selectProviderIsOperator(s)).toBe(true);
    expect(s.providerSession.expires).toBe('2026-11-22T05:00:00.000Z');
    expect(mock.history.get[0].params).toEqual({ identity_provider: 'local', access_token: 'tok' });
    const cookieCall = mock.history.get.find((r) => r.url === PROVIDER_PATHS.sessionCookie);
    expect((cookieCall?.headers as Record<string, string>).Authorization).toBe('Bearer key-1');
  });

  test("The provider login reply must have status 'Success'; otherwise an error carrying that status is raised", async () => {
    const { store, mock } = createTestStore('provider');
    stubLogin(mock, 'Invalid access token');
    store.dispatch(providerLoginRequested({ username: operator.username, password: 'pw' }));
    const s = await stateWhen(store, (st) => st.providerSession.status === 'loggedOut');
    expect(s.providerSession.error?.message).toBe('Invalid access token');
    expect(mock.history.get.some((r) => r.url === PROVIDER_PATHS.sessionCookie)).toBe(false);
  });

  test("a 200 reply whose status is not 'Success' is an error too", async () => {
    const { store, mock } = createTestStore('provider');
    stubLogin(mock);
    mock.onGet(PROVIDER_PATHS.oauthLogin).reply(200, { status: 'Pending approval' });
    store.dispatch(providerLoginRequested({ username: operator.username, password: 'pw' }));
    const s = await stateWhen(store, (st) => st.providerSession.status === 'loggedOut');
    expect(s.providerSession.error?.message).toBe('Pending approval');
  });

  test("'Can not set cookie.'", async () => {
    const { store, mock } = createTestStore('provider');
    stubLogin(mock);
    mock.onGet(PROVIDER_PATHS.sessionCookie).reply(401, { status: 'Can not set cookie.' });
    store.dispatch(providerLoginRequested({ username: operator.username, password: 'pw' }));
    const s = await stateWhen(store, (st) => st.providerSession.status === 'loggedOut');
    expect(s.providerSession.error?.message).toBe('Can not set cookie.');
  });

  test("The user data must have status 'authenticated' ('Can not get user data.')", async () => {
    const { store, mock } = createTestStore('provider');
    mock.onGet(PROVIDER_PATHS.me).reply(401, { status: 'unauthenticated' });
    store.dispatch(providerSessionStartRequested());
    const s = await stateWhen(store, (st) => st.providerSession.status === 'loggedOut');
    expect(s.providerSession.error?.message).toBe('Can not get user data.');
  });

  test('on load an authenticated me starts the session', async () => {
    const { store, mock } = createTestStore('provider');
    mock.onGet(PROVIDER_PATHS.me).reply(200, { status: 'authenticated', user: operator });
    store.dispatch(providerSessionStartRequested());
    const s = await stateWhen(store, (st) => st.providerSession.status === 'loggedIn');
    expect(s.providerSession.user?.username).toBe(operator.username);
  });

  test('a failed idp sign-in passes on the server message', async () => {
    const { store, mock } = createTestStore('provider');
    mock.onPost(PROVIDER_PATHS.idpToken).reply(401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid user name or password.',
      msg: 'Invalid user name or password.',
    });
    store.dispatch(providerLoginRequested({ username: 'x', password: 'y' }));
    const s = await stateWhen(store, (st) => st.providerSession.status === 'loggedOut');
    expect(s.providerSession.error?.message).toBe('Invalid user name or password.');
  });

  test('extend posts extendkey and keeps the new expiry; logout ends the session whatever the call answers', async () => {
    const { store, mock } = createTestStore('provider');
    mock.onGet(PROVIDER_PATHS.me).reply(200, { status: 'authenticated', user: operator });
    mock.onPost(PROVIDER_PATHS.extendKey).reply(200, { status: 'ok', expires: '2026-11-22T06:00:00.000Z' });
    mock.onGet(PROVIDER_PATHS.logout).reply(500, {});
    store.dispatch(providerSessionStartRequested());
    await stateWhen(store, (st) => st.providerSession.status === 'loggedIn');
    store.dispatch(providerExtendRequested());
    await stateWhen(store, (st) => st.providerSession.expires === '2026-11-22T06:00:00.000Z');
    store.dispatch(providerLogoutRequested());
    const s = await stateWhen(store, (st) => st.providerSession.status === 'loggedOut');
    expect(s.providerSession.user).toBeNull();
    expect(mock.history.get.some((r) => r.url === PROVIDER_PATHS.logout)).toBe(true);
  });

  test('a 401 on a console call while signed in logs the operator out', async () => {
    const { store, mock, http } = createTestStore('provider');
    mock.onGet(PROVIDER_PATHS.me).reply(200, { status: 'authenticated', user: operator });
    mock.onGet(PROVIDER_PATHS.tenants).reply(401, { message: 'expired' });
    mock.onGet(PROVIDER_PATHS.logout).reply(200, { status: 'ok' });
    store.dispatch(providerSessionStartRequested());
    await stateWhen(store, (st) => st.providerSession.status === 'loggedIn');
    await expect(http.get(PROVIDER_PATHS.tenants)).rejects.toThrow('expired');
    await stateWhen(store, (st) => st.providerSession.status === 'loggedOut');
  });
});
