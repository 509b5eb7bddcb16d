/**
 * The logs explorer of one log route (web, email, audit, dlp, firewall, saa): the interval and
 * the type's filters (common's FilterBar), free-text search, AG Grid's infinite row model over the
 * log-paging cache (block size 100), a column manager (ColumnManager.tsx), a detail panel with every field of an
 * event, export of the whole filtered result with progress, saved searches. The whole view is in
 * the URL (see logView.ts). A column sorts when the API can sort by it (keyset paging per sort
 * key; common's log column registry): a header click writes `sort=<column>:<order>` to the URL.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'react-redux';
import { Alert, Box, Button, Typography, useMediaQuery, useTheme } from '@mui/material';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import RefreshIcon from '@mui/icons-material/Refresh';
import LinkIcon from '@mui/icons-material/Link';
import type {
  ColDef,
  GetRowIdParams,
  RowClickedEvent,
  CellContextMenuEvent,
  CellKeyDownEvent,
  SortChangedEvent,
  BodyScrollEvent,
  RowClassParams,
} from 'ag-grid-community';
import {
  EmptyResults,
  emptyResultsText,
  isManagementStation,
  logQueryChanged,
  logsIds,
  selectLogBlocksSeen,
  selectLogPaging,
  selectLogLoadError,
  selectLogPagingStatus,
  selectLogTotalRows,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
  useExtension,
  type IndexedLogEvent,
} from '@workbench/common';
import { FilterBar, type FilterSchema } from '@workbench/common/components/filter-bar/index';
import {
  DEFAULT_LOG_INTERVAL,
  InvalidIntervalError,
  availableLogIntervals,
  isMonthInterval,
} from '@workbench/common/features/interval/index';
import { LOG_BLOCK_SIZE } from '@workbench/common/api/logs';
import type { LogOrder } from '@workbench/common/api/contract/logs';
import type { LogQueryParts } from '@workbench/common/api/contract/logQueryLanguage';
import { isSortableLogColumn } from '@workbench/common/api/contract/logColumns';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import {
  LOG_ROUTE_TYPES,
  LOG_TYPE_REGISTRY,
  isLogRoute,
  type LogRoute,
} from '@workbench/common/vocabularies/index';
import type { PageProps } from '../../routes/routeModel';
import { AreaPage } from '../AreaPage';
import { FIELD_VOCABULARIES, LOG_ROUTE_FIELDS, fieldLabel, fieldText } from './logFields';
import {
  LOG_SORT_COLUMN,
  buildLogQuery,
  readLinkedEvent,
  readLogView,
  withColumns,
  withRetiredIntervalReplaced,
  CUSTOM_INTERVAL,
  CUSTOM_INTERVAL_LABEL,
  absoluteRangeLabel,
  viewQueryText,
  withAbsoluteRange,
  withInterval,
  withEvent,
  withFieldFilter,
  withoutCriteria,
  withoutFieldFilter,
  withoutTimeRange,
  withPinnedEnd,
  withQueryParts,
  withSort,
  withTimeRange,
  type LogSort,
} from './logView';
import { QueryBox } from './QueryBox';
import { RangePicker } from './RangePicker';
import { LiveTail, NEW_ROW_CLASS, type LiveTailPeriod } from './LiveTail';
import { usePortalSelector, type PortalState } from '../../app/tenantStore';
import type { LogEvent } from '@workbench/common/api/contract/logs';
import { createLogsDatasource, type LogsDatasource } from './logsDatasource';
import { ColumnManager } from './ColumnManager';
import { CreateAlertButton } from './CreateAlertButton';
import { LogExportButton } from './LogExportButton';
import { SavedSearchMenu } from './SavedSearchMenu';
import { counted } from '@workbench/common/formatting/counted';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { LogHistogram } from './LogHistogram';
import type { LogsGridHandle } from './LogsGrid';
import { FieldSidebar } from './FieldSidebar';
import {
  canFilterOn,
  CellFilterMenu,
  FieldFilterChips,
  type CellMenuTarget,
  type FilterMode,
} from './FieldFilters';
import { useLogHistogram } from './logSummaries';
import { cachedEventAt, useLinkedEvent } from './linkedEvent';

// AG Grid is its own chunk (LogsGrid.tsx): the page draws, and its summaries are asked for, meanwhile.
const loadLogsGrid = () => import('./LogsGrid');
const LogsGrid = lazy(loadLogsGrid);
/**
 * The detail drawer (with the policy rule links and the kinds' view rows they are derived from),
 * loaded when an event is first opened, not with the page, and kept mounted from then on, so it
 * closes with its transition as before (bench/README.md "First load").
 */
