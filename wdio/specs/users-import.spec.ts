import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { browser, expect } from '@wdio/globals';
import { captureDownloads, capturedDownloads, inOrder, usersPage } from '../pageobjects/UsersPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { shellIds } from '@workbench/common/test-ids/index';
import { usersIds } from '@workbench/common/test-ids/usersIds';

const ROWS = 1000;
const run = Date.now().toString(36);
const username = (i: number) => `imp${i}-${run}@import.example`;

/** A seeded acme end user (server/src/udb/seedEndUsers.ts: the first demo user). */
const EXISTING = 'amelia.andersen@acme.example';

/**
 * Row index (0-based) → what is wrong with it that the wizard finds before Next (the user
 * database's row rule, checked in the browser as on the server): the user fixes these in the file.
 */
const CHECKED: Record<number, Partial<Record<string, string>>> = {
  17: { username: `bad name${run}@import.example` },
  160: { email: 'not-an-address' },
  333: { status: 'retired' },
  500: { username: '' },
  998: { username: `no-at-sign-${run}` },
};
/** A name with a line break (the server refuses line breaks in names): also found before Next. */
const TWO_LINES = (i: number) => i % 250 === 7;

/** Row index → what only the server knows is wrong: refused at the dry run and the save. */
const BAD: Record<number, { cells: Partial<Record<string, string>>; why: RegExp }> = {
  499: { cells: { username: EXISTING }, why: /already exists/ },
  777: { cells: { username: username(776) }, why: /more than once/ },
};

