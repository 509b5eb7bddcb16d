/**
 * What the dashboard page derives from a panel of common's dashboard registry (reportDashboards.ts):
 * its request, its drill-down into the logs explorer, its table view.
 */
import {
  REPORT_QUERY_REGISTRY,
  type ReportQueryDef,
  type ReportQueryName,
} from '@workbench/common/api/contract/reportQueries';
import { logRouteOfType } from '@workbench/common/vocabularies/index';
import {
  granularityFor,
  intervalToTimeRange,
  timeRangeToUnixSeconds,
} from '@workbench/common/features/interval/index';
import type { ReportParams } from '@workbench/common/api/reports';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import type { DashboardPanel } from '@workbench/common/api/contract/reportDashboards';
import { LOG_ROUTE_FIELDS } from '../logs/logFields';

/** The page's range: the interval ending at `endMs`, in unix seconds. */
export function dashboardRange(interval: string, endMs: number): { start: number; end: number } {
  return timeRangeToUnixSeconds(intervalToTimeRange(interval, endMs));
}

/** What a panel asks its query for: the page's range, and its limit or the interval's granularity. */
export function panelParams(
  panel: DashboardPanel,
  interval: string,
  range: { start: number; end: number },
): ReportParams {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[panel.query];
  return def.dimension.kind === 'date'
    ? { ...range, granularity: granularityFor(interval) as ReportParams['granularity'] }
    : { ...range, limit: panel.limit };
}

/**
 * Drill-down (issue 11): the logs explorer of the query's log type over the same range, narrowed
 * to the clicked group: as a filter where the explorer filters by that field, else as its search.
 */
export function drillDownPath(
  query: ReportQueryName,
  key: string,
  interval: string,
  end: number,
): string | null {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[query];
  if (def.dimension.kind !== 'field') return null;
  const route = logRouteOfType(def.logType);
  const field = def.dimension.field;
  const params = new URLSearchParams({ interval, to: String(end) });
  if (LOG_ROUTE_FIELDS[route].filters.includes(field)) params.set(field, key);
  else params.set('search', key);
  return `/logs/${route}?${params}`;
}

/** A row of a panel's table view and CSV: the group as read (label, or the bucket's start) and the exact measure. */
export type PanelTableRow = { group: string; value: number };

/** The table view's column headings: the dimension's label (or Time) and the measure's. */
export function panelColumns(query: ReportQueryName): { group: string; value: string } {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[query];
  return {
    group: def.dimension.kind === 'field' ? FIELD_SPECS[def.dimension.field].label : 'Time (UTC)',
    value: def.measure.kind === 'count' ? 'Events' : 'Bytes',
  };
}

/** The reply's rows as the table view shows them: codes by label, buckets as ISO times. */
export function panelTableRows(
  query: ReportQueryName,
  rows: readonly { key: string | number | null; value: number }[],
): PanelTableRow[] {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[query];
  if (def.dimension.kind === 'date')
    return rows.map((r) => ({ group: new Date(Number(r.key) * 1000).toISOString(), value: r.value }));
  const vocabulary = FIELD_SPECS[def.dimension.field].vocabulary;
  return rows.map((r) => ({
    group: vocabulary?.find((v) => v.code === r.key)?.label ?? String(r.key ?? ''),
    value: r.value,
  }));
}
