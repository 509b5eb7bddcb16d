/**
 * The logs explorer of one log route (web, email, audit, dlp, firewall, saa): the interval and
 * the type's filters (common's FilterBar), free-text search, AG Grid's infinite row model over the
 * log-paging cache (block size 100), a column manager (ColumnManager.tsx), a detail panel with every field of an
 * event, export of the whole filtered result with progress, saved searches. The whole view is in
 * the URL (see logView.ts). Only the Time column sorts (the paging API pages by time): its header
 * switches newest first ⇄ oldest first, written to the URL's `sort`.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useStore } from 'react-redux';
import { Alert, Box, Button, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import LinkIcon from '@mui/icons-material/Link';
import { AgGridReact } from 'ag-grid-react';
import {
  ColumnApiModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  TooltipModule,
  RowStyleModule,
  type ColDef,
  type GetRowIdParams,
  type ICellRendererParams,
  type RowClickedEvent,
  type CellKeyDownEvent,
  type SortChangedEvent,
  type BodyScrollEvent,
  type RowClassParams,
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
import {
  LOG_ROUTE_TYPES,
  LOG_TYPE_REGISTRY,
  isLogRoute,
  type LogRoute,
} from '@workbench/common/vocabularies/index';
import type { PageProps } from '../../routes/areas';
import { AreaPage } from '../AreaPage';
import { FIELD_VOCABULARIES, LOG_ROUTE_FIELDS, fieldLabel, fieldText } from './logFields';
import {
  LOG_SORT_COLUMN,
  buildLogQuery,
  readLogView,
  withColumns,
  CUSTOM_INTERVAL,
  CUSTOM_INTERVAL_LABEL,
  viewQueryText,
  withAbsoluteRange,
  withInterval,
  withPinnedEnd,
  withQueryParts,
  withSort,
} from './logView';
import { QueryBox } from './QueryBox';
import { RangePicker } from './RangePicker';
import { LiveTail, NEW_ROW_CLASS, type LiveTailPeriod } from './LiveTail';
import type { PortalState } from '../../app/tenantStore';
import { createLogsDatasource, type LogsDatasource } from './logsDatasource';
import { ColumnManager } from './ColumnManager';
import { LogDetailDrawer } from './LogDetailDrawer';
import { LogExportButton } from './LogExportButton';
import { SavedSearchMenu } from './SavedSearchMenu';
import { counted } from '@workbench/common/formatting/counted';
import { workbenchGridTheme } from '@workbench/common/components/data-table/gridTheme';

ModuleRegistry.registerModules([InfiniteRowModelModule, ColumnApiModule, TooltipModule, RowStyleModule]);

/** No column sorts unless it says so (only Time does). */
const DEFAULT_COL_DEF: ColDef<IndexedLogEvent> = { sortable: false };

/** shared-ui-and-validators Empty results, with the route's noun in place of the dots. */
export const logsEmptyResultsText = (route: LogRoute): string =>
  emptyResultsText(LOG_TYPE_REGISTRY[route].noun);

/** The view without its filters and search (interval and columns kept). */
function withoutCriteria(params: URLSearchParams, route: LogRoute): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of LOG_ROUTE_FIELDS[route].filters) next.delete(field);
  next.delete('search');
  next.delete('q');
  next.delete('to');
  next.delete('page');
  return next;
}

/**
 * The filter bar's menus: the interval (the spec's codes; "Custom range" while the view has an
 * absolute one, a month-and-year interval as itself) and the type's coded filters.
 */
export function filterSchemaOf(route: LogRoute, managementStation: boolean, interval = ''): FilterSchema {
  const extra =
    interval === CUSTOM_INTERVAL
      ? [{ code: CUSTOM_INTERVAL, label: CUSTOM_INTERVAL_LABEL }]
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
    },
  };
  for (const field of LOG_ROUTE_FIELDS[route].filters) {
    schema[field] = { label: fieldLabel(field), options: FIELD_VOCABULARIES[field] ?? [], multiple: true };
  }
  return schema;
}

/** The paging API pages by time: only the Time column sorts (newest first ⇄ oldest first). */
export const TIME_SORTING_ORDER: LogOrder[] = ['desc', 'asc'];

/**
 * The grid's columns: Time first (pinned, the only sortable one, showing the view's order), then
 * the shown fields in the view's order, then the hidden ones. No other column sorts (no header
 * click, no sort icon).
 */
