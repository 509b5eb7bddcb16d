import { browser } from '@wdio/globals';
import { AUTH_PATHS } from '@workbench/common/api/contract/auth';
import { LOGIN_AREA_PATH } from '@workbench/common/api/contract/wire';
import { portalApi } from '../support/portalApi';
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
 * Signed in as `username`, on `portalPath`. The browser sends the login call the login area sends
 * (AUTH_PATHS.login, from a page of the server's origin, so the session cookies are the browser's),
 * then opens `portalPath`: one load of the portal instead of three pages (the portal signed out, the
 * login area, the portal again), which were a large share of the suite's browser time. An account
 * whose answer is not a plain sign-in (a second factor asked for) signs in through the form
 * (signInThroughForm); sign-in.spec and the login area's own specs click through the form.
 */
export async function signInToPortal(username: string, password: string, portalPath = '/'): Promise<void> {
  // A page of the server's origin without the app (forgetSession leaves the browser on it).
  if (new URL(await browser.getUrl()).pathname !== '/healthz') await browser.url('/healthz');
  const answer = await portalApi('POST', AUTH_PATHS.login, { username, password });
  if (answer.status === 200 && (answer.json as { status?: string } | null)?.status === 'ok') {
    await browser.url(portalPath);
    return;
  }
  await signInThroughForm(username, password, portalPath);
}

/**
 * The whole cloud sign-in as a person does it: open `portalPath` on the portal (signed out), follow
 * the hidden form POST to the login area, sign in, and wait to be back on the portal.
 */
export async function signInThroughForm(username: string, password: string, portalPath = '/'): Promise<void> {
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
