import { $, browser, expect } from '@wdio/globals';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { logsPage } from '../pageobjects/LogsPage';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, testIdSelector } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

const query = async () => new URL((await browser.getUrl()).replace('#', '')).searchParams;

/** The exact count shows (the histogram's request answered). */
const waitForCount = () =>
  browser.waitUntil(async () => /^[\d,]+ events?$/.test(await logsPage.rowCount.getText()), {
    timeout: 30_000,
    timeoutMsg: 'The exact count did not show.',
  });

/** Wide and 800 px screenshots of the page as it is (LOGS_SCREENSHOTS=1 only: they cost time). */
async function shots(name: string): Promise<void> {
  if (!process.env.LOGS_SCREENSHOTS) return;
  await waitForCount();
  await browser.saveScreenshot(`/tmp/explorer-${name}-wide.png`);
  await browser.setWindowSize(800, 1000);
  await logsPage.page.waitForDisplayed();
  await browser.saveScreenshot(`/tmp/explorer-${name}-800.png`);
  await browser.setWindowSize(1400, 1000);
}

describe('Logs explorer: histogram and field sidebar (issue 15)', () => {
  it('a drag on the histogram narrows the range; a field-sidebar value filters', async () => {
    await browser.setWindowSize(1400, 1000);
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/logs/web?interval=7d');
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();

    // The histogram draws; a drag across its middle writes an absolute from/to inside the interval.
    const canvas = $(`${testIdSelector(logsExplorerIds.histogram)} canvas`);
    await canvas.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'The histogram did not draw.' });
    await waitForCount();
    const { width } = await canvas.getSize();
    // A drag made while the chart is still setting up (first draw, its animation, a redraw as the
    // page settles) may not take: drag again until it does.
    await browser.waitUntil(
      async () => {
        await browser
          .action('pointer')
          .move({ origin: canvas, x: -Math.floor(width * 0.2), y: 10 })
          .down()
          .move({ origin: canvas, x: Math.floor(width * 0.1), y: 10, duration: 300 })
          .up()
          .perform();
        return browser
          .waitUntil(async () => (await query()).has('from'), { timeout: 3000 })
          .catch(() => false);
      },
      { timeout: 30_000, interval: 500, timeoutMsg: 'The drag did not reach the URL.' },
    );
    const params = await query();
    const [from, to] = [Number(params.get('from')), Number(params.get('to'))];
    const now = Date.now() / 1000;
    expect(to - from).toBeGreaterThan(3600);
    expect(to - from).toBeLessThan(7 * 86400 * 0.5);
    expect(from).toBeGreaterThan(now - 7 * 86400 - 60);
    await expect(byTestId(logsExplorerIds.timeRange)).toBeDisplayed();
    await shots('light');

    // The sidebar (open on a wide window): the action field's top values; a click filters in.
    await byTestId(`${logsExplorerIds.sidebarField}-action`).click();
    const block = byTestId(`${logsExplorerIds.sidebarValue}-action-block`);
    await block.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'The top values of Action did not show.' });
    await expect(block).toHaveText(expect.stringMatching(/Block[\s\S]*%/));
    expect(await blockingViolations()).toEqual([]);
    await block.click();
    await browser.waitUntil(async () => (await query()).get('action') === 'block', {
      timeoutMsg: 'The sidebar value did not filter.',
    });
    // The grid reloads with the filter: its first rows become the blocked ones.
    await browser.waitUntil(
      async () =>
        (await logsPage.firstRows(5, ['event_time', 'action'])).every((r) => r.cells.action === 'Block'),
      { timeout: 30_000, timeoutMsg: 'The rows did not follow the sidebar filter.' },
    );
    // The range of the drag stays.
    expect((await query()).get('from')).toBe(String(from));

    if (process.env.LOGS_SCREENSHOTS) {
      await shell.chooseTheme('dark');
      await canvas.waitForDisplayed();
      expect(await blockingViolations()).toEqual([]);
      await shots('dark');
      await shell.chooseTheme('system');
    }
  });
});
