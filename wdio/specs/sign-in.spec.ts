import { browser, expect } from '@wdio/globals';
import { LOGIN_FAILED_MSG } from '@workbench/common/api/contract/auth';
import { SESSION_COOKIE, USER_ID_COOKIE } from '@workbench/common/api/contract/wire';
import { loginPage } from '../pageobjects/LoginPage';
import { logoutPage } from '../pageobjects/LogoutPage';
import { shell } from '../pageobjects/Shell';
import { currentLocation, forgetSession, waitForLoginArea, waitForPortalRoute } from '../pageobjects/portal';
import { DEMO_PASSWORD, WRONG_PASSWORD } from '../support/testEnv';

const ADMIN = 'admin@acme.example';

describe('Tenant portal sign-in (cloud flow)', () => {
  beforeEach(async () => {
    await forgetSession();
  });

  it('admin signs in through the login area, lands on the dashboard and signs out', async () => {
    await browser.url('/');
    // portal #/login → hidden form POST to login_url → the login area at /login/
    await waitForLoginArea();
    await expect(loginPage.heading).toHaveText('Portal');

    await loginPage.signIn(ADMIN, DEMO_PASSWORD);
    await waitForPortalRoute('#/dashboard');
    await shell.waitForPage('Dashboard');
    const cookieNames = (await browser.getCookies()).map((cookie) => cookie.name);
    expect(cookieNames).toContain(SESSION_COOKIE);
    expect(cookieNames).toContain(USER_ID_COOKIE);

    await shell.signOut();
    await logoutPage.waitForDisplayed();
    await expect(logoutPage.signInAgain).toBeDisplayed();
    // Signing out clears the session cookies (the server expires them, the app drops the script-visible ones).
    await browser.waitUntil(
      async () => {
        const names = (await browser.getCookies()).map((cookie) => cookie.name);
        return !names.includes(SESSION_COOKIE) && !names.includes(USER_ID_COOKIE);
      },
      { timeoutMsg: `The session cookies are still there after signing out.` },
    );

    // The session is gone on the server too: the portal sends the browser back to the login area.
    await browser.url('/#/dashboard');
    await waitForLoginArea();
  });

  it('a wrong password shows the server’s generic message in the top snackbar and stays on the login page', async () => {
    await browser.url('/');
    await waitForLoginArea();
    await loginPage.signIn(ADMIN, WRONG_PASSWORD);

    expect(await loginPage.errorText()).toContain(LOGIN_FAILED_MSG);
    expect((await currentLocation()).pathname).toBe('/login/');
    await expect(loginPage.page).toBeDisplayed();
  });

  it('signs in with the keyboard alone (Tab between the fields, Enter submits)', async () => {
    await browser.url('/');
    await waitForLoginArea();
    await loginPage.user.click();
    await browser.keys([...ADMIN]);
    await browser.keys(['Tab']);
    await browser.keys([...DEMO_PASSWORD]);
    await browser.keys(['Enter']);

    await waitForPortalRoute('#/dashboard');
    await shell.waitForPage('Dashboard');
  });

  it('a deep link survives the login through returnUrl', async () => {
    await browser.url('/#/logs/audit?interval=7d');
    await waitForLoginArea();
    // The hidden form carried the deep link in redirect_uri; the login area holds it as returnUrl.
    const loginHash = decodeURIComponent((await currentLocation()).hash);
    expect(loginHash).toContain('returnUrl=');
    expect(loginHash).toContain('#/logs/audit?interval=7d');
    await loginPage.signIn(ADMIN, DEMO_PASSWORD);

    await waitForPortalRoute('#/logs/audit');
    const { hash } = await currentLocation();
    expect(hash).toBe('#/logs/audit?interval=7d');
    await shell.pageTitle.waitForDisplayed();
  });
});
