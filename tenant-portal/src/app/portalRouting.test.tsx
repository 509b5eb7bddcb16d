// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  navLinkClasses,
  LOGOUT_TIMEOUT_PATH,
  loggedOut,
  navItemId,
  noAccessIds,
  notFoundIds,
  shellIds,
} from '@workbench/common';
import { demoUser, renderPortal, resetPortalEnv } from '../testing/renderPortal';

afterEach(resetPortalEnv);

const pageTitle = () => screen.findByTestId(shellIds.pageTitle);

describe('tenant portal routes (docs/sessions.md §6) rendered with a real store', () => {
  it('a user who is not logged in is sent to login with a returnUrl query parameter', async () => {
    const { location } = renderPortal({ path: '/logs/web?interval=1h' });
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeInTheDocument();
    expect(location()).toBe('/login?returnUrl=%2Flogs%2Fweb%3Finterval%3D1h');
  });

  it('the logout page is shown without a login', async () => {
    const { location } = renderPortal({ path: '/logout' });
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(location()).toBe('/logout');
  });

  it('an inactivity time-out lands on the logout page with its message, not on the login form', async () => {
    const view = renderPortal({ path: '/dashboard', user: demoUser('admin') });
    expect(await pageTitle()).toHaveTextContent('Dashboard');
    // What the inactivity saga does once the logout call is done: the session ends, then it
    // navigates to the logout page with the flag. The dashboard's guard must not win the race.
    act(() => {
      view.store.dispatch(loggedOut({ timeout: true }));
      view.navigation.navigate(LOGOUT_TIMEOUT_PATH);
    });
    expect(
      await screen.findByText('Your session ended after a period of inactivity. You have been signed out.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/logout?timeout=true'));
  });

  it('cloud: the root goes to dashboard, which resolves the revision before showing', async () => {
    const { location, mock } = renderPortal({ path: '/', user: demoUser('admin') });
    expect(await pageTitle()).toHaveTextContent('Dashboard');
    expect(location()).toBe('/dashboard');
    expect(mock.history.get.some((r) => r.url === '/api/policy/v1/rules')).toBe(true);
  });

  it('a parent-route redirect picks the first child the user may see and applies its default filters', async () => {
    const { location } = renderPortal({ path: '/logs', user: demoUser('logs') });
    expect(await pageTitle()).toHaveTextContent('Web Logs');
    expect(location()).toBe('/logs/web?interval=7d');
  });

  it('a deep link to a child the auditor may not see (dlp logs) says the role does not give access to it, and leads to the dashboard', async () => {
    const { location } = renderPortal({ path: '/logs/dlp?interval=7d', user: demoUser('auditor') });
    expect(await pageTitle()).toHaveTextContent('No access');
    expect(screen.getByTestId(noAccessIds.text)).toHaveTextContent(
      'The role you are signed in with does not give access to DLP Logs.',
    );
    expect(location()).toBe('/logs/dlp?interval=7d');
    await userEvent.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(await pageTitle()).toHaveTextContent('Dashboard');
  });

  it('a route whose environment rule fails redirects to the 404-not-found route', async () => {
    const { location } = renderPortal({
      path: '/logs/web',
      user: demoUser('admin'),
      deployment: 'on_prem',
      mode: 'safeview',
    });
    expect(await screen.findByTestId(notFoundIds.heading)).toHaveTextContent('Oops!');
    expect(location()).toBe('/404-not-found');
  });

  it('a deep link to an area the role may not see says so, with the way back, instead of landing on the dashboard', async () => {
    const { location } = renderPortal({ path: '/policy', user: demoUser('logs') });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByTestId(noAccessIds.text)).toHaveTextContent(
      'The role you are signed in with does not give access to Policy.',
    );
    expect(location()).toBe('/policy');
    // Still in the shell: the navigation offers what the role may see.
    expect(screen.getByTestId(navItemId('logs'))).toBeInTheDocument();
    expect(screen.queryByTestId(navItemId('policy'))).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId(noAccessIds.back));
    expect(await pageTitle()).toHaveTextContent('Dashboard');
    expect(location()).toBe('/dashboard');
  });

  it('the way back is the first page the role may see when that is not the dashboard', async () => {
    const { location } = renderPortal({
      path: '/settings/users',
      user: { ...demoUser('logs'), roles: { read: ['logs:*'], write: [] } },
    });
    expect(await pageTitle()).toHaveTextContent('No access');
    expect(screen.getByTestId(noAccessIds.text)).toHaveTextContent('does not give access to Settings.');
    await userEvent.click(screen.getByRole('link', { name: 'Go to Web Logs' }));
    await waitFor(() => expect(location()).toBe('/logs/web?interval=7d'));
  });

  it('a role of the logs alone opens the logs: the revision they may not read is not waited for', async () => {
    renderPortal({
      path: '/logs/web?interval=7d',
      user: { ...demoUser('logs'), roles: { read: ['logs:*'], write: [] } },
      // The server's answer to a role without any policy group's or the dashboard's read.
      stubs: (m) => m.onGet('/api/policy/v1/rules').reply(403, { message: 'Missing permission: any of …' }),
    });
    expect(await pageTitle()).toHaveTextContent('Web Logs');
    expect(screen.queryByText(/Missing permission/)).not.toBeInTheDocument();
  });

  it('a user who is not logged in still goes to login from an area their role would not give', async () => {
    const { location } = renderPortal({ path: '/policy' });
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeInTheDocument();
    expect(location()).toBe('/login?returnUrl=%2Fpolicy');
  });

  it('any other path shows the 404 page', async () => {
    renderPortal({ path: '/no/such/page', user: demoUser('admin') });
    expect(await screen.findByTestId(notFoundIds.heading)).toHaveTextContent('Oops!');
    expect(screen.getByTestId(notFoundIds.subheading)).toHaveTextContent('Error 404 - Page Not Found');
    expect(screen.getByTestId(notFoundIds.text)).toHaveTextContent(
      'The page you are looking for does not exist or another error occurred.',
    );
  });

  it('on-prem non-management modes: the root goes to settings/network', async () => {
    const { location } = renderPortal({
      path: '/',
      user: demoUser('admin'),
      deployment: 'on_prem',
      mode: 'safeview',
    });
    expect(await pageTitle()).toHaveTextContent('Network');
    expect(location()).toBe('/settings/network');
  });
});

