import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  loginIds,
  notFoundIds,
  providerIds,
  providerNavItemId,
  providerPageIds,
  setRuntimeEnvForTests,
  snackbarIds,
} from '@workbench/common';
import { operator, renderConsole, support } from '../testing/renderConsole';
// Loaded up front: the lazy page pulls in AG Grid, whose first transform is slow under jest.
import '../tenants/TenantsPage';

afterEach(() => setRuntimeEnvForTests(null));

describe('provider console: session', () => {
  it('on load without a session (me fails), shows the login page', async () => {
    const { location } = renderConsole('/tenants');
    expect(await screen.findByTestId(loginIds.heading)).toHaveTextContent('Provider Console');
    expect(location()).toBe('/login?returnUrl=%2Ftenants');
  });

  it('on load with a session (me answers authenticated), shows the tenants page', async () => {
    renderConsole('/', { user: operator });
    expect(await screen.findByTestId(providerIds.pageTitle)).toHaveTextContent('Tenants');
  });

  it('signs in through the provider login chain: idp token, oauth login, session cookie, me', async () => {
    let signedIn = false;
    const { mock, location } = renderConsole('/login', {
      stubs: (m) => {
        m.onPost('/idp/token').reply(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 });
        m.onGet('/gdmanage/api/oauth/login').reply(200, {
          status: 'Success',
          expires: '2026-11-22T06:00:00.000Z',
        });
        m.onGet('/gdmanage/api/v1/session_cookie').reply(() => {
          signedIn = true;
          return [200, { status: 'ok' }];
        });
        m.onGet('/gdmanage/api/me').reply(() =>
          signedIn
            ? [200, { status: 'authenticated', user: operator }]
            : [401, { status: 'unauthenticated' }],
        );
      },
    });
    await userEvent.type(await screen.findByLabelText('User'), 'operator@provider.example');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-1{Enter}');
    expect(await screen.findByTestId(providerIds.pageTitle)).toHaveTextContent('Tenants');
    expect(location()).toBe('/tenants');
    expect(mock.history.get.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/gdmanage/api/oauth/login',
        '/gdmanage/api/v1/session_cookie',
        '/gdmanage/api/me',
      ]),
    );
  });

  it('a login the oauth step refuses shows its status text in the top snackbar', async () => {
    renderConsole('/login', {
      stubs: (m) => {
        m.onPost('/idp/token').reply(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 });
        m.onGet('/gdmanage/api/oauth/login').reply(200, { status: 'Account disabled' });
      },
    });
    await userEvent.type(await screen.findByLabelText('User'), 'operator@provider.example');
    await userEvent.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent('Account disabled');
  });

  // docs/shared-ui.md §1 Login: not axios's "Request failed with status code 500" (issue 37 point 5).
  it("a 500 with a non-JSON body shows 'An error occurred.'", async () => {
    renderConsole('/login', {
      stubs: (m) =>
        m
          .onPost('/idp/token')
          .reply(500, '<html><body>Internal Server Error</body></html>', { 'content-type': 'text/html' }),
    });
    await userEvent.type(await screen.findByLabelText('User'), 'operator@provider.example');
    await userEvent.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent(/^An error occurred\.$/);
  });

  it('a session cookie failure shows "Can not set cookie."', async () => {
    renderConsole('/login', {
      stubs: (m) => {
        m.onPost('/idp/token').reply(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 });
        m.onGet('/gdmanage/api/oauth/login').reply(200, { status: 'Success' });
        m.onGet('/gdmanage/api/v1/session_cookie').reply(500, {});
      },
    });
    await userEvent.type(await screen.findByLabelText('User'), 'operator@provider.example');
    await userEvent.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent('Can not set cookie.');
  });

  it('after logout, shows the login page', async () => {
    const { mock } = renderConsole('/tenants', { user: operator });
    mock.onGet('/gdmanage/api/v1/session/logout').reply(200, {});
    await userEvent.click(await screen.findByTestId(providerIds.userMenuButton));
    await userEvent.click(await screen.findByTestId(providerIds.logout));
    expect(await screen.findByTestId(loginIds.heading)).toHaveTextContent('Provider Console');
  });
});

describe('provider console: shell', () => {
  it('the navigation lists every area in order; a page loads on its first visit', async () => {
    renderConsole('/tenants', { user: operator });
    const nav = await screen.findByTestId(providerIds.nav);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Tenants',
      'Quota',
      'Contact messages',
      'Tenant groups',
      'SKUs',
      'Features',
      'Feature-SKU groups',
      'SKU incompatibilities',
      'Licences',
      'Deployments & Pods',
      'PAC file',
      'Inventory',
      'Rollouts',
      'Policy templates',
      'RA pre-filter',
      'Capability state',
      'Analytics',
      'Report regions',
      'Category overrides',
      'Audit trail',
    ]);
    await userEvent.click(screen.getByTestId(providerNavItemId('deployments')));
    // The page loads on first visit; the previous page stays until it has.
    await waitFor(() =>
      expect(screen.getByTestId(providerIds.pageTitle)).toHaveTextContent('Deployments & Pods'),
    );
  });

  it("support's navigation lists only the areas its role reads; another area's path is the 404 page", async () => {
    renderConsole('/tenants', { user: support });
    const nav = await screen.findByTestId(providerIds.nav);
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    for (const refused of ['Licences', 'Deployments & Pods', 'Inventory'])
      expect(links).not.toContain(refused);
    for (const read of ['Tenants', 'SKUs', 'RA pre-filter', 'Report regions', 'Audit trail'])
      expect(links).toContain(read);
    renderConsole('/licences', { user: support });
    expect(await screen.findByTestId(notFoundIds.page, {}, { timeout: 30_000 })).toBeInTheDocument();
  });

  it('the user menu shows name and role; Extend session shows the new expiry', async () => {
    const { mock } = renderConsole('/tenants', {
      user: support,
      stubs: (m) =>
        m
          .onPost('/gdmanage/api/v1/session/extendkey')
          .reply(200, { status: 'ok', expires: '2026-11-22T09:30:00.000Z' }),
    });
    await userEvent.click(await screen.findByTestId(providerIds.userMenuButton));
    expect(screen.getByTestId(providerIds.userName)).toHaveTextContent('Sam Support');
    expect(screen.getByTestId(providerPageIds.userRole)).toHaveTextContent('Support (read-only)');
    await userEvent.click(screen.getByTestId(providerIds.extendSession));
    const expected = new Date('2026-11-22T09:30:00.000Z');
    const hh = String(expected.getHours()).padStart(2, '0');
    await waitFor(() =>
      expect(screen.getByTestId(providerPageIds.sessionExpiry)).toHaveTextContent(`${hh}:30`),
    );
    expect(mock.history.post.map((r) => r.url)).toContain('/gdmanage/api/v1/session/extendkey');
  });
});
