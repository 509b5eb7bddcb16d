import type { ReportQueryName } from '@workbench/common/api/contract/reportQueries';
import { reportGroupLogs } from '@workbench/common/api/contract/reportDrillDown';
import { logRouteOfType } from '@workbench/common/vocabularies/index';
import { panelFilters, type PageFilters } from '@workbench/common/components/report-dashboard/index';

/**
 * Drill-down (issue 11; issue 31, point 10): the logs explorer of the query's log type over the
 * dashboard's interval and end (so the same range), narrowed to exactly the events the clicked
 * group counted: common's reportGroupLogs (from the report-query registry row) as the explorer's
 * URL, field filters as `field=a,b` and the rest as `q`. Null where there is no group to drill
 * into (a by-date panel).
 */
export function drillDownPath(
  query: ReportQueryName,
  key: string,
  interval: string,
  end: number,
  filters: PageFilters = {},
): string | null {
  const logs = reportGroupLogs(query, key, panelFilters(query, filters).applied);
  if (logs === null) return null;
  const params = new URLSearchParams({ interval, to: String(end) });
  for (const [field, values] of Object.entries(logs.filters)) params.set(field, values.join(','));
  if (logs.q !== '') params.set('q', logs.q);
  return `/logs/${logRouteOfType(logs.logType)}?${params}`;
}
