/**
 * One panel of a board (docs/dashboards.md): a report query's answer (the report-query feature, as
 * the fixed dashboards read it) or a logs field's top values or events over time (the explorer's
 * summaries), drawn by the charts package's option builders in the shared chart component, or as
 * a table. A drag across a time chart zooms the whole board (onZoom).
 */
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Alert, Box, Button, IconButton, Paper, Stack, Tooltip, Typography, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { reportChartOption, withTimeBrush, type ChartRow, type ReportChart } from '@workbench/charts';
import { useAppDispatch, useChartChangeMarkers } from '@workbench/common';
import { DataTable } from '@workbench/common/components/data-table/index';
import { Loading } from '@workbench/common/components/page-states/index';
import {
  panelFilters,
  panelTableRows,
  type PageFilters,
} from '@workbench/common/components/report-dashboard/dashboardPanels';
import {
  reportQueryRequested,
  sameShownEntry,
  selectReportQuery,
  useReportQuerySelector,
} from '@workbench/common/features/report-query/index';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import type { BoardPanel, BoardVariable } from '@workbench/common/api/contract/customDashboards';
import {
  REPORT_QUERY_REGISTRY,
  fieldValueLabel,
  type ReportQueryName,
} from '@workbench/common/api/contract/reportQueries';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import { useLogHistogram, useLogTopValues } from '../logs/logSummaries';
import { fieldPanelQuery, isTimeChart, panelChart, queryPanelParams, type BoardRange } from './boardModel';

// The chart component is the page's largest dependency: loaded with the first chart.
const EChart = lazy(() => import('@workbench/charts/EChart').then((m) => ({ default: m.EChart })));

const NO_ROWS: readonly ChartRow[] = [];

/** What a panel's data read answers: rows, or why there are none yet. */
type PanelData =
  | { status: 'loading' }
  | { status: 'failed'; message: string; retry?: () => void }
  | { status: 'ready'; rows: readonly ChartRow[] };

export interface BoardPanelViewProps {
  panel: BoardPanel;
  interval: string;
  range: BoardRange;
  filters: PageFilters;
  values: Partial<Record<BoardVariable, string>>;
  /** Height of the chart area in pixels (the grid cell's, less the header). */
  height: number;
  editing: boolean;
  onZoom: (from: number, to: number) => void;
  onRemove: () => void;
}

export function BoardPanelView(props: BoardPanelViewProps) {
  return props.panel.source.kind === 'query' ? <QueryPanel {...props} /> : <FieldPanel {...props} />;
}

function QueryPanel(props: BoardPanelViewProps) {
  const { panel, interval, range, filters } = props;
  const dispatch = useAppDispatch();
  const source = panel.source as Extract<BoardPanel['source'], { kind: 'query' }>;
  const params = useMemo(
    () => queryPanelParams(source, interval, range, filters),
    [source, interval, range, filters],
  );
  const entry = useReportQuerySelector(selectReportQuery(source.query, params), sameShownEntry);
  useEffect(() => {
    dispatch(reportQueryRequested({ name: source.query, params }));
  }, [dispatch, source.query, params]);
  const retry = () => dispatch(reportQueryRequested({ name: source.query, params }));
  const data: PanelData =
    entry?.status === 'failed'
      ? { status: 'failed', message: entry.error?.message ?? '', retry }
      : entry?.reply
        ? { status: 'ready', rows: entry.reply.rows }
        : { status: 'loading' };
  const { ignored } = panelFilters(source.query, filters);
  return (
    <PanelFrame
      {...props}
      data={data}
      ignored={ignored}
      labelOf={labelsOf(dimensionField(source.query))}
      tableRows={(rows) => panelTableRows(source.query, rows)}
    />
  );
}

const dimensionField = (query: ReportQueryName): string | undefined => {
  const { dimension } = REPORT_QUERY_REGISTRY[query];
  return dimension.kind === 'field' ? dimension.field : undefined;
};

