import type { GridApi } from 'ag-grid-community';
import { columnsOverflow } from './DataTable';
import {
  columnsShown,
  compareValues,
  digitsOnly,
  expansionToggled,
  headerCheckboxClicked,
  headerCheckboxState,
  keepExpanded,
  keepPresentKeys,
  moveRow,
  pageRows,
  paginatorVisible,
  parsePosition,
  positionChange,
  rowCheckboxClicked,
  selectionAfterPageChange,
  sortCycle,
  sortRows,
  TABLE_PAGE_SIZES,
} from './tableModel';

const keys = ['a', 'b', 'c', 'd', 'e'];

describe('data table selection (docs/shared-ui.md §7)', () => {
  it('The header checkbox selects all enabled rows', () => {
    expect([...headerCheckboxClicked(['a', 'c'], new Set())]).toEqual(['a', 'c']);
  });

  it('when some or all are selected it clears the selection', () => {
    expect(headerCheckboxClicked(keys, new Set(['b'])).size).toBe(0);
    expect(headerCheckboxClicked(keys, new Set(keys)).size).toBe(0);
  });

  it('the header checkbox shows none, some or all of the enabled rows', () => {
    expect(headerCheckboxState(['a', 'b'], new Set())).toBe('none');
    expect(headerCheckboxState(['a', 'b'], new Set(['a']))).toBe('some');
    expect(headerCheckboxState(['a', 'b'], new Set(['a', 'b']))).toBe('all');
  });

  it('A row can be selected or unselected', () => {
    const click = { keys, disabled: new Set<string>(), shift: false, lastClicked: null };
    const once = rowCheckboxClicked({ ...click, selected: new Set(), key: 'b' });
    expect([...once]).toEqual(['b']);
    expect(rowCheckboxClicked({ ...click, selected: once, key: 'b' }).size).toBe(0);
  });

  it('With shift held, a checkbox click selects the range between the last clicked row and this one, skipping rows whose checkbox is disabled', () => {
    const disabled = new Set(['c']);
    const down = rowCheckboxClicked({
      keys,
      disabled,
      selected: new Set(['b']),
      key: 'e',
      shift: true,
      lastClicked: 'b',
    });
    expect([...down].sort()).toEqual(['b', 'd', 'e']);
    const up = rowCheckboxClicked({
      keys,
      disabled,
      selected: new Set(),
      key: 'a',
      shift: true,
      lastClicked: 'd',
    });
    expect([...up].sort()).toEqual(['a', 'b', 'd']);
  });

  it('a disabled row never becomes selected', () => {
    const next = rowCheckboxClicked({
      keys,
      disabled: new Set(['c']),
      selected: new Set(),
      key: 'c',
      shift: false,
      lastClicked: null,
    });
    expect(next.size).toBe(0);
  });

  it('Selection is cleared when page or page size changes, unless the table is polling or keeps its selection', () => {
    const selected = new Set(['a']);
    expect(selectionAfterPageChange(selected, {}).size).toBe(0);
    expect([...selectionAfterPageChange(selected, { polling: true })]).toEqual(['a']);
    expect([...selectionAfterPageChange(selected, { keepSelection: true })]).toEqual(['a']);
  });

  it('Selection and the expanded row survive data refreshes, identified by a row key', () => {
    expect([...keepPresentKeys(new Set(['a', 'x']), ['x', 'y'])]).toEqual(['x']);
    expect(keepExpanded('y', ['x', 'y'])).toBe('y');
    expect(keepExpanded('gone', ['x', 'y'])).toBeNull();
  });

  it('A row can be expanded (one at a time) or collapsed', () => {
    expect(expansionToggled(null, 'a')).toBe('a');
    expect(expansionToggled('a', 'b')).toBe('b');
    expect(expansionToggled('b', 'b')).toBeNull();
  });
});

describe('data table paging (docs/shared-ui.md §7)', () => {
  it('Table page size options 10, 25, 50, 100', () => {
    expect(TABLE_PAGE_SIZES).toEqual([10, 25, 50, 100]);
  });

  it('The paginator shows only when the page size is above 0 and the total count exceeds 10', () => {
    expect(paginatorVisible(10, 11)).toBe(true);
    expect(paginatorVisible(10, 10)).toBe(false);
    expect(paginatorVisible(0, 500)).toBe(false);
  });

  it('cuts a page of rows; page size 0 shows every row', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageRows(rows, 2, 10)).toEqual([20, 21, 22]);
    expect(pageRows(rows, 0, 0)).toHaveLength(23);
  });
});

