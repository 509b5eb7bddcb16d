import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { afterNextFrameShown } from '@workbench/charts/afterNextPaint';
import { LazyEChart as EChart, loadEChart } from '@workbench/charts/lazyEChart';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, IconButton, Paper, Stack, Typography, useTheme } from '@mui/material';
import BarChartIcon from '@mui/icons-material/BarChart';
import DownloadIcon from '@mui/icons-material/Download';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { downloadFile } from '../../formatting/downloadFile';
import {
  entryLoading,
  reportQueryRequested,
  sameShownEntry,
  selectReportQuery,
  useReportQuerySelector,
} from '../../features/report-query/index';
import { useAppDispatch } from '../../store/storeHooks';
import {
  OWN_TENANT_MARKERS,
  providerTenantMarkers,
  useChartChangeMarkers,
} from '../../features/change-markers/index';
import { REPORT_QUERY_REGISTRY } from '../../api/contract/reportQueries';
import { Loading } from '../page-states/index';
import { LazyTooltip } from '../anchored-tooltip/index';
import type { DataTable as GenericDataTable } from '../data-table/index';
import { formatBytes } from '../../formatting/formatBytes';
import { dashboardIds } from '../../test-ids/index';
import { barRowAt, isTimeAxisChart, pieRowAt, reportChartOption, stackedBarKeyAt } from '@workbench/charts';
import { reportChartOf } from '../../api/contract/reportCharts';
import { FIELD_SPECS } from '../../api/contract/logSchema';
import type { DashboardPanel } from '../../api/contract/reportDashboards';
import {
  canDrillDown,
  panelColumns,
  panelFilters,
  panelId,
  panelParams,
  type PageFilters,
  panelTableRows,
  type PanelTableRow,
  type DrillDown,
  type GroupAction,
} from './dashboardPanels';

/**
 * The table view (a toggle; panels open as charts) on common's DataTable, loaded when a panel is
 * first shown as a table, not with the dashboard (bench/README.md "First load"); until it is in,
 * the panel shows its loading line in the same space.
 */
const DataTable = lazy(() =>
  import('../data-table/index').then((m) => ({ default: m.DataTable })),
) as unknown as typeof GenericDataTable;

const PANEL_HEIGHT = 280;
const NO_FILTERS: PageFilters = {};
/** The browser's offset from UTC: a heat map's hours and weekdays are local. */
const LOCAL_OFFSET_MS = -new Date().getTimezoneOffset() * 60_000;

export interface ReportPanelProps {
  panel: DashboardPanel;
  interval: string;
  range: { start: number; end: number };
  /** Compare: the period of the same length before `range`, drawn beside it. */
  previousRange?: { start: number; end: number };
  /** The page's filter bar (the panel applies those its query takes). */
  filters?: PageFilters;
  /** The support view's tenant (default: the signed-in tenant). */
  tenantId?: string;
  /** Where a click on a group leads; none: the chart is not clickable. */
  drillDown?: DrillDown;
  /** An action on a group of the table view (none: no action column). */
  groupAction?: GroupAction;
}

/**
 * One panel: its query's chart, with loading, empty and error states; a click drills down.
 * Memoised: the page's own renders (an answer of the page's, the tab row going in) leave a panel
 * whose props are the same as they were (issue 42, bench/README.md "Panels the page's renders
 * leave alone").
 */
