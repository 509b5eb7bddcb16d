import { browser, expect } from '@wdio/globals';
import { dashboardIds } from '@workbench/common/test-ids/index';
import { logsPage } from '../pageobjects/LogsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';

const TOP_DOMAINS = `${dashboardIds.chart}-top_domains`;

describe('Dashboard', () => {
  it('shows the demo data on a fresh start; a click on the top bar opens the logs narrowed to that domain', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/dashboard?board=bandwidth');
    await waitForPortalRoute('#/dashboard');
    await byTestId(`${dashboardIds.chart}-bandwidth_usage_by_date`).waitForDisplayed({
      timeoutMsg: 'The bandwidth chart did not show.',
    });
    await byTestId(`${dashboardIds.tab}-web`).click();
    const chart = byTestId(TOP_DOMAINS);
    await chart.waitForDisplayed({ timeoutMsg: 'The top domains chart did not show.' });

    // The largest domain's bar is the top one: click into it near its left end (offsets are from
    // the canvas centre), where every bar is drawn; again until the bars have grown in (ECharts
    // animates them) and the click lands on one.
    const canvas = chart.$('canvas');
    await canvas.waitForDisplayed();
    const size = await canvas.getSize();
    await browser.waitUntil(
      async () => {
        if ((await browser.getUrl()).includes('#/logs/web')) return true;
        await canvas.click({ x: Math.round(-size.width / 2 + 30), y: Math.round(-size.height / 2 + 20) });
        return (await browser.getUrl()).includes('#/logs/web');
      },
      { timeoutMsg: 'A click on the top bar did not open the logs explorer.' },
    );
    await waitForPortalRoute('#/logs/web');
    const url = new URL((await browser.getUrl()).replace('#/', ''));
    const domain = url.searchParams.get('search');
    expect(domain).toMatch(/\./);
    expect(url.searchParams.get('interval')).toBe('30d');
    expect(url.searchParams.get('to')).toMatch(/^\d+$/);

    await logsPage.waitForDisplayed();
    const rows = await logsPage.firstRows(5, ['domain']);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.cells.domain).toContain(domain as string);
  });

  it("keeps the page's filters and Compare in the URL; a drill-down carries the panel's and the page's filters", async () => {
    await browser.url('/#/dashboard?board=risk&pe_action=block');
    await waitForPortalRoute('#/dashboard');
    const averted = byTestId(`${dashboardIds.chart}-risks_averted`);
    await averted.waitForDisplayed({ timeoutMsg: 'The risks averted chart did not show.' });
    // The risky-users query takes no action filter, and says so.
    await expect(byTestId(`${dashboardIds.unfiltered}-top_risk_users`)).toHaveText('Not filtered by Action');

    await byTestId(dashboardIds.compare).click();
    await browser.waitUntil(async () => (await browser.getUrl()).includes('compare=1'), {
      timeoutMsg: 'Compare did not reach the URL.',
    });
    await averted.waitForDisplayed();

    const canvas = averted.$('canvas');
    await canvas.waitForDisplayed();
    const size = await canvas.getSize();
    await browser.waitUntil(
      async () => {
        if ((await browser.getUrl()).includes('#/logs/web')) return true;
        await canvas.click({ x: Math.round(-size.width / 2 + 30), y: Math.round(-size.height / 2 + 40) });
        return (await browser.getUrl()).includes('#/logs/web');
      },
      { timeoutMsg: 'A click on the top bar of risks averted did not open the logs explorer.' },
    );
    await waitForPortalRoute('#/logs/web');
    const url = new URL((await browser.getUrl()).replace('#/', ''));
    // Averted risks are blocked or isolated; the page asked for Block: only block.
    expect(url.searchParams.get('action')).toBe('block');
    expect(url.searchParams.get('threat_class')).toMatch(/\w/);
    await logsPage.waitForDisplayed();
    const rows = await logsPage.firstRows(5, ['action']);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.cells.action).toBe('Block');
  });
});
