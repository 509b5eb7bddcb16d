/** Test harness: the console's route objects in a memory router, a real store, HTTP stubbed. */
import { render } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { createMemoryRouter } from 'react-router-dom';
import {
  createHttpClient,
  PROVIDER_XSRF_COOKIE,
  providerSessionStartRequested,
  setRuntimeEnvForTests,
} from '@workbench/common';
import type { ProviderTenant, ProviderUser } from '@workbench/common/api/contract/provider';
import { ProviderConsoleApp } from '../app/ProviderConsoleApp';
import { createProviderStore } from '../app/providerStore';
import { buildProviderRoutes } from '../routes/providerRoutes';

export const operator: ProviderUser = {
  username: 'operator@provider.example',
  display_name: 'Olive Operator',
  role: 'operator',
};
export const support: ProviderUser = {
  username: 'support@provider.example',
  display_name: 'Sam Support',
  role: 'support',
};

export const tenants: ProviderTenant[] = [
  {
    tid: 't-globex',
    name: 'globex',
    status: 'active',
    created_at: '2026-02-01T00:00:00.000Z',
    user_count: 1,
    capabilities: {},
  },
  {
    tid: 't-acme',
    name: 'acme',
    status: 'active',
    created_at: '2026-01-15T00:00:00.000Z',
    user_count: 3,
    capabilities: {},
  },
  {
    tid: 't-initech',
    name: 'initech',
    status: 'disabled',
    created_at: '2026-03-01T00:00:00.000Z',
    user_count: 12,
    capabilities: {},
  },
];

export function renderConsole(
  path: string,
  opts: { user?: ProviderUser | null; stubs?: (m: MockAdapter) => void } = {},
) {
  setRuntimeEnvForTests({ production: true });
  const http = createHttpClient({ baseURL: '', xsrfCookie: PROVIDER_XSRF_COOKIE });
  const mock = new MockAdapter(http);
  // Defaults first: a stub for the same method and URL given in opts.stubs replaces them.
  if (opts.user) mock.onGet('/gdmanage/api/me').reply(200, { status: 'authenticated', user: opts.user });
  else mock.onGet('/gdmanage/api/me').reply(401, { status: 'unauthenticated' });
  mock.onGet('/gdmanage/api/v1/tenants').reply(200, { tenants, total: tenants.length });
  opts.stubs?.(mock);
  const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  const { store } = createProviderStore(navigation, http);
  const router = createMemoryRouter(buildProviderRoutes(), { initialEntries: [path] });
  store.dispatch(providerSessionStartRequested());
  const view = render(<ProviderConsoleApp store={store} router={router} />);
  const location = (): string => router.state.location.pathname + router.state.location.search;
  return { ...view, mock, store, router, location };
}
