import { $, browser } from '@wdio/globals';
import { componentIds } from '@workbench/common/test-ids/index';
import { usersIds } from '@workbench/common/test-ids/usersIds';
import { byTestId } from './testId';

/** Settings → Users (the user database) and its bulk import wizard. */
export class UsersPage {
  get page() {
    return byTestId(usersIds.page);
  }
  get search() {
    return byTestId(usersIds.search);
  }
  get total() {
    return byTestId(usersIds.total);
  }
  get importButton() {
    return byTestId(usersIds.importButton);
  }
  get addButton() {
    return byTestId(usersIds.addButton);
  }
  get deleteSelected() {
    return byTestId(usersIds.deleteSelected);
  }
  get table() {
    return byTestId(usersIds.table);
  }
  /** A grid cell of the users table holding `text`. */
  cellWithText(text: string) {
    return $(`//*[@data-testid="${usersIds.table}"]//*[@role="gridcell"][contains(., "${text}")]`);
  }

  /** A column's header cell in the users table (AG Grid: col-id = the column name). */
  headerCell(column: string) {
    return $(`[data-testid="${usersIds.table}"] .ag-header-cell[col-id="${column}"]`);
  }
  /** The sort a column's header shows: 'ascending', 'descending' or 'none' (its aria-sort). */
  async headerSort(column: string): Promise<string> {
    return (await this.headerCell(column).getAttribute('aria-sort')) ?? 'none';
  }
  /** Clicks a column's header (its label: the click that sorts). */
  async clickHeader(column: string): Promise<void> {
    await this.headerCell(column).$('.ag-header-cell-label').click();
  }
  /** The texts of a column's cells, in the order the rows are shown (row-index). */
  async columnTexts(column: string): Promise<string[]> {
    return browser.execute(
      (tableId: string, col: string) => {
        const rows = [...document.querySelectorAll(`[data-testid="${tableId}"] .ag-row[row-index]`)];
        return rows
          .map((row) => ({
            index: Number(row.getAttribute('row-index')),
            text: row.querySelector(`[col-id="${col}"]`)?.textContent ?? '',
          }))
          .sort((a, b) => a.index - b.index)
          .map((r) => r.text);
      },
      usersIds.table,
      column,
    );
  }
  /**
   * Waits until the column's header shows `order` and its cells read in that order; returns them.
   * (The server sorts case-insensitively, like SQLite's NOCASE.)
   */
  async waitForSortedBy(column: string, order: 'asc' | 'desc'): Promise<string[]> {
    let texts: string[] = [];
    await browser.waitUntil(
      async () => {
        texts = await this.columnTexts(column);
        const shown = await this.headerSort(column);
        return shown === (order === 'asc' ? 'ascending' : 'descending') && inOrder(texts, order);
      },
      { timeoutMsg: `The rows did not come back sorted by ${column}, ${order}.` },
    );
    return texts;
  }
  /** The table's rows per page, chosen in its paginator. */
  async choosePageSize(size: number): Promise<void> {
    await $(`[data-testid="${componentIds.tablePaginator}"] [role="combobox"]`).click();
    await $(`li[role="option"][data-value="${size}"]`).click();
    // The menu fades out over the page; wait until it is gone so later clicks and hit tests reach the page.
    await $('.MuiMenu-root').waitForExist({ reverse: true });
  }

  get wizard() {
    return byTestId(componentIds.importWizard);
  }
  get fileInput() {
    return byTestId(componentIds.uploadInput);
  }
  get preview() {
    return byTestId(componentIds.wizardPreview);
  }
  get next() {
    return byTestId(componentIds.wizardNext);
  }
  get dryRunReport() {
    return byTestId(componentIds.wizardDryRun);
  }
  step(name: 'importing' | 'processing' | 'confirmation' | 'saving' | 'summary') {
    return byTestId(`${componentIds.wizardStep}-${name}`);
  }
  get summaryCreated() {
    return byTestId(componentIds.summaryCreated);
  }
  get summaryErrors() {
    return byTestId(componentIds.summaryErrors);
  }
  get viewErrors() {
    return byTestId(componentIds.viewErrors);
  }
  get errorDialog() {
    return byTestId(componentIds.errorDialog);
  }
  get downloadErrors() {
    return byTestId(componentIds.downloadErrors);
  }
  get close() {
    return byTestId(componentIds.wizardClose);
  }

  async waitForDisplayed(): Promise<void> {
    await this.page.waitForDisplayed({ timeoutMsg: 'The Users page did not show.' });
  }

  /** Replaces the search text (keyboard: WebDriver's clear does not reach React's state) and applies it. */
  async searchFor(text: string): Promise<void> {
    await this.search.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
    await this.search.addValue(text);
    await browser.keys('Enter');
  }

  /**
   * The number of users the count above the table reads, grouped as shown ("1,996 users of …"
   * once a retry of the import spec has imported again).
   */
  async listedCount(): Promise<number> {
    return Number((await this.total.getText()).split(' ')[0].replace(/,/g, ''));
  }

  /**
   * Waits until the count above the table reads `${n} users` (while a search narrows the list, it
   * goes on with " of <all> users in <tenant>").
   */
  async waitForTotal(n: number): Promise<void> {
    const count = `${n} ${n === 1 ? 'user' : 'users'}`;
    await browser.waitUntil(
      async () => {
        const text = await this.total.getText();
        return text === count || text.startsWith(`${count} of `);
      },
      {
        timeoutMsg: `The Users page did not show ${n} users.`,
      },
    );
  }

  /** Hands a local file to the wizard's file input (uploaded to the browser's machine first). */
  async chooseFile(localPath: string): Promise<void> {
    const remote = await browser.uploadFile(localPath);
    const input = await this.fileInput;
    // The upload box hides its file input behind the drop zone; WebDriver only types into shown inputs.
    await browser.execute((el: HTMLElement) => {
      el.removeAttribute('hidden');
      el.style.display = 'block';
    }, input);
    await input.addValue(remote);
  }
}

export const usersPage = new UsersPage();

/** Whether texts are in the users endpoint's order (case-insensitive, like SQLite's NOCASE). */
export function inOrder(texts: string[], order: 'asc' | 'desc'): boolean {
  const lower = texts.map((t) => t.toLowerCase());
  return lower.every((t, i) => i === 0 || (order === 'asc' ? lower[i - 1] <= t : lower[i - 1] >= t));
}

/**
 * Makes downloads readable by the test: `downloadFile` (common/formatting) builds a Blob URL and
 * clicks a link; this records each Blob with the link's file name instead of saving it to disk.
 */
export async function captureDownloads(): Promise<void> {
  await browser.execute(() => {
    const w = window as unknown as { __downloads: { name: string; text: Promise<string> }[] };
    w.__downloads = [];
    const blobs = new Map<string, Blob>();
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      const url = create(obj);
      if (obj instanceof Blob) blobs.set(url, obj);
      return url;
    };
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) w.__downloads.push({ name: this.download, text: blob.text() });
    };
  });
}

/** The captured downloads (name and text), in order. */
export async function capturedDownloads(): Promise<{ name: string; text: string }[]> {
  return browser.execute(async () => {
    const w = window as unknown as { __downloads: { name: string; text: Promise<string> }[] };
    return Promise.all(w.__downloads.map(async (d) => ({ name: d.name, text: await d.text })));
  });
}
