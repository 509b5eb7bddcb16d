/**
 * The logs explorer of one log route (web, email, audit, dlp, firewall, saa): the interval and
 * the type's filters (common's FilterBar), free-text search, AG Grid's infinite row model over the
 * log-paging cache (block size 100), a column chooser, a detail panel with every field of an
 * event, export of the whole filtered result with progress, saved searches. The whole view is in
 * the URL (see logView.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useStore } from 'react-redux';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  InputAdornment,
  Menu,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import RefreshIcon from '@mui/icons-material/Refresh';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import LinkIcon from '@mui/icons-material/Link';
import { AgGridReact } from 'ag-grid-react';
import {
  InfiniteRowModelModule,
  ModuleRegistry,
  type ColDef,
  type ICellRendererParams,
  type IDatasource,
} from 'ag-grid-community';
import {
  EmptyResults,
  emptyResultsText,
  isManagementStation,
  logQueryChanged,
  logsIds,
  selectLogLoadError,
  selectLogPaging,
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
} from '@workbench/common/features/interval/index';
import { LOG_BLOCK_SIZE } from '@workbench/common/api/logs';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { AreaPage } from '../AreaPage';
import { FIELD_VOCABULARIES, LOG_ROUTE_FIELDS, fieldLabel, fieldText } from './logFields';
import { buildLogQuery, readLogView, withColumns, withPinnedEnd, withSearch } from './logView';
import { createLogsDatasource } from './logsDatasource';
import { LogDetailDrawer } from './LogDetailDrawer';
import { LogExportButton } from './LogExportButton';
import { SavedSearchMenu } from './SavedSearchMenu';

ModuleRegistry.registerModules([InfiniteRowModelModule]);

export const LOG_ROUTE_NOUNS: Readonly<Record<LogRoute, string>> = {
  web: 'web logs',
  email: 'email logs',
  audit: 'audit logs',
  dlp: 'DLP logs',
  firewall: 'firewall logs',
  saa: 'secure application access logs',
};

/** shared-ui-and-validators Empty results, with the route's noun in place of the dots. */
export const logsEmptyResultsText = (route: LogRoute): string => emptyResultsText(LOG_ROUTE_NOUNS[route]);

/** The view without its filters and search (interval and columns kept). */
function withoutCriteria(params: URLSearchParams, route: LogRoute): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of LOG_ROUTE_FIELDS[route].filters) next.delete(field);
  next.delete('search');
  next.delete('to');
  next.delete('page');
  return next;
}

export function filterSchemaOf(route: LogRoute, managementStation: boolean): FilterSchema {
  const schema: Record<string, FilterSchema[string]> = {
    interval: {
      label: 'Interval',
      options: availableLogIntervals(managementStation).map((i) => ({ code: i.code, label: i.label })),
      defaultValue: DEFAULT_LOG_INTERVAL,
    },
  };
  for (const field of LOG_ROUTE_FIELDS[route].filters) {
    schema[field] = { label: fieldLabel(field), options: FIELD_VOCABULARIES[field] ?? [], multiple: true };
  }
  return schema;
}

function columnDefs(route: LogRoute, visible: readonly string[]): ColDef<IndexedLogEvent>[] {
  const time: ColDef<IndexedLogEvent> = {
    colId: 'event_time',
    headerName: fieldLabel('event_time'),
    valueGetter: (p) => (p.data ? new Date(Number(p.data.time)).toLocaleString() : ''),
    width: 190,
    pinned: 'left',
  };
  const fields = LOG_ROUTE_FIELDS[route].fields;
  const ordered = [...visible, ...fields.filter((f) => !visible.includes(f))];
  return [
    time,
    ...ordered.map((field): ColDef<IndexedLogEvent> => ({
      colId: field,
      headerName: fieldLabel(field),
      hide: !visible.includes(field),
      valueGetter: (p) => fieldText(field, p.data?.[field]),
      cellRenderer: (p: ICellRendererParams<IndexedLogEvent>) => p.value as string,
      flex: 1,
      minWidth: 120,
    })),
  ];
}

