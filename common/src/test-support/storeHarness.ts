/** Test helpers: a real store whose HTTP client is stubbed at the axios boundary. */
import MockAdapter from 'axios-mock-adapter';
import type { ReducersMapObject } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import Cookies from 'js-cookie';
import type { UserInfo } from '../api/contract/auth';
import { PROVIDER_XSRF_COOKIE, XSRF_COOKIE } from '../api/contract/wire';
import { createHttpClient } from '../api/http';
import { createAppStore, type World } from '../store/createAppStore';
import type { Navigation } from '../store/navigation';
import { logPagingReducer } from '../features/log-paging/logPagingSlice';
import { logPagingSaga } from '../features/log-paging/logPagingSaga';
import { savedSearchesReducer } from '../features/saved-searches/savedSearchesSlice';
import { savedSearchesSaga } from '../features/saved-searches/savedSearchesSaga';
import { reportQueryReducer } from '../features/report-query/reportQuerySlice';
import { reportQuerySaga } from '../features/report-query/reportQuerySaga';
import { policyDocsReducer } from '../features/policy-docs/policyDocsSlice';
import { policyDocsSaga } from '../features/policy-docs/policyDocsSaga';

export function clearAllCookies(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
}

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    uid: 'u-1',
    first_name: 'Ada',
    last_name: 'Admin',
    tenant_name: 'acme',
    tid: 't-1',
    capabilities: { rbac: true },
    roles: { read: ['logs:web'], write: [] },
    portal_v2: true,
    appliance_manager_ui_v2: false,
    status_ui_v2: false,
    show_change_password: false,
    pending_steps: [],
    uid_hash: 'h',
    ...overrides,
  };
}

/** The features of common a tenant test store carries beside the tenant world's own slices. */
const tenantFeatures = {
  logPaging: logPagingReducer,
  savedSearches: savedSearchesReducer,
  reportQuery: reportQueryReducer,
  policyDocs: policyDocsReducer,
};

function testClient(world: World) {
  const http = createHttpClient({
    xsrfCookie: world === 'tenant' ? XSRF_COOKIE : PROVIDER_XSRF_COOKIE,
    timeoutMs: 5000,
  });
  const navigation: jest.Mocked<Navigation> = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  return { http, mock: new MockAdapter(http), navigation };
}

/** A provider-world store. */
export function createTestStore(world: 'provider'): ReturnType<typeof providerTestStore>;
// The tenant overload comes last: ReturnType<typeof createTestStore> reads the last one.
/** A tenant-world store with common's tenant features (log paging, saved searches, report queries, policy editors). */
export function createTestStore(world?: 'tenant'): ReturnType<typeof tenantTestStore>;
export function createTestStore(world: World = 'tenant') {
  return world === 'tenant' ? tenantTestStore() : providerTestStore();
}

function tenantTestStore() {
  const { http, mock, navigation } = testClient('tenant');
  const { store } = createAppStore({
    world: 'tenant',
    navigation,
    http,
    extraReducers: tenantFeatures,
    extraSagas: [logPagingSaga, savedSearchesSaga, reportQuerySaga, policyDocsSaga],
  });
  return { store, http, mock, navigation };
}

function providerTestStore() {
  const { http, mock, navigation } = testClient('provider');
  const { store } = createAppStore({ world: 'provider', navigation, http });
  return { store, http, mock, navigation };
}

/** A provider-world store with the features a test gives (a feature's slice and watcher). */
export function createFeatureTestStore<R extends ReducersMapObject>(feature: { reducers: R; sagas: Saga[] }) {
  const { http, mock, navigation } = testClient('provider');
  const { store } = createAppStore({
    world: 'provider',
    navigation,
    http,
    extraReducers: feature.reducers,
    extraSagas: feature.sagas,
  });
  return { store, http, mock, navigation };
}

/** Resolves once the predicate holds for the store's state (no wall-clock assertion). */
export function stateWhen<S>(
  store: { getState(): S; subscribe(l: () => void): () => void },
  predicate: (s: S) => boolean,
): Promise<S> {
  return new Promise((resolve) => {
    if (predicate(store.getState())) {
      resolve(store.getState());
      return;
    }
    const unsubscribe = store.subscribe(() => {
      if (predicate(store.getState())) {
        unsubscribe();
        resolve(store.getState());
      }
    });
  });
}

/** Lets pending promises and saga steps run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i += 1) await new Promise((r) => setTimeout(r, 0));
}

/** Stubs the calls a tenant session start makes and sets the session cookies. */
export function stubTenantSession(mock: MockAdapter, user: UserInfo = makeUser()): void {
  mock.onGet('/api/userinfo').reply(200, user);
  mock.onGet('/api/v1/userinfo').reply(200, user);
  mock.onGet('/api/policy/v1/portal_version').reply(200, { portal_v2: true });
  mock.onGet('/api/policy/v1/rules').reply(200, {
    staged_rev_id: 4,
    rev_id: 3,
    state: 'new',
    updated_at: '2026-11-01T00:00:00.000Z',
  });
  mock.onGet(/\/api\/policy\/v1\/rules\/portal_note\//).reply(200, { rev_id: 4, note: '' });
  Cookies.set('wb_uid', user.uid);
  Cookies.set(XSRF_COOKIE, 'x1');
}
