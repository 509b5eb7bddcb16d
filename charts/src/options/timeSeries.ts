/**
 * A time series over the interval's buckets. The report server answers every bucket of the range
 * (zeros included, aligned to the requested time zone), keyed by its start in unix seconds.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartRow } from './topNBar';

export interface TimeSeriesOptions {
  /** The series' name (tooltip). */
  name: string;
  area?: boolean;
  formatValue?: (value: number) => string;
}

/** The points: [bucket start in ms, value]. */
export const seriesPoints = (rows: readonly ChartRow[]): [number, number][] =>
  rows.map((r) => [Number(r.key) * 1000, r.value]);

export function timeSeriesOption(rows: readonly ChartRow[], o: TimeSeriesOptions): EChartsCoreOption {
  const format = o.formatValue ?? ((v: number) => v.toLocaleString('en-US'));
  const data = seriesPoints(rows);
  return {
    grid: { left: 16, right: 24, top: 16, bottom: 24, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
    series: [
      {
        type: 'line',
        name: o.name,
        data,
        showSymbol: data.length <= 31,
        areaStyle: o.area ? { opacity: 0.25 } : undefined,
      },
    ],
  };
}
