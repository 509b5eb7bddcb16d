/**
 * A stacked time series of a two-dimensional query by date (e.g. messages per SMTP event): one
 * stacked line (area by default) per series value over the union of the buckets, a missing
 * bucket counting 0, so the stack's top is the total of each bucket.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { defaultFormat, type ChartRow } from './topNBar';
import { orderByTotal, pivot, seriesLabel, seriesOf, type SeriesKey } from './series';
import { SYMBOL_LIMIT } from './timeSeries';

export interface StackedTimeSeriesOptions {
  /** Filled areas (default) or bare stacked lines. */
  area?: boolean;
  formatValue?: (value: number) => string;
  /** The legend text of a series value (e.g. an event code's label); default the value itself. */
  seriesLabelOf?: (series: string | number) => string;
  /** The legend text of the null series (rows without a series value). */
  nullLabel?: string;
}

export interface StackedSeries {
  series: SeriesKey;
  name: string;
  /** [bucket start in ms, value] for every bucket of the union, in time order. */
  data: [number, number][];
}

/**
 * The series, largest total first (drawn at the bottom of the stack, where it reads best), each
 * over every bucket that any series has.
 */
export function stackedSeriesOf(
  rows: readonly ChartRow[],
  o: StackedTimeSeriesOptions = {},
): StackedSeries[] {
  const buckets = [...new Set(rows.map((r) => Number(r.key)))].sort((a, b) => a - b);
  const { valueAt } = pivot(rows.map((r) => ({ ...r, key: Number(r.key) })));
  return orderByTotal(rows, seriesOf).map((series) => ({
    series,
    name: seriesLabel(series, o.nullLabel, o.seriesLabelOf),
    data: buckets.map((b): [number, number] => [b * 1000, valueAt(b, series)]),
  }));
}

export function stackedTimeSeriesOption(
  rows: readonly ChartRow[],
  o: StackedTimeSeriesOptions = {},
): EChartsCoreOption {
  const format = o.formatValue ?? defaultFormat;
  const area = o.area ?? true;
  const series = stackedSeriesOf(rows, o);
  return {
    grid: { left: 16, right: 24, top: 32, bottom: 24, containLabel: true },
    legend: { type: 'scroll', top: 0, data: series.map((s) => s.name) },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      stack: 'total',
      data: s.data,
      showSymbol: s.data.length <= SYMBOL_LIMIT,
      areaStyle: area ? { opacity: 0.35 } : undefined,
      // Hovering a band lights it and fades the others: which band is which in a tall stack.
      emphasis: { focus: 'series' },
    })),
  };
}
