import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { browser, expect } from '@wdio/globals';
import { logsIds, navItemId, noAccessIds } from '@workbench/common/test-ids/index';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { logsPage } from '../pageobjects/LogsPage';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD, DOWNLOAD_DIR } from '../support/testEnv';

const COLUMNS = ['event_time', 'userid', 'domain', 'action'] as const;
const DEEP_ROW = 350;

describe('Logs explorer', () => {
  it('filters web logs by action, pages deep, and a copied link shows the same rows in a new session', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/logs/web?interval=30d');
    await waitForPortalRoute('#/logs/web');
    // All demo events are stored before any spec runs (wdio.conf.ts onPrepare), so the rows of
    // this session and of the copied link's session come from the same store.
    await logsPage.waitForDisplayed();

    await logsPage.chooseFilter('action', 'Block');
    await browser.waitUntil(async () => (await browser.getUrl()).includes('action=block'), {
      timeoutMsg: 'The action filter did not reach the URL.',
    });
    // The URL moves before the filtered block arrives: the grid may still show the rows before
    // the filter until then, so wait for its first rows to be the filtered ones.
    let first = await logsPage.firstRows(5, COLUMNS);
    await browser.waitUntil(
      async () => {
        first = await logsPage.firstRows(5, COLUMNS);
        return first.every((row) => row.cells.action === 'Block');
      },
      { timeoutMsg: 'The grid did not show only blocked rows after the action filter.' },
    );
    for (const row of first) expect(row.cells.action).toBe('Block');
    expect(await blockingViolations()).toEqual([]);

    // The detail panel shows every field of the first event, coded values by label.
    await browser.execute((sel: string) => {
      (
        document.querySelector(`${sel} .ag-row[row-index="0"] [col-id="domain"]`) as HTMLElement | null
      )?.click();
    }, `[data-testid="${logsIds.grid}"]`);
    await logsPage.detail.waitForDisplayed({ timeoutMsg: 'The detail panel did not open.' });
    await expect(byTestId(`${logsIds.detailField}-action`)).toHaveText(expect.stringContaining('Block'));
    await expect(byTestId(`${logsIds.detailField}-domain`)).toHaveText(
      expect.stringContaining(first[0].cells.domain),
    );
    await byTestId(logsIds.detailClose).click();
    await logsPage.detail.waitForDisplayed({ reverse: true });

    // Page deep: scroll until rows past the third block of 100 hold data, all still blocked.
    const deep = await logsPage.scrollUntilRow(DEEP_ROW, COLUMNS);
    const deepRows = deep.filter((r) => r.index >= DEEP_ROW);
    expect(deepRows.length).toBeGreaterThan(0);
    for (const row of deepRows) expect(row.cells.action).toBe('Block');

    // Copy the link (it pins the range end of the rows shown).
    await browser.execute(() => {
      const w = window as unknown as { __copied?: string };
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (t: string) => void (w.__copied = t) },
        configurable: true,
      });
    });
    await byTestId(logsIds.copyLink).click();
    let link = '';
    await browser.waitUntil(async () => {
      link = await browser.execute(() => (window as unknown as { __copied?: string }).__copied ?? '');
      return link !== '';
    });
    expect(link).toContain('action=block');
    expect(link).toContain('to=');

    // A new session: no cookies, sign in again through the deep link.
    await forgetSession();
    const url = new URL(link);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, `/${url.hash}`);
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();
    expect(await browser.getUrl()).toContain('action=block');
    const again = await logsPage.firstRows(5, COLUMNS);
    expect(again).toEqual(first);
  });

  it('Export downloads the filtered result as one CSV file through the shared client', async () => {
    rmSync(DOWNLOAD_DIR, { recursive: true, force: true });
    mkdirSync(DOWNLOAD_DIR, { recursive: true });
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/logs/web?interval=24h&action=block');
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();
    await byTestId(logsIds.exportButton).click();
    // The export dialog: every column, as codes, CSV.
    const dialog = byTestId(logsExplorerIds.exportDialog);
    await dialog.$('input[value="all"]').click();
    await dialog.$('input[value="codes"]').click();
    await byTestId(logsExplorerIds.exportConfirm).click();
    const file = path.join(DOWNLOAD_DIR, `web-logs-${new Date().toISOString().slice(0, 10)}.csv`);
    await browser.waitUntil(async () => existsSync(file), { timeoutMsg: `No ${file} was downloaded.` });
    // The button comes back once the file is saved.
    await byTestId(logsIds.exportButton).waitForDisplayed();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toContain('action');
    expect(lines.length - 1).toBeGreaterThan(0);
    const action = lines[0].split(',').indexOf('action');
    for (const line of lines.slice(1, 50)) expect(line.split(',')[action]).toMatch(/^"?(block|Block)"?$/);
  });

  it('the auditor, without logs:dlp, has no DLP logs item and the direct URL shows no DLP grid but says the role does not give access', async () => {
    await forgetSession();
    await signInToPortal('auditor@acme.example', DEMO_PASSWORD, '/#/logs/dlp?interval=7d');
    await shell.waitForPage('No access');
    await expect(byTestId(noAccessIds.text)).toHaveText(
      expect.stringContaining('does not give access to DLP Logs.'),
    );
    await expect(byTestId(logsIds.grid)).not.toBeExisting();
    await expect(byTestId(navItemId('logs-web'))).toBeExisting();
    await expect(byTestId(navItemId('logs-dlp'))).not.toBeExisting();
    expect(await blockingViolations()).toEqual([]);
  });
});
