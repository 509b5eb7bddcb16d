import { $, $$, browser } from '@wdio/globals';
import { componentIds, logsIds } from '@workbench/common/test-ids/index';
import { byTestId, testIdSelector } from './testId';

/** A grid row as the user reads it: its position and the text of the given columns. */
export interface GridRow {
  index: number;
  cells: Record<string, string>;
}

/** The logs explorer (tenant-portal/src/areas/logs): filter bar, grid, detail panel. */
export class LogsPage {
  get page() {
    return byTestId(logsIds.page);
  }
  get grid() {
    return byTestId(logsIds.grid);
  }
  get rowCount() {
    return byTestId(logsIds.rowCount);
  }
  get error() {
    return byTestId(logsIds.error);
  }
  get detail() {
    return byTestId(logsIds.detail);
  }

  async waitForDisplayed(): Promise<void> {
    await this.page.waitForDisplayed({
      timeoutMsg: `The logs page did not show (at ${await browser.getUrl()}).`,
    });
  }

  /** Chooses `label` in the filter menu of query key `key` (e.g. action → Block), then closes the menu. */
  async chooseFilter(key: string, label: string): Promise<void> {
    await byTestId(`${componentIds.filterMenuButton}-${key}`).click();
    const items = `${testIdSelector(`${componentIds.filterMenu}-${key}`)} li`;
    await $(items).waitForDisplayed({ timeoutMsg: `The ${key} filter menu did not open.` });
    let clicked = false;
    for (const item of await $$(items)) {
      if ((await item.getText()).trim() === label) {
        await item.click();
        clicked = true;
        break;
      }
    }
    if (!clicked) throw new Error(`The ${key} filter menu has no item "${label}".`);
    await browser.keys('Escape');
    await browser.waitUntil(async () => !(await $(items).isDisplayed()), {
      timeoutMsg: `The ${key} filter menu did not close.`,
    });
  }

  /** The rows of the grid that hold data (not loading stubs), with the text of `columns`, by position. */
  async loadedRows(columns: readonly string[]): Promise<GridRow[]> {
    return browser.execute(
      (gridSelector: string, cols: string[]) => {
        const grid = document.querySelector(gridSelector);
        // A row is split over the pinned and the centre containers: merge its parts by row-index.
        const byIndex = new Map<number, Record<string, string>>();
        for (const row of Array.from(grid?.querySelectorAll('.ag-row[row-index]') ?? [])) {
          const index = Number(row.getAttribute('row-index'));
          const cells = byIndex.get(index) ?? {};
          for (const c of cols) {
            const cell = row.querySelector(`[col-id="${c}"]`);
            if (cell) cells[c] = (cell.textContent ?? '').trim();
          }
          byIndex.set(index, cells);
        }
        const out: { index: number; cells: Record<string, string> }[] = [];
        for (const [index, cells] of byIndex) {
          if (cols.every((c) => (cells[c] ?? '') !== '')) out.push({ index, cells });
        }
        return out.sort((a, b) => a.index - b.index);
      },
      testIdSelector(logsIds.grid),
      [...columns],
    );
  }

  /** Waits for the first `n` rows to hold data and returns them. */
  async firstRows(n: number, columns: readonly string[]): Promise<GridRow[]> {
    let rows: GridRow[] = [];
    await browser.waitUntil(
      async () => {
        rows = (await this.loadedRows(columns)).filter((r) => r.index < n);
        return rows.length === n;
      },
      { timeoutMsg: `The grid did not show its first ${n} rows.` },
    );
    return rows;
  }

  /** Scrolls the grid's body to `fraction` (0..1) of its height. */
  async scrollTo(fraction: number): Promise<void> {
    await browser.execute(
      (gridSelector: string, f: number) => {
        // The grid scrolls through its body viewport or, when it draws its own scrollbar, that one.
        for (const cls of ['.ag-body-viewport', '.ag-body-vertical-scroll-viewport']) {
          const viewport = document.querySelector<HTMLElement>(`${gridSelector} ${cls}`);
          if (!viewport || viewport.scrollHeight <= viewport.clientHeight) continue;
          viewport.scrollTop = Math.floor((viewport.scrollHeight - viewport.clientHeight) * f);
          viewport.dispatchEvent(new Event('scroll'));
        }
      },
      testIdSelector(logsIds.grid),
      fraction,
    );
  }

  /** Scrolls to the end of the grid, again and again as it grows, until a row at `rowIndex` or beyond holds data. */
  async scrollUntilRow(rowIndex: number, columns: readonly string[]): Promise<GridRow[]> {
    let rows: GridRow[] = [];
    await browser.waitUntil(
      async () => {
        await this.scrollTo(1);
        rows = await this.loadedRows(columns);
        return rows.some((r) => r.index >= rowIndex);
      },
      { timeout: 60_000, interval: 300, timeoutMsg: `Scrolling did not reach row ${rowIndex}.` },
    );
    return rows;
  }
}

export const logsPage = new LogsPage();
