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
 * The headers of the grid `selector` that are not wholly in view: a point just inside each end of
 * the header cell must hit the cell itself, not a pinned column over it, nor what lies beyond the
 * grid's clipped edge.
 */
export async function hiddenHeaders(selector: string): Promise<string[]> {
  return browser.execute((sel: string) => {
    const grid = document.querySelector(sel);
    if (!grid) return ['(no grid)'];
    return Array.from(grid.querySelectorAll<HTMLElement>('.ag-header-cell[col-id]'))
      .filter((cell) => {
        const r = cell.getBoundingClientRect();
        if (r.width === 0) return false; // a column left out
        const y = r.top + r.height / 2;
        return [r.left + 4, r.right - 4].some((x) => {
          const hit = document.elementFromPoint(x, y);
          return !hit || !cell.contains(hit);
        });
      })
      .map((cell) => cell.textContent?.trim() || (cell.getAttribute('col-id') ?? ''));
  }, selector);
}
