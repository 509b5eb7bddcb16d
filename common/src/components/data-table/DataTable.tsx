import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type {
  ColDef,
  GridApi,
  GridReadyEvent,
  RowClassParams,
  RowDragEndEvent,
  SortChangedEvent,
} from 'ag-grid-community';
import { Box, Checkbox, Collapse, IconButton, InputBase, TablePagination, Typography } from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import { componentIds } from '../../test-ids';
import { useDataTableGrid } from './gridLoader';
import {
  ROW_EXPANSION_MS,
  STICKY_HEADER_Z_INDEX,
  STICKY_TOP_VARIABLE,
  TABLE_PAGE_SIZES,
  columnsShown,
  digitsOnly,
  expansionToggled,
  headerCheckboxClicked,
  headerCheckboxState,
  keepExpanded,
  keepPresentKeys,
  lastPage,
  pageRows,
  paginatorVisible,
  parsePosition,
  positionChange,
  readableMinWidth,
  rowCheckboxClicked,
  selectionAfterPageChange,
  sortCycle,
  sortRows,
  type PositionChange,
  type RowState,
  type SortDirection,
} from './tableModel';

/**
 * The sticky header (docs/shared-ui.md §7 Data table). AG Grid 36 draws the header in `.ag-grid-pinned-top-rows`
 * (itself position: sticky) inside `.ag-grid-viewport` (overflow: auto), and `.ag-root` and
 * `.ag-root-wrapper` are overflow: hidden. Each of those is a scroll container, so with
 * domLayout autoHeight (nothing inside the grid scrolls) sticky had nothing to stick to: the
 * header scrolled away with the page or the dialog. overflow: clip clips the same but is no scroll
 * container, so the header sticks to the nearest ancestor that does scroll. CSS cannot have both a
 * sideways scroller and a header sticking to an outer vertical scroller, so a table whose columns
 * are wider than its place (a narrow window) keeps AG Grid's sideways scrolling and its header
 * scrolls with the page. Below a fixed app bar the header stops at the bar's bottom
 * (STICKY_TOP_VARIABLE, set by the page frame).
 */
const stickyHeaderStyles = {
  '& .ag-layout-auto-height.ag-root-wrapper, & .ag-layout-auto-height.ag-root, & .ag-layout-auto-height.ag-grid-viewport':
    { overflow: 'clip' },
  '& .ag-grid-pinned-top-rows, & .ag-header': {
    position: 'sticky',
    top: `var(${STICKY_TOP_VARIABLE}, 0px)`,
    zIndex: STICKY_HEADER_Z_INDEX,
  },
} as const;

/**
 * A wrapping column's cells: lines at the text's own height with a margin above and below, not at
 * the row's (AG Grid sets a cell's line-height to the row height, so each wrapped line took a row's
 * height).
 */
const wrappedCellStyles = {
  '& .ag-cell-wrap-text': { lineHeight: 1.5 },
  // On the value, inside what AG Grid measures: it leaves a cell's own padding out of the height.
  '& .ag-cell-wrap-text .ag-cell-value': { paddingTop: '8px', paddingBottom: '8px' },
} as const;

/** The table's own columns (position, checkbox, expand): their control centred, no cell padding. */
const CONTROL_CELL_CLASS = 'wb-control-cell';
const controlCellStyles = {
  [`& .${CONTROL_CELL_CLASS}`]: {
    paddingLeft: 0,
    paddingRight: 0,
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'center',
  },
} as const;

/** True when the grid's columns are wider than its viewport (it needs to scroll sideways). */
/**
 * The columns need more than the grid's width even at their narrowest (flex columns at their
 * minimum, the others at their width). Measured from the columns, not from the scroll width: the
 * scroll width also overflows for a moment while AG Grid re-fits its flex columns (a dialog's
 * scrollbar appearing), and a header switched off sticky then stayed so.
 */
export function columnsOverflow(table: HTMLElement | null, api: GridApi | null): boolean {
  const grid = table?.querySelector<HTMLElement>('.ag-root-wrapper') ?? table;
  // Not laid out (hidden, or a test's DOM without layout): nothing to judge.
  if (!grid || grid.clientWidth === 0 || !api || api.isDestroyed()) return false;
  const narrowest = api
    .getAllDisplayedColumns()
    .reduce((sum, column) => sum + (column.getFlex() ? column.getMinWidth() : column.getActualWidth()), 0);
  return narrowest > grid.clientWidth + 1;
}

