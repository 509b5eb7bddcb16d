import { hourWeekdayCells, hourWeekdayHeatmapOption, WEEKDAYS } from './hourWeekdayHeatmap';

const HOUR_MS = 3_600_000;
// Sunday 2026-11-01 23:30 UTC, in unix seconds.
const sunday2330 = Date.UTC(2026, 10, 1, 23, 30) / 1000;

describe('hour × weekday cells', () => {
  test('a bucket at Sunday 23:30 UTC with a +1 h offset lands on Monday 00', () => {
    expect(new Date(sunday2330 * 1000).getUTCDay()).toBe(0);
    const cells = hourWeekdayCells([{ key: sunday2330, value: 4 }], HOUR_MS);
    expect(cells[0][0]).toBe(4);
    expect(cells.flat().reduce((a, b) => a + b)).toBe(4);
    // Without the offset it stays on Sunday 23.
    expect(hourWeekdayCells([{ key: sunday2330, value: 4 }])[6][23]).toBe(4);
    // West of UTC: Sunday 23:30 UTC at UTC−5 is Sunday 18.
    expect(hourWeekdayCells([{ key: sunday2330, value: 4 }], -5 * HOUR_MS)[6][18]).toBe(4);
  });

  test('buckets of the same hour and weekday in different weeks are summed; bad keys skipped', () => {
    const week = 7 * 24 * 3600;
    const cells = hourWeekdayCells([
      { key: sunday2330, value: 1 },
      { key: sunday2330 + week, value: 2 },
      { key: String(sunday2330 + 2 * week), value: 3 },
      { key: null, value: 100 },
      { key: 'not a time', value: 100 },
    ]);
    expect(cells).toHaveLength(7);
    expect(cells.every((byHour) => byHour.length === 24)).toBe(true);
    expect(cells[6][23]).toBe(6);
    expect(cells.flat().reduce((a, b) => a + b)).toBe(6);
  });
});

describe('hour × weekday heat map', () => {
  type Heat = {
    xAxis: { data: string[] };
    yAxis: { data: string[]; inverse: boolean };
    visualMap: { min: number; max: number };
    series: { type: string; data: [number, number, number][] }[];
    tooltip: { formatter: (p: { value: [number, number, number] }) => string };
  };

  test('7 weekday rows Mon..Sun by 24 hour columns, every cell; the scale runs 0 to the largest cell', () => {
    const o = hourWeekdayHeatmapOption(
      [
        { key: sunday2330, value: 4 },
        { key: sunday2330 - 3600, value: 9 },
      ],
      { timeZoneOffsetMs: HOUR_MS, formatValue: (v) => `${v} req` },
    ) as Heat;
    expect(o.yAxis.data).toEqual([...WEEKDAYS]);
    expect(o.yAxis.inverse).toBe(true);
    expect(o.xAxis.data).toHaveLength(24);
    expect(o.xAxis.data[0]).toBe('00');
    expect(o.series[0].type).toBe('heatmap');
    expect(o.series[0].data).toHaveLength(7 * 24);
    expect(o.series[0].data).toContainEqual([0, 0, 4]);
    expect(o.series[0].data).toContainEqual([23, 6, 9]);
    expect(o.visualMap).toMatchObject({ min: 0, max: 9 });
    expect(o.tooltip.formatter({ value: [0, 0, 4] })).toBe('Mon 00:00: 4 req');
  });

  test('empty data: a whole grid of zeros and a scale that still has a range', () => {
    const o = hourWeekdayHeatmapOption([]) as Heat;
    expect(o.series[0].data).toHaveLength(168);
    expect(o.series[0].data.every((d) => d[2] === 0)).toBe(true);
    expect(o.visualMap).toMatchObject({ min: 0, max: 1 });
  });
});
