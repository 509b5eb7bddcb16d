import { browser, expect } from '@wdio/globals';
import { loginPage } from '../pageobjects/LoginPage';
import { logoutPage } from '../pageobjects/LogoutPage';
import { policyPage } from '../pageobjects/PolicyPage';
import { notFoundPage } from '../pageobjects/NotFoundPage';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForLoginArea, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

describe('Accessibility (axe-core): no serious or critical violations', () => {
  it('on the login page', async () => {
    await forgetSession();
    await browser.url('/');
    await waitForLoginArea();
    await loginPage.waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);
  });

  it('on the dashboard', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD);
    await waitForPortalRoute('#/dashboard');
    await shell.waitForPage('Dashboard');
    await shell.waitForRevisionState();
    expect(await blockingViolations()).toEqual([]);
  });

  it('on the 404 page', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD);
    await waitForPortalRoute('#/dashboard');
    await browser.url('/#/no-such-area');
    await notFoundPage.waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);
  });

  it('on the policy page with its note editor, and on the signed-out page', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy');
    await waitForPortalRoute('#/policy');
    await policyPage.waitForDisplayed();
    await shell.waitForRevisionState();
    expect(await blockingViolations()).toEqual([]);

    await shell.signOut();
    await logoutPage.waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);
  });

  it('on the provider console’s tenants page', async () => {
    await forgetSession();
    await providerLoginPage.open();
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);
    await providerShell.waitForTenants(['acme', 'globex']);
    expect(await blockingViolations()).toEqual([]);
  });
});
