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
});
