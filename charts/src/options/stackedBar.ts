/**
 * A horizontal top-N bar of a two-dimensional query (e.g. key = SMTP code, series = reason): the
 * categories ordered by their total, the largest on top, one bar series per series value, stacked
 * (default) or side by side. The label rule of the top-N bar holds: beyond BAR_LABEL_THRESHOLD
 * categories the names go inside the bars; up to it they stand on the axis and the totals label
 * the bars' ends.
 */
import type { EChartsCoreOption } from 'echarts/core';
import {
  BAR_LABEL_THRESHOLD,
  categoryAxis,
  defaultFormat,
  keyLabel,
  type ChartRow,
  type ChartTextOptions,
} from './topNBar';
import { orderByTotal, pivot, seriesLabel, seriesOf } from './series';

export interface StackedBarOptions extends ChartTextOptions {
  /** Side by side instead of stacked. */
  grouped?: boolean;
  /** The legend text of a series value (e.g. a reason code's label); default the value itself. */
  seriesLabelOf?: (series: string | number) => string;
  /** The legend text of the null series; the category's null key uses `nullLabel`. */
  seriesNullLabel?: string;
}

/** The categories' keys, the largest total first (the order of the bars, top down). */
export const stackedBarKeys = (rows: readonly ChartRow[]): ChartRow['key'][] =>
  orderByTotal(rows, (r) => r.key);

/** The key of a clicked bar's category (the chart draws the categories bottom-up). */
export const stackedBarKeyAt = (
  rows: readonly ChartRow[],
  dataIndex: number,
): ChartRow['key'] | undefined => {
  const keys = stackedBarKeys(rows);
  return keys[keys.length - 1 - dataIndex];
};

export function stackedBarOption(
  rows: readonly ChartRow[],
  options: StackedBarOptions = {},
): EChartsCoreOption {
  const format = options.formatValue ?? defaultFormat;
  // ECharts draws the first category at the bottom: reverse, so the largest is on top.
  const keys = stackedBarKeys(rows).reverse();
  const names = keys.map((k) => keyLabel(k, options.nullLabel, options.labelOf));
  const seriesKeys = orderByTotal(rows, seriesOf);
  const { valueAt } = pivot(rows);
  const totals = keys.map((k) => seriesKeys.reduce<number>((sum, s) => sum + valueAt(k, s), 0));
  const inside = keys.length > BAR_LABEL_THRESHOLD;
  const stack = options.grouped ? undefined : 'total';
  const last = seriesKeys.length - 1;
  return {
    grid: { left: inside ? 8 : 16, right: 56, top: 32, bottom: 24, containLabel: !inside },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
    yAxis: categoryAxis(names, inside),
    series: seriesKeys.map((s, i) => ({
      type: 'bar',
      name: seriesLabel(s, options.seriesNullLabel, options.seriesLabelOf),
      stack,
      data: keys.map((k) => valueAt(k, s)),
      barMaxWidth: 28,
      emphasis: { focus: 'series' },
      // Inside names run across the whole stack: faded bars keep them readable.
      itemStyle: inside ? { opacity: 0.35 } : undefined,
      label: barLabel(i, last, inside, !stack, format, totals),
    })),
  };
}

/**
 * Inside: the first series carries the category's name. Stacked, up to the threshold: the last
 * series (the end of the stack) carries the category's total. Grouped: each bar its own value.
 */
function barLabel(
  index: number,
  last: number,
  inside: boolean,
  grouped: boolean,
  format: (v: number) => string,
  totals: number[],
) {
  if (inside) {
    return index === 0
      ? {
          show: true,
          position: 'insideLeft',
          formatter: (p: { name: string }) => p.name,
          // Not faded with the bar (a label takes its bar's opacity unless it sets its own).
          opacity: 1,
          textBorderWidth: 0,
        }
      : { show: false };
  }
  if (grouped) return { show: true, position: 'right', formatter: (p: { value: number }) => format(p.value) };
  return index === last
    ? {
        show: true,
        position: 'right',
        formatter: (p: { dataIndex: number }) => format(totals[p.dataIndex]),
      }
    : { show: false };
}