function FieldPanel(props: BoardPanelViewProps) {
  const { panel, range, values } = props;
  const source = panel.source as Extract<BoardPanel['source'], { kind: 'field' }>;
  const { query, ignored } = useMemo(() => fieldPanelQuery(source, range, values), [source, range, values]);
  const top = useLogTopValues(source.view === 'top' ? query : null, source.field);
  const histogram = useLogHistogram(source.view === 'time' ? query : null);
  const summary = source.view === 'top' ? top : histogram;
  const topReply = top?.status === 'loaded' ? top.reply : null;
  const histogramReply = histogram?.status === 'loaded' ? histogram.reply : null;
  // Rows keep their identity while the answers do (the chart is not set again on every render).
  const rows = useMemo((): readonly ChartRow[] | null => {
    if (topReply) return topReply.values.map((v) => ({ key: v.value, value: v.count }));
    if (!histogramReply) return null;
    // The histogram splits each bucket by action: the panel counts every event of the bucket.
    const sums = new Map<number, number>();
    for (const b of histogramReply.buckets) sums.set(b.time, (sums.get(b.time) ?? 0) + b.count);
    return [...sums.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([time, value]) => ({ key: time / 1000, value }));
  }, [topReply, histogramReply]);
  const data: PanelData =
    summary?.status === 'failed'
      ? { status: 'failed', message: summary.message }
      : rows
        ? { status: 'ready', rows }
        : { status: 'loading' };
  const label = FIELD_SPECS[source.field]?.label ?? source.field;
  return (
    <PanelFrame
      {...props}
      data={data}
      ignored={ignored}
      labelOf={source.view === 'top' ? (key) => fieldValueLabel(source.field, key) || String(key) : undefined}
      tableRows={(rows) =>
        rows.map((r) => ({
          group:
            source.view === 'time'
              ? new Date(Number(r.key) * 1000).toISOString()
              : fieldValueLabel(source.field, r.key),
          value: r.value,
        }))
      }
      groupHeading={source.view === 'time' ? 'Time (UTC)' : label}
    />
  );
}

const labelsOf = (field: string | undefined) =>
  field === undefined || !FIELD_SPECS[field]?.vocabulary
    ? undefined
    : (key: string | number) => fieldValueLabel(field, key);

function PanelFrame({
  panel,
  height,
  editing,
  range,
  onZoom,
  onRemove,
  data,
  ignored,
  labelOf,
  tableRows,
  groupHeading,
}: BoardPanelViewProps & {
  data: PanelData;
  ignored: readonly string[];
  labelOf?: (key: string | number) => string;
  tableRows: (rows: readonly ChartRow[]) => { group: string; series?: string; value: number }[];
  groupHeading?: string;
}) {
  const muiTheme = useTheme();
  const chart: ReportChart | null = panelChart(panel);
  const zooms = isTimeChart(chart);
  // The board's range is in unix seconds; the markers' window in ms.
  const markerProps = useChartChangeMarkers(
    zooms ? range.start * 1000 : null,
    zooms ? range.end * 1000 : null,
  );
  const rows = data.status === 'ready' ? data.rows : NO_ROWS;
  const option = useMemo(() => {
    if (chart === null) return null;
    const built = reportChartOption(chart, rows, { name: panel.title, labelOf });
    return zooms ? withTimeBrush(built) : built;
  }, [chart, rows, panel.title, labelOf, zooms]);
  let body: ReactNode;
  if (data.status === 'failed')
    body = (
      <Alert severity="error" action={data.retry ? <Button onClick={data.retry}>Retry</Button> : undefined}>
        {data.message}
      </Alert>
    );
  else if (data.status === 'loading') body = <Loading label={`Loading ${panel.title}`} />;
  else if (rows.every((r) => r.value === 0))
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No events in this range.
      </Typography>
    );
  else if (option === null)
    body = (
      <DataTable
        label={`${panel.title} table`}
        rows={tableRows(rows)}
        rowKey={(r) => `${r.group}|${r.series ?? ''}`}
        columns={[
          { name: 'group', header: groupHeading ?? 'Group', flex: 2 },
          { name: 'value', header: 'Events', flex: 1, value: (r) => r.value.toLocaleString('en-US') },
        ]}
        pageSize={0}
        emptyText="No events in this range."
      />
    );
  else
    body = (
      <Suspense fallback={<Loading label={`Loading ${panel.title}`} />}>
        <EChart
          option={option}
          height={height}
          theme={muiTheme.palette.mode}
          label={`${panel.title} chart`}
          testId={`${boardsIds.chart}-${panel.id}`}
          {...markerProps}
          onBrushX={zooms && !editing ? (from, to) => onZoom(from, to) : undefined}
        />
      </Suspense>
    );
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid={`${boardsIds.panel}-${panel.id}`}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5, minHeight: 28 }}>
        {editing && (
          <DragIndicatorIcon
            className="board-panel-handle"
            fontSize="small"
            sx={{ cursor: 'move', mr: 0.5 }}
            aria-hidden
          />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" noWrap sx={{ fontSize: '0.95rem', fontWeight: 600 }}>
            {panel.title}
          </Typography>
          {ignored.length > 0 && (
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid={`${boardsIds.unfiltered}-${panel.id}`}
            >
              Not filtered by {ignored.join(', ')}
            </Typography>
          )}
        </Box>
        {editing && (
          <Tooltip title="Remove the panel">
            <IconButton
              size="small"
              aria-label={`Remove ${panel.title}`}
              onClick={onRemove}
              data-testid={`${boardsIds.removePanel}-${panel.id}`}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} aria-busy={data.status === 'loading'}>
        {body}
      </Box>
    </Paper>
  );
}
