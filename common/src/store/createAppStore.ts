/**
 * The app store: Redux Toolkit + redux-saga, with the world's HTTP client wired to it so the
 * client's hooks (401, 403, xsrf change) dispatch actions (DESIGN.md convention 5).
 */
import {
  combineReducers,
  configureStore,
  type Reducer,
  type ReducersMapObject,
  type UnknownAction,
} from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { all, call } from 'redux-saga/effects';
import { useDispatch, useSelector } from 'react-redux';
import { PROVIDER_XSRF_COOKIE, XSRF_COOKIE } from '../api/contract/wire';
import { FORBIDDEN_MESSAGE, FORBIDDEN_SNACKBAR_MS, createHttpClient, type HttpClient } from '../api/http';
import type { Navigation } from './navigation';
import { snackbarReducer, snackbarShown } from '../features/snackbar/snackbarSlice';
import { logoutRequested, sessionReducer } from '../features/session/sessionSlice';
import { sessionSaga } from '../features/session/sessionSaga';
import { revisionReducer } from '../features/revision/revisionSlice';
import { revisionSaga } from '../features/revision/revisionSaga';
import { inactivityReducer } from '../features/inactivity/inactivitySlice';
import { inactivitySaga } from '../features/inactivity/inactivitySaga';
import {
  providerLogoutRequested,
  providerSessionReducer,
} from '../features/provider-session/providerSessionSlice';
import { providerSessionSaga } from '../features/provider-session/providerSessionSaga';
import { policyReferenceReducer } from '../features/policy-reference/policyReferenceSlice';
import { policyReferenceSaga } from '../features/policy-reference/policyReferenceSaga';

export type World = 'tenant' | 'provider';

/**
 * The slices each world's store always has: its session machinery and the snackbar, and in the
 * tenant world the policy reference data every policy editor reads (category tree, time zones,
 * …; loaded only when a view asks for a row). Everything
 * else (log paging, saved searches, report queries, entities, an app's own slices) an app adds
 * through `extraReducers`, so each store carries only what its app uses.
 */
const WORLD_REDUCERS = {
  tenant: {
    session: sessionReducer,
    revision: revisionReducer,
    inactivity: inactivityReducer,
    snackbar: snackbarReducer,
    policyReference: policyReferenceReducer,
  },
  provider: {
    providerSession: providerSessionReducer,
    snackbar: snackbarReducer,
  },
} as const;

const WORLD_SAGAS: Record<World, Saga[]> = {
  tenant: [sessionSaga, revisionSaga, inactivitySaga, policyReferenceSaga],
  provider: [providerSessionSaga],
};

type StateOf<R> = { [K in keyof R]: R[K] extends (...args: never[]) => infer S ? S : never };

/** The state of a world's store before the app adds its slices. */
export type WorldState<W extends World> = StateOf<(typeof WORLD_REDUCERS)[W]>;
export type TenantBaseState = WorldState<'tenant'>;
export type ProviderBaseState = WorldState<'provider'>;

/** The state of a store of world W with the app slices of `Extra`. */
export type AppState<
  W extends World,
  Extra extends ReducersMapObject = Record<never, never>,
> = WorldState<W> & StateOf<Extra>;

export interface CreateAppStoreOptions<W extends World, Extra extends ReducersMapObject> {
  world: W;
  navigation: Navigation;
  /** App slices, e.g. { logPaging: logPagingReducer }; typed into the store's state. */
  extraReducers?: Extra;
  extraSagas?: Saga[];
  /** An HTTP client to use instead of a new one (tests pass theirs to stub it). */
  http?: HttpClient;
  preloadedState?: Partial<AppState<W, Extra>>;
}

export function createAppStore<W extends World, Extra extends ReducersMapObject = Record<never, never>>(
  options: CreateAppStoreOptions<W, Extra>,
) {
  const http =
    options.http ??
    createHttpClient({
      baseURL: '',
      xsrfCookie: options.world === 'tenant' ? XSRF_COOKIE : PROVIDER_XSRF_COOKIE,
    });
  const sagaMiddleware = createSagaMiddleware({ context: { http, navigation: options.navigation } });
  // combineReducers cannot follow the generic map; the state type is the map's by construction.
  const reducer = combineReducers({
    ...WORLD_REDUCERS[options.world],
    ...options.extraReducers,
  }) as unknown as Reducer<AppState<W, Extra>, UnknownAction, Partial<AppState<W, Extra>>>;
  const store = configureStore({
    reducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  // The hooks below read the world's own slices, which the store of that world always has.
  const tenant = () => store.getState() as unknown as TenantBaseState;
  const provider = () => store.getState() as unknown as ProviderBaseState;

  http.setHooks({
    onUnauthorized() {
      if (options.world === 'tenant') {
        if (tenant().session.status === 'loggedIn') store.dispatch(logoutRequested());
      } else if (provider().providerSession.status === 'loggedIn') {
        store.dispatch(providerLogoutRequested());
      }
    },
    onForbidden() {
      store.dispatch(
        snackbarShown({
          kind: 'custom',
          message: FORBIDDEN_MESSAGE,
          severity: 'error',
          duration: FORBIDDEN_SNACKBAR_MS,
          position: 'bottom',
        }),
      );
    },
    onXsrfChanged() {
      options.navigation.reload();
    },
    isLoggingIn: () =>
      options.world === 'tenant'
        ? tenant().session.loggingIn
        : provider().providerSession.status === 'loggingIn',
    getSessionXsrf: () => (options.world === 'tenant' ? tenant().session.xsrfAtStart : null),
  });

  const sagas = [...WORLD_SAGAS[options.world], ...(options.extraSagas ?? [])];
  sagaMiddleware.run(function* rootSaga() {
    yield all(sagas.map((s) => call(s)));
  });

  return { store, http };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch: () => AppDispatch = useDispatch;
/**
 * Reads the store through a selector. Common's selectors name the slices they read
 * (`WithSession`, `WithLogPaging`, ...); an app that wants the compiler to check its whole state
 * uses `useSelector.withTypes<ItsState>()`.
 */
export const useAppSelector = useSelector;
