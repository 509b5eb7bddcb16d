/**
 * The app store: Redux Toolkit + redux-saga, with the world's HTTP client wired to it so the
 * client's hooks (401, 403, xsrf change) dispatch actions (DESIGN.md convention 5).
 */
import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { all, call } from 'redux-saga/effects';
import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
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
import { logPagingReducer } from '../features/log-paging/logPagingSlice';
import { logPagingSaga } from '../features/log-paging/logPagingSaga';
import { savedSearchesReducer } from '../features/saved-searches/savedSearchesSlice';
import { savedSearchesSaga } from '../features/saved-searches/savedSearchesSaga';

export type World = 'tenant' | 'provider';

const baseReducers = {
  session: sessionReducer,
  revision: revisionReducer,
  inactivity: inactivityReducer,
  snackbar: snackbarReducer,
  providerSession: providerSessionReducer,
  logPaging: logPagingReducer,
  savedSearches: savedSearchesReducer,
};

/** The state every app store has; apps add their own slices through extraReducers. */
export type RootState = { [K in keyof typeof baseReducers]: ReturnType<(typeof baseReducers)[K]> };

export interface CreateAppStoreOptions {
  world: World;
  navigation: Navigation;
  /** App slices, e.g. { logPaging: logPagingReducer }. */
  extraReducers?: Record<string, Reducer>;
  extraSagas?: Saga[];
  /** An HTTP client to use instead of a new one (tests pass theirs to stub it). */
  http?: HttpClient;
  preloadedState?: Partial<RootState>;
}

export function createAppStore(options: CreateAppStoreOptions) {
  const http =
    options.http ??
    createHttpClient({
      baseURL: '',
      xsrfCookie: options.world === 'tenant' ? XSRF_COOKIE : PROVIDER_XSRF_COOKIE,
    });
  const sagaMiddleware = createSagaMiddleware({ context: { http, navigation: options.navigation } });
  const reducer = combineReducers({ ...baseReducers, ...(options.extraReducers ?? {}) });
  const store = configureStore({
    reducer,
    preloadedState: options.preloadedState as Parameters<typeof reducer>[0],
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  const state = (): RootState => store.getState() as RootState;

  http.setHooks({
    onUnauthorized() {
      if (options.world === 'tenant') {
        if (state().session.status === 'loggedIn') store.dispatch(logoutRequested());
      } else if (state().providerSession.status === 'loggedIn') {
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
      options.world === 'tenant' ? state().session.loggingIn : state().providerSession.status === 'loggingIn',
    getSessionXsrf: () => (options.world === 'tenant' ? state().session.xsrfAtStart : null),
  });

  const worldSagas: Saga[] =
    options.world === 'tenant'
      ? [sessionSaga, revisionSaga, inactivitySaga, logPagingSaga, savedSearchesSaga]
      : [providerSessionSaga];
  const sagas = [...worldSagas, ...(options.extraSagas ?? [])];
  sagaMiddleware.run(function* rootSaga() {
    yield all(sagas.map((s) => call(s)));
  });

  return { store, http };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