/** The widths of the table's own columns: the position (drag handle and number), a checkbox or expander. */
const POSITION_WIDTH = 90;
const CONTROL_WIDTH = 56;

/** A column's narrowest width: the one it gives, and never less than its header needs. */
const columnMinWidth = (
  column: Pick<DataTableColumn<unknown>, 'minWidth' | 'header' | 'name' | 'sortable'>,
) => Math.max(column.minWidth ?? 0, readableMinWidth(column.header ?? column.name, Boolean(column.sortable)));

/** Table column (docs/shared-ui.md §7). */
export interface DataTableColumn<T> {
  /** Column id and, unless `value` is given, the row's field shown. */
  name: string;
  /** Header text (default: the name). */
  header?: string;
  flex?: number;
  /** Centre the cells. */
  center?: boolean;
  /**
   * The narrowest the column gets (e.g. what its cells need whole: statusChipColumnWidth); never
   * less than its header text needs (narrow windows scroll sideways instead of cutting it).
   */
  minWidth?: number;
  /** Kept in view at that edge while the table scrolls sideways (e.g. the row actions), at its minWidth. */
  pinned?: 'left' | 'right';
  /**
   * May give way in a narrow table: optional columns are left out, the last first, while the
   * columns do not fit at their narrowest (tableModel columnsShown), so the columns that matter
   * stay in view rather than behind a sideways scroll. What they show must be reachable otherwise
   * (e.g. the row's edit form).
   */
  optional?: boolean;
  sortable?: boolean;
  /** Sorting starts descending rather than ascending. */
  reverseSort?: boolean;
  /** The value sorted on and shown (default: row[name]). */
  value?: (row: T) => unknown;
  /** Custom cell content. */
  render?: (row: T) => ReactNode;
  /** The cell's content wraps and the row grows to show it all (lists of names), never cut. */
  wrap?: boolean;
}

/** Paging driven by the caller (server paging): the rows given are the current page. */
export interface ServerPaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

/** Sorting done by the caller (server sorting): the rows arrive sorted; header clicks are reported. */
export interface ServerSort {
  column: string | null;
  direction: SortDirection;
  /** A header click: the column and direction to sort by (column null: unsorted). */
  onChange: (column: string | null, direction: SortDirection) => void;
}

/**
 * Props of DataTable.
 *
 * Usage: `<DataTable rows={users} rowKey={(u) => u.id} columns={[{ name: 'email', header: 'E-mail',
 * flex: 2, sortable: true }]} selectable onSelectionChange={setSelected} pageSize={25} />`.
 * Client paging by default (pageSize; 0 = no paging); pass `serverPaging` when rows are one page of
 * a larger result. Each grid row carries `row-id` = the row key (for browser tests).
 */
export interface DataTableProps<T> {
  rows: readonly T[];
  /** Identifies a row across refreshes (selection and expansion survive by it). */
  rowKey: (row: T) => string;
  columns: readonly DataTableColumn<T>[];
  /** Accessible name of the table region. */
  label?: string;
  selectable?: boolean;
  /** Rows whose checkbox is disabled (never selected, skipped by ranges and the header checkbox). */
  isRowDisabled?: (row: T) => boolean;
  onSelectionChange?: (rows: T[]) => void;
  /** Detail shown under a row; one expanded row at a time. */
  renderDetail?: (row: T) => ReactNode;
  /** Height of the detail row in px (default 160). */
  detailHeight?: number;
  /** Client paging page size (default 10; 0 = no paging). */
  pageSize?: number;
  serverPaging?: ServerPaging;
  /** The caller sorts (e.g. on the server); the header shows and reports the sort. */
  serverSort?: ServerSort;
  /** The table polls: a page change keeps the selection. */
  polling?: boolean;
  /** Keep the selection across page changes. */
  keepSelection?: boolean;
  /** Rows can be reordered (drag handle and typed position); the caller applies the move. */
  onPositionChange?: (event: PositionChange<T>) => void;
  initialSort?: { column: string; direction: SortDirection };
  rowState?: (row: T) => RowState | undefined;
  /** Text shown when there are no rows. */
  emptyText?: ReactNode;
}

