/**
 * The dashboard's panels (portal-core §2 dashboard, §7 Reports): each a named query of the
 * report-query registry, whose row gives its title, chart kind, log type and permission. The next
 * report dashboards are lists of names here.
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
import { LOG_ROUTE_FIELDS } from '../logs/logFields';

export interface DashboardPanel {
  query: ReportQueryName;
  /** Top-N panels: how many groups. */
  limit?: number;
  /** Values are bytes (shown as KB, MB, …). */
  bytes?: boolean;
}

export const DASHBOARD_PANELS: readonly DashboardPanel[] = [
  { query: 'top_domains', limit: 10 },
  { query: 'bandwidth_usage_by_date', bytes: true },
];

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