describe('data table sorting (docs/shared-ui.md §7)', () => {
  it('Sorting is case-insensitive for strings', () => {
    const rows = ['banana', 'Apple', 'cherry', 'apricot'];
    expect(sortRows(rows, (r) => r, 'asc')).toEqual(['Apple', 'apricot', 'banana', 'cherry']);
    expect(sortRows(rows, (r) => r, 'desc')).toEqual(['cherry', 'banana', 'apricot', 'Apple']);
  });

  it('numbers sort by value and empty values come first', () => {
    expect(sortRows([10, 9, null, 100], (r) => r, 'asc')).toEqual([null, 9, 10, 100]);
    expect(compareValues('item 2', 'item 10')).toBeLessThan(0);
  });

  it('can start ascending or descending', () => {
    expect(sortCycle(false)).toEqual(['asc', 'desc']);
    expect(sortCycle(true)).toEqual(['desc', 'asc']);
  });
});

describe('data table reordering (docs/shared-ui.md §7, §7)', () => {
  it('Position-change event: the item, its current position and its new position (1-based)', () => {
    expect(positionChange(['a', 'b', 'c'], 0, 2)).toEqual({ item: 'a', current: 1, next: 3 });
    expect(positionChange(['a', 'b', 'c'], 1, 1)).toBeNull();
    expect(moveRow(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it('typing a new position (digits only)', () => {
    expect(digitsOnly('1a2-')).toBe('12');
    expect(parsePosition('2', 3)).toBe(2);
    expect(parsePosition('-1', 3)).toBeNull();
    expect(parsePosition('2.5', 3)).toBeNull();
    expect(parsePosition('0', 3)).toBeNull();
    expect(parsePosition('4', 3)).toBeNull();
  });
});

describe('columnsOverflow (sticky header or sideways scrolling)', () => {
  const column = (flex: number | null, min: number, actual: number) => ({
    getFlex: () => flex,
    getMinWidth: () => min,
    getActualWidth: () => actual,
  });
  const api = (columns: ReturnType<typeof column>[]) =>
    ({ isDestroyed: () => false, getAllDisplayedColumns: () => columns }) as unknown as GridApi;
  const table = (width: number) => {
    const outer = document.createElement('div');
    const grid = document.createElement('div');
    grid.className = 'ag-root-wrapper';
    Object.defineProperty(grid, 'clientWidth', { value: width });
    outer.appendChild(grid);
    return outer;
  };

  test('flex columns count at their minimum, the others at their width', () => {
    const columns = [column(1, 100, 400), column(null, 50, 50), column(2, 150, 600)];
    expect(columnsOverflow(table(300), api(columns))).toBe(false);
    expect(columnsOverflow(table(299), api(columns))).toBe(false); // a pixel of rounding
    expect(columnsOverflow(table(298), api(columns))).toBe(true);
  });

  test('a grid not laid out, or no grid yet, is not judged wide', () => {
    expect(columnsOverflow(table(0), api([column(null, 500, 500)]))).toBe(false);
    expect(columnsOverflow(null, null)).toBe(false);
    expect(columnsOverflow(table(100), null)).toBe(false);
  });
});

describe('columnsShown: optional columns give way in a narrow table', () => {
  const columns = [
    { name: 'user', minWidth: 200 },
    { name: 'first', minWidth: 120, optional: true },
    { name: 'last', minWidth: 120, optional: true },
    { name: 'email', minWidth: 100 },
    { name: 'created', minWidth: 110, optional: true },
    { name: 'actions', minWidth: 85 },
  ];
  const shown = (width: number) => [...columnsShown(columns, width, 56)];

  it('shows every column when they fit at their narrowest, or before the table is laid out', () => {
    expect(shown(791)).toEqual(['user', 'first', 'last', 'email', 'created', 'actions']);
    expect(shown(0)).toEqual(['user', 'first', 'last', 'email', 'created', 'actions']);
  });
  it('leaves out the optional ones, the last first, until the rest fit', () => {
    expect(shown(790)).toEqual(['user', 'first', 'last', 'email', 'actions']);
    expect(shown(600)).toEqual(['user', 'first', 'email', 'actions']);
    expect(shown(441)).toEqual(['user', 'email', 'actions']);
  });
  it('never leaves out a column that is not optional (the table scrolls sideways instead)', () => {
    expect(shown(300)).toEqual(['user', 'email', 'actions']);
  });
});
