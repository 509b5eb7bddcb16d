import { browser, expect } from '@wdio/globals';
import { loginPage } from '../pageobjects/LoginPage';
import { logoutPage } from '../pageobjects/LogoutPage';
import { policyPage } from '../pageobjects/PolicyPage';
import { logsPage } from '../pageobjects/LogsPage';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForLoginArea, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { EntityPage } from '../pageobjects/EntityPage';
import { byTestId } from '../pageobjects/testId';
import { dashboardIds, shellIds } from '@workbench/common/test-ids/index';
import { DEMO_PASSWORD } from '../support/testEnv';

const skus = new EntityPage('skus');

/**
 * axe-core where the sweep (support/sweep.ts) does not look: the sign-in and signed-out pages, a theme
 * chosen in the user menu (the sweep turns the system's scheme), the folded navigation at 800 px,
 * and dialogs opened on a page. Every route as each account, in both themes, is the sweep's: the
 * dashboard, the 404 page and the console's tenants page had tests here too, the same checks again.
 */
describe('Accessibility (axe-core): no serious or critical violations', () => {
  it('on the login page', async () => {
    await forgetSession();
    await browser.url('/');
    await waitForLoginArea();
    await loginPage.waitForDisplayed();
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

  it('in dark mode: the dashboard, the web logs and the provider console’s tenants page', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD);
    await waitForPortalRoute('#/dashboard');
    await shell.waitForRevisionState();
    await shell.chooseTheme('dark');
    await byTestId(`${dashboardIds.chart}-top_domains`).waitForDisplayed({ timeoutMsg: 'No chart showed.' });
    expect(await blockingViolations()).toEqual([]);

    await browser.url('/#/logs/web');
    await logsPage.waitForDisplayed();
    await logsPage.firstRows(5, ['domain']);
    expect(await blockingViolations()).toEqual([]);

    // The choice is the browser's: the provider console (same origin) opens dark too.
    await providerLoginPage.open();
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);
    await providerShell.waitForTenants(['acme', 'globex']);
    expect(await browser.execute(() => document.documentElement.dataset.agThemeMode)).toBe('dark');
    expect(await blockingViolations()).toEqual([]);
    await browser.execute(() => window.localStorage.clear());
  });

  it('at 800 px: the navigation folds into the menu button, which opens it and closes on a choice', async () => {
    await browser.setWindowSize(800, 900);
    try {
      await forgetSession();
      await signInToPortal('admin@acme.example', DEMO_PASSWORD);
      await waitForPortalRoute('#/dashboard');
      await shell.waitForRevisionState();
      const toggle = byTestId(shellIds.navToggle);
      await toggle.waitForDisplayed({ timeoutMsg: 'No menu button at 800 px.' });
      await expect(shell.navItem('logs')).not.toBeDisplayed();
      await toggle.click();
      await shell.navItem('logs').waitForClickable();
      expect(await blockingViolations()).toEqual([]);
      await shell.navItem('logs').click();
      await waitForPortalRoute('#/logs/web');
      await shell.navItem('logs').waitForDisplayed({ reverse: true });
      expect(await blockingViolations()).toEqual([]);
    } finally {
      await browser.setWindowSize(1400, 900);
    }
  });

  it('on the provider console’s SKUs page and its form', async () => {
    await forgetSession();
    await providerLoginPage.open();
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);
    await providerShell.waitForDisplayed();
    await providerShell.navItem('skus').click();
    await skus.waitForRow('ISO-CORE');
    expect(await blockingViolations()).toEqual([]);
    await skus.addButton.click();
    await skus.formDialog.waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);
  });
});
