import { $, $$, browser } from '@wdio/globals';
import { componentIds, logsIds } from '@workbench/common/test-ids/index';
import { byTestId, testIdSelector } from './testId';

/**
 * Only a last guard for one block of rows to arrive: a block normally takes well under a second;
 * a machine whose cores are busy with other work can make it take many.
 */
const BLOCK_LOAD_GUARD_MS = 60_000;

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
      { timeout: BLOCK_LOAD_GUARD_MS, timeoutMsg: `The grid did not show its first ${n} rows.` },
    );
    return rows;
  }

  /**
   * Scrolls the grid's body to `fraction` (0..1) of its height; returns whether it is there now
   * (false when the grid cannot scroll or moved it elsewhere, e.g. its scrollbar resynced).
   */
  async scrollTo(fraction: number): Promise<boolean> {
    return browser.execute(
      (gridSelector: string, f: number) => {
        // The grid scrolls through its viewport: AG Grid 36 renders `.ag-grid-viewport` (earlier
        // versions `.ag-body-viewport`); when it draws its own scrollbar, that one follows.
        const target = (el: HTMLElement) => Math.floor((el.scrollHeight - el.clientHeight) * f);
        const viewports = ['.ag-grid-viewport', '.ag-body-viewport', '.ag-body-vertical-scroll-viewport']
          .map((cls) => document.querySelector<HTMLElement>(`${gridSelector} ${cls}`))
          .filter((el): el is HTMLElement => el !== null && el.scrollHeight > el.clientHeight);
        for (const viewport of viewports) {
          viewport.scrollTop = target(viewport);
          viewport.dispatchEvent(new Event('scroll'));
        }
        return viewports.length > 0 && viewports.every((v) => Math.abs(v.scrollTop - target(v)) <= 1);
      },
      testIdSelector(logsIds.grid),
      fraction,
    );
  }

  /** The number of events of the whole result once the grid knows it (the row count reads "N events"). */
  async knownTotal(): Promise<number | null> {
    const text = (await this.rowCount.getText()).trim();
    const match = /^([\d,]+) events?$/.exec(text);
    return match ? Number(match[1].replace(/,/g, '')) : null;
  }

  /**
   * Pages the grid down as a user scrolling to the end does, until a row at `rowIndex` or beyond
   * holds data: scroll to the end, wait until rows past the last loaded one hold data (the next
   * block arrived), again. Scrolls again while the end is not reached (the grid grew, or resynced
   * its scrollbar). Fails at once, naming the count, when the whole result ends before `rowIndex`.
   */
  async scrollUntilRow(rowIndex: number, columns: readonly string[]): Promise<GridRow[]> {
    let rows = await this.loadedRows(columns);
    const lastLoaded = () => rows.at(-1)?.index ?? -1;
    const endsBefore = async () => {
      const total = await this.knownTotal();
      return total !== null && total <= rowIndex ? total : null;
    };
    while (lastLoaded() < rowIndex) {
      const total = await endsBefore();
      if (total !== null) throw new Error(`The result has ${total} rows: there is no row ${rowIndex}.`);
      const before = lastLoaded();
      let atEnd = await this.scrollTo(1);
      await browser.waitUntil(
        async () => {
          rows = await this.loadedRows(columns);
          if (lastLoaded() > before) return true;
          if (!atEnd) atEnd = await this.scrollTo(1);
          return (await endsBefore()) !== null;
        },
        { timeout: BLOCK_LOAD_GUARD_MS, timeoutMsg: `Scrolling past row ${before} loaded no further rows.` },
      );
    }
    return rows;
  }

  /** The grid's shown column ids, left to right, as the header draws them. */
  async headerColumns(): Promise<string[]> {
    return browser.execute((gridSelector: string) => {
      const cells = Array.from(
        document.querySelectorAll<HTMLElement>(`${gridSelector} .ag-header-cell[col-id]`),
      ).filter((c) => c.offsetWidth > 0);
      return cells
        .map((c) => ({ id: c.getAttribute('col-id') ?? '', x: c.getBoundingClientRect().left }))
        .sort((a, b) => a.x - b.x)
        .map((c) => c.id);
    }, testIdSelector(logsIds.grid));
  }

  get columnsDialog() {
    return byTestId(logsIds.columnsDialog);
  }

  /** Opens the Columns dialog and waits for its table to show the rows. */
  async openColumns(): Promise<void> {
    await byTestId(logsIds.columnsButton).click();
    await this.columnsDialog.waitForDisplayed({ timeoutMsg: 'The Columns dialog did not open.' });
    await $(`${testIdSelector(logsIds.columnsDialog)} .ag-row[row-id]`).waitForDisplayed({
      timeoutMsg: 'The Columns dialog shows no rows.',
    });
  }

  /** The fields listed in the Columns dialog, top to bottom. */
  async columnsListed(): Promise<string[]> {
    return browser.execute((dialogSelector: string) => {
      const rows = Array.from(document.querySelectorAll(`${dialogSelector} .ag-row[row-id][row-index]`));
      const byIndex = new Map<number, string>();
      for (const r of rows) byIndex.set(Number(r.getAttribute('row-index')), r.getAttribute('row-id') ?? '');
      return [...byIndex].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
    }, testIdSelector(logsIds.columnsDialog));
  }

  /**
   * Drags the row of `field` in the Columns dialog by its handle onto the row of `onto`, with real
   * pointer actions: press on the handle, move in steps, release over the middle of the target row.
   */
  async dragColumn(field: string, onto: string): Promise<void> {
    const dialog = testIdSelector(logsIds.columnsDialog);
    const handle = `${dialog} .ag-row[row-id="${field}"] .ag-row-drag`;
    await $(handle).waitForDisplayed({ timeoutMsg: `The row of ${field} has no drag handle.` });
    await $(handle).scrollIntoView({ block: 'center' });
    const from = await viewportCentre(handle);
    const to = await viewportCentre(`${dialog} .ag-row[row-id="${onto}"] [col-id="column"]`);
    const steps = 12;
    const pointer = browser.action('pointer', { parameters: { pointerType: 'mouse' } });
    pointer.move({ x: from.x, y: from.y, origin: 'viewport' }).down({ button: 0 }).pause(50);
    for (let i = 1; i <= steps; i += 1) {
      pointer
        .move({
          x: Math.round(from.x + ((to.x - from.x) * i) / steps),
          y: Math.round(from.y + ((to.y - from.y) * i) / steps),
          origin: 'viewport',
          duration: 20,
        })
        .pause(20);
    }
    pointer.pause(100).up({ button: 0 });
    await pointer.perform();
  }
}

/** The centre of the element `selector` finds, in viewport coordinates. */
async function viewportCentre(selector: string): Promise<{ x: number; y: number }> {
  const rect = await browser.execute((sel: string) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`Nothing matches ${sel}.`);
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, selector);
  return { x: Math.round(rect.x), y: Math.round(rect.y) };
}

export const logsPage = new LogsPage();
