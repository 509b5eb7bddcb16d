import { browser, expect } from '@wdio/globals';
import { PROVIDER_PATHS } from '@workbench/common/api/contract/provider';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { DEMO_PASSWORD } from '../support/testEnv';
import { dashboardIds, providerPageIds } from '@workbench/common/test-ids/index';
import { byTestId } from '../pageobjects/testId';
import { drawnCanvas } from '../pageobjects/charts';

/** The HTTP status of a GET from the page, with the page's cookies. */
const fetchStatus = async (path: string): Promise<number> =>
  browser.execute(async (url: string) => (await fetch(url, { credentials: 'same-origin' })).status, path);

describe('Provider console', () => {
  beforeEach(async () => {
    await forgetSession();
  });

  it('the operator signs in at /provider/ and sees the tenants list with acme and globex', async () => {
    await providerLoginPage.open();
    await expect(providerLoginPage.heading).toHaveText('Provider Console');
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);

    await providerShell.waitForDisplayed();
    await providerShell.waitForTenants(['acme', 'globex']);

    // A provider session is no tenant session.
    expect(await fetchStatus('/api/userinfo')).toBe(401);

    await providerShell.signOut();
    await providerLoginPage.waitForDisplayed();
    expect(await fetchStatus(PROVIDER_PATHS.me)).toBe(401);
  });

  it("support opens a tenant's report dashboards read-only and finds no control that writes", async () => {
    await providerLoginPage.open();
    await providerLoginPage.signIn('support@provider.example', DEMO_PASSWORD);
    await providerShell.waitForDisplayed();
    await providerShell.waitForTenants(['acme', 'globex']);
    await providerShell.openTenantReports('acme');
    await expect(providerShell.pageTitle).toHaveText('Reports: acme');

    // The tenant's demo events are drawn: the chart's canvas shows.
    const chart = byTestId(`${dashboardIds.chart}-top_domains`);
    await drawnCanvas(chart, "acme's top domains chart did not draw.");

    // Tabs, interval, filters, Compare, table views and CSV: nothing that writes.
    const page = byTestId(providerPageIds.tenantReports);
    const labels: string[] = [];
    for (const button of await page.$$('button, [role="button"]'))
      labels.push(((await button.getAttribute('aria-label')) ?? (await button.getText())).trim());
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.filter((l) => /save|delete|add|edit|create|run|schedule|publish/i.test(l))).toEqual([]);

    // No drill-down into the tenant's logs: a click on the chart stays on the page.
    const url = await browser.getUrl();
    await chart.click();
    await expect(byTestId(providerPageIds.tenantReports)).toBeDisplayed();
    expect(await browser.getUrl()).toBe(url);
  });

  it('a tenant session cannot call provider APIs', async () => {
    await signInToPortal('admin@acme.example', DEMO_PASSWORD);
    await waitForPortalRoute('#/dashboard');

    expect(await fetchStatus(PROVIDER_PATHS.me)).toBe(401);
    expect(await fetchStatus(PROVIDER_PATHS.tenants)).toBe(401);
  });
});
