/**
 * A KPI tile of a dashboard (issue 11): a by-date query's total over the page's range beside the
 * total of the period of the same length just before, with the change.
 */
import { memo, useEffect, useMemo } from 'react';
import { Alert, Button, Paper, Skeleton, Typography } from '@mui/material';
import { KpiTile } from '@workbench/charts';
import {
  reportQueryRequested,
  sameShownEntry,
  selectReportQuery,
  useReportQuerySelector,
} from '../../features/report-query/index';
import { useAppDispatch } from '../../store/storeHooks';
import { REPORT_QUERY_REGISTRY } from '../../api/contract/reportQueries';
import type { DashboardPanel } from '../../api/contract/reportDashboards';
import { formatBytes } from '../../formatting/formatBytes';
import { dashboardIds } from '../../test-ids/index';
import { panelParams, type PageFilters } from './dashboardPanels';

export interface KpiPanelProps {
  panel: DashboardPanel;
  interval: string;
  range: { start: number; end: number };
  filters: PageFilters;
  /** The support view's tenant (default: the signed-in tenant). */
  tenantId?: string;
}

const total = (rows: readonly { value: number }[] | undefined): number | null =>
  rows === undefined ? null : rows.reduce((sum, r) => sum + r.value, 0);

/** A KPI tile of the page; memoised like ReportPanel. */
export const KpiPanel = memo(function KpiPanel({ panel, interval, range, filters, tenantId }: KpiPanelProps) {
  const dispatch = useAppDispatch();
  const def = REPORT_QUERY_REGISTRY[panel.query];
  const previousRange = useMemo(
    () => ({ start: range.start - (range.end - range.start), end: range.start }),
    [range],
  );
  const params = useMemo(
    () => panelParams(panel, interval, range, filters),
    [panel, interval, range, filters],
  );
  const previousParams = useMemo(
    () => panelParams(panel, interval, previousRange, filters),
    [panel, interval, previousRange, filters],
  );
  const current = useReportQuerySelector(selectReportQuery(panel.query, params, tenantId), sameShownEntry);
  const previous = useReportQuerySelector(
    selectReportQuery(panel.query, previousParams, tenantId),
    sameShownEntry,
  );
  const request = () => {
    dispatch(reportQueryRequested({ name: panel.query, params, tenantId }));
    dispatch(reportQueryRequested({ name: panel.query, params: previousParams, tenantId }));
  };
  useEffect(() => {
    dispatch(reportQueryRequested({ name: panel.query, params, tenantId }));
    dispatch(reportQueryRequested({ name: panel.query, params: previousParams, tenantId }));
  }, [dispatch, panel.query, params, previousParams, tenantId]);

  const testId = `${dashboardIds.kpi}-${panel.query}`;
  const value = total(current?.reply?.rows);
  if (current?.status === 'failed')
    return (
      <Paper variant="outlined" sx={{ p: 2, minWidth: 220 }} data-testid={testId}>
        <Alert severity="error" action={<Button onClick={request}>Retry</Button>}>
          {def.title}: {current.error?.message}
        </Alert>
      </Paper>
    );
  if (value === null)
    return (
      <Paper variant="outlined" sx={{ p: 2, minWidth: 220 }} data-testid={testId} aria-busy>
        <Typography variant="body2" color="text.secondary">
          {def.title}
        </Typography>
        <Skeleton width={120} height={42} />
      </Paper>
    );
  return (
    <KpiTile
      label={def.title}
      value={value}
      previous={total(previous?.reply?.rows)}
      formatValue={panel.bytes ? (v) => formatBytes(v) : undefined}
      testId={testId}
    />
  );
});
