import { reportChartOption, type ReportChart } from './reportChart';

type Drawn = {
  series: {
    type: string;
    name?: string;
    stack?: string;
    areaStyle?: unknown;
    lineStyle?: { type?: string };
  }[];
  xAxis?: { type?: string };
};

const rows = [
  { key: 1_700_000_000, value: 3, series: 'a' },
  { key: 1_700_003_600, value: 5, series: 'b' },
];
const draw = (chart: ReportChart, previous?: typeof rows) =>
  reportChartOption(chart, rows, { name: 'Blocked', previous, timeZoneOffsetMs: 0 }) as Drawn;

test.each([
  ['heatmap', 'heatmap'],
  ['stacked-time', 'line'],
  ['stacked-bar', 'bar'],
  ['line', 'line'],
  ['area', 'line'],
  ['pie', 'pie'],
  ['bar', 'bar'],
] as const)('%s is drawn as %s series', (chart, type) => {
  expect(draw(chart).series.every((s) => s.type === type)).toBe(true);
});

test('stacked charts stack, the area fills, the line does not', () => {
  expect(draw('stacked-time').series.every((s) => s.stack !== undefined)).toBe(true);
  expect(draw('stacked-bar').series.every((s) => s.stack !== undefined)).toBe(true);
  expect(draw('area').series[0].areaStyle).toBeDefined();
  expect(draw('line').series[0].areaStyle).toBeUndefined();
  expect(draw('line').series[0].name).toBe('Blocked');
});

test('the line and the bars draw the period before beside the answer', () => {
  expect(draw('line', rows).series).toHaveLength(2);
  expect(draw('bar', rows).series).toHaveLength(2);
});
