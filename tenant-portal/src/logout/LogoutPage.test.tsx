// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor } from '@testing-library/react';
import { logoutIds, selectSessionStatus, USER_ID_COOKIE } from '@workbench/common';
import { demoUser, renderPortal, resetPortalEnv } from '../testing/renderPortal';
import { LOGOUT_TEXTS } from './LogoutPage';

afterEach(resetPortalEnv);

describe('logout page (#/logout?returnUrl=…&timeout=true)', () => {
  it('logs the user out: calls the logout API, clears the cookies and shows the signed-out message', async () => {
    const { store, mock } = renderPortal({
      path: '/logout?returnUrl=%2Flogs%2Fweb',
      user: demoUser('admin'),
    });
    await waitFor(() => expect(selectSessionStatus(store.getState())).toBe('loggedOut'));
    expect(mock.history.get.some((r) => r.url === '/api/auth/v1/logout')).toBe(true);
    expect(document.cookie).not.toContain(USER_ID_COOKIE);
    expect(screen.getByTestId(logoutIds.message)).toHaveTextContent(LOGOUT_TEXTS.message);
  });

  it('with the timeout flag, says the session ended after inactivity', async () => {
    renderPortal({ path: '/logout?timeout=true', user: demoUser('admin') });
    expect(await screen.findByTestId(logoutIds.message)).toHaveTextContent(
      'Your session ended after a period of inactivity. You have been signed out.',
    );
  });

  it('offers "Sign in again", which goes to login with the returnUrl', async () => {
    renderPortal({ path: '/logout?returnUrl=%2Flogs%2Fweb%3Finterval%3D7d', user: demoUser('admin') });
    const link = await screen.findByTestId(logoutIds.signInAgain);
    expect(link).toHaveTextContent('Sign in again');
    expect(link).toHaveAttribute('href', '/login?returnUrl=%2Flogs%2Fweb%3Finterval%3D7d');
  });

  it('on-prem, redirects to the appliance login page', async () => {
    const { navigation } = renderPortal({
      path: '/logout?returnUrl=%2Fsettings',
      user: demoUser('admin'),
      deployment: 'on_prem',
      mode: 'safeview',
    });
    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith('/login/#/?returnUrl=%2F%23%2Fsettings'),
    );
  });

  it('closes all open dialogs: the page renders without the app shell', async () => {
    renderPortal({ path: '/logout', user: demoUser('admin') });
    await screen.findByTestId(logoutIds.page);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
