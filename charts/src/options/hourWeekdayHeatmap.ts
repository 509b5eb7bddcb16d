/**
 * When the traffic happens: a heat map of hour of day (columns 0..23) by weekday (rows Mon..Sun)
 * from hourly buckets, each cell the sum of the buckets that fall in it, in the viewer's time zone.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { defaultFormat, type ChartRow } from './topNBar';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

export interface HourWeekdayHeatmapOptions {
  /**
   * The time zone's offset from UTC in ms (east positive, e.g. +3 600 000 for UTC+1). One fixed
   * offset for the whole range: a range over a daylight-saving change puts that part an hour off.
   */
  timeZoneOffsetMs?: number;
  formatValue?: (value: number) => string;
}

/**
 * The 7 × 24 cells, `cells[weekday][hour]` with weekday 0 = Monday: every bucket (keyed by its
 * start in unix seconds) added to the cell its start falls in once shifted by the offset. Rows with
 * a null or non-numeric key are left out.
 */
export function hourWeekdayCells(rows: readonly ChartRow[], timeZoneOffsetMs = 0): number[][] {
  const cells = WEEKDAYS.map(() => HOURS.map(() => 0));
  for (const r of rows) {
    if (r.key === null || r.key === '' || !Number.isFinite(Number(r.key))) continue;
    // The local wall-clock time, read through the UTC accessors (no dependence on the host's zone).
    const local = new Date(Number(r.key) * 1000 + timeZoneOffsetMs);
    const weekday = (local.getUTCDay() + 6) % 7; // getUTCDay: 0 = Sunday
    cells[weekday][local.getUTCHours()] += r.value;
  }
  return cells;
}

export function hourWeekdayHeatmapOption(
  rows: readonly ChartRow[],
  options: HourWeekdayHeatmapOptions = {},
): EChartsCoreOption {
  const format = options.formatValue ?? defaultFormat;
  const cells = hourWeekdayCells(rows, options.timeZoneOffsetMs);
  // [hour, weekday, value]: every cell, zeros included, so the grid is whole.
  const data = cells.flatMap((byHour, weekday) => byHour.map((value, hour) => [hour, weekday, value]));
  const largest = Math.max(0, ...data.map((d) => d[2]));
  return {
    grid: { left: 16, right: 16, top: 8, bottom: 72, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (p: { value: [number, number, number] }) =>
        `${WEEKDAYS[p.value[1]]} ${HOURS[p.value[0]]}:00: ${format(p.value[2])}`,
    },
    xAxis: { type: 'category', data: HOURS, splitArea: { show: true } },
    // Monday on top: the first category is drawn at the bottom unless the axis is inverted.
    yAxis: { type: 'category', data: [...WEEKDAYS], inverse: true, splitArea: { show: true } },
    visualMap: {
      type: 'continuous',
      min: 0,
      // An empty range (no events) would divide by zero in the colour scale.
      max: Math.max(largest, 1),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      formatter: (v: number) => format(v),
    },
    series: [{ type: 'heatmap', data, emphasis: { itemStyle: { borderColor: '#888', borderWidth: 1 } } }],
  };
}
