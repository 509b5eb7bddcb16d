/**
 * Inactivity (docs/sessions.md §6 logout route, "Inactivity"; issue 15): a session left alone ends on
 * the logout page with the time-out flag and its message, not on the login form.
 *
 * The time is the deployment's setting, injected into the page by the server
 * (`window.__WORKBENCH_ENV__.inactivityTimeoutDays`, about an hour by default). The spec sets it to
 * a few seconds in the pages it loads, as a deployment configured so would, and leaves the page
 * alone: no click, key or scroll of its own until the logout page shows.
 */
import { browser, expect } from '@wdio/globals';
import { INJECTED_ENV_GLOBAL } from '@workbench/common/api/contract/wire';
import { shellIds } from '@workbench/common/test-ids/index';
import { logoutPage } from '../pageobjects/LogoutPage';
import { byTestId } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForLoginArea } from '../pageobjects/portal';
import { shell } from '../pageobjects/Shell';
import { runBeforePageScripts } from '../support/cdp';
import { DEMO_PASSWORD } from '../support/testEnv';

/**
 * Shorter than the warning's minute, so the warning shows at once and counts these seconds down;
 * long enough that a loaded machine still draws the page before the countdown ends (at 8 s the
 * warning had come and gone in CI while the dashboard was still loading).
 */
const TIMEOUT_SECONDS = 30;
/** LOGOUT_TEXTS.timeoutMessage (tenant-portal/src/logout/LogoutPage.tsx). */
const TIMEOUT_MESSAGE = 'Your session ended after a period of inactivity. You have been signed out.';

/** Keeps every injected environment of the tab, with the inactivity time-out replaced. */
const shortTimeout = `(() => {
  let env;
  Object.defineProperty(window, ${JSON.stringify(INJECTED_ENV_GLOBAL)}, {
    configurable: true,
    get: () => env,
    set: (value) => { env = { ...value, inactivityTimeoutDays: ${TIMEOUT_SECONDS} / 86400 }; },
  });
})();`;

describe('Inactivity time-out', () => {
  let stopShortTimeout: (() => Promise<void>) | undefined;
  // Later specs of this browser session load pages with the deployment's own time-out.
  afterEach(async () => {
    await stopShortTimeout?.();
    stopShortTimeout = undefined;
  });

  it('a session left alone lands on the logout page with the time-out message', async () => {
    await forgetSession();
    stopShortTimeout = await runBeforePageScripts(shortTimeout);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD);
    // The warning counts down first (its Stay signed in button is not pressed).
    await byTestId(shellIds.inactivityWarning).waitForDisplayed({
      timeoutMsg: 'The inactivity warning did not show.',
    });
    await expect(byTestId(shellIds.staySignedIn)).toBeDisplayed();
    await shell.waitForPage('Dashboard');
    expect(
      await browser.execute(
        (name) =>
          (window as unknown as Record<string, { inactivityTimeoutDays: number }>)[name]
            .inactivityTimeoutDays,
        INJECTED_ENV_GLOBAL,
      ),
    ).toBeCloseTo(TIMEOUT_SECONDS / 86400);

    // Then the logout page with the flag and its message; the login guard does not take over.
    // The countdown runs out first: its seconds beyond the suite's wait.
    await logoutPage.waitForDisplayed(TIMEOUT_SECONDS * 1000 + 30_000);
    await expect(logoutPage.message).toHaveText(TIMEOUT_MESSAGE);
    const url = new URL(await browser.getUrl());
    expect(url.hash).toMatch(/^#\/logout\?(.*&)?timeout=true/);
    // It stays there (the session gate used to send a timed-out user on to the login form).
    await browser.pause(1500);
    await expect(logoutPage.message).toHaveText(TIMEOUT_MESSAGE);
    expect(new URL(await browser.getUrl()).hash).toMatch(/^#\/logout\?/);

    // The session is over on the server too: signing in again starts at the login area.
    await logoutPage.signInAgain.click();
    await waitForLoginArea();
  });
});