export const ReportPanel = memo(function ReportPanel({
  panel,
  interval,
  range,
  previousRange,
  filters = NO_FILTERS,
  tenantId,
  drillDown,
  groupAction,
}: ReportPanelProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The charts follow the app's light or dark palette.
  const muiTheme = useTheme();
  // The chart's chunk is asked for once the page's first view is on the screen (its evaluation, a
  // long task, would otherwise come before that view's paint), in parallel with the panel's query.
  useEffect(() => afterNextFrameShown(() => void loadEChart()), []);
  const def = REPORT_QUERY_REGISTRY[panel.query];
  const params = useMemo(
    () => panelParams(panel, interval, range, filters),
    [panel, interval, range, filters],
  );
  const { ignored } = panelFilters(panel.query, filters);
  const id = panelId(panel);
  const heatmap = panel.view === 'heatmap';
  const title = heatmap ? `${def.title} by hour and weekday` : def.title;
  const entry = useReportQuerySelector(selectReportQuery(panel.query, params, tenantId), sameShownEntry);
  const [asTable, setAsTable] = useState(false);
  const request = () => dispatch(reportQueryRequested({ name: panel.query, params, tenantId }));
  useEffect(() => {
    dispatch(reportQueryRequested({ name: panel.query, params, tenantId }));
  }, [dispatch, panel.query, params, tenantId]);
  // Compare (two-dimensional panels stack their series instead: no second period there).
  const compares = previousRange !== undefined && def.dimension.series === undefined && !heatmap;
  const previousParams = useMemo(
    () => (compares ? panelParams(panel, interval, previousRange, filters) : null),
    [compares, panel, interval, previousRange, filters],
  );
  const previousEntry = useReportQuerySelector(
    selectReportQuery(panel.query, previousParams ?? params, tenantId),
    sameShownEntry,
  );
  useEffect(() => {
    if (previousParams)
      dispatch(reportQueryRequested({ name: panel.query, params: previousParams, tenantId }));
  }, [dispatch, panel.query, previousParams, tenantId]);
  const previous = previousParams ? previousEntry?.reply?.rows : undefined;

  const rows = entry?.reply?.rows ?? [];
  const format = panel.bytes ? (v: number) => formatBytes(v) : undefined;
  // Codes show as their labels (the drill-down still uses the code).
  const vocabulary = def.dimension.kind === 'field' ? FIELD_SPECS[def.dimension.field].vocabulary : undefined;
  const labelOf = vocabulary
    ? (key: string | number) => vocabulary.find((v) => v.code === key)?.label ?? String(key)
    : undefined;
  const seriesField = def.dimension.series;
  const seriesVocabulary = seriesField === undefined ? undefined : FIELD_SPECS[seriesField].vocabulary;
  const seriesLabelOf = seriesVocabulary
    ? (key: string | number) => seriesVocabulary.find((v) => v.code === key)?.label ?? String(key)
    : undefined;
  const chart = reportChartOf(panel.query, { heatmap, comparing: previous !== undefined });
  // The tenant's publishes and rollbacks on a time chart: the signed-in tenant's own, or the
  // support view's tenant's as the provider reads them.
  const marked = isTimeAxisChart(chart);
  // The range is in unix seconds; the markers' window in ms.
  const markerProps = useChartChangeMarkers(
    marked ? range.start * 1000 : null,
    marked ? range.end * 1000 : null,
    tenantId === undefined ? OWN_TENANT_MARKERS : providerTenantMarkers(tenantId),
  );
  const asPie = chart === 'pie';
  const option = reportChartOption(chart, rows, {
    name: def.title,
    formatValue: format,
    labelOf,
    seriesLabelOf,
    previous,
    timeZoneOffsetMs: LOCAL_OFFSET_MS,
  });
  const empty = entry?.status === 'ready' && rows.every((r) => r.value === 0);
  const openGroup = (dataIndex: number) => {
    const row = asPie
      ? pieRowAt(rows, dataIndex)
      : seriesField !== undefined
        ? (() => {
            const key = stackedBarKeyAt(rows, dataIndex);
            return key === undefined ? undefined : { key };
          })()
        : barRowAt(rows, dataIndex);
    const path =
      row && row.key !== null && drillDown
        ? drillDown(panel.query, String(row.key), interval, range.end, filters)
        : null;
    if (path) navigate(path);
  };

  const headings = panelColumns(panel.query);
  const hasGroupAction = groupAction?.offers(panel.query) === true;
  const tableRows = panelTableRows(panel.query, rows);
  // The CSV builder (papaparse) loads on the first download, not with the dashboard.
  const downloadCsv = async () => {
    const { buildExport } = await import('../../formatting/exportBuilders');
    const file = buildExport('csv', `${id}-${range.start}-${range.end}`, tableRows, [
      { field: 'group', header: headings.group },
      ...(headings.series === undefined ? [] : [{ field: 'series' as const, header: headings.series }]),
      { field: 'value', header: headings.value },
    ]);
    downloadFile(file.fileName, file.content, file.mime);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`${dashboardIds.panel}-${id}`}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {title}
          </Typography>
          {ignored.length > 0 && (
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid={`${dashboardIds.unfiltered}-${id}`}
            >
              Not filtered by {ignored.join(', ')}
            </Typography>
          )}
        </Box>
        <LazyTooltip title={asTable ? 'Show the chart' : 'Show the numbers'}>
          <IconButton
            size="small"
            aria-label={asTable ? `Show ${title} as a chart` : `Show ${title} as a table`}
            aria-pressed={asTable}
            onClick={() => setAsTable(!asTable)}
            data-testid={`${dashboardIds.tableToggle}-${id}`}
          >
            {asTable ? <BarChartIcon fontSize="small" /> : <TableRowsIcon fontSize="small" />}
          </IconButton>
        </LazyTooltip>
        <LazyTooltip title="Download CSV">
          <span>
            <IconButton
              size="small"
              aria-label={`Download ${title} as CSV`}
              disabled={!entry?.reply}
              onClick={() => void downloadCsv()}
              data-testid={`${dashboardIds.csv}-${id}`}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </span>
        </LazyTooltip>
      </Stack>
      <Box sx={{ minHeight: PANEL_HEIGHT }} aria-busy={entryLoading(entry)}>
        {entry?.status === 'failed' ? (
          <Alert severity="error" action={<Button onClick={request}>Retry</Button>}>
            {entry.error?.message}
          </Alert>
        ) : !entry?.reply ? (
          <Loading label={`Loading ${title}`} />
        ) : asTable ? (
          <Suspense fallback={<Loading label={`Loading ${title}`} />}>
            <DataTable<PanelTableRow>
              label={`${title} table`}
              rows={tableRows}
              rowKey={(r) => `${r.group}|${r.series ?? ''}`}
              columns={[
                { name: 'group', header: headings.group, flex: 2 },
                ...(headings.series === undefined
                  ? []
                  : [{ name: 'series', header: headings.series, flex: 2 }]),
                {
                  name: 'value',
                  header: headings.value,
                  flex: 1,
                  value: (r) => r.value.toLocaleString('en-US'),
                },
                ...(hasGroupAction
                  ? [
                      {
                        name: 'actions',
                        header: 'Actions',
                        flex: 1,
                        render: (r: PanelTableRow) => groupAction?.render(panel.query, r.group),
                      },
                    ]
                  : []),
              ]}
              pageSize={0}
              emptyText="No events in this interval."
            />
          </Suspense>
        ) : empty ? (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
            No events in this interval.
          </Typography>
        ) : (
          <Suspense fallback={<Loading label={`Loading ${title}`} />}>
            <EChart
              option={option}
              height={PANEL_HEIGHT}
              theme={muiTheme.palette.mode}
              label={`${title} chart`}
              testId={`${dashboardIds.chart}-${id}`}
              {...markerProps}
              onClick={
                !heatmap && canDrillDown(drillDown, panel.query)
                  ? (click) => openGroup(click.dataIndex)
                  : undefined
              }
            />
          </Suspense>
        )}
      </Box>
    </Paper>
  );
});