interface GridRow<T> {
  key: string;
  row: T;
  detail: boolean;
}

const ROW_STATE_COLOURS: Record<RowState, string> = {
  error: '#d32f2f',
  'soft-error': '#ef9a9a',
  warning: '#ed6c02',
  info: '#0288d1',
};

/** Generic table with selection, expansion, sorting, paging and reordering (docs/shared-ui.md §7, §7 Data table). */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, columns, selectable, isRowDisabled, onSelectionChange, renderDetail, serverPaging } =
    props;
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [lastClicked, setLastClicked] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [clientSort, setClientSort] = useState<{ column: string; direction: SortDirection } | null>(
    props.initialSort ?? null,
  );
  const serverSort = props.serverSort;
  const hasServerSort = Boolean(serverSort);
  const serverColumn = serverSort?.column ?? null;
  const serverDirection = serverSort?.direction ?? 'asc';
  const sort = useMemo(
    () =>
      hasServerSort
        ? serverColumn
          ? { column: serverColumn, direction: serverDirection }
          : null
        : clientSort,
    [hasServerSort, serverColumn, serverDirection, clientSort],
  );
  const [clientPage, setClientPage] = useState(0);
  const [clientPageSize, setClientPageSize] = useState(props.pageSize ?? 10);

  // A new pageSize prop takes over (the user's choice lasts until the caller changes it).
  useEffect(() => {
    if (props.pageSize !== undefined) setClientPageSize(props.pageSize);
  }, [props.pageSize]);

  const page = serverPaging?.page ?? clientPage;
  const pageSize = serverPaging?.pageSize ?? clientPageSize;
  const total = serverPaging?.total ?? rows.length;

  const sortColumn = sort?.column;
  const sortDirection = sort?.direction;
  const sorted = useMemo(() => {
    const column = sortColumn && columns.find((c) => c.name === sortColumn);
    if (hasServerSort || !sortColumn || !sortDirection || !column) return [...rows];
    const value = column.value ?? ((row: T) => (row as Record<string, unknown>)[column.name]);
    return sortRows(rows, value, sortDirection);
  }, [rows, columns, sortColumn, sortDirection, hasServerSort]);
  const visible = useMemo(
    () => (serverPaging ? sorted : pageRows(sorted, page, pageSize)),
    [serverPaging, sorted, page, pageSize],
  );
  const visibleKeys = useMemo(() => visible.map(rowKey), [visible, rowKey]);
  const allKeys = useMemo(() => rows.map(rowKey), [rows, rowKey]);
  const disabledKeys = useMemo(
    () => new Set(isRowDisabled ? rows.filter(isRowDisabled).map(rowKey) : []),
    [rows, rowKey, isRowDisabled],
  );
  const enabledVisibleKeys = visibleKeys.filter((key) => !disabledKeys.has(key));

  // Selection and the expanded row survive data refreshes by row key.
  useEffect(() => {
    setSelected((current) => {
      const kept = keepPresentKeys(current, allKeys);
      return kept.size === current.size ? current : kept;
    });
    setExpanded((current) => keepExpanded(current, allKeys));
  }, [allKeys]);
  // A client page past the end after rows vanished goes to the last page.
  useEffect(() => {
    if (!serverPaging && clientPage > lastPage(rows.length, clientPageSize))
      setClientPage(lastPage(rows.length, clientPageSize));
  }, [serverPaging, clientPage, rows.length, clientPageSize]);

  const notify = useRef(onSelectionChange);
  notify.current = onSelectionChange;
  const rowsByKey = useMemo(() => new Map(rows.map((row) => [rowKey(row), row])), [rows, rowKey]);
  useEffect(() => {
    notify.current?.([...selected].flatMap((key) => (rowsByKey.has(key) ? [rowsByKey.get(key) as T] : [])));
  }, [selected, rowsByKey]);

  const changePage = (nextPage: number, nextSize: number) => {
    setSelected((current) =>
      selectionAfterPageChange(current, { polling: props.polling, keepSelection: props.keepSelection }),
    );
    if (serverPaging) serverPaging.onChange(nextPage, nextSize);
    else {
      setClientPage(nextPage);
      setClientPageSize(nextSize);
    }
  };

  const gridRows = useMemo<GridRow<T>[]>(
    () =>
      visible.flatMap((row) => {
        const key = rowKey(row);
        const own = { key, row, detail: false };
        return renderDetail && expanded === key ? [own, { key: `${key}::detail`, row, detail: true }] : [own];
      }),
    [visible, rowKey, renderDetail, expanded],
  );

  const headerState = headerCheckboxState(enabledVisibleKeys, selected);
  const reorderable = Boolean(props.onPositionChange);
  const positionOf = useCallback(
    (key: string) => sorted.findIndex((row) => rowKey(row) === key),
    [sorted, rowKey],
  );
  const movePosition = useCallback(
    (key: string, text: string) => {
      const to = parsePosition(text, sorted.length);
      const event = to === null ? null : positionChange(sorted, positionOf(key), to - 1);
      if (event) props.onPositionChange?.(event);
    },
    [sorted, positionOf, props],
  );

  // The table's width (measured with the sticky header's check below): optional columns give way.
  const [tableWidth, setTableWidth] = useState(0);
  const shownColumns = useMemo(() => {
    const own =
      (reorderable ? POSITION_WIDTH : 0) +
      (selectable ? CONTROL_WIDTH : 0) +
      (renderDetail ? CONTROL_WIDTH : 0);
    return columnsShown(
      columns.map((c) => ({ name: c.name, minWidth: columnMinWidth(c), optional: c.optional })),
      tableWidth,
      own,
    );
  }, [columns, tableWidth, reorderable, selectable, renderDetail]);

  const columnDefs = useMemo<ColDef<GridRow<T>>[]>(() => {
    const defs: ColDef<GridRow<T>>[] = [];
    if (reorderable) {
      defs.push({
        colId: '__position',
        cellClass: CONTROL_CELL_CLASS,
        headerName: '#',
        width: POSITION_WIDTH,
        rowDrag: true,
        sortable: false,
        cellRenderer: (p: CustomCellRendererProps<GridRow<T>>) =>
          p.data ? (
            <PositionInput
              position={positionOf(p.data.key) + 1}
              onCommit={(text) => movePosition(p.data!.key, text)}
            />
          ) : null,
      });
    }
    if (selectable) {
      defs.push({
        colId: '__select',
        cellClass: CONTROL_CELL_CLASS,
        width: CONTROL_WIDTH,
        sortable: false,
        headerComponent: () => (
          <Checkbox
            size="small"
            checked={headerState === 'all'}
            indeterminate={headerState === 'some'}
            disabled={enabledVisibleKeys.length === 0 && headerState === 'none'}
            slotProps={{
              input: {
                'aria-label': 'Select all rows',
                'data-testid': componentIds.tableHeaderCheckbox,
              } as object,
            }}
            onChange={() => setSelected((current) => headerCheckboxClicked(enabledVisibleKeys, current))}
          />
        ),
        cellRenderer: (p: CustomCellRendererProps<GridRow<T>>) => {
          if (!p.data) return null;
          const key = p.data.key;
          return (
            <Checkbox
              size="small"
              checked={selected.has(key)}
              disabled={disabledKeys.has(key)}
              slotProps={{ input: { 'aria-label': `Select row ${positionOf(key) + 1}` } }}
              onClick={(event) => {
                const shift = event.shiftKey;
                setSelected((current) =>
                  rowCheckboxClicked({
                    keys: visibleKeys,
                    disabled: disabledKeys,
                    selected: current,
                    key,
                    shift,
                    lastClicked,
                  }),
                );
                setLastClicked(key);
              }}
            />
          );
        },
      });
    }
    if (renderDetail) {
      defs.push({
        colId: '__expand',
        cellClass: CONTROL_CELL_CLASS,
        width: CONTROL_WIDTH,
        sortable: false,
        cellRenderer: (p: CustomCellRendererProps<GridRow<T>>) =>
          p.data ? (
            <IconButton
              size="small"
              aria-expanded={expanded === p.data.key}
              aria-label={expanded === p.data.key ? 'Collapse row' : 'Expand row'}
              onClick={() => setExpanded((current) => expansionToggled(current, p.data!.key))}
            >
              {expanded === p.data.key ? (
                <KeyboardArrowDownIcon fontSize="small" />
              ) : (
                <KeyboardArrowRightIcon fontSize="small" />
              )}
            </IconButton>
          ) : null,
      });
    }
    for (const column of columns) {
      const value = column.value ?? ((row: T) => (row as Record<string, unknown>)[column.name]);
      defs.push({
        colId: column.name,
        headerName: column.header ?? column.name,
        // A pinned column does not flex (AG Grid gave it 200 px): it takes its narrowest width, so
        // it covers no more of the scrolled columns than it needs (issue 31: Users at 800 px).
        ...(column.pinned
          ? { width: columnMinWidth(column) }
          : { flex: column.flex ?? 1, minWidth: columnMinWidth(column) }),
        hide: !shownColumns.has(column.name),
        pinned: column.pinned ?? null,
        sortable: Boolean(column.sortable),
        sortingOrder: sortCycle(column.reverseSort),
        sort: sort?.column === column.name ? sort.direction : null,
        // Rows arrive sorted (case-insensitively, across pages); the grid keeps that order.
        comparator: () => 0,
        cellStyle: column.center ? { textAlign: 'center', justifyContent: 'center' } : undefined,
        ...(column.wrap ? { wrapText: true, autoHeight: true } : {}),
        valueGetter: (p) => (p.data ? value(p.data.row) : undefined),
        cellRenderer: column.render
          ? (p: CustomCellRendererProps<GridRow<T>>) => (p.data ? column.render!(p.data.row) : null)
          : undefined,
      });
    }
    return defs;
  }, [
    reorderable,
    selectable,
    renderDetail,
    columns,
    headerState,
    enabledVisibleKeys,
    selected,
    disabledKeys,
    visibleKeys,
    lastClicked,
    expanded,
    sort,
    positionOf,
    movePosition,
    shownColumns,
  ]);

  const onSortChanged = (event: SortChangedEvent<GridRow<T>>) => {
    const state = event.api.getColumnState().find((c) => c.sort);
    const next = state?.sort && state.colId ? { column: state.colId, direction: state.sort } : null;
    if (serverSort) {
      if (next?.column !== serverSort.column || (next && next.direction !== serverSort.direction)) {
        serverSort.onChange(next?.column ?? null, next?.direction ?? serverSort.direction);
      }
    } else setClientSort(next);
  };

  // Sticky header unless the columns need sideways scrolling (see stickyHeaderStyles). Measured
  // after layout (the next animation frame): on the grid's size and column events, and whenever
  // the table's box changes size (rows drawn, window resized).
  const tableRef = useRef<HTMLDivElement>(null);
  // AG Grid is its own chunk, asked for on the first render (gridLoader.ts).
  const { grid, failed } = useDataTableGrid();
  const gridApi = useRef<GridApi | null>(null);
  const [wide, setWide] = useState(false);
  const frame = useRef<number | null>(null);
  const measuredWidth = useRef(0);
  const checkWidth = useCallback(() => {
    if (typeof requestAnimationFrame === 'undefined') return;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setWide(columnsOverflow(tableRef.current, gridApi.current));
      const width = tableRef.current?.clientWidth ?? 0;
      // A wrapping cell's row keeps the height measured at the old width (AG Grid does not measure
      // it again when flex columns narrow with the window): measure the rows again.
      if (width !== measuredWidth.current) {
        measuredWidth.current = width;
        const api = gridApi.current;
        if (api && !api.isDestroyed()) api.resetRowHeights();
      }
      setTableWidth(width);
    });
  }, []);
  useEffect(() => {
    const table = tableRef.current;
    const observer = table && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(checkWidth) : null;
    if (table) observer?.observe(table);
    return () => {
      observer?.disconnect();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, [checkWidth]);
  const onGridReady = (event: GridReadyEvent) => {
    gridApi.current = event.api;
    checkWidth();
  };

  const onRowDragEnd = (event: RowDragEndEvent<GridRow<T>>) => {
    const key = event.node.data?.key;
    if (!key || event.overIndex < 0) return;
    const target = gridRows[event.overIndex];
    if (!target) return;
    // A drop on an expanded row's detail is a drop on that row (the detail row has no position).
    const change = positionChange(sorted, positionOf(key), positionOf(rowKey(target.row)));
    if (change) props.onPositionChange?.(change);
  };

  const getRowClass = (params: RowClassParams<GridRow<T>>) => {
    const state = params.data && !params.data.detail ? props.rowState?.(params.data.row) : undefined;
    return state ? `wb-row-${state}` : undefined;
  };

  const markerStyles = Object.fromEntries(
    Object.entries(ROW_STATE_COLOURS).map(([state, colour]) => [
      `& .wb-row-${state}`,
      { boxShadow: `inset 4px 0 0 ${colour}` },
    ]),
  );

  return (
    <Box
      data-testid={componentIds.dataTable}
      role="region"
      aria-label={props.label ?? 'Table'}
      ref={tableRef}
      sx={{
        ...(wide ? {} : stickyHeaderStyles),
        ...controlCellStyles,
        ...wrappedCellStyles,
        ...markerStyles,
      }}
    >
      {grid ? (
        <grid.AgGridView<GridRow<T>>
          rowData={gridRows}
          columnDefs={columnDefs}
          getRowId={(p) => p.data.key}
          domLayout="autoHeight"
          suppressColumnVirtualisation
          rowDragManaged={false}
          onRowDragEnd={reorderable ? onRowDragEnd : undefined}
          onSortChanged={onSortChanged}
          onGridReady={onGridReady}
          onFirstDataRendered={checkWidth}
          onRowDataUpdated={checkWidth}
          onGridSizeChanged={checkWidth}
          onDisplayedColumnsChanged={checkWidth}
          onColumnResized={checkWidth}
          getRowClass={getRowClass}
          isFullWidthRow={(p) => Boolean(p.rowNode.data?.detail)}
          fullWidthCellRenderer={(p: CustomCellRendererProps<GridRow<T>>) =>
            p.data && renderDetail ? (
              <Collapse in appear timeout={ROW_EXPANSION_MS}>
                <Box sx={{ p: 2, height: props.detailHeight ?? 160, overflow: 'auto' }}>
                  {renderDetail(p.data.row)}
                </Box>
              </Collapse>
            ) : null
          }
          getRowHeight={(p) => (p.data?.detail ? (props.detailHeight ?? 160) : undefined)}
          suppressNoRowsOverlay
        />
      ) : (
        failed && (
          <Typography role="alert" color="error" sx={{ p: 2 }}>
            The table could not be loaded: reload the page.
          </Typography>
        )
      )}
      {rows.length === 0 && (
        <Typography
          role="status"
          data-testid={componentIds.tableEmpty}
          color="text.secondary"
          sx={{ p: 2, textAlign: 'center' }}
        >
          {props.emptyText ?? 'No rows'}
        </Typography>
      )}
      {paginatorVisible(pageSize, total) && (
        <TablePagination
          component="div"
          data-testid={componentIds.tablePaginator}
          count={total}
          page={Math.min(page, lastPage(total, pageSize))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...TABLE_PAGE_SIZES]}
          showFirstButton
          showLastButton
          onPageChange={(_, next) => changePage(next, pageSize)}
          onRowsPerPageChange={(event) => changePage(0, Number(event.target.value))}
        />
      )}
    </Box>
  );
}

function PositionInput({ position, onCommit }: { position: number; onCommit: (text: string) => void }) {
  const [text, setText] = useState(String(position));
  useEffect(() => setText(String(position)), [position]);
  return (
    <InputBase
      value={text}
      size="small"
      sx={{ width: 44 }}
      slotProps={{ input: { 'aria-label': `Position of row ${position}`, inputMode: 'numeric' } }}
      onChange={(event) => setText(digitsOnly(event.target.value))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit(text);
        if (event.key === 'Escape') setText(String(position));
      }}
      onBlur={() => (text === String(position) ? undefined : onCommit(text))}
    />
  );
}
