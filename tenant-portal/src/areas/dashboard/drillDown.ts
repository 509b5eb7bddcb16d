import type { ReportQueryDef, ReportQueryName } from '@workbench/common/api/contract/reportQueries';
import { REPORT_QUERY_REGISTRY } from '@workbench/common/api/contract/reportQueries';
import { LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import { logRouteOfType } from '@workbench/common/vocabularies/index';
import { panelFilters, type PageFilters } from '@workbench/common/components/report-dashboard/index';
import { LOG_ROUTE_FIELDS } from '../logs/logFields';

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
  filters: PageFilters = {},
): string | null {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[query];
  if (def.dimension.kind !== 'field') return null;
  const route = logRouteOfType(def.logType);
  const explorerFilters = LOG_ROUTE_FIELDS[route].filters;
  const searched = LOG_TYPE_SCHEMAS[def.logType].searchFields;
  const params = new URLSearchParams({ interval, to: String(end) });
  // Each condition on a field: an explorer filter, or the (one) search for a searched text.
  const conditions: [string, readonly string[]][] = [
    ...(def.where ?? []).map((w): [string, readonly string[]] => [w.field, w.values]),
    ...Object.entries(panelFilters(query, filters).applied).map(
      ([param, values]): [string, readonly string[]] => {
        const filter = def.filters[param];
        return [
          'field' in filter ? filter.field : '',
          values.map((v) => ('field' in filter ? (filter.aliases?.[v] ?? v) : v)),
        ];
      },
    ),
    [def.dimension.field, [key]],
  ];
  // Conditions on the same field hold together: their values' intersection.
  const byField = new Map<string, readonly string[]>();
  for (const [field, values] of conditions)
    byField.set(field, byField.has(field) ? values.filter((v) => byField.get(field)?.includes(v)) : values);
  let search: string | null = null;
  for (const [field, values] of byField) {
    if (explorerFilters.includes(field)) params.set(field, values.join(','));
    else if (searched.includes(field) && values.length === 1 && search === null) search = values[0];
    else return null;
  }
  if (search !== null) params.set('search', search);
  return `/logs/${route}?${params}`;
}
