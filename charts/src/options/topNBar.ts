/**
 * A horizontal top-N bar chart: the largest group on top. Up to BAR_LABEL_THRESHOLD bars the
 * names stand on the axis; beyond it they go inside the bars (shared-ui-and-validators §9), so a
 * long list keeps its bars wide.
 */
import type { EChartsCoreOption } from 'echarts/core';

/** shared-ui-and-validators §9: threshold of 6 in bar label placement. */
export const BAR_LABEL_THRESHOLD = 6;

export interface ChartRow {
  /** The group's name (null: the events without a value). */
  key: string | number | null;
  value: number;
}

export interface ChartTextOptions {
  /** The text of a value (axis, label and tooltip), e.g. bytes as "1.2 MB". */
  formatValue?: (value: number) => string;
  /** The text of a key (e.g. a code's label); default the key itself. */
  labelOf?: (key: string | number) => string;
  /** The name shown for a null key. */
  nullLabel?: string;
}
export interface TopNBarOptions extends ChartTextOptions {
  /**
   * Compare: the previous period's rows. Each group gets a second, lighter bar with its previous
   * value (0 where the group had none); the legend names the two periods.
   */
  previous?: readonly ChartRow[];
}

/** The legend names of a comparison (dashboard "Compare with the previous period"). */
export const CURRENT_PERIOD = 'Current period';
export const PREVIOUS_PERIOD = 'Previous period';

/** The previous period's value of each row's key (0 where it had none). */
export const previousValues = (rows: readonly ChartRow[], previous: readonly ChartRow[]): number[] => {
  const byKey = new Map(previous.map((r) => [r.key, r.value]));
  return rows.map((r) => byKey.get(r.key) ?? 0);
};

export const keyLabel = (
  key: ChartRow['key'],
  nullLabel = '(none)',
  labelOf = (k: string | number) => String(k),
): string => (key === null || key === '' ? nullLabel : labelOf(key));

/** The row of a clicked bar (the chart draws the rows bottom-up). */
export const barRowAt = <R extends ChartRow>(rows: readonly R[], dataIndex: number): R | undefined =>
  rows[rows.length - 1 - dataIndex];

export function topNBarOption(rows: readonly ChartRow[], options: TopNBarOptions = {}): EChartsCoreOption {
  const format = options.formatValue ?? ((v: number) => v.toLocaleString('en-US'));
  // ECharts draws the first category at the bottom: reverse, so the largest is on top.
  const ordered = [...rows].reverse();
  const names = ordered.map((r) => keyLabel(r.key, options.nullLabel, options.labelOf));
  const inside = rows.length > BAR_LABEL_THRESHOLD;
  return {
    grid: {
      left: inside ? 8 : 16,
      right: 56,
      top: options.previous ? 32 : 8,
      bottom: 24,
      containLabel: !inside,
    },
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number }) => `${p.name}: ${format(p.value)}`,
    },
    // Counts and bytes are whole numbers: no 0.2 steps on the axis.
    xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
    yAxis: {
      type: 'category',
      data: names,
      axisLabel: { show: !inside, width: 180, overflow: 'truncate' },
      axisTick: { show: false },
    },
    legend: options.previous ? { top: 0, data: [CURRENT_PERIOD, PREVIOUS_PERIOD] } : undefined,
    series: [
      {
        type: 'bar',
        name: options.previous ? CURRENT_PERIOD : undefined,
        data: ordered.map((r) => r.value),
        barMaxWidth: 28,
        // Names inside the bars run on past a short bar: light bars and dark text read either way.
        itemStyle: inside ? { color: 'rgba(31, 78, 121, 0.28)' } : undefined,
        label: inside
          ? {
              show: true,
              position: 'insideLeft',
              formatter: (p: { name: string }) => p.name,
              color: '#1b2733',
            }
          : { show: true, position: 'right', formatter: (p: { value: number }) => format(p.value) },
      },
      ...(options.previous
        ? [
            {
              type: 'bar',
              name: PREVIOUS_PERIOD,
              data: previousValues(ordered, options.previous),
              barMaxWidth: 14,
              itemStyle: { color: 'rgba(120, 130, 140, 0.45)' },
            },
          ]
        : []),
    ],
  };
}
