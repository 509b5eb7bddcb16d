/**
 * Charts of two-dimensional reports, whose rows carry a `series` beside their key (e.g. messages
 * per SMTP code split by reason, failures per day split by SMTP action): one stacked series per
 * series value, with a legend. Keys keep the server's order (top-N: by total, largest first; by
 * date: oldest first, every bucket present for every series).
 */
import type { EChartsCoreOption } from 'echarts/core';
import { BAR_LABEL_THRESHOLD, keyLabel, type ChartRow, type ChartTextOptions } from './topNBar';

export interface SeriesRow extends ChartRow {
  /** The second field's value (null: the events without one). */
  series?: string | number | null;
}

export interface StackedOptions extends ChartTextOptions {
  /** The text of a series value (e.g. a code's label); default the value itself. */
  seriesLabelOf?: (series: string | number) => string;
  /** By-date charts: fill under the lines. */
  area?: boolean;
}

/** The rows as a grid: the keys in first-seen order, the series in first-seen order, the values. */
export function seriesGrid(rows: readonly SeriesRow[]): {
  keys: ChartRow['key'][];
  series: (string | number | null)[];
  value: (key: ChartRow['key'], series: string | number | null) => number;
} {
  const keys = [...new Set(rows.map((r) => r.key))];
  const series = [...new Set(rows.map((r) => r.series ?? null))];
  const cells = new Map(rows.map((r) => [`${String(r.key)}\u0000${String(r.series ?? null)}`, r.value]));
  return {
    keys,
    series,
    value: (key, s) => cells.get(`${String(key)}\u0000${String(s)}`) ?? 0,
  };
}

const seriesName = (s: string | number | null, o: StackedOptions) =>
  keyLabel(s, o.nullLabel, o.seriesLabelOf);

/** A horizontal stacked top-N bar: the largest total on top; names inside the bars past the threshold. */
export function stackedBarOption(rows: readonly SeriesRow[], o: StackedOptions = {}): EChartsCoreOption {
  const format = o.formatValue ?? ((v: number) => v.toLocaleString('en-US'));
  const grid = seriesGrid(rows);
  // ECharts draws the first category at the bottom: reverse, so the largest is on top.
  const keys = [...grid.keys].reverse();
  const inside = keys.length > BAR_LABEL_THRESHOLD;
  return {
    grid: { left: 16, right: 24, top: 32, bottom: 24, containLabel: true },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
    yAxis: {
      type: 'category',
      data: keys.map((k) => keyLabel(k, o.nullLabel, o.labelOf)),
      axisLabel: { width: inside ? 90 : 180, overflow: 'truncate' },
      axisTick: { show: false },
    },
    series: grid.series.map((s) => ({
      type: 'bar',
      name: seriesName(s, o),
      stack: 'total',
      barMaxWidth: 28,
      emphasis: { focus: 'series' },
      data: keys.map((k) => grid.value(k, s)),
    })),
  };
}

/** A stacked time series over the server's buckets (keys: bucket starts in unix seconds). */
export function stackedTimeSeriesOption(
  rows: readonly SeriesRow[],
  o: StackedOptions = {},
): EChartsCoreOption {
  const format = o.formatValue ?? ((v: number) => v.toLocaleString('en-US'));
  const grid = seriesGrid(rows);
  return {
    grid: { left: 16, right: 24, top: 32, bottom: 24, containLabel: true },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
    series: grid.series.map((s) => ({
      type: 'line',
      name: seriesName(s, o),
      stack: 'total',
      showSymbol: false,
      areaStyle: o.area === false ? undefined : { opacity: 0.35 },
      emphasis: { focus: 'series' },
      data: grid.keys.map((k) => [Number(k) * 1000, grid.value(k, s)]),
    })),
  };
}
