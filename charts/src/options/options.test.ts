import {
  BAR_LABEL_THRESHOLD,
  CURRENT_PERIOD,
  PREVIOUS_PERIOD,
  barRowAt,
  keyLabel,
  topNBarOption,
} from './topNBar';
import { seriesGrid, stackedBarOption, stackedTimeSeriesOption } from './stacked';
import { pieOption, pieRowAt } from './pie';
import { seriesPoints, timeSeriesOption } from './timeSeries';

type Bar = {
  yAxis: { data: string[]; axisLabel: { show: boolean } };
  series: {
    data: number[];
    label: { position: string; formatter: (p: { name: string; value: number }) => string };
  }[];
  tooltip: { formatter: (p: { name: string; value: number }) => string };
};
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `d${i}.example`, value: 100 - i }));

describe('top-N bar', () => {
  test('the largest group is on top (ECharts draws the first category at the bottom)', () => {
    const o = topNBarOption(rows(3)) as Bar;
    expect(o.yAxis.data).toEqual(['d2.example', 'd1.example', 'd0.example']);
    expect(o.series[0].data).toEqual([98, 99, 100]);
  });

  test(`up to ${BAR_LABEL_THRESHOLD} bars the names stand on the axis and values label the bars`, () => {
    const o = topNBarOption(rows(BAR_LABEL_THRESHOLD), { formatValue: (v) => `${v} B` }) as Bar;
    expect(o.yAxis.axisLabel.show).toBe(true);
    expect(o.series[0].label.position).toBe('right');
    expect(o.series[0].label.formatter({ name: 'x', value: 5 })).toBe('5 B');
  });

  test(`beyond ${BAR_LABEL_THRESHOLD} bars the names go inside the bars`, () => {
    const o = topNBarOption(rows(BAR_LABEL_THRESHOLD + 1)) as Bar;
    expect(o.yAxis.axisLabel.show).toBe(false);
    expect(o.series[0].label.position).toBe('insideLeft');
    expect(o.series[0].label.formatter({ name: 'd0.example', value: 1 })).toBe('d0.example');
  });

  test('empty data gives an empty chart; a null key is named', () => {
    const o = topNBarOption([]) as Bar;
    expect(o.yAxis.data).toEqual([]);
    expect(o.series[0].data).toEqual([]);
    expect(keyLabel(null)).toBe('(none)');
    expect(keyLabel('', 'Unknown')).toBe('Unknown');
    expect((topNBarOption([{ key: null, value: 2 }]) as Bar).yAxis.data).toEqual(['(none)']);
  });

  test('the tooltip names the group and its formatted value', () => {
    const o = topNBarOption(rows(1), { formatValue: (v) => `${v}!` }) as Bar;
    expect(o.tooltip.formatter({ name: 'a', value: 3 })).toBe('a: 3!');
  });
});

describe('time series', () => {
  test('each bucket (unix seconds) becomes a point in milliseconds, in the server order', () => {
    expect(
      seriesPoints([
        { key: 100, value: 7 },
        { key: 200, value: 0 },
      ]),
    ).toEqual([
      [100_000, 7],
      [200_000, 0],
    ]);
  });

  test('area on request; symbols only for short series; empty data draws nothing', () => {
    type Series = {
      series: { data: [number, number][]; areaStyle?: unknown; name: string; showSymbol: boolean }[];
    };
    const rows = Array.from({ length: 40 }, (_, i) => ({ key: i * 60, value: i }));
    const o = timeSeriesOption(rows, { name: 'Bytes', area: true }) as Series;
    expect(o.series[0].areaStyle).toBeDefined();
    expect(o.series[0].name).toBe('Bytes');
    expect(o.series[0].showSymbol).toBe(false);
    const line = timeSeriesOption(rows.slice(0, 3), { name: 'n' }) as Series;
    expect(line.series[0].areaStyle).toBeUndefined();
    expect(line.series[0].showSymbol).toBe(true);
    expect((timeSeriesOption([], { name: 'n' }) as Series).series[0].data).toEqual([]);
  });
});

describe('labels and clicks', () => {
  test('keys show through labelOf (codes as their labels); a click finds its row', () => {
    const data = [
      { key: 'block', value: 5 },
      { key: 'allow', value: 2 },
    ];
    const o = topNBarOption(data, { labelOf: (k) => String(k).toUpperCase() }) as Bar;
    expect(o.yAxis.data).toEqual(['ALLOW', 'BLOCK']);
    expect(barRowAt(data, 0)).toEqual({ key: 'allow', value: 2 });
    expect(barRowAt(data, 1)).toEqual({ key: 'block', value: 5 });
    expect(pieRowAt(data, 0)).toEqual({ key: 'block', value: 5 });
  });
});