export function LogsPage({ route, title }: { route: LogRoute; title: string }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const store = useStore();
  const view = useMemo(() => readLogView(route, params), [route, params]);
  // Refresh runs the same view again, ending now.
  const [refreshed, setRefreshed] = useState(0);
  const [datasource, setDatasource] = useState<IDatasource | null>(null);
  const [selected, setSelected] = useState<IndexedLogEvent | null>(null);
  const [intervalError, setIntervalError] = useState<string | null>(null);
  const loadError = useAppSelector(selectLogLoadError);
  const totalRows = useAppSelector(selectLogTotalRows);
  const paging = useAppSelector(selectLogPaging);
  const managementStation = isManagementStation();
  const schema = useMemo(() => filterSchemaOf(route, managementStation), [route, managementStation]);
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
    const generation = (store.getState() as { logPaging: { generation: number } }).logPaging.generation;
    setDatasource(createLogsDatasource(store, generation));
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

  const columns = useMemo(() => columnDefs(route, view.columns), [route, view.columns]);
  const exportQuery = query instanceof Error ? null : query;

  return (
    <AreaPage title={title}>
      <Box data-testid={logsIds.page} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <FilterBar schema={schema} />
          <SearchBox value={view.search} onSearch={(text) => setParams(withSearch(params, text))} />
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
          <Button data-testid={logsIds.copyLink} startIcon={<LinkIcon />} onClick={() => void copyLink()}>
            Copy link
          </Button>
          <ColumnChooser
            route={route}
            visible={view.columns}
            onChange={(cols) => setParams(withColumns(params, cols), { replace: true })}
          />
          <SavedSearchMenu
            route={route}
            currentQuery={params.toString()}
            onOpen={(q) => setParams(new URLSearchParams(q))}
          />
          {exportQuery && <LogExportButton route={route} query={exportQuery} />}
          <Typography data-testid={logsIds.rowCount} variant="body2" sx={{ ml: 'auto' }} aria-live="polite">
            {totalRows !== null
              ? `${totalRows.toLocaleString()} events`
              : paging.status === 'loading'
                ? 'Loading…'
                : `More than ${(Object.keys(paging.nextIdentifiers).length * LOG_BLOCK_SIZE).toLocaleString()} events`}
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
              noun={LOG_ROUTE_NOUNS[route]}
              onReset={() => setParams(withoutCriteria(params, route))}
            />
          </Box>
        )}
        <Box data-testid={logsIds.grid} sx={{ height: 'calc(100vh - 280px)', minHeight: 360, width: '100%' }}>
          {datasource && (
            <AgGridReact<IndexedLogEvent>
              rowModelType="infinite"
              datasource={datasource}
              cacheBlockSize={LOG_BLOCK_SIZE}
              maxBlocksInCache={20}
              columnDefs={columns}
              getRowId={(p) => String(p.data.id)}
              onRowClicked={(e) => e.data && setSelected(e.data)}
              onCellKeyDown={(e) => {
                // Keyboard users open the detail panel with Enter on a focused cell.
                const key = (e.event as KeyboardEvent | null | undefined)?.key;
                if (key === 'Enter' && e.data) setSelected(e.data);
              }}
            />
          )}
        </Box>
      </Box>
      <LogDetailDrawer event={selected} onClose={() => setSelected(null)} />
    </AreaPage>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextField
      size="small"
      label="Search"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch(text);
      }}
      onBlur={() => text.trim() !== value && onSearch(text)}
      slotProps={{
        htmlInput: { 'data-testid': logsIds.search, maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function ColumnChooser({
  route,
  visible,
  onChange,
}: {
  route: LogRoute;
  visible: readonly string[];
  onChange: (columns: string[]) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fields = LOG_ROUTE_FIELDS[route].fields;
  const toggle = (field: string) => {
    const next = visible.includes(field) ? visible.filter((f) => f !== field) : [...visible, field];
    if (next.length) onChange(fields.filter((f) => next.includes(f)));
  };
  return (
    <>
      <Button
        data-testid={logsIds.columnsButton}
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Columns
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {fields.map((field) => (
          <MenuItem
            key={field}
            dense
            onClick={() => toggle(field)}
            data-testid={`${logsIds.columnOption}-${field}`}
          >
            <FormControlLabel
              control={<Checkbox size="small" checked={visible.includes(field)} tabIndex={-1} />}
              label={fieldLabel(field)}
              onClick={(e) => e.preventDefault()}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
