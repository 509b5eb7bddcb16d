import { $, browser, expect } from '@wdio/globals';
import { logsIds } from '@workbench/common/test-ids/index';
import { logsPage } from '../pageobjects/LogsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, testIdSelector } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

/** The query of the current hash route. */
async function hashQuery(): Promise<URLSearchParams> {
  const url = new URL(await browser.getUrl());
  return new URLSearchParams(url.hash.split('?')[1] ?? '');
}

describe('Logs explorer: columns and time order', () => {
  // One sign-in for the three tests (mocha's `before` has no type in the root typecheck).
  let opened = false;
  beforeEach(async () => {
    if (opened) return;
    opened = true;
    await forgetSession();
    await signInToPortal(
      'admin@acme.example',
      DEMO_PASSWORD,
      '/#/logs/web?interval=180d&columns=userid,domain,action',
    );
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();
    await logsPage.firstRows(3, ['event_time', 'userid']);
  });

  it('the Columns dialog reorders by dragging a row: the grid shows the new order and the URL carries it', async () => {
    expect(await logsPage.headerColumns()).toEqual(['event_time', 'userid', 'domain', 'action']);
    await logsPage.openColumns();
    expect((await logsPage.columnsListed()).slice(0, 3)).toEqual(['userid', 'domain', 'action']);
    expect(await blockingViolations()).toEqual([]);

    // Drag Action (third) onto User (first).
    await logsPage.dragColumn('action', 'userid');
    await browser.waitUntil(async () => (await logsPage.columnsListed())[0] === 'action', {
      timeoutMsg: `Dragging did not move Action to the top: ${(await logsPage.columnsListed()).slice(0, 4).join(', ')}.`,
    });
    expect((await logsPage.columnsListed()).slice(0, 3)).toEqual(['action', 'userid', 'domain']);

    await byTestId(logsIds.columnsApply).click();
    await logsPage.columnsDialog.waitForDisplayed({ reverse: true });
    await browser.waitUntil(async () => (await hashQuery()).get('columns') === 'action,userid,domain', {
      timeoutMsg: 'The URL did not carry the new column order.',
    });
    await browser.waitUntil(
      async () => (await logsPage.headerColumns()).join() === 'event_time,action,userid,domain',
      { timeoutMsg: `The grid did not take the new order: ${(await logsPage.headerColumns()).join(', ')}.` },
    );
  });

  it("the Columns dialog's table keeps its header in sight while its long list scrolls", async () => {
    await logsPage.openColumns();
    const dialog = testIdSelector(logsIds.columnsDialog);
    const scrollToEnd = () =>
      browser.execute((sel: string) => {
        const content = document.querySelector<HTMLElement>(`${sel} .MuiDialogContent-root`);
        const header = document.querySelector<HTMLElement>(`${sel} .ag-header`);
        if (!content || !header) throw new Error('No dialog content or table header.');
        const scrollable = content.scrollHeight - content.clientHeight;
        content.scrollTop = content.scrollHeight;
        const c = content.getBoundingClientRect();
        const h = header.getBoundingClientRect();
        return {
          scrollable,
          scrollTop: content.scrollTop,
          contentTop: c.top,
          headerTop: h.top,
          headerBottom: h.bottom,
        };
      }, dialog);
    try {
      // The table decides on sticky after its layout settles (the next frame after the dialog's
      // grid sized its columns); on a busy machine that is a while after the rows show, so the
      // check waits for the header to be in sight rather than reading the first frame.
      let result = await scrollToEnd();
      await browser
        .waitUntil(
          async () => {
            result = await scrollToEnd();
            return result.headerTop >= result.contentTop - 1;
          },
          { timeout: 10_000, interval: 100 },
        )
        .catch(() => undefined); // the assertions below say what was seen
      // The list is longer than the dialog, so it really scrolled.
      expect(result.scrollable).toBeGreaterThan(100);
      expect(result.scrollTop).toBeGreaterThan(100);
      // The header stays at the top of the scrolled area, visible.
      expect(result.headerTop).toBeGreaterThanOrEqual(result.contentTop - 1);
      expect(result.headerBottom).toBeLessThan(result.contentTop + 100);
    } finally {
      // Close the dialog whatever happened, so the next test starts on the page itself.
      await byTestId(logsIds.columnsCancel).click();
      await logsPage.columnsDialog.waitForDisplayed({ reverse: true });
    }
  });

  it('a header sorts by its column (Domain A→Z), the Time header newest ⇄ oldest first; the URL carries it', async () => {
    const newest = await logsPage.firstRows(3, ['event_time']);
    const headerText = (colId: string) =>
      $(`${testIdSelector(logsIds.grid)} .ag-header-cell[col-id="${colId}"] .ag-header-cell-text`);
    // Domain sorts on the server (keyset paging per sort key): A→Z.
    await headerText('domain').click();
    await browser.waitUntil(async () => (await hashQuery()).get('sort') === 'domain:asc', {
      timeoutMsg: 'The Domain header did not put sort=domain:asc in the URL.',
    });
    await browser.waitUntil(
      async () => {
        const domains = (await logsPage.firstRows(5, ['domain'])).map((r) => r.cells.domain);
        return domains.every((d, i) => i === 0 || domains[i - 1] <= d) && domains[0] !== undefined;
      },
      { timeoutMsg: 'The rows were not sorted by domain.' },
    );
    // Time again: newest first, then oldest first.
    await headerText('event_time').click();
    await browser.waitUntil(async () => (await hashQuery()).get('sort') === 'event_time:desc', {
      timeoutMsg: 'The Time header did not put sort=event_time:desc in the URL.',
    });
    await headerText('event_time').click();
    await browser.waitUntil(async () => (await hashQuery()).get('sort') === 'event_time:asc', {
      timeoutMsg: 'The Time header did not put sort=event_time:asc in the URL.',
    });
    let oldest: Awaited<ReturnType<typeof logsPage.firstRows>> = [];
    await browser.waitUntil(
      async () => {
        oldest = await logsPage.firstRows(3, ['event_time']);
        return oldest[0].cells.event_time !== newest[0].cells.event_time;
      },
      { timeoutMsg: 'The rows did not change to oldest first.' },
    );
    // Oldest first: the first rows' times do not decrease (the cells show toLocaleString()).
    const shown = (await logsPage.firstRows(3, ['event_time'])).map((r) => r.cells.event_time);
    const stamps = await browser.execute((texts: string[]) => texts.map((t) => Date.parse(t)), shown);
    expect(stamps.every((t) => Number.isFinite(t))).toBe(true);
    expect(stamps).toEqual([...stamps].sort((x, y) => x - y));
    // Reload the link: the same order. The time range is relative to now, so on a slow machine
    // its oldest events may have slid out meanwhile: the first row is no older than before and
    // older than the newest, and the rows still rise.
    await browser.refresh();
    await logsPage.waitForDisplayed();
    const again = (await logsPage.firstRows(3, ['event_time'])).map((r) => r.cells.event_time);
    const [againStamps, [oldestStamp, newestStamp]] = await browser.execute(
      (texts: string[], bounds: string[]) => [
        texts.map((t) => Date.parse(t)),
        bounds.map((t) => Date.parse(t)),
      ],
      again,
      [oldest[0].cells.event_time, newest[0].cells.event_time],
    );
    expect(againStamps).toEqual([...againStamps].sort((x, y) => x - y));
    expect(againStamps[0]).toBeGreaterThanOrEqual(oldestStamp);
    expect(againStamps[0]).toBeLessThan(newestStamp);
    await expect($(`${testIdSelector(logsIds.grid)} .ag-header-cell[col-id="event_time"]`)).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });
});
