/** A donut of the groups' shares (e.g. actions), the largest first, clockwise from the top. */
import type { EChartsCoreOption } from 'echarts/core';
import { defaultFormat, keyLabel, type ChartRow, type ChartTextOptions } from './topNBar';

/** The row of a clicked slice (slices are drawn in the rows' order). */
export const pieRowAt = <R extends ChartRow>(rows: readonly R[], dataIndex: number): R | undefined =>
  rows[dataIndex];

export function pieOption(rows: readonly ChartRow[], options: ChartTextOptions = {}): EChartsCoreOption {
  const format = options.formatValue ?? defaultFormat;
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number }) =>
        `${p.name}: ${format(p.value)} (${total > 0 ? Math.round((p.value / total) * 100) : 0} %)`,
    },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: ['45%', '72%'],
        center: ['38%', '50%'],
        label: { show: false },
        data: rows.map((r) => ({
          name: keyLabel(r.key, options.nullLabel, options.labelOf),
          value: r.value,
        })),
      },
    ],
  };
}
