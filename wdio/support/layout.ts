/**
 * What a narrow window must not do to a page (issue 31): cut a chip's text, squeeze a row of tabs,
 * hide columns behind a pinned one. Measured in the page from the laid-out boxes.
 */
import { browser } from '@wdio/globals';

/** The text of every chip on the page whose label is cut (an ellipsis, or clipped by its cell). */
export async function clippedChips(): Promise<string[]> {
  return browser.execute(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.MuiChip-label'))
      .filter((label) => {
        if (label.getClientRects().length === 0) return false;
        if (label.scrollWidth > label.clientWidth + 1) return true;
        // Whole itself, but cut by a grid cell that is narrower than the chip.
        const cell = label.closest<HTMLElement>('.ag-cell');
        const chip = label.closest<HTMLElement>('.MuiChip-root');
        return Boolean(
          cell && chip && chip.getBoundingClientRect().right > cell.getBoundingClientRect().right + 1,
        );
      })
      .map((label) => label.textContent ?? ''),
  );
}

/** How many tabs of the tab list `selector` are wholly in view inside their scroller. */
export async function wholeTabs(selector: string): Promise<number> {
  return browser.execute((sel: string) => {
    const list = document.querySelector(sel);
    const scroller = list?.querySelector<HTMLElement>('.MuiTabs-scroller') ?? null;
    if (!list || !scroller) return 0;
    const box = scroller.getBoundingClientRect();
    return Array.from(list.querySelectorAll('[role="tab"]')).filter((tab) => {
      const r = tab.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  }, selector);
}

/**
 * The headers of the grid `selector` whose cell is not wholly in view: scrolled out of the grid's
 * centre, or under a pinned column.
 */
export async function hiddenHeaders(selector: string): Promise<string[]> {
  return browser.execute((sel: string) => {
    const grid = document.querySelector(sel);
    if (!grid) return ['(no grid)'];
    const viewport = grid.querySelector('.ag-header-viewport')?.getBoundingClientRect();
    const pinned = grid.querySelector('.ag-pinned-right-header')?.getBoundingClientRect();
    const right = Math.min(viewport?.right ?? Infinity, pinned && pinned.width > 0 ? pinned.left : Infinity);
    return Array.from(grid.querySelectorAll<HTMLElement>('.ag-header-viewport .ag-header-cell'))
      .filter((cell) => {
        const r = cell.getBoundingClientRect();
        return r.left < (viewport?.left ?? 0) - 1 || r.right > right + 1;
      })
      .map((cell) => cell.textContent?.trim() ?? cell.getAttribute('col-id') ?? '');
  }, selector);
}
