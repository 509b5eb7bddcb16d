import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { reportQueryRequested, selectReportQuery, useAppDispatch } from '@workbench/common';
import { REPORT_QUERY_REGISTRY } from '@workbench/common/api/contract/reportQueries';
import { Loading } from '@workbench/common/components/page-states/index';
import { formatBytes } from '@workbench/common/formatting/formatBytes';
import { dashboardIds } from '@workbench/common/test-ids/index';
import { barRowAt, pieOption, pieRowAt, timeSeriesOption, topNBarOption } from '@workbench/charts';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import { usePortalSelector } from '../../app/tenantStore';
import { drillDownPath, panelParams, type DashboardPanel } from './dashboardPanels';

// ECharts is the dashboard's largest dependency: loaded with the first chart.
const EChart = lazy(() => import('@workbench/charts/EChart').then((m) => ({ default: m.EChart })));

const PANEL_HEIGHT = 280;

export interface ReportPanelProps {
  panel: DashboardPanel;
  interval: string;
  range: { start: number; end: number };
}

/** One panel: its query's chart, with loading, empty and error states; a click drills down. */
export function ReportPanel({ panel, interval, range }: ReportPanelProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const def = REPORT_QUERY_REGISTRY[panel.query];
  const params = useMemo(() => panelParams(panel, interval, range), [panel, interval, range]);
  const entry = usePortalSelector(selectReportQuery(panel.query, params));
  const request = () => dispatch(reportQueryRequested({ name: panel.query, params }));
  useEffect(() => {
    dispatch(reportQueryRequested({ name: panel.query, params }));
  }, [dispatch, panel.query, params]);

  const rows = entry?.reply?.rows ?? [];
  const format = panel.bytes ? (v: number) => formatBytes(v) : undefined;
  // Codes show as their labels (the drill-down still uses the code).
  const vocabulary = def.dimension.kind === 'field' ? FIELD_SPECS[def.dimension.field].vocabulary : undefined;
  const labelOf = vocabulary
    ? (key: string | number) => vocabulary.find((v) => v.code === key)?.label ?? String(key)
    : undefined;
  const option =
    def.dimension.kind === 'date'
      ? timeSeriesOption(rows, { name: def.title, area: def.chart === 'area', formatValue: format })
      : def.chart === 'pie'
        ? pieOption(rows, { formatValue: format, labelOf })
        : topNBarOption(rows, { formatValue: format, labelOf });
  const empty = entry?.status === 'ready' && rows.every((r) => r.value === 0);
  const drillDown = (dataIndex: number) => {
    const row = def.chart === 'pie' ? pieRowAt(rows, dataIndex) : barRowAt(rows, dataIndex);
    const path =
      row && row.key !== null ? drillDownPath(panel.query, String(row.key), interval, range.end) : null;
    if (path) navigate(path);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`${dashboardIds.panel}-${panel.query}`}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {def.title}
      </Typography>
      <Box sx={{ minHeight: PANEL_HEIGHT }} aria-busy={entry?.status === 'loading'}>
        {entry?.status === 'failed' ? (
          <Alert severity="error" action={<Button onClick={request}>Retry</Button>}>
            {entry.error?.message}
          </Alert>
        ) : !entry?.reply ? (
          <Loading label={`Loading ${def.title}`} />
        ) : empty ? (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
            No events in this interval.
          </Typography>
        ) : (
          <Suspense fallback={<Loading label={`Loading ${def.title}`} />}>
            <EChart
              option={option}
              height={PANEL_HEIGHT}
              label={`${def.title} chart`}
              testId={`${dashboardIds.chart}-${panel.query}`}
              onClick={def.dimension.kind === 'field' ? (click) => drillDown(click.dataIndex) : undefined}
            />
          </Suspense>
        )}
      </Box>
    </Paper>
  );
}
