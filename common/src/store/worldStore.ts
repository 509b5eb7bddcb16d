/**
 * One world's store: Redux Toolkit + redux-saga, with the world's HTTP client wired to it so the
 * client's hooks (401, 403, xsrf change) dispatch actions (DESIGN.md convention 5). A world
 * (tenant, provider) is a definition in its own module (tenantWorld.ts, providerWorld.ts), so an
 * app's bundle carries its own world's slices and sagas only: the provider console's first load
 * holds none of the tenant portal's policy, revision or report machinery (issue 14: first load
 * within 170 KB gzipped).
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
import { FORBIDDEN_MESSAGE, FORBIDDEN_SNACKBAR_MS, createHttpClient, type HttpClient } from '../api/http';
import type { Navigation } from './navigation';
import { snackbarShown } from '../features/snackbar/snackbarSlice';
import { pendingStepOf } from '../api/contract/pendingSteps';

export type World = 'tenant' | 'provider';

/** What a world's store answers the HTTP client about its session. */
export interface WorldSessionHooks {
  onUnauthorized(): void;
  /**
   * A 403 saying a step is pending (a password someone else set, ...: contract/pendingSteps.ts):
   * the world reads its session again, whose page then asks for the step. Without it, the 403 is
   * an ordinary one.
   */
  onPendingStep?(): void;
  isLoggingIn(): boolean;
  getSessionXsrf(): string | null;
}

export interface WorldDef<W extends World, R extends ReducersMapObject> {
  world: W;
  /** The slices the world's store always has (its session machinery and the snackbar). */
  reducers: R;
  sagas: Saga[];
  xsrfCookie: string;
  sessionHooks(getState: () => unknown, dispatch: (a: UnknownAction) => unknown): WorldSessionHooks;
}

type StateOf<R> = { [K in keyof R]: R[K] extends (...args: never[]) => infer S ? S : never };
export type WorldDefState<D> = D extends WorldDef<World, infer R> ? StateOf<R> : never;
export type { StateOf };

export interface WorldStoreOptions<Extra extends ReducersMapObject, Preloaded> {
  navigation: Navigation;
  /** App slices, e.g. { logPaging: logPagingReducer }; typed into the store's state. */
  extraReducers?: Extra;
  extraSagas?: Saga[];
  /** An HTTP client to use instead of a new one (tests pass theirs to stub it). */
  http?: HttpClient;
  preloadedState?: Partial<Preloaded>;
}

export function createWorldStore<
  W extends World,
  R extends ReducersMapObject,
  Extra extends ReducersMapObject = Record<never, never>,
>(def: WorldDef<W, R>, options: WorldStoreOptions<Extra, StateOf<R> & StateOf<Extra>>) {
  type State = StateOf<R> & StateOf<Extra>;
  const http = options.http ?? createHttpClient({ baseURL: '', xsrfCookie: def.xsrfCookie });
  const sagaMiddleware = createSagaMiddleware({ context: { http, navigation: options.navigation } });
  const reducers: ReducersMapObject = { ...def.reducers, ...options.extraReducers };
  // combineReducers cannot follow the generic map; the state type is the map's by construction.
  const combine = () => combineReducers(reducers) as unknown as Reducer<State, UnknownAction, Partial<State>>;
  const store = configureStore({
    reducer: combine(),
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  const session = def.sessionHooks(store.getState, store.dispatch);
  http.setHooks({
    onUnauthorized: () => session.onUnauthorized(),
    onForbidden(error) {
      if (session.onPendingStep && pendingStepOf(error.data)) {
        session.onPendingStep();
        return;
      }
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
    isLoggingIn: () => session.isLoggingIn(),
    getSessionXsrf: () => session.getSessionXsrf(),
  });

  const sagas = [...def.sagas, ...(options.extraSagas ?? [])];
  sagaMiddleware.run(function* rootSaga() {
    yield all(sagas.map((s) => call(s)));
  });

  /**
   * Adds features (slices and their sagas) to the running store: an app loads the ones its pages
   * need with its shell, not in its first load (issues 14, 15: first load within 170 KB gzipped).
   * A slice already there, or a saga already running, is left as it is.
   */
  const running = new Set<Saga>(sagas);
  const inject = (feature: StoreFeature): void => {
    const added = Object.keys(feature.reducers).filter((key) => !(key in reducers));
    for (const key of added) reducers[key] = feature.reducers[key];
    if (added.length > 0) store.replaceReducer(combine());
    for (const saga of feature.sagas ?? []) {
      if (running.has(saga)) continue;
      running.add(saga);
      sagaMiddleware.run(saga);
    }
  };

  return { store, http, inject };
}

/** Slices and sagas added to a store after its creation (createWorldStore's inject). */
export interface StoreFeature {
  reducers: ReducersMapObject;
  sagas?: Saga[];
}