const LogDetailDrawer = lazy(() => import('./LogDetailDrawer').then((m) => ({ default: m.LogDetailDrawer })));

/** No column sorts unless it says so (the log column registry's). */
const DEFAULT_COL_DEF: ColDef<IndexedLogEvent> = { sortable: false };

/** History state of the entry a histogram drag made (Back to the interval goes back from it). */
const RANGE_FROM_DRAG = 'logsRangeFromDrag';

/** The empty results of docs/shared-ui.md §7, with the route's noun in place of the dots. */
export const logsEmptyResultsText = (route: LogRoute): string =>
  emptyResultsText(LOG_TYPE_REGISTRY[route].noun);

/**
 * The filter bar's menus: the interval (the spec's codes; "Custom range" while the view has an
 * absolute one, a month-and-year interval as itself) and the type's coded filters.
 */
export function filterSchemaOf(
  route: LogRoute,
  managementStation: boolean,
  interval = '',
  range: { from: number | null; to: number | null } = { from: null, to: null },
): FilterSchema {
  // An absolute range (the range picker, a drag across the histogram) shows as itself.
  const custom = range.from !== null ? absoluteRangeLabel(range.from, range.to) : CUSTOM_INTERVAL_LABEL;
  const extra =
    interval === CUSTOM_INTERVAL
      ? [{ code: CUSTOM_INTERVAL, label: custom }]
      : isMonthInterval(interval)
        ? [{ code: interval, label: interval }]
        : [];
  const schema: Record<string, FilterSchema[string]> = {
    interval: {
      label: 'Interval',
      options: [
        ...availableLogIntervals(managementStation).map((i) => ({ code: i.code, label: i.label })),
        ...extra,
      ],
      defaultValue: DEFAULT_LOG_INTERVAL,
      // Always one interval: no "Any" item (docs/logs.md §2).
      required: true,
    },
  };
  for (const field of LOG_ROUTE_FIELDS[route].filters) {
    schema[field] = { label: fieldLabel(field), options: FIELD_VOCABULARIES[field] ?? [], multiple: true };
  }
  return schema;
}

/** The Time column's header: newest first ⇄ oldest first (never unsorted). */
export const TIME_SORTING_ORDER: LogOrder[] = ['desc', 'asc'];
/** A number column sorts largest first on the first click (bytes, ports, scores); text A→Z. */
const sortingOrderOf = (field: string): LogOrder[] =>
  FIELD_SPECS[field]?.kind === 'integer' ? ['desc', 'asc'] : ['asc', 'desc'];

/**
 * The grid's columns: Time first (pinned), then the shown fields in the view's order, then the
 * hidden ones. A column sorts when the server can sort by it (the log column registry,
 * common's logColumns.ts); the others have no header click, no sort icon and no aria-sort. The
 * view's sort column shows its order.
 */
export function columnDefs(
  route: LogRoute,
  visible: readonly string[],
  sort: LogSort,
): ColDef<IndexedLogEvent>[] {
  const time: ColDef<IndexedLogEvent> = {
    colId: LOG_SORT_COLUMN,
    headerName: fieldLabel('event_time'),
    headerTooltip: 'Click for newest or oldest first',
    valueGetter: (p) => (p.data ? new Date(Number(p.data.time)).toLocaleString() : ''),
    width: 190,
    pinned: 'left',
    sortable: true,
    sortingOrder: TIME_SORTING_ORDER,
    sort: sort.column === LOG_SORT_COLUMN ? sort.order : null,
  };
  const fields = LOG_ROUTE_FIELDS[route].fields;
  const ordered = [...visible, ...fields.filter((f) => !visible.includes(f))];
  return [
    time,
    ...ordered.map((field): ColDef<IndexedLogEvent> => {
      const sortable = isSortableLogColumn(field);
      return {
        colId: field,
        headerName: fieldLabel(field),
        hide: !visible.includes(field),
        sortable,
        ...(sortable
          ? { sortingOrder: sortingOrderOf(field), sort: sort.column === field ? sort.order : null }
          : {}),
        valueGetter: (p) => fieldText(field, p.data?.[field]),
        flex: 1,
        minWidth: 120,
      };
    }),
  ];
}

