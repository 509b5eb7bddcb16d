/**
 * Test harness shared by the apps (tests only, never imported by app code): an app's real route
 * objects in a memory router, its real store, HTTP stubbed at the axios boundary
 * (axios-mock-adapter), navigation recorded by jest mocks.
 */
import type { ReactElement } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { createHttpClient, type HttpClient } from '../api/http';
import { setRuntimeEnvForTests, type RuntimeEnv } from '../env/runtimeEnv';
import type { Navigation } from '../store/navigation';

export type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/** What the app under test is given to render. */
export interface AppParts<S> {
  store: S;
  http: HttpClient;
  navigation: jest.Mocked<Navigation>;
  router: MemoryRouter;
}

export interface RenderWithStoreSetup<S extends { dispatch: (action: UnknownAction) => unknown }> {
  /** The route shown first, e.g. '/settings/users'. */
  path: string;
  routes: RouteObject[];
  /** The xsrf cookie the app's HTTP client echoes. */
  xsrfCookie: string;
  /** The runtime environment of the test (setRuntimeEnvForTests). */
  env: Partial<RuntimeEnv>;
  /** The app's default stubs, installed first. */
  defaults?: (mock: MockAdapter) => void;
  /** The test's stubs, installed after the defaults: one for the same method and URL replaces a default. */
  stubs?: (mock: MockAdapter) => void;
  createStore: (navigation: jest.Mocked<Navigation>, http: HttpClient) => S;
  /** Dispatched once before the first render (the app's session start). */
  start: UnknownAction;
  /** The app element (its root component given the store, client and router). */
  app: (parts: AppParts<S>) => ReactElement;
}

/**
 * Renders an app the way it runs, with HTTP stubbed. Returns the testing-library view plus the
 * store, the client and its mock, the navigation mocks, the router and `location()` (path + query).
 */
export function renderWithStore<S extends { dispatch: (action: UnknownAction) => unknown }>(
  setup: RenderWithStoreSetup<S>,
) {
  setRuntimeEnvForTests(setup.env);
  const http = createHttpClient({ baseURL: '', xsrfCookie: setup.xsrfCookie });
  const mock = new MockAdapter(http);
  setup.defaults?.(mock);
  setup.stubs?.(mock);
  const navigation: jest.Mocked<Navigation> = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  const store = setup.createStore(navigation, http);
  const router = createMemoryRouter(setup.routes, { initialEntries: [setup.path] });
  store.dispatch(setup.start);
  const view = render(setup.app({ store, http, navigation, router }));
  const location = (): string => router.state.location.pathname + router.state.location.search;
  return { ...view, store, http, mock, navigation, router, location };
}
