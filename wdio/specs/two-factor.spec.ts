/**
 * Two-factor sign-in end to end (issue 14): an administrator sets up an authenticator from the
 * user menu, signs in again with the code step, and an operator resets it with Disable MFA in the
 * console (which also leaves the account as the other specs expect it). The codes are computed as
 * the authenticator app would (server/src/auth/totp.ts); the sign-in uses the next 30 s step's
 * code, which the server accepts within its window, so nothing waits for the clock.
 */
import { browser, expect } from '@wdio/globals';
import { loginIds, providerPageIds, twoFactorIds } from '@workbench/common/test-ids/index';
import { totpCode } from '../../server/src/auth/totp';
import { loginPage } from '../pageobjects/LoginPage';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { shell } from '../pageobjects/Shell';
import { byTestId } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForLoginArea, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { screenshots } from '../support/theme';

/** An account no other spec signs in with. */
const ACCOUNT = 'logs@acme.example';

async function openSetUp(): Promise<void> {
  await shell.chooseUserMenuItem(twoFactorIds.menuItem);
  await byTestId(twoFactorIds.start).click();
  await byTestId(twoFactorIds.secret).waitForDisplayed({ timeoutMsg: 'The key did not show.' });
}

describe('Two-factor sign-in', () => {
  it('set up from the user menu, sign in with the code step, reset by an operator', async () => {
    await forgetSession();
    await signInToPortal(ACCOUNT, DEMO_PASSWORD);
    await waitForPortalRoute('#/');
    await openSetUp();
    await screenshots('mfa-setup', async () => {
      await waitForPortalRoute('#/');
      await openSetUp();
    });
    expect(await blockingViolations()).toEqual([]);
    const secret = (await byTestId(twoFactorIds.secret).getText()).replace(/\s/g, '');
    await byTestId(twoFactorIds.code).setValue(totpCode(secret, Date.now()));
    await byTestId(twoFactorIds.confirm).click();
    await expect(byTestId(twoFactorIds.status)).toHaveText(
      expect.stringContaining('Two-factor sign-in is on since'),
    );

    // Signing in again: the password, then the code.
    await forgetSession();
    await browser.url('/');
    await waitForLoginArea();
    await loginPage.signIn(ACCOUNT, DEMO_PASSWORD);
    await byTestId(loginIds.code).waitForDisplayed({ timeoutMsg: 'The code step did not show.' });
    expect(await blockingViolations()).toEqual([]);
    await screenshots('mfa-code-step', async () => {
      await loginPage.signIn(ACCOUNT, DEMO_PASSWORD);
      await byTestId(loginIds.code).waitForDisplayed();
    });
    await byTestId(loginIds.code).setValue(totpCode(secret, Date.now() + 30_000));
    await byTestId(loginIds.codeSubmit).click();
    await browser.waitUntil(async () => (await browser.getUrl()).includes('/#/'), {
      timeoutMsg: 'The code step did not sign in.',
    });

    // The operator's reset: the account then signs in with the password alone.
    await forgetSession();
    await providerLoginPage.open();
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);
    await providerShell.waitForTenants(['acme']);
    await providerShell.tenantsTable.$('a=acme').click();
    await byTestId(`${providerPageIds.tenantTab}-users`).click();
    const state = byTestId(`${providerPageIds.tenantMfaState}-${ACCOUNT}`);
    await expect(state).toHaveText(expect.stringContaining('On since'));
    await byTestId(`${providerPageIds.tenantDisableMfa}-${ACCOUNT}`).click();
    await screenshots('mfa-console-confirm', async () => {
      await byTestId(`${providerPageIds.tenantTab}-users`).click();
      await byTestId(`${providerPageIds.tenantDisableMfa}-${ACCOUNT}`).click();
    });
    expect(await blockingViolations()).toEqual([]);
    await byTestId(`${providerPageIds.tenantDisableMfa}-confirm`).click();
    await expect(state).toHaveText('Off');

    await forgetSession();
    await signInToPortal(ACCOUNT, DEMO_PASSWORD);
    await waitForPortalRoute('#/');
  });
});