/** The logs explorer as a page of the route table: the route's path names its log type. */
export function LogsRoutePage({ path, title }: PageProps) {
  if (!isLogRoute(path)) throw new Error(`No log type is served at /logs/${path}.`);
  return <LogsPage key={path} route={path} title={title} />;
}

export function LogsPage({ route, title }: { route: LogRoute; title: string }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore<PortalState>();
  // The drawer's event is not part of the view: opening one keeps the query (and its range end).
  const viewText = withEvent(params, null).toString();
  const view = useMemo(() => readLogView(route, new URLSearchParams(viewText)), [route, viewText]);
  // An old link's `interval=` or `interval=any` (an "Any" item that still asked for 7 days) shows
  // as the interval it reads as, in the menu and the URL.
  useEffect(() => {
    const replaced = withRetiredIntervalReplaced(params);
    if (replaced) setParams(replaced, { replace: true });
  }, [params, setParams]);
  // Refresh runs the same view again, ending now.
  const [refreshed, setRefreshed] = useState(0);
  const [datasource, setDatasource] = useState<LogsDatasource | null>(null);
  const gridRef = useRef<LogsGridHandle>(null);
  // The grid's chunk is asked for as the page mounts, beside the summaries' requests.
  useEffect(() => {
    void loadLogsGrid();
  }, []);
  const linked = useMemo(() => readLinkedEvent(params), [params]);
  const selected = useLinkedEvent(route, linked);
  const [cellMenu, setCellMenu] = useState<CellMenuTarget | null>(null);
  const wide = useMediaQuery(useTheme().breakpoints.up('lg'));
  const [sidebarShown, setSidebarShown] = useState<boolean | null>(null);
  // The count, histogram and field sidebar, Export and Saved searches are server extensions
  // (docs/api.md): each shows only when the server serves it; the rows are the spec's.
  const summaries = useExtension('log-summaries');
  const exportServed = useExtension('log-export');
  const savedSearchesServed = useExtension('saved-searches');
  const sidebarOpen = summaries && (sidebarShown ?? wide);
  const [intervalError, setIntervalError] = useState<string | null>(null);
  // The paging state changes with every block the grid takes; the parts that show it select it
  // themselves (LogsRowCount, LogsLoadState), so a block re-renders them, not the page.
  const totalRows = useAppSelector(selectLogTotalRows);
  const managementStation = isManagementStation();
  const schema = useMemo(
    () => filterSchemaOf(route, managementStation, view.interval, { from: view.from, to: view.to }),
    [route, managementStation, view.interval, view.from, view.to],
  );
  const queryText = useMemo(() => viewQueryText(route, view), [route, view]);
  // Built once per view (and refresh): start and end stay fixed while the grid pages the query.
  const query = useMemo(() => {
    try {
      return buildLogQuery(route, view, Date.now());
    } catch (e) {
      if (e instanceof InvalidIntervalError) return e;
      throw e;
    }
    // refreshed: a new query ending now
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, view, refreshed]);
  const queryJson = query instanceof Error ? '' : JSON.stringify(query);
  // The exact count and the histogram: one request beside the first block.
  const histogram = useLogHistogram(!summaries || query instanceof Error ? null : query);
  const exactTotal = totalRows ?? (histogram?.status === 'loaded' ? histogram.reply.total : null);

  useEffect(() => {
    if (query instanceof Error) {
      setIntervalError(query.message);
      setDatasource(null);
      return;
    }
    setIntervalError(null);
    dispatch(logQueryChanged(query));
    const generation = selectLogPaging(store.getState()).generation;
    setDatasource(
      createLogsDatasource(store, generation, {
        column: query.params.sort ?? LOG_SORT_COLUMN,
        order: query.params.order === 'asc' ? 'asc' : 'desc',
      }),
    );
    // queryJson stands for query (a new object with the same content is the same query).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryJson]);

  const copyLink = async () => {
    if (query instanceof Error) return;
    // The link pins the range end of the rows shown, so it reproduces them later.
    const pinned = withPinnedEnd(params, Number(query.params.end) * 1000);
    const link = `${window.location.origin}${window.location.pathname}#${location.pathname}?${pinned.toString()}`;
    try {
      await navigator.clipboard.writeText(link);
      dispatch(snackbarShown({ kind: 'copy', subject: 'The link' }));
    } catch {
      dispatch(snackbarShown({ kind: 'custom', message: link, severity: 'info' }));
    }
  };

  const columns = useMemo(
    () => columnDefs(route, view.columns, { column: view.sortColumn, order: view.order }),
    [route, view.columns, view.sortColumn, view.order],
  );
  const exportQuery = query instanceof Error ? null : query;

  // The sort the last click asked for, or the view's once it changes (a click's own, or the URL's:
  // back, a link). Not the view's at each render: a render before the click's URL is in (React
  // defers the page's renders) would hand the next click the sort before it. A ref, so the grid's
  // callbacks keep their identity across the renders paging causes (every block changes the row
  // count text) and the grid is not handed new options per block.
  const sortNow = useRef<LogSort>({ column: view.sortColumn, order: view.order });
  const viewSort = useRef<LogSort>(sortNow.current);
  if (viewSort.current.column !== view.sortColumn || viewSort.current.order !== view.order) {
    viewSort.current = { column: view.sortColumn, order: view.order };
    sortNow.current = viewSort.current;
  }
  // A header click: the next sort follows from sortNow (the URL's view, or the click before it
  // while its URL is not in yet), not from the grid's own state, which a column-definition update
  // can reset between clicks: the sorted column switches its order, another column starts at the
  // first of its sortingOrder.
  const onSortChanged = useCallback(
    (event: SortChangedEvent<IndexedLogEvent>) => {
      if (event.source !== 'uiColumnSorted') return;
      const clicked = (event.columns ?? []).find((c) => c.getSort() === 'asc' || c.getSort() === 'desc');
      if (!clicked) return;
      const column = clicked.getColId();
      const current = sortNow.current;
      const order: LogOrder =
        column === current.column
          ? current.order === 'asc'
            ? 'desc'
            : 'asc'
          : column === LOG_SORT_COLUMN
            ? TIME_SORTING_ORDER[0]
            : sortingOrderOf(column)[0];
      sortNow.current = { column, order };
      setParams((params) => withSort(params, order, column));
    },
    [setParams],
  );
  // Live tail (LiveTail.tsx): the ids shown before each refresh; rows not among them are new.
  const [live, setLive] = useState<{ on: boolean; period: LiveTailPeriod }>({ on: false, period: 10 });
  const [scrolledAway, setScrolledAway] = useState(false);
  const shownBefore = useRef<Set<string> | null>(null);
  const onBodyScroll = useCallback((e: BodyScrollEvent<IndexedLogEvent>) => {
    if (e.direction === 'vertical') setScrolledAway(e.top > 0);
  }, []);
  const rowClassRules = useMemo(
    () => ({
      [NEW_ROW_CLASS]: (p: RowClassParams<IndexedLogEvent>) =>
        shownBefore.current !== null && !!p.data && !shownBefore.current.has(String(p.data.id)),
    }),
    [],
  );
  const endNow = useCallback(() => {
    setParams((current) => {
      if (!current.has('to')) return current;
      const next = new URLSearchParams(current);
      next.delete('to');
      return next;
    });
    setRefreshed((n) => n + 1);
  }, [setParams]);
  // The ids of the rows the grid took since the last refresh (getRowId sees every row it loads).
  const shownNow = useRef(new Set<string>());
  const onLiveTick = useCallback(() => {
    shownBefore.current = shownNow.current;
    shownNow.current = new Set();
    endNow();
  }, [endNow]);
  const getRowId = useCallback((p: GetRowIdParams<IndexedLogEvent>) => {
    const id = String(p.data.id);
    shownNow.current.add(id);
    return id;
  }, []);
  // The drawer's event is in the URL (a link opens it); replace, so Back leaves the page's view.
  // The entry's history state goes along (a drag's mark, see RANGE_FROM_DRAG).
  const historyState = useRef<unknown>(location.state);
  historyState.current = location.state;
  const openEvent = useCallback(
    (event: LogEvent | null) =>
      setParams(
        (current) => withEvent(current, event && { id: String(event.id), time: Number(event.time) }),
        { replace: true, state: historyState.current },
      ),
    [setParams],
  );
  const onRowClicked = useCallback(
    (e: RowClickedEvent<IndexedLogEvent>) => {
      if (e.data) openEvent(e.data);
    },
    [openEvent],
  );
  const onCellKeyDown = useCallback(
    (e: CellKeyDownEvent<IndexedLogEvent>) => {
      const keyboard = e.event as KeyboardEvent | null | undefined;
      // Keyboard users open the detail panel with Enter on a focused cell, and the cell's filter
      // menu with the context-menu key or Shift+F10.
      if (keyboard?.key === 'Enter' && e.data) openEvent(e.data);
      if (keyboard && (keyboard.key === 'ContextMenu' || (keyboard.shiftKey && keyboard.key === 'F10'))) {
        const field = e.colDef.colId ?? '';
        const value = e.data?.[field];
        const cell = (keyboard.target as HTMLElement | null)?.getBoundingClientRect();
        if (cell && canFilterOn(field, value)) {
          keyboard.preventDefault();
          setCellMenu({ field, value, top: cell.bottom, left: cell.left });
        }
      }
    },
    [openEvent],
  );
  const onCellContextMenu = useCallback((e: CellContextMenuEvent<IndexedLogEvent>) => {
    const field = e.colDef.colId ?? '';
    const value = e.data?.[field];
    const mouse = e.event as MouseEvent | null | undefined;
    if (mouse && canFilterOn(field, value))
      setCellMenu({ field, value, top: mouse.clientY, left: mouse.clientX });
  }, []);
  const onFilter = useCallback(
    (field: string, value: string, mode: FilterMode) =>
      setParams((current) => withFieldFilter(withEvent(current, null), field, value, mode)),
    [setParams],
  );
  // Previous / next event of the grid's order: from the paging cache, the grid scrolled along (it
  // loads the block when the row is not cached yet; the drawer follows once it arrives).
  const [pendingIndex, setPendingIndex] = useState<number | null>(null);
  const pendingEvent = usePortalSelector((state) =>
    pendingIndex === null ? null : cachedEventAt(selectLogPaging(state), pendingIndex, LOG_BLOCK_SIZE),
  );
  useEffect(() => {
    if (pendingEvent) {
      setPendingIndex(null);
      openEvent(pendingEvent);
    }
  }, [pendingEvent, openEvent]);
  const goToRow = (index: number) => {
    gridRef.current?.api?.ensureIndexVisible(index);
    const event = cachedEventAt(selectLogPaging(store.getState()), index, LOG_BLOCK_SIZE);
    if (event) openEvent(event);
    else setPendingIndex(index);
  };
  // The toolbar's and the histogram's handlers keep their identity until the URL changes, so their
  // memoised components do not render again with each of the page's renders while its data
  // arrives (bench/README.md, "Renders of the web logs").
  const applyQueryParts = useCallback(
    (parts: LogQueryParts) => setParams(withQueryParts(params, route, schema, parts)),
    [params, route, schema, setParams],
  );
  const applyAbsoluteRange = useCallback(
    (from: number, to: number | null) => setParams(withAbsoluteRange(params, from, to)),
    [params, setParams],
  );
  const applyMonth = useCallback(
    (interval: string) => setParams(withInterval(params, interval)),
    [params, setParams],
  );
  const applyColumns = useCallback(
    (cols: readonly string[]) => setParams(withColumns(params, cols)),
    [params, setParams],
  );
  const openSavedSearch = useCallback((q: string) => setParams(new URLSearchParams(q)), [setParams]);
  const liveOn = live.on;
  const changeLiveTail = useCallback(
    (on: boolean, period: LiveTailPeriod) => {
      shownBefore.current = null;
      setLive({ on, period });
      if (on && !liveOn) endNow();
    },
    [liveOn, endNow],
  );
  const removeFieldFilter = useCallback(
    (field: string, value: string, mode: FilterMode) =>
      setParams(withoutFieldFilter(params, field, value, mode)),
    [params, setParams],
  );
  const histogramRange = useMemo(
    () => (view.from !== null && view.to !== null ? { from: view.from, to: view.to } : null),
    [view.from, view.to],
  );
  // A drag is a new history entry that knows it came from a drag: "Back to the interval" (like
  // the browser's Back) returns to the view before it, whatever it was.
  const applyHistogramRange = useCallback(
    (from: number, to: number) =>
      setParams(withTimeRange(params, from, to), { state: { [RANGE_FROM_DRAG]: true } }),
    [params, setParams],
  );
  const resetHistogramRange = useCallback(() => {
    if ((historyState.current as Record<string, unknown> | null)?.[RANGE_FROM_DRAG]) navigate(-1);
    else setParams(withoutTimeRange(params));
  }, [params, setParams, navigate]);
  const selectedEvent = selected !== null && typeof selected === 'object' ? selected : null;
  const selectedIndex = selectedEvent && 'index' in selectedEvent ? Number(selectedEvent.index) : null;
  const drawerOpened = useRef(false);
  if (selectedEvent !== null) drawerOpened.current = true;

  return (
    <AreaPage title={title}>
      <Box data-testid={logsIds.page} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <FilterBar schema={schema} />
          <QueryBox
            logType={LOG_ROUTE_TYPES[route]}
            chipFields={LOG_ROUTE_FIELDS[route].filters}
            value={queryText}
            onApply={applyQueryParts}
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button
            data-testid={logsIds.refresh}
            startIcon={<RefreshIcon />}
            onClick={() => {
              if (params.has('to')) {
                const next = new URLSearchParams(params);
                next.delete('to');
                setParams(next);
              }
              setRefreshed((n) => n + 1);
            }}
          >
            Refresh
          </Button>
          <RangePicker from={view.from} to={view.to} onRange={applyAbsoluteRange} onMonth={applyMonth} />
          <Button data-testid={logsIds.copyLink} startIcon={<LinkIcon />} onClick={() => void copyLink()}>
            Copy link
          </Button>
          <ColumnManager route={route} visible={view.columns} onApply={applyColumns} />
          {savedSearchesServed && (
            <SavedSearchMenu route={route} currentQuery={params.toString()} onOpen={openSavedSearch} />
          )}
          {exportServed && exportQuery && (
            <LogExportButton route={route} query={exportQuery} visibleColumns={view.columns} />
          )}
          <CreateAlertButton route={route} view={view} query={exportQuery} />
          <LiveTail
            on={live.on}
            period={live.period}
            paused={scrolledAway}
            onChange={changeLiveTail}
            onTick={onLiveTick}
          />
          <LogsRowCount exactTotal={exactTotal} />
        </Box>
        <LogsLoadState
          intervalError={intervalError}
          exactTotal={exactTotal}
          noun={LOG_TYPE_REGISTRY[route].noun}
          onReset={() => setParams(withoutCriteria(params, route))}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {summaries && (
            <Button
              size="small"
              startIcon={<ViewSidebarIcon />}
              aria-expanded={sidebarOpen}
              aria-controls={logsExplorerIds.sidebar}
              data-testid={logsExplorerIds.sidebarToggle}
              onClick={() => setSidebarShown(!sidebarOpen)}
            >
              {sidebarOpen ? 'Hide fields' : 'Show fields'}
            </Button>
          )}
          <FieldFilterChips route={route} view={view} onRemove={removeFieldFilter} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, minHeight: 0 }}>
          {sidebarOpen && (
            <Box
              id={logsExplorerIds.sidebar}
              sx={{
                width: 240,
                flexShrink: 0,
                display: 'flex',
                maxHeight: 'calc(100vh - 300px)',
                minHeight: 480,
              }}
            >
              <FieldSidebar route={route} query={exportQuery} onFilter={onFilter} />
            </Box>
          )}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
            {summaries && exportQuery && (
              <LogHistogram
                query={exportQuery}
                summary={histogram}
                range={histogramRange}
                onRange={applyHistogramRange}
                onResetRange={resetHistogramRange}
              />
            )}
            <Box
              data-testid={logsIds.grid}
              sx={{
                height: 'calc(100vh - 420px)',
                minHeight: 360,
                width: '100%',
                [`& .ag-row.${NEW_ROW_CLASS}`]: { backgroundColor: 'action.selected', fontWeight: 500 },
              }}
            >
              {datasource && (
                <Suspense fallback={null}>
                  <LogsGrid
                    ref={gridRef}
                    rowModelType="infinite"
                    datasource={datasource}
                    // The page says when nothing matches (one empty state, with its reset).
                    suppressNoRowsOverlay
                    cacheBlockSize={LOG_BLOCK_SIZE}
                    maxBlocksInCache={20}
                    // Two rows beyond the viewport instead of AG Grid's ten: the first rows are a
                    // third fewer cells to mount, each of which sets its classes one at a time
                    // (issue 42, bench/README.md "What Lighthouse's trace makes of the web logs").
                    rowBuffer={2}
                    columnDefs={columns}
                    defaultColDef={DEFAULT_COL_DEF}
                    suppressMultiSort
                    onSortChanged={onSortChanged}
                    getRowId={getRowId}
                    onRowClicked={onRowClicked}
                    onCellKeyDown={onCellKeyDown}
                    onCellContextMenu={onCellContextMenu}
                    onBodyScroll={onBodyScroll}
                    rowClassRules={rowClassRules}
                    // The cell's own menu (filter in / out) replaces the browser's on the grid.
                    preventDefaultOnContextMenu
                  />
                </Suspense>
              )}
            </Box>
          </Box>
        </Box>
      </Box>
      <CellFilterMenu target={cellMenu} onClose={() => setCellMenu(null)} onFilter={onFilter} />
      {selected === 'missing' && (
        <Alert severity="info" onClose={() => openEvent(null)} sx={{ mt: 1 }}>
          The linked event was not found: it may be older than the logs kept, or of another log type.
        </Alert>
      )}
      {drawerOpened.current && (
        <Suspense fallback={null}>
          <LogDetailDrawer
            event={selectedEvent}
            onClose={() => openEvent(null)}
            onFilter={onFilter}
            onPrevious={selectedIndex !== null && selectedIndex > 0 ? () => goToRow(selectedIndex - 1) : null}
            onNext={
              selectedIndex !== null && (exactTotal === null || selectedIndex + 1 < exactTotal)
                ? () => goToRow(selectedIndex + 1)
                : null
            }
          />
        </Suspense>
      )}
    </AreaPage>
  );
}