export function columnDefs(
  route: LogRoute,
  visible: readonly string[],
  order: LogOrder,
): ColDef<IndexedLogEvent>[] {
  const time: ColDef<IndexedLogEvent> = {
    colId: LOG_SORT_COLUMN,
    headerName: fieldLabel('event_time'),
    headerTooltip: 'Sorted by time: click for newest or oldest first',
    valueGetter: (p) => (p.data ? new Date(Number(p.data.time)).toLocaleString() : ''),
    width: 190,
    pinned: 'left',
    sortable: true,
    sortingOrder: TIME_SORTING_ORDER,
    sort: order,
  };
  const fields = LOG_ROUTE_FIELDS[route].fields;
  const ordered = [...visible, ...fields.filter((f) => !visible.includes(f))];
  return [
    time,
    ...ordered.map((field): ColDef<IndexedLogEvent> => ({
      colId: field,
      headerName: fieldLabel(field),
      hide: !visible.includes(field),
      sortable: false,
      valueGetter: (p) => fieldText(field, p.data?.[field]),
      cellRenderer: (p: ICellRendererParams<IndexedLogEvent>) => p.value as string,
      flex: 1,
      minWidth: 120,
    })),
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
  const dispatch = useAppDispatch();
  const store = useStore<PortalState>();
  const view = useMemo(() => readLogView(route, params), [route, params]);
  // Refresh runs the same view again, ending now.
  const [refreshed, setRefreshed] = useState(0);
  const [datasource, setDatasource] = useState<LogsDatasource | null>(null);
  const [selected, setSelected] = useState<IndexedLogEvent | null>(null);
  const [intervalError, setIntervalError] = useState<string | null>(null);
  const loadError = useAppSelector(selectLogLoadError);
  const totalRows = useAppSelector(selectLogTotalRows);
  const pagingStatus = useAppSelector(selectLogPagingStatus);
  const blocksSeen = useAppSelector(selectLogBlocksSeen);
  const managementStation = isManagementStation();
  const schema = useMemo(
    () => filterSchemaOf(route, managementStation, view.interval),
    [route, managementStation, view.interval],
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

  useEffect(() => {
    if (query instanceof Error) {
      setIntervalError(query.message);
      setDatasource(null);
      return;
    }
    setIntervalError(null);
    dispatch(logQueryChanged(query));
    const generation = selectLogPaging(store.getState()).generation;
    setDatasource(createLogsDatasource(store, generation, query.params.order === 'asc' ? 'asc' : 'desc'));
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
    () => columnDefs(route, view.columns, view.order),
    [route, view.columns, view.order],
  );
  const exportQuery = query instanceof Error ? null : query;

  // Grid callbacks keep their identity across the renders paging causes (every block changes the
  // row count text), so the grid is not handed new options per block.
  const order = useRef(view.order);
  order.current = view.order;
  const onSortChanged = useCallback(
    (event: SortChangedEvent<IndexedLogEvent>) => {
      const sort = event.api.getColumn(LOG_SORT_COLUMN)?.getSort();
      if ((sort === 'asc' || sort === 'desc') && sort !== order.current) {
        setParams((current) => withSort(current, sort));
      }
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
  const onRowClicked = useCallback((e: RowClickedEvent<IndexedLogEvent>) => {
    if (e.data) setSelected(e.data);
  }, []);
  const onCellKeyDown = useCallback((e: CellKeyDownEvent<IndexedLogEvent>) => {
    // Keyboard users open the detail panel with Enter on a focused cell.
    const key = (e.event as KeyboardEvent | null | undefined)?.key;
    if (key === 'Enter' && e.data) setSelected(e.data);
  }, []);

  return (
    <AreaPage title={title}>
      <Box data-testid={logsIds.page} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <FilterBar schema={schema} />
          <QueryBox
            logType={LOG_ROUTE_TYPES[route]}
            chipFields={LOG_ROUTE_FIELDS[route].filters}
            value={queryText}
            onApply={(parts) => setParams(withQueryParts(params, route, schema, parts))}
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
          <RangePicker
            from={view.from}
            to={view.to}
            onRange={(from, to) => setParams(withAbsoluteRange(params, from, to))}
            onMonth={(interval) => setParams(withInterval(params, interval))}
          />
          <Button data-testid={logsIds.copyLink} startIcon={<LinkIcon />} onClick={() => void copyLink()}>
            Copy link
          </Button>
          <ColumnManager
            route={route}
            visible={view.columns}
            onApply={(cols) => setParams(withColumns(params, cols))}
          />
          <SavedSearchMenu
            route={route}
            currentQuery={params.toString()}
            onOpen={(q) => setParams(new URLSearchParams(q))}
          />
          {exportQuery && <LogExportButton route={route} query={exportQuery} />}
          <LiveTail
            on={live.on}
            period={live.period}
            paused={scrolledAway}
            onChange={(on, period) => {
              shownBefore.current = null;
              setLive({ on, period });
              if (on && !live.on) endNow();
            }}
            onTick={onLiveTick}
          />
          <Typography data-testid={logsIds.rowCount} variant="body2" sx={{ ml: 'auto' }} aria-live="polite">
            {totalRows !== null
              ? counted(totalRows, 'event')
              : pagingStatus === 'loading'
                ? 'Loading…'
                : `More than ${(blocksSeen * LOG_BLOCK_SIZE).toLocaleString()} events`}
          </Typography>
        </Box>
        {(intervalError ?? loadError) && (
          <Alert severity="error" data-testid={logsIds.error}>
            {intervalError ?? loadError}
          </Alert>
        )}
        {totalRows === 0 && !loadError && (
          <Box data-testid={logsIds.empty}>
            <EmptyResults
              noun={LOG_TYPE_REGISTRY[route].noun}
              onReset={() => setParams(withoutCriteria(params, route))}
            />
          </Box>
        )}
        <Box
          data-testid={logsIds.grid}
          sx={{
            height: 'calc(100vh - 280px)',
            minHeight: 360,
            width: '100%',
            [`& .ag-row.${NEW_ROW_CLASS}`]: { backgroundColor: 'action.selected', fontWeight: 500 },
          }}
        >
          {datasource && (
            <AgGridReact<IndexedLogEvent>
              theme={workbenchGridTheme}
              rowModelType="infinite"
              datasource={datasource}
              // The page says when nothing matches (one empty state, with its reset).
              suppressNoRowsOverlay
              cacheBlockSize={LOG_BLOCK_SIZE}
              maxBlocksInCache={20}
              columnDefs={columns}
              defaultColDef={DEFAULT_COL_DEF}
              suppressMultiSort
              onSortChanged={onSortChanged}
              getRowId={getRowId}
              onRowClicked={onRowClicked}
              onCellKeyDown={onCellKeyDown}
              onBodyScroll={onBodyScroll}
              rowClassRules={rowClassRules}
            />
          )}
        </Box>
      </Box>
      <LogDetailDrawer event={selected} onClose={() => setSelected(null)} />
    </AreaPage>
  );
}
