/** Test harness: the console's route objects in a memory router, a real store, HTTP stubbed. */
import type MockAdapter from 'axios-mock-adapter';
import { PROVIDER_XSRF_COOKIE, providerSessionStartRequested } from '@workbench/common';
import type { ProviderTenant, ProviderUser } from '@workbench/common/api/contract/provider';
import { EXTENSIONS_PATHS, extensionsOf, type ExtensionId } from '@workbench/common/api/contract/extensions';
import { renderWithStore } from '@workbench/common/testing/renderWithStore';
import { ProviderConsoleApp } from '../app/ProviderConsoleApp';
import { createProviderStore } from '../app/providerStore';
import { buildProviderRoutes } from '../routes/providerRoutes';
// Loaded up front: the login route and the shell are lazy chunks in the app; tests need not wait for them.
import '../routes/consoleLogin';
import '../routes/consoleFrame';

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
  opts: {
    user?: ProviderUser | null;
    stubs?: (m: MockAdapter) => void;
    /** The extensions the server lists (docs/api.md); default every one, as the reference server. */
    extensions?: readonly ExtensionId[];
  } = {},
) {
  return renderWithStore({
    path,
    routes: buildProviderRoutes(),
    xsrfCookie: PROVIDER_XSRF_COOKIE,
    env: { production: true },
    defaults: (mock) => {
      if (opts.user) mock.onGet('/gdmanage/api/me').reply(200, { status: 'authenticated', user: opts.user });
      else mock.onGet('/gdmanage/api/me').reply(401, { status: 'unauthenticated' });
      mock.onGet('/gdmanage/api/v1/tenants').reply(200, { tenants, total: tenants.length });
      mock
        .onGet(EXTENSIONS_PATHS.provider)
        .reply(200, { extensions: opts.extensions ?? extensionsOf('provider') });
    },
    stubs: opts.stubs,
    createStore: (navigation, http) => createProviderStore(navigation, http).store,
    start: providerSessionStartRequested(),
    app: ({ store, router }) => <ProviderConsoleApp store={store} router={router} />,
  });
}