/** The row count beside the toolbar: exact when known, else how far the grid has paged. */
function LogsRowCount({ exactTotal }: { exactTotal: number | null }) {
  const pagingStatus = useAppSelector(selectLogPagingStatus);
  const blocksSeen = useAppSelector(selectLogBlocksSeen);
  return (
    <Typography data-testid={logsIds.rowCount} variant="body2" sx={{ ml: 'auto' }} aria-live="polite">
      {exactTotal !== null
        ? counted(exactTotal, 'event')
        : pagingStatus === 'loading'
          ? 'Loading…'
          : `More than ${(blocksSeen * LOG_BLOCK_SIZE).toLocaleString()} events`}
    </Typography>
  );
}

/** The interval's or the rows' error, or the empty results (one empty state, with its reset). */
function LogsLoadState({
  intervalError,
  exactTotal,
  noun,
  onReset,
}: {
  intervalError: string | null;
  exactTotal: number | null;
  noun: string;
  onReset: () => void;
}) {
  const loadError = useAppSelector(selectLogLoadError);
  return (
    <>
      {(intervalError ?? loadError) && (
        <Alert severity="error" data-testid={logsIds.error}>
          {intervalError ?? loadError}
        </Alert>
      )}
      {exactTotal === 0 && !loadError && (
        <Box data-testid={logsIds.empty}>
          <EmptyResults noun={noun} onReset={onReset} />
        </Box>
      )}
    </>
  );
}
