import { browser, expect } from '@wdio/globals';
import { providerIds } from '@workbench/common/test-ids/index';
import { providerAnalyticsIds as ids } from '@workbench/common/test-ids/providerAnalyticsIds';
import { providerShell, signInToConsole } from '../pageobjects/ProviderShell';
import { byTestId } from '../pageobjects/testId';
import { drawnCanvas } from '../pageobjects/charts';

describe("Provider console: analytics and a tenant's insights (support, read-only)", () => {
  it('support sees the analytics summaries drawn as charts', async () => {
    await signInToConsole('support@provider.example');
    await providerShell.navItem('analytics').click();
    await byTestId(ids.page).waitForDisplayed({ timeoutMsg: 'The Analytics page did not show.' });
    await expect(byTestId(`${ids.figure}-events`)).toBeDisplayed();
    await drawnCanvas(byTestId(`${ids.chart}-by_day`), 'The events per day chart did not draw.');
    await drawnCanvas(byTestId(`${ids.chart}-tenants`), 'The events per tenant chart did not draw.');
  });

  it("support opens a tenant's insights read-only: searches, sees the tops drawn, finds no control that writes", async () => {
    await signInToConsole('support@provider.example');
    await providerShell.waitForTenants(['acme']);
    await providerShell.openTenantReports('acme');
    const link = byTestId(providerIds.pageTitle).parentElement().$('a=Insights');
    await link.waitForClickable({ timeoutMsg: "acme's reports have no Insights link." });
    await link.click();
    const page = byTestId(ids.insights);
    await page.waitForDisplayed({
      timeoutMsg: `The insights of acme did not show (at ${await browser.getUrl()}).`,
    });
    await expect(byTestId(providerIds.pageTitle)).toHaveText('Insights: acme');
    await expect(page.$('span=Read-only')).toBeDisplayed();

    await byTestId(ids.insightsSearch).setValue('acme.example');
    await browser.keys('Enter');
    const total = byTestId(ids.insightsTotal);
    await total.waitForDisplayed({ timeoutMsg: 'The insights total did not show.' });
    await expect(total).toHaveText(expect.stringContaining('Events matching "acme.example"'));
    await drawnCanvas(byTestId(`${ids.insightsChart}-userid`), "acme's top users chart did not draw.");

    const labels: string[] = [];
    for (const button of await page.$$('button, [role="button"], [role="combobox"]'))
      labels.push(((await button.getAttribute('aria-label')) ?? (await button.getText())).trim());
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.filter((l) => /save|delete|add|edit|create|run|schedule|publish/i.test(l))).toEqual([]);
  });
});
