/**
 * What the dashboard derives from a panel of the dashboard registry (reportDashboards.ts): its
 * request, the page's filters it applies, its table view.
 */
import type { ReactNode } from 'react';
import {
  REPORT_QUERY_REGISTRY,
  fieldValueLabel,
  measureLabel,
  type ReportFilterDef,
  type ReportQueryDef,
  type ReportQueryName,
} from '../../api/contract/reportQueries';
import { POLICY_ENFORCEMENT_ACTIONS, RISKS, WEB_CATEGORIES } from '../../vocabularies/index';
import { readFilterValues, type FilterSchema } from '../filter-bar/index';
import { granularityFor, intervalToTimeRange, timeRangeToUnixSeconds } from '../../features/interval/index';
import type { ReportParams } from '../../api/reports';
import { FIELD_SPECS } from '../../api/contract/logSchema';
import type { DashboardPanel } from '../../api/contract/reportDashboards';
import { reportOffersDrillDown } from '../../api/contract/reportDrillDown';

/** The page's range: the interval ending at `endMs`, in unix seconds. */
export function dashboardRange(interval: string, endMs: number): { start: number; end: number } {
  return timeRangeToUnixSeconds(intervalToTimeRange(interval, endMs));
}

/**
 * The page's filter bar (issue 11: one for the whole page, in the URL): request parameters the
 * report queries share, by their parameter names. A panel applies those its query takes (its
 * row's filters) and says which it does not.
 */
export const DASHBOARD_FILTER_SCHEMA: FilterSchema = {
  pe_action: { label: 'Action', options: POLICY_ENFORCEMENT_ACTIONS, multiple: true },
  top_level_risks: { label: 'Risk', options: RISKS, multiple: true },
  cats: { label: 'Category', options: WEB_CATEGORIES, multiple: true, sortable: true },
};
/** The page's text filters (one value each, matched exactly): parameter → label. */
export const DASHBOARD_TEXT_FILTERS = { userid: 'User', domain: 'Domain' } as const;
export type DashboardTextFilter = keyof typeof DASHBOARD_TEXT_FILTERS;

/** The page's filters in effect: parameter → values (only those with a value). */
export type PageFilters = Readonly<Record<string, readonly string[]>>;

export function pageFiltersOf(params: URLSearchParams): PageFilters {
  const filters: Record<string, readonly string[]> = {};
  for (const [param, values] of Object.entries(readFilterValues(params, DASHBOARD_FILTER_SCHEMA)))
    if (values.length > 0) filters[param] = values;
  for (const param of Object.keys(DASHBOARD_TEXT_FILTERS)) {
    const text = params.get(param)?.trim();
    if (text) filters[param] = [text];
  }
  return filters;
}

const filterLabel = (param: string): string =>
  DASHBOARD_FILTER_SCHEMA[param]?.label ?? DASHBOARD_TEXT_FILTERS[param as DashboardTextFilter] ?? param;

/** The page's filters a panel's query takes, and the labels of those it does not. */
export function panelFilters(
  query: ReportQueryName,
  filters: PageFilters,
): { applied: PageFilters; ignored: string[] } {
  const taken: Readonly<Record<string, ReportFilterDef>> = REPORT_QUERY_REGISTRY[query].filters;
  const applied: Record<string, readonly string[]> = {};
  const ignored: string[] = [];
  for (const [param, values] of Object.entries(filters)) {
    if (param in taken) applied[param] = values;
    else ignored.push(filterLabel(param));
  }
  return { applied, ignored };
}

/** What a panel asks its query for: the page's range and filters, its limit or the interval's granularity. */
export function panelParams(
  panel: DashboardPanel,
  interval: string,
  range: { start: number; end: number },
  filters: PageFilters = {},
): ReportParams {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[panel.query];
  const applied = panelFilters(panel.query, filters).applied;
  return {
    ...range,
    ...(def.dimension.kind === 'date'
      ? {
          // A heat map sums hourly buckets into hour × weekday cells.
          granularity: (panel.view === 'heatmap'
            ? 'PT1H'
            : granularityFor(interval)) as ReportParams['granularity'],
        }
      : { limit: panel.limit }),
    ...(Object.keys(applied).length > 0 ? { filters: applied } : {}),
  };
}

/**
 * Drill-down (issue 11): the path a click on a panel's group opens (the tenant portal's logs
 * explorer over the same range, narrowed to exactly what the group counted: common's
 * api/contract/reportDrillDown.ts), or null where there is no group to drill into.
 */
export type DrillDown = (
  query: ReportQueryName,
  key: string,
  interval: string,
  end: number,
  filters: PageFilters,
) => string | null;

/** The panel's chart opens a page on a click: there is a drill-down and its query groups by a field. */
/**
 * An app's action on one group of a panel's table (e.g. the files report's analysis reports of a
 * file name): the queries it is offered on, and its control for a group.
 */
export interface GroupAction {
  offers(query: ReportQueryName): boolean;
  render(query: ReportQueryName, key: string): ReactNode;
}

export const canDrillDown = (drillDown: DrillDown | undefined, query: ReportQueryName): boolean =>
  drillDown !== undefined && reportOffersDrillDown(query);

/** A row of a panel's table view and CSV: the group as read (label, or the bucket's start), its series, the exact measure. */
export type PanelTableRow = { group: string; series?: string; value: number };

/** A code's label where the field has a vocabulary, else the value as text. */
const readable = (field: string | undefined, value: string | number | null | undefined): string =>
  field === undefined ? String(value ?? '') : fieldValueLabel(field, value);

/** The table view's column headings: the dimension's label (or Time), the series' and the measure's. */
export function panelColumns(query: ReportQueryName): { group: string; series?: string; value: string } {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[query];
  const { dimension } = def;
  const label = (field: string) => FIELD_SPECS[field].label;
  return {
    group: dimension.kind === 'field' ? label(dimension.field) : 'Time (UTC)',
    ...(dimension.series === undefined ? {} : { series: label(dimension.series) }),
    value: measureLabel(def),
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

/** A panel's id on the page: its query, and its view when not the chart. */
export const panelId = (panel: DashboardPanel): string =>
  panel.view === undefined || panel.view === 'chart' ? panel.query : `${panel.query}-${panel.view}`;
