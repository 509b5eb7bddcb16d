/**
 * A horizontal top-N bar chart: the largest group on top. Up to BAR_LABEL_THRESHOLD bars the
 * names stand on the axis; beyond it they go inside the bars (docs/shared-ui.md §13), so a
 * long list keeps its bars wide.
 */
import type { EChartsCoreOption } from 'echarts/core';

/** docs/shared-ui.md §13: threshold of 6 in bar label placement. */
export const BAR_LABEL_THRESHOLD = 6;

export interface ChartRow {
  /** The group's name (null: the events without a value). */
  key: string | number | null;
  value: number;
  /**
   * The second dimension of a two-dimensional query (e.g. the SMTP event of a count by date, the
   * reason of a count by code); absent on one-dimensional replies, null for events without one.
   */
  series?: string | number | null;
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
   * The previous period's rows (same query over the preceding interval): each category gets a
   * second, lighter bar, matched by key (0 when the previous period has no such group).
   */
  previous?: readonly ChartRow[];
}

/** Legend names of a comparison with the previous period. */
export const CURRENT_PERIOD = 'Current period';
export const PREVIOUS_PERIOD = 'Previous period';

export const keyLabel = (
  key: ChartRow['key'],
  nullLabel = '(none)',
  labelOf = (k: string | number) => String(k),
): string => (key === null || key === '' ? nullLabel : labelOf(key));

/** One formatter for every chart: `toLocaleString('en-US')` gives the same text at ~3x the cost a call. */
const NUMBER_FORMAT = new Intl.NumberFormat('en-US');
export const defaultFormat = (v: number) => NUMBER_FORMAT.format(v);

/** The value of each key, summed in case a key repeats (the previous period's bar per category). */
export const valuesByKey = (rows: readonly ChartRow[]): Map<ChartRow['key'], number> => {
  const byKey = new Map<ChartRow['key'], number>();
  for (const r of rows) byKey.set(r.key, (byKey.get(r.key) ?? 0) + r.value);
  return byKey;
};

/** The row of a clicked bar (the chart draws the rows bottom-up). */
export const barRowAt = <R extends ChartRow>(rows: readonly R[], dataIndex: number): R | undefined =>
  rows[rows.length - 1 - dataIndex];

export function topNBarOption(rows: readonly ChartRow[], options: TopNBarOptions = {}): EChartsCoreOption {
  const format = options.formatValue ?? defaultFormat;
  // ECharts draws the first category at the bottom: reverse, so the largest is on top.
  const ordered = [...rows].reverse();
  const names = ordered.map((r) => keyLabel(r.key, options.nullLabel, options.labelOf));
  const inside = rows.length > BAR_LABEL_THRESHOLD;
  const compare = options.previous !== undefined;
  const current = {
    type: 'bar',
    name: compare ? CURRENT_PERIOD : undefined,
    data: ordered.map((r) => r.value),
    barMaxWidth: 28,
    // Names inside the bars run on past a short bar: faded bars and the theme's bar label colour
    // (dark on light paper, light on dark paper) read either way.
    itemStyle: inside ? { opacity: 0.3 } : undefined,
    label: inside
      ? {
          show: true,
          position: 'insideLeft',
          formatter: (p: { name: string }) => p.name,
          // Not faded with the bar (a label takes its bar's opacity unless it sets its own).
          opacity: 1,
          textBorderWidth: 0,
        }
      : { show: true, position: 'right', formatter: (p: { value: number }) => format(p.value) },
  };
  if (!compare) {
    return {
      grid: { left: inside ? 8 : 16, right: 56, top: 8, bottom: 24, containLabel: !inside },
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: number }) => `${p.name}: ${format(p.value)}`,
      },
      // Counts and bytes are whole numbers: no 0.2 steps on the axis.
      xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
      yAxis: categoryAxis(names, inside),
      series: [current],
    };
  }
  const before = valuesByKey(options.previous ?? []);
  return {
    grid: { left: inside ? 8 : 16, right: 56, top: 32, bottom: 24, containLabel: !inside },
    legend: { top: 0, data: [CURRENT_PERIOD, PREVIOUS_PERIOD] },
    // Both periods of a category in one tooltip.
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: format } },
    yAxis: categoryAxis(names, inside),
    series: [
      current,
      {
        type: 'bar',
        name: PREVIOUS_PERIOD,
        data: ordered.map((r) => before.get(r.key) ?? 0),
        barMaxWidth: 28,
        itemStyle: { opacity: 0.45 },
        label: inside
          ? { show: false }
          : { show: true, position: 'right', formatter: (p: { value: number }) => format(p.value) },
      },
    ],
  };
}

/** The category axis of a horizontal bar: names hidden when they go inside the bars. */
export const categoryAxis = (names: string[], inside: boolean) => ({
  type: 'category',
  data: names,
  axisLabel: { show: !inside, width: 180, overflow: 'truncate' },
  axisTick: { show: false },
});
