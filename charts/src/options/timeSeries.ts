/**
 * A time series over the interval's buckets. The report server answers every bucket of the range
 * (zeros included, aligned to the requested time zone), keyed by its start in unix seconds.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { CURRENT_PERIOD, PREVIOUS_PERIOD, type ChartRow } from './topNBar';

export interface TimeSeriesOptions {
  /** The series' name (tooltip). */
  name: string;
  area?: boolean;
  formatValue?: (value: number) => string;
  /**
   * Compare: the previous period's buckets, drawn dashed on the current period's axis (its i-th
   * bucket at the current i-th bucket's time), so the two periods lie over each other.
   */
  previous?: readonly ChartRow[];
}

/** The previous period's points on the current period's axis (as many as both have). */
export const shiftedPoints = (rows: readonly ChartRow[], previous: readonly ChartRow[]): [number, number][] =>
  rows.slice(0, previous.length).map((r, i) => [Number(r.key) * 1000, previous[i].value]);

/** The points: [bucket start in ms, value]. */
export const seriesPoints = (rows: readonly ChartRow[]): [number, number][] =>
  rows.map((r) => [Number(r.key) * 1000, r.value]);

export function timeSeriesOption(rows: readonly ChartRow[], o: TimeSeriesOptions): EChartsCoreOption {
  const format = o.formatValue ?? ((v: number) => v.toLocaleString('en-US'));
  const data = seriesPoints(rows);
  return {
    grid: { left: 16, right: 24, top: o.previous ? 32 : 16, bottom: 24, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
    legend: o.previous ? { top: 0, data: [CURRENT_PERIOD, PREVIOUS_PERIOD] } : undefined,
    series: [
      {
        type: 'line',
        name: o.previous ? CURRENT_PERIOD : o.name,
        data,
        showSymbol: data.length <= 31,
        areaStyle: o.area ? { opacity: 0.25 } : undefined,
      },
      ...(o.previous
        ? [
            {
              type: 'line',
              name: PREVIOUS_PERIOD,
              data: shiftedPoints(rows, o.previous),
              showSymbol: false,
              lineStyle: { type: 'dashed', opacity: 0.7 },
              itemStyle: { color: '#7a838c' },
            },
          ]
        : []),
    ],
  };
}
