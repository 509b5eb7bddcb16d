/**
 * A report query's answer as the chart its panel is drawn as: the dashboard's panels and the
 * report files' PDF both build their option here, from the chart common's `reportChartOf` picks
 * (api/contract/reportCharts.ts), so the two cannot draw one query differently.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { hourWeekdayHeatmapOption } from './hourWeekdayHeatmap';
import { pieOption } from './pie';
import { stackedBarOption } from './stackedBar';
import { stackedTimeSeriesOption } from './stackedTimeSeries';
import { timeSeriesOption } from './timeSeries';
import { topNBarOption, type ChartRow } from './topNBar';

/**
 * The charts: an hour-by-weekday heat map, a stacked series over time, stacked bars per group,
 * a line or an area over time, a donut, bars of the top groups.
 */
export type ReportChart = 'heatmap' | 'stacked-time' | 'stacked-bar' | 'line' | 'area' | 'pie' | 'bar';

/** The charts on a time axis: a drag across one selects a time range, and they carry change markers. */
export const isTimeAxisChart = (chart: ReportChart | null): boolean =>
  chart === 'line' || chart === 'area' || chart === 'stacked-time';

export interface ReportChartOptions {
  /** The series' name (a time series' tooltip): the query's title. */
  name: string;
  formatValue?: (value: number) => string;
  /** The text of a group's key (a code's label). */
  labelOf?: (key: string | number) => string;
  /** The text of a series value (the stacked charts' legend). */
  seriesLabelOf?: (series: string | number) => string;
  /** The period before, drawn beside the answer (the line, area and bars). */
  previous?: readonly ChartRow[];
  /** The heat map's time zone offset from UTC in ms. */
  timeZoneOffsetMs?: number;
}

export function reportChartOption(
  chart: ReportChart,
  rows: readonly ChartRow[],
  o: ReportChartOptions,
): EChartsCoreOption {
  const { formatValue, labelOf, seriesLabelOf, previous } = o;
  switch (chart) {
    case 'heatmap':
      return hourWeekdayHeatmapOption(rows, { timeZoneOffsetMs: o.timeZoneOffsetMs, formatValue });
    case 'stacked-time':
      return stackedTimeSeriesOption(rows, { formatValue, seriesLabelOf });
    case 'stacked-bar':
      return stackedBarOption(rows, { formatValue, labelOf, seriesLabelOf });
    case 'line':
    case 'area':
      return timeSeriesOption(rows, { name: o.name, area: chart === 'area', formatValue, previous });
    case 'pie':
      return pieOption(rows, { formatValue, labelOf });
    case 'bar':
      return topNBarOption(rows, { formatValue, labelOf, previous });
  }
}
