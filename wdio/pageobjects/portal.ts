import { browser } from '@wdio/globals';
import { LOGIN_AREA_PATH } from '@workbench/common/api/contract/wire';
import { loginPage } from './LoginPage';

/** The path + hash part of the current URL, e.g. `/#/dashboard`. */
export async function currentLocation(): Promise<{ pathname: string; hash: string }> {
  const url = new URL(await browser.getUrl());
  return { pathname: url.pathname, hash: url.hash };
}

/** Waits until the browser is on the tenant portal (path '/') at a hash route starting with `hashPrefix`. */
export async function waitForPortalRoute(hashPrefix: string): Promise<void> {
  await browser.waitUntil(
    async () => {
      const { pathname, hash } = await currentLocation();
      return pathname === '/' && hash.startsWith(hashPrefix);
    },
    { timeoutMsg: `The portal did not reach ${hashPrefix} (at ${await browser.getUrl()}).` },
  );
}

/** Waits until the browser shows the separately loaded login area (/login/). */
export async function waitForLoginArea(): Promise<void> {
  await browser.waitUntil(async () => (await currentLocation()).pathname === LOGIN_AREA_PATH, {
    timeoutMsg: `The browser did not reach the login area ${LOGIN_AREA_PATH} (at ${await browser.getUrl()}).`,
  });
  await loginPage.waitForDisplayed();
}

/**
 * The whole cloud sign-in: open `portalPath` on the portal (signed out), follow the hidden form POST
 * to the login area, sign in, and wait to be back on the portal.
 */
export async function signInToPortal(username: string, password: string, portalPath = '/'): Promise<void> {
  await browser.url(portalPath);
  await waitForLoginArea();
  await loginPage.signIn(username, password);
  await browser.waitUntil(async () => (await currentLocation()).pathname === '/', {
    timeoutMsg: `Signing in as ${username} did not return to the portal (at ${await browser.getUrl()}).`,
  });
}

/** Forgets every cookie of the server's origin, so the next step starts signed out. */
export async function forgetSession(): Promise<void> {
  await browser.url('/healthz');
  await browser.deleteAllCookies();
}
