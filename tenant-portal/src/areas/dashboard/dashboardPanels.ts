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
import { FIELD_SPECS, LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
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
 * to what the panel counted: its fixed filters and the clicked group, each as an explorer filter,
 * the group as the search where its field is a searched text. Null where the explorer cannot show
 * exactly those events (a by-date panel, a group by a field it neither filters nor searches).
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
  const { filters } = LOG_ROUTE_FIELDS[route];
  const field = def.dimension.field;
  const params = new URLSearchParams({ interval, to: String(end) });
  for (const w of def.where ?? []) {
    if (!filters.includes(w.field)) return null;
    params.set(w.field, w.values.join(','));
  }
  if (filters.includes(field)) params.set(field, key);
  else if (LOG_TYPE_SCHEMAS[def.logType].searchFields.includes(field)) params.set('search', key);
  else return null;
  return `/logs/${route}?${params}`;
}

/** The panel's chart opens the logs explorer on a click (its groups can be shown there exactly). */
export const canDrillDown = (query: ReportQueryName): boolean => drillDownPath(query, 'x', '7d', 0) !== null;

/** A row of a panel's table view and CSV: the group as read (label, or the bucket's start), its series, the exact measure. */
export type PanelTableRow = { group: string; series?: string; value: number };

/** A code's label where the field has a vocabulary, else the value as text. */
function readable(field: string | undefined, value: string | number | null | undefined): string {
  const vocabulary = field === undefined ? undefined : FIELD_SPECS[field].vocabulary;
  return vocabulary?.find((v) => v.code === value)?.label ?? String(value ?? '');
}

/** The table view's column headings: the dimension's label (or Time), the series' and the measure's. */
export function panelColumns(query: ReportQueryName): { group: string; series?: string; value: string } {
  const { dimension, measure }: ReportQueryDef = REPORT_QUERY_REGISTRY[query];
  const label = (field: string) => FIELD_SPECS[field].label;
  return {
    group: dimension.kind === 'field' ? label(dimension.field) : 'Time (UTC)',
    ...(dimension.series === undefined ? {} : { series: label(dimension.series) }),
    value:
      measure.kind === 'count'
        ? 'Events'
        : measure.kind === 'sum'
          ? 'Bytes'
          : measure.kind === 'avg'
            ? `Average ${label(measure.field).toLowerCase()}`
            : `${label(measure.field)}s`,
  };
}

/** The reply's rows as the table view shows them: codes by label, buckets as ISO times. */
export function panelTableRows(
  query: ReportQueryName,
  rows: readonly { key: string | number | null; series?: string | number | null; value: number }[],
): PanelTableRow[] {
  const { dimension }: ReportQueryDef = REPORT_QUERY_REGISTRY[query];
  return rows.map((r) => ({
    group:
      dimension.kind === 'date'
        ? new Date(Number(r.key) * 1000).toISOString()
        : readable(dimension.field, r.key),
    ...(dimension.series === undefined ? {} : { series: readable(dimension.series, r.series) }),
    value: r.value,
  }));
}
