import { browser, expect } from '@wdio/globals';
import { dashboardIds } from '@workbench/common/test-ids/index';
import { logsPage } from '../pageobjects/LogsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, testIdSelector } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';
import { drawnCanvas } from '../pageobjects/charts';

const TOP_DOMAINS = `${dashboardIds.chart}-top_domains`;

/** The first row of a panel's table view (the top group): its group as shown and its exact value. */
async function topRowOf(query: string): Promise<{ group: string; value: number }> {
  const read = () =>
    browser.execute(
      (panelSelector: string) => {
        const row = document.querySelector(`${panelSelector} .ag-row[row-index="0"]`);
        const text = (col: string) => (row?.querySelector(`[col-id="${col}"]`)?.textContent ?? '').trim();
        return { group: text('group'), value: text('value') };
      },
      testIdSelector(`${dashboardIds.panel}-${query}`),
    );
  await browser.waitUntil(async () => (await read()).value !== '', {
    timeoutMsg: `The ${query} table view did not show its rows.`,
  });
  const { group, value } = await read();
  return { group, value: Number(value.replace(/\D/g, '')) };
}

describe('Dashboard', () => {
  it('shows the demo data on a fresh start; a click on the top bar opens the logs filtered to that domain, as many events as the bar', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/dashboard?board=bandwidth');
    await waitForPortalRoute('#/dashboard');
    await byTestId(`${dashboardIds.chart}-bandwidth_usage_by_date`).waitForDisplayed({
      timeoutMsg: 'The bandwidth chart did not show.',
    });
    await byTestId(`${dashboardIds.tab}-web`).click();
    const chart = byTestId(TOP_DOMAINS);
    await chart.waitForDisplayed({ timeoutMsg: 'The top domains chart did not show.' });

    // The top bar's exact figure, from the panel's table view (its first row is the top bar).
    await byTestId(`${dashboardIds.tableToggle}-top_domains`).click();
    const top = await topRowOf('top_domains');
    await byTestId(`${dashboardIds.tableToggle}-top_domains`).click();
    await chart.waitForDisplayed({ timeoutMsg: 'The top domains chart did not come back.' });

    // The largest domain's bar is the top one: click into it near its left end (offsets are from
    // the canvas centre), where every bar is drawn; again until the bars have grown in (ECharts
    // animates them) and the click lands on one.
    const canvas = await drawnCanvas(chart, 'The top domains chart did not draw.');
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
    // The bar's dimension as a field filter (a free-text search also matched other fields and
    // domains, and counted more than the bar), over the dashboard's interval and end.
    expect(url.searchParams.get('domain')).toBe(top.group);
    expect(url.searchParams.get('search')).toBeNull();
    expect(url.searchParams.get('interval')).toBe('30d');
    expect(url.searchParams.get('to')).toMatch(/^\d+$/);

    await logsPage.waitForDisplayed();
    const rows = await logsPage.firstRows(5, ['domain']);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.cells.domain).toBe(top.group);
    // The explorer's exact count is the bar's.
    await browser.waitUntil(async () => /^[\d,]+ events?$/.test(await logsPage.rowCount.getText()), {
      timeoutMsg: 'The logs explorer did not show its exact count.',
    });
    expect(Number((await logsPage.rowCount.getText()).replace(/\D/g, ''))).toBe(top.value);
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

    const canvas = await drawnCanvas(averted, 'The risks averted chart did not draw.');
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