/** The import file; `fixed`: with the rows the wizard found fixed. */
function buildCsv(fixed: boolean): { file: string; rows: Record<string, string>[] } {
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < ROWS; i += 1) {
    rows.push({
      username: username(i),
      first_name: `Imported${i}`,
      // Quoted fields with a comma and a line break must survive the CSV parser.
      last_name: i % 100 === 3 ? `O'Neil, Jr` : TWO_LINES(i) && !fixed ? 'Two\nLines' : `Row${i}`,
      email: `imp${i}@mail.example`,
      groups: i % 2 ? 'imported|even' : 'imported',
      status: i % 10 === 9 ? 'disabled' : 'active',
      ...(fixed ? {} : CHECKED[i]),
      ...BAD[i]?.cells,
    });
  }
  const csv = Papa.unparse(rows, {
    columns: ['username', 'first_name', 'last_name', 'email', 'groups', 'status'],
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wdio-users-')), 'users.csv');
  fs.writeFileSync(file, csv);
  return { file, rows };
}

describe('Importing users through the wizard', () => {
  it('imports a 1,000-row CSV: rows the user database refuses are found before Next; the server refuses only what it alone knows, and the users appear in the table', async () => {
    const unfixed = buildCsv(false);
    const { file, rows } = buildCsv(true);
    const checkedCount = Array.from({ length: ROWS }, (_, i) => i).filter(
      (i) => CHECKED[i] !== undefined || TWO_LINES(i),
    ).length;
    const badIndexes = Object.keys(BAD).map(Number);
    const good = ROWS - badIndexes.length;

    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/users');
    await waitForPortalRoute('#/settings/users');
    await usersPage.waitForDisplayed();
    await usersPage.cellWithText(EXISTING).waitForDisplayed({ timeoutMsg: 'The seeded users did not show.' });
    expect(await blockingViolations()).toEqual([]);

    await usersPage.importButton.click();
    await usersPage.wizard.waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);
    // The file with bad rows: each is named in the preview and Next stays disabled.
    await usersPage.chooseFile(unfixed.file);
    await usersPage.preview.waitForDisplayed({ timeout: 30000, timeoutMsg: 'The preview did not show.' });
    await expect(usersPage.preview).toHaveText(
      expect.stringContaining(
        `${ROWS.toLocaleString('en-US')} rows, ${checkedCount} with problems: fix the file or delete those rows.`,
      ),
    );
    await expect(usersPage.next).toBeDisabled();
    // The user fixes them in the file and chooses it again.
    await usersPage.chooseFile(file);
    await usersPage.preview.waitForDisplayed({ timeout: 30000, timeoutMsg: 'The preview did not show.' });
    await browser.waitUntil(async () => !(await usersPage.preview.getText()).includes('with problems'), {
      timeout: 30000,
      timeoutMsg: 'The fixed file still shows problems.',
    });
    await expect(usersPage.preview).toHaveText(
      expect.stringContaining(`${ROWS.toLocaleString('en-US')} rows`),
    );
    await expect(usersPage.next).toBeEnabled();

    // Processing: the server's dry run says what would happen, writing nothing.
    await usersPage.next.click();
    await usersPage.dryRunReport.waitForDisplayed({ timeout: 60000 });
    await expect(usersPage.dryRunReport).toHaveText(
      expect.stringContaining(
        `${good} would be created, 0 would be changed, ${badIndexes.length} would be refused`,
      ),
    );

    await usersPage.next.click(); // → confirmation
    await usersPage.step('confirmation').waitForDisplayed();
    await expect(usersPage.step('confirmation')).toHaveText(
      expect.stringContaining(
        `Select Confirm to upload ${ROWS.toLocaleString('en-US')} rows now: ${good} will be created`,
      ),
    );
    await usersPage.next.click(); // Confirm → saving
    await usersPage
      .step('summary')
      .waitForDisplayed({ timeout: 120000, timeoutMsg: 'The import did not reach the summary.' });
    await expect(usersPage.summaryCreated).toHaveText(expect.stringContaining(String(good)));
    await expect(usersPage.summaryErrors).toHaveText(expect.stringContaining(String(badIndexes.length)));

    // With errors, the summary offers View Errors (no dialog opens by itself); open and close the
    // error dialog, then download the errors file.
    await expect(usersPage.errorDialog).not.toBeExisting();
    await usersPage.viewErrors.click();
    await usersPage.errorDialog.waitForDisplayed();
    await browser.keys('Escape');
    await usersPage.errorDialog.waitForDisplayed({ reverse: true });
    await captureDownloads();
    await usersPage.downloadErrors.click();
    await browser.waitUntil(async () => (await capturedDownloads()).length === 1, {
      timeoutMsg: 'No errors file was downloaded.',
    });
    const [download] = await capturedDownloads();
    expect(download.name).toMatch(/\.csv$/);
    const parsed = Papa.parse<Record<string, string>>(download.text, { header: true, skipEmptyLines: true });
    const reported = parsed.data.map((r) => ({
      username: r.$username,
      last_name: r.$last_name,
      reason: r.$reason,
    }));
    expect(reported).toHaveLength(badIndexes.length);
    expect(reported.map((r) => r.username).sort()).toEqual(badIndexes.map((i) => rows[i].username).sort());
    for (const i of badIndexes) {
      const line = reported.find((r) => r.username === rows[i].username && r.last_name === rows[i].last_name);
      expect(line?.reason).toMatch(BAD[i].why);
    }

    // The imported users are in the table.
    await usersPage.close.click();
    await usersPage.wizard.waitForDisplayed({ reverse: true });
    await usersPage.searchFor(`-${run}@import.example`);
    await usersPage.waitForTotal(good);
    await usersPage.searchFor(username(42));
    await usersPage.waitForTotal(1);
    await usersPage
      .cellWithText(username(42))
      .waitForDisplayed({ timeoutMsg: 'The imported user is not in the table.' });
  });

  it('a click on a column header sorts the users on the server, ascending then descending, and the header shows it', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/users');
    await waitForPortalRoute('#/settings/users');
    await usersPage.waitForDisplayed();
    await usersPage.cellWithText(EXISTING).waitForDisplayed({ timeoutMsg: 'The users did not show.' });
    expect(await usersPage.headerSort('username')).toBe('ascending');
    const total = await usersPage.total.getText();
    const before = await usersPage.columnTexts('last_name');
    // Sorted by username the last names are not in order: the click below has something to change.
    expect(inOrder(before, 'asc')).toBe(false);

    await usersPage.clickHeader('last_name');
    const ascending = await usersPage.waitForSortedBy('last_name', 'asc');
    expect(ascending).toHaveLength(before.length);
    expect(await usersPage.headerSort('username')).toBe('none');

    await usersPage.clickHeader('last_name');
    const descending = await usersPage.waitForSortedBy('last_name', 'desc');
    // The first page of the other direction: it starts where the whole list ends.
    expect(descending[0].toLowerCase() >= ascending[ascending.length - 1].toLowerCase()).toBe(true);
    expect(await usersPage.total.getText()).toBe(total);
  });

  // The DataTable's header is position: sticky below the fixed app bar (top from the
  // --workbench-sticky-top the shell measures; AG Grid's own scroll containers set to overflow:
  // clip so the page's scroll is the one it sticks to). See common/src/components/data-table.
  it('the table header stays in view below the app bar while a long user list (the 1,000 imported) scrolls', async () => {
    await usersPage.searchFor('@import.example');
    await browser.waitUntil(async () => (await usersPage.listedCount()) >= ROWS - 20, {
      timeoutMsg: 'The imported users are not listed (this test follows the import test).',
    });
    await usersPage.choosePageSize(100);
    await browser.waitUntil(async () => (await usersPage.columnTexts('username')).length === 100, {
      timeoutMsg: 'The table did not show 100 rows.',
    });
    const view = await browser.execute(
      (tableId: string, appBarId: string) => {
        window.scrollTo(0, 2500);
        const header = document.querySelector(`[data-testid="${tableId}"] .ag-header`) as HTMLElement;
        const appBar = document.querySelector(`[data-testid="${appBarId}"]`) as HTMLElement;
        const rect = header.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return {
          scrolled: window.scrollY,
          headerTop: rect.top,
          headerBottom: rect.bottom,
          appBarBottom: appBar.getBoundingClientRect().bottom,
          viewport: window.innerHeight,
          headerOnTop: Boolean(hit && header.contains(hit)),
        };
      },
      usersIds.table,
      shellIds.appBar,
    );
    expect(view.scrolled).toBeGreaterThan(2000);
    expect(view).toEqual(expect.objectContaining({ headerOnTop: true }));
    expect(view.headerTop).toBeGreaterThanOrEqual(view.appBarBottom - 1);
    expect(view.headerBottom).toBeLessThanOrEqual(view.viewport);
  });

  it('the read-only auditor sees the users but no Import, Add or Delete', async () => {
    await forgetSession();
    await signInToPortal('auditor@acme.example', DEMO_PASSWORD, '/#/settings/users');
    await waitForPortalRoute('#/settings/users');
    await usersPage.waitForDisplayed();
    await usersPage
      .cellWithText(EXISTING)
      .waitForDisplayed({ timeoutMsg: 'The auditor does not see the users.' });
    await expect(usersPage.importButton).not.toBeExisting();
    await expect(usersPage.addButton).not.toBeExisting();
    await expect(usersPage.deleteSelected).not.toBeExisting();
  });
});
