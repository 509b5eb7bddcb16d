/**
 * The logs explorer's time histogram (issue 15): the events of a query per time bucket, stacked
 * by action, over every bucket of the range (a bucket without events is an empty value, `-`, so
 * bars keep one width, the axis spans the whole range and no invisible zero-height bar is made:
 * about half the bars of the web logs, issue 42). Bars sit at their bucket's middle on a time
 * axis, so a drag across the chart (a lineX brush) reads back as a time range.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { defaultFormat } from './topNBar';
import { orderByTotal, seriesLabel, type SeriesKey } from './series';

export interface HistogramBucket {
  /** Start of the bucket, epoch ms. */
  time: number;
  series: string | null;
  count: number;
}

export interface LogHistogramOptions {
  /** The range drawn, epoch ms [start, end). */
  start: number;
  end: number;
  bucketMs: number;
  /** Buckets start at multiples of bucketMs after shifting by this (a UTC offset), epoch ms. */
  offsetMs?: number;
  /** The legend text of an action code (its vocabulary label). */
  seriesLabelOf?: (series: string | number) => string;
  nullLabel?: string;
}

/** The starts of every bucket that meets [start, end), oldest first. */
export function histogramBucketStarts(start: number, end: number, bucketMs: number, offsetMs = 0): number[] {
  const first = Math.floor((start + offsetMs) / bucketMs) * bucketMs - offsetMs;
  const starts: number[] = [];
  for (let t = first; t < end; t += bucketMs) starts.push(t);
  return starts;
}

/** ECharts' empty value: the bucket keeps its place on the axis, no bar is drawn. */
const NO_EVENTS = '-';

export function logHistogramOption(
  buckets: readonly HistogramBucket[],
  o: LogHistogramOptions,
): EChartsCoreOption {
  const starts = histogramBucketStarts(o.start, o.end, o.bucketMs, o.offsetMs);
  const rows = buckets.map((b) => ({ key: b.time, value: b.count, series: b.series }));
  const counts = new Map<string, number>();
  for (const b of buckets)
    counts.set(`${b.time}|${b.series ?? ''}`, (counts.get(`${b.time}|${b.series ?? ''}`) ?? 0) + b.count);
  const half = o.bucketMs / 2;
  const series = orderByTotal(rows, (r): SeriesKey => r.series ?? null).map((key) => ({
    type: 'bar',
    name: seriesLabel(key, o.nullLabel, o.seriesLabelOf),
    stack: 'total',
    barCategoryGap: '10%',
    // Hovering a band lights it and fades the others.
    emphasis: { focus: 'series' },
    data: starts.map((t): [number, number | typeof NO_EVENTS] => [
      t + half,
      counts.get(`${t}|${key ?? ''}`) || NO_EVENTS,
    ]),
  }));
  return {
    grid: { left: 8, right: 16, top: 28, bottom: 4, containLabel: true },
    legend: { type: 'scroll', top: 0, data: series.map((s) => s.name) },
    // The tooltip lists every action of the bucket, an empty one as 0.
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: number | typeof NO_EVENTS) => defaultFormat(v === NO_EVENTS ? 0 : v),
    },
    xAxis: { type: 'time', min: o.start, max: o.end },
    yAxis: { type: 'value', minInterval: 1, splitNumber: 3, axisLabel: { formatter: defaultFormat } },
    // A drag across the chart selects a time range (EChart's onBrushX turns the brush on).
    brush: { xAxisIndex: 0, brushType: 'lineX', brushMode: 'single', transformable: false },
    toolbox: { show: false },
    series,
  };
}
