/**
 * A time series over the interval's buckets. The report server answers every bucket of the range
 * (zeros included, aligned to the requested time zone), keyed by its start in unix seconds.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { CURRENT_PERIOD, defaultFormat, PREVIOUS_PERIOD, type ChartRow } from './topNBar';

export interface TimeSeriesOptions {
  /** The series' name (tooltip); "Current period" when compared with the previous period. */
  name: string;
  area?: boolean;
  formatValue?: (value: number) => string;
  /**
   * The previous period's buckets (same interval length): drawn dashed on the current period's
   * axis, the i-th previous bucket at the i-th current bucket's time, so the two lines overlay.
   */
  previous?: readonly ChartRow[];
}

/** Symbols (dots) only on short series; a long one would be a row of beads. */
export const SYMBOL_LIMIT = 31;

/** The points: [bucket start in ms, value]. */
export const seriesPoints = (rows: readonly ChartRow[]): [number, number][] =>
  rows.map((r) => [Number(r.key) * 1000, r.value]);

/**
 * The previous period's points moved onto the current period's times: the i-th previous bucket at
 * the i-th current bucket. Buckets beyond the current period's count are left out.
 */
export const shiftedPoints = (
  current: readonly ChartRow[],
  previous: readonly ChartRow[],
): [number, number][] =>
  previous.slice(0, current.length).map((r, i) => [Number(current[i].key) * 1000, r.value]);

export function timeSeriesOption(rows: readonly ChartRow[], o: TimeSeriesOptions): EChartsCoreOption {
  const format = o.formatValue ?? defaultFormat;
  const data = seriesPoints(rows);
  const compare = o.previous !== undefined;
  const current = {
    type: 'line',
    name: compare ? CURRENT_PERIOD : o.name,
    data,
    showSymbol: data.length <= SYMBOL_LIMIT,
    areaStyle: o.area ? { opacity: 0.25 } : undefined,
  };
  const base = {
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
  };
  if (!compare) {
    return {
      grid: { left: 16, right: 24, top: 16, bottom: 24, containLabel: true },
      ...base,
      series: [current],
    };
  }
  return {
    grid: { left: 16, right: 24, top: 32, bottom: 24, containLabel: true },
    legend: { top: 0, data: [CURRENT_PERIOD, PREVIOUS_PERIOD] },
    ...base,
    series: [
      current,
      {
        type: 'line',
        name: PREVIOUS_PERIOD,
        data: shiftedPoints(rows, o.previous ?? []),
        showSymbol: false,
        lineStyle: { type: 'dashed' },
      },
    ],
  };
}

/** The x-axis brush of a time chart whose drag selects a time range (EChart's onBrushX turns it on). */
export const TIME_BRUSH = {
  xAxisIndex: 0,
  brushType: 'lineX',
  brushMode: 'single',
  transformable: false,
} as const;

/** A time chart's option with the brush a drag across it needs (a dashboard's zoom). */
export const withTimeBrush = (option: EChartsCoreOption): EChartsCoreOption => ({
  ...option,
  brush: TIME_BRUSH,
});
