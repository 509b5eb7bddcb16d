/**
 * Which chart a report query's answer is drawn as: the one decision the dashboard's panels
 * (components/report-dashboard/ReportPanel.tsx) and the report files' PDF
 * (server/src/reports/reportDocument.ts) both take, from the query's row of the report-query
 * registry (reportQueries.ts) and how the panel is viewed; both then build the chart's option with
 * the charts package's `reportChartOption`.
 */
import type { ReportChart } from '@workbench/charts';
import { REPORT_QUERY_REGISTRY, type ReportQueryDef, type ReportQueryName } from './reportQueries';

export type { ReportChart };

export interface ReportChartView {
  /** The panel shows the query by hour and weekday (a dashboard view; the files have none). */
  heatmap?: boolean;
  /** The panel draws the period before beside the answer (the dashboard's compare). */
  comparing?: boolean;
}

export function reportChartOf(query: ReportQueryName, view: ReportChartView = {}): ReportChart {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[query];
  if (view.heatmap) return 'heatmap';
  // Two dimensions: each group split by the series field.
  if (def.dimension.series !== undefined)
    return def.dimension.kind === 'date' ? 'stacked-time' : 'stacked-bar';
  if (def.dimension.kind === 'date') return def.chart === 'area' ? 'area' : 'line';
  // A donut cannot hold two periods: comparing, its groups show as bars.
  return def.chart === 'pie' && !view.comparing ? 'pie' : 'bar';
}