describe('app shell per role', () => {
  const navIds = () =>
    within(screen.getByTestId(shellIds.nav))
      .getAllByRole('link')
      .map((a) => a.getAttribute('data-testid'));

  /** Each heading of the side navigation with the test ids of the links under it. */
  const navGroups = () =>
    within(screen.getByTestId(shellIds.nav))
      .getAllByRole('group')
      .map((group) => [
        group.getAttribute('aria-labelledby') &&
          document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent,
        within(group)
          .getAllByRole('link')
          .map((a) => a.getAttribute('data-testid')),
      ]);

  it('shows the admin every cloud area in the side navigation, under group headings', async () => {
    // The Browser Posture Manager needs its feature (docs/browser-posture.md §6).
    renderPortal({ path: '/fwaas', user: demoUser('admin', { rbac: true, browser_posture: true }) });
    expect(await pageTitle()).toHaveTextContent('Firewall');
    expect(navGroups()).toEqual([
      // No insights: the default environment has no insights application.
      ['Monitor', ['dashboard', 'reports', 'boards', 'alerts', 'logs'].map(navItemId)],
      [
        'Protection',
        ['policy', 'customization', 'secure-application-access', 'browser-management'].map(navItemId),
      ],
      ['Services', ['fwaas', 'web', 'safemail'].map(navItemId)],
      ['Administration', ['settings', 'contact-form'].map(navItemId)],
    ]);
    expect(screen.getByRole('group', { name: 'Services' })).toHaveTextContent('FirewallWebSafemail');
  });

  it('the top-level Web is under Services, Web Policy under Policy in Protection and Web Logs under Logs in Monitor', async () => {
    renderPortal({ path: '/policy', user: demoUser('admin') });
    expect(await pageTitle()).toHaveTextContent('Policy');
    const protection = screen.getByRole('group', { name: 'Protection' });
    expect(within(protection).getByRole('link', { name: 'Web Policy' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Services' })).getByRole('link', { name: 'Web' }),
    ).toHaveAttribute('data-testid', navItemId('web'));
    await userEvent.click(screen.getByTestId(navItemId('logs')));
    expect(await pageTitle()).toHaveTextContent('Web Logs');
    const monitor = screen.getByRole('group', { name: 'Monitor' });
    expect(within(monitor).getByRole('link', { name: 'Web Logs' })).toBeInTheDocument();
    expect(within(monitor).getByRole('link', { name: 'Firewall Logs' })).toBeInTheDocument();
    // The page shown is current and drawn selected; its area is current, in bold, not selected.
    const webLogs = within(monitor).getByRole('link', { name: 'Web Logs' });
    expect(webLogs).toHaveAttribute('aria-current', 'page');
    expect(webLogs).toHaveClass(navLinkClasses.selected, navLinkClasses.child);
    const logs = screen.getByTestId(navItemId('logs'));
    expect(logs).toHaveAttribute('aria-current', 'page');
    expect(logs).not.toHaveClass(navLinkClasses.selected);
    expect(logs.firstElementChild).toHaveClass(navLinkClasses.strong);
    expect(screen.getByTestId(navItemId('web'))).not.toHaveAttribute('aria-current');
  });

  it('shows the logs user only dashboard, reports, dashboards, logs and the areas every user may open; a group with none of their areas has no heading', async () => {
    renderPortal({ path: '/dashboard', user: demoUser('logs') });
    expect(await pageTitle()).toHaveTextContent('Dashboard');
    expect(navIds()).toEqual(['dashboard', 'reports', 'boards', 'logs', 'contact-form'].map(navItemId));
    expect(navGroups().map(([heading]) => heading)).toEqual(['Monitor', 'Administration']);
    expect(screen.queryByTestId(`${shellIds.navGroup}-services`)).not.toBeInTheDocument();
  });

  it('the user menu shows the user name, the tenant and Logout', async () => {
    const { location } = renderPortal({ path: '/fwaas', user: demoUser('admin') });
    await pageTitle();
    await userEvent.click(screen.getByTestId(shellIds.userMenuButton));
    expect(await screen.findByTestId(shellIds.userName)).toHaveTextContent('Ada Admin');
    expect(screen.getByText('Tenant: acme')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId(shellIds.logout));
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/logout'));
  });
});
