/**
 * The data table's rules as pure functions (docs/shared-ui.md §7 Data table, §7): selection,
 * ranges, paging, sorting and reordering. DataTable renders them on AG Grid; these carry the logic
 * and are tested directly.
 */

export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
/** The paginator shows only above this many rows in total (docs/shared-ui.md §7). */
export const PAGINATOR_MIN_TOTAL = 10;
export const ROW_EXPANSION_MS = 225;
export const STICKY_HEADER_Z_INDEX = 100;
/**
 * The CSS custom property holding how far below the top of the window a sticky table header
 * stops: a page frame with a fixed app bar sets it to the bar's height; a dialog (portalled to
 * the body, outside that frame) inherits nothing and sticks at 0.
 */
export const STICKY_TOP_VARIABLE = '--workbench-sticky-top';

/**
 * The narrowest a column may get with its header (or a cell's text) still readable: its text at the table's 13 px
 * font (about 7.5 px a character), the cell padding, and the sort arrow where it sorts.
 */
export const readableMinWidth = (header: string, sortable: boolean): number =>
  Math.ceil(header.length * 7.5) + 32 + (sortable ? 20 : 0);

/** Row state marker (docs/shared-ui.md §7). */
export type RowState = 'error' | 'soft-error' | 'warning' | 'info';
export const ROW_STATES: readonly RowState[] = ['error', 'soft-error', 'warning', 'info'];

export type HeaderCheckboxState = 'none' | 'some' | 'all';

/** What the header checkbox shows: all when every enabled row is selected (and there is one). */
export function headerCheckboxState(
  enabledKeys: readonly string[],
  selected: ReadonlySet<string>,
): HeaderCheckboxState {
  const count = enabledKeys.filter((key) => selected.has(key)).length;
  if (selected.size === 0) return 'none';
  return count === enabledKeys.length && count > 0 ? 'all' : 'some';
}

/** The header checkbox selects all enabled rows; when some or all are selected it clears the selection. */
export function headerCheckboxClicked(
  enabledKeys: readonly string[],
  selected: ReadonlySet<string>,
): Set<string> {
  return selected.size > 0 ? new Set() : new Set(enabledKeys);
}

export interface RowCheckboxClick {
  /** Keys of the rows in display order. */
  keys: readonly string[];
  /** Keys whose checkbox is disabled. */
  disabled: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  key: string;
  shift: boolean;
  /** The row clicked before (the range's anchor), if any. */
  lastClicked: string | null;
}

/**
 * A row checkbox click. Without shift it toggles the row. With shift held it selects the range
 * between the last clicked row and this one (both included), skipping rows whose checkbox is
 * disabled. A disabled row's checkbox changes nothing.
 */
export function rowCheckboxClicked({
  keys,
  disabled,
  selected,
  key,
  shift,
  lastClicked,
}: RowCheckboxClick): Set<string> {
  const next = new Set(selected);
  if (disabled.has(key)) return next;
  const from = lastClicked === null ? -1 : keys.indexOf(lastClicked);
  const to = keys.indexOf(key);
  if (shift && from >= 0 && to >= 0) {
    const [start, end] = from <= to ? [from, to] : [to, from];
    for (let i = start; i <= end; i += 1) if (!disabled.has(keys[i])) next.add(keys[i]);
    return next;
  }
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** Selection and the expanded row survive data refreshes, identified by a row key: keys no longer present are dropped. */
export function keepPresentKeys(selected: ReadonlySet<string>, presentKeys: readonly string[]): Set<string> {
  const present = new Set(presentKeys);
  return new Set([...selected].filter((key) => present.has(key)));
}

/** The expanded row after a refresh: kept if its key is still present. */
export function keepExpanded(expanded: string | null, presentKeys: readonly string[]): string | null {
  return expanded !== null && presentKeys.includes(expanded) ? expanded : null;
}

/** One expanded row at a time: clicking the expanded row collapses it, another row replaces it. */
export function expansionToggled(expanded: string | null, key: string): string | null {
  return expanded === key ? null : key;
}

/** Selection is cleared when page or page size changes, unless the table is polling or keeps its selection. */
export function selectionAfterPageChange(
  selected: ReadonlySet<string>,
  options: { polling?: boolean; keepSelection?: boolean },
): Set<string> {
  return options.polling || options.keepSelection ? new Set(selected) : new Set();
}

/** The paginator shows only when the page size is above 0 and the total count exceeds 10. */
export function paginatorVisible(pageSize: number, total: number): boolean {
  return pageSize > 0 && total > PAGINATOR_MIN_TOTAL;
}

/** The rows of one page (all rows when pageSize is 0). */
export function pageRows<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  if (pageSize <= 0) return [...rows];
  return rows.slice(page * pageSize, (page + 1) * pageSize);
}

/** The last page index for a total (0 when empty). */
export function lastPage(total: number, pageSize: number): number {
  return pageSize <= 0 ? 0 : Math.max(0, Math.ceil(total / pageSize) - 1);
}

export type SortDirection = 'asc' | 'desc';

/** Sorting is case-insensitive for strings; numbers by value; empty values first. */
export function compareValues(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

/** A stable sort of rows by one value. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => unknown, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => sign * compareValues(value(x.row), value(y.row)) || x.index - y.index)
    .map(({ row }) => row);
}

/** The sort cycle of a column: ascending first, or descending first when it sorts in reverse. */
export function sortCycle(reverseSort: boolean | undefined): SortDirection[] {
  return reverseSort ? ['desc', 'asc'] : ['asc', 'desc'];
}

/** Position-change event (docs/shared-ui.md §7): the item, its current position and its new position, 1-based. */
export interface PositionChange<T> {
  item: T;
  current: number;
  next: number;
}

/** Typed positions are digits only. The 1-based position, or null when the text is not one (or out of 1..count). */
export function parsePosition(text: string, count: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const position = Number(text.trim());
  return position >= 1 && position <= count ? position : null;
}

/** Only digits may be typed in a position box: the text with everything else removed. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** The rows after moving the item at 0-based `from` to 0-based `to`. */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  const next = [...rows];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The event of moving the row at 0-based `from` to 0-based `to`, or null when it does not move. */
export function positionChange<T>(rows: readonly T[], from: number, to: number): PositionChange<T> | null {
  if (from === to || from < 0 || from >= rows.length || to < 0 || to >= rows.length) return null;
  return { item: rows[from], current: from + 1, next: to + 1 };
}

/** What `columnsShown` needs of a column: its name, its narrowest width, whether it may give way. */
export interface ColumnFit {
  name: string;
  minWidth: number;
  /** Left out while the columns do not fit the table's width (issue 31: Users at 800 px). */
  optional?: boolean;
}

/**
 * The columns shown in a table `width` px wide, beside `fixedWidth` px of its own columns
 * (checkbox, position, expand): every column when they fit at their narrowest; else the optional
 * ones give way, the last first, until the rest fit (or none is left to give way, and the table
 * scrolls sideways). Width 0 (not laid out yet) shows every column.
 */
export function columnsShown(columns: readonly ColumnFit[], width: number, fixedWidth: number): Set<string> {
  const shown = new Set(columns.map((c) => c.name));
  if (width <= 0) return shown;
  let needed = fixedWidth + columns.reduce((sum, c) => sum + c.minWidth, 0);
  for (const column of [...columns].reverse()) {
    if (needed <= width) break;
    if (!column.optional) continue;
    shown.delete(column.name);
    needed -= column.minWidth;
  }
  return shown;
}
