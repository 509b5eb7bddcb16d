import { browser, expect } from '@wdio/globals';
import { logsIds } from '@workbench/common/test-ids/index';
import { logsPage, type GridRow } from '../pageobjects/LogsPage';
import { signInToPortal, waitForPortalRoute, forgetSession } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { screenshots } from '../support/theme';

const COLUMNS = ['event_time', 'userid', 'domain', 'action', 'risk'] as const;

/** Types a query in the search box and presses Enter. */
async function typeQuery(text: string): Promise<void> {
  const box = byTestId(logsIds.search);
  await box.click();
  await browser.keys(['Control', 'a']);
  await browser.keys('Backspace');
  await box.setValue(text);
  await browser.keys('Escape'); // closes the suggestions, so Enter applies the text
  await browser.keys('Enter');
}

describe('Logs explorer: the typed query', () => {
  it('a syntax error shows under the box; the corrected query gives the rows of the same chips', async () => {
    await forgetSession();
    // The range end is pinned, so the live demo events arriving meanwhile change no row: two
    // minutes back, because a live event is stamped at its second but stored after it, later
    // still on a loaded machine (CI saw a row come in under the pin).
    const to = Math.floor(Date.now() / 1000) - 120;
    const base = `/#/logs/web?interval=30d&to=${to}`;
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, base);
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();

    // The chips: Action → Block.
    await logsPage.chooseFilter('action', 'Block');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('action=block'));
    // The URL changes before the filtered block arrives: until then the grid still shows the
    // unfiltered rows (CI once took those as the chips' rows, which no query could give again).
    let viaChips: GridRow[] = [];
    await browser.waitUntil(
      async () => {
        viaChips = await logsPage.firstRows(5, COLUMNS);
        return viaChips.every((r) => r.cells.action === 'Block');
      },
      { timeoutMsg: 'The chips did not narrow the rows to Block.' },
    );
    await expect(byTestId(logsIds.search)).toHaveValue('action:block');

    // A fresh view, then a typed query with an error: shown with its position, nothing changes.
    await browser.url(base);
    await logsPage.waitForDisplayed();
    await typeQuery('action:Block AND');
    await expect(byTestId(logsIds.queryError)).toHaveText('AND needs a term after it. (at character 14)');
    expect(await browser.getUrl()).not.toContain('action=');
    expect(await blockingViolations()).toEqual([]);

    // Corrected: the same rows as the chips, and the chip shows it.
    await typeQuery('action:Block');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('action=block'));
    expect(await byTestId(logsIds.queryError).isExisting()).toBe(false);
    const same = async () =>
      JSON.stringify(await logsPage.firstRows(5, COLUMNS)) === JSON.stringify(viaChips);
    await browser.waitUntil(same, { timeoutMsg: 'The typed query did not give the rows of the chips.' });

    // What chips cannot say goes to the server as q: no Low-risk row is left.
    await typeQuery('action:block AND NOT risk:Low');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('q=NOT'));
    await browser.waitUntil(
      async () =>
        (await logsPage.firstRows(5, COLUMNS)).every(
          (r) => r.cells.action === 'Block' && r.cells.risk !== 'Low',
        ),
      { timeoutMsg: 'A Low-risk row (or another action) is still shown.' },
    );
    await screenshots('query-toolbar', () => logsPage.waitForDisplayed());
  });
});