describe('pie', () => {
  type Pie = {
    series: { data: { name: string; value: number }[] }[];
    tooltip: { formatter: (p: { name: string; value: number }) => string };
  };
  test('slices in the rows order with their labels; the tooltip gives the share', () => {
    const o = pieOption(
      [
        { key: 'a', value: 3 },
        { key: null, value: 1 },
      ],
      { labelOf: (k) => `<${String(k)}>` },
    ) as Pie;
    expect(o.series[0].data).toEqual([
      { name: '<a>', value: 3 },
      { name: '(none)', value: 1 },
    ]);
    expect(o.tooltip.formatter({ name: '<a>', value: 3 })).toBe('<a>: 3 (75 %)');
  });

  test('empty data: no slices, and a share of 0 rather than a division by zero', () => {
    const o = pieOption([]) as Pie;
    expect(o.series[0].data).toEqual([]);
    expect(o.tooltip.formatter({ name: 'x', value: 0 })).toBe('x: 0 (0 %)');
  });
});

describe('stacked (rows with a series)', () => {
  type Stacked = {
    yAxis?: { data: string[] };
    legend: unknown;
    series: { name: string; stack: string; data: (number | [number, number])[] }[];
  };
  const cells = [
    { key: 550, series: 'policy', value: 4 },
    { key: 550, series: null, value: 1 },
    { key: 421, series: 'policy', value: 2 },
  ];

  test('the grid of keys and series in the server order; a missing cell is 0', () => {
    const grid = seriesGrid(cells);
    expect(grid.keys).toEqual([550, 421]);
    expect(grid.series).toEqual(['policy', null]);
    expect(grid.value(421, null)).toBe(0);
  });

  test('bar: one stacked series per series value, the largest total on top, labels through the options', () => {
    const o = stackedBarOption(cells, { seriesLabelOf: (s) => `reason ${String(s)}` }) as Stacked;
    expect(o.yAxis?.data).toEqual(['421', '550']);
    expect(o.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['reason policy', 'total', [2, 4]],
      ['(none)', 'total', [0, 1]],
    ]);
    expect(o.legend).toBeDefined();
  });

  test('time series: one stacked line per series over every bucket, in ms; empty data draws nothing', () => {
    const o = stackedTimeSeriesOption([
      { key: 100, series: 'error', value: 1 },
      { key: 100, series: 'upstream-reject', value: 2 },
      { key: 200, series: 'error', value: 0 },
      { key: 200, series: 'upstream-reject', value: 5 },
    ]) as Stacked;
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      [
        'error',
        [
          [100_000, 1],
          [200_000, 0],
        ],
      ],
      [
        'upstream-reject',
        [
          [100_000, 2],
          [200_000, 5],
        ],
      ],
    ]);
    expect((stackedTimeSeriesOption([]) as Stacked).series).toEqual([]);
  });
});

describe('compare with the previous period', () => {
  type Series = { legend?: { data: string[] }; series: { name?: string; data: unknown[] }[] };
  test('bar: a previous bar per group, matched by key, 0 where the group is new', () => {
    const o = topNBarOption(
      [
        { key: 'a', value: 5 },
        { key: 'b', value: 3 },
      ],
      { previous: [{ key: 'a', value: 7 }] },
    ) as Series;
    expect(o.legend?.data).toEqual([CURRENT_PERIOD, PREVIOUS_PERIOD]);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      [CURRENT_PERIOD, [3, 5]],
      [PREVIOUS_PERIOD, [0, 7]],
    ]);
    expect((topNBarOption(rows(2)) as Series).series).toHaveLength(1);
  });

  test("time series: the previous buckets lie on the current buckets' times", () => {
    const o = timeSeriesOption(
      [
        { key: 200, value: 1 },
        { key: 300, value: 2 },
      ],
      {
        name: 'n',
        previous: [
          { key: 0, value: 9 },
          { key: 100, value: 8 },
        ],
      },
    ) as Series;
    expect(o.series[1]).toMatchObject({
      name: PREVIOUS_PERIOD,
      data: [
        [200_000, 9],
        [300_000, 8],
      ],
    });
    expect(o.series[0].name).toBe(CURRENT_PERIOD);
  });
});
