import {
  BAR_LABEL_THRESHOLD,
  barRowAt,
  CURRENT_PERIOD,
  keyLabel,
  PREVIOUS_PERIOD,
  topNBarOption,
} from './topNBar';
import { pieOption, pieRowAt } from './pie';
import { seriesPoints, shiftedPoints, timeSeriesOption } from './timeSeries';

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

describe('comparison with the previous period', () => {
  type Compared = {
    legend: { data: string[] };
    yAxis: { data: string[] };
    series: {
      name: string;
      data: unknown[];
      itemStyle?: { opacity: number };
      lineStyle?: { type: string };
    }[];
  };

  test('the bar gets a lighter previous-period bar per category, matched by key, 0 when absent', () => {
    const o = topNBarOption(
      [
        { key: 'a.example', value: 9 },
        { key: 'b.example', value: 4 },
        { key: null, value: 1 },
      ],
      {
        previous: [
          { key: 'b.example', value: 6 },
          { key: 'gone.example', value: 50 },
          { key: null, value: 2 },
        ],
      },
    ) as Compared;
    expect(o.legend.data).toEqual(['Current period', 'Previous period']);
    expect(o.yAxis.data).toEqual(['(none)', 'b.example', 'a.example']);
    expect(o.series.map((s) => s.name)).toEqual([CURRENT_PERIOD, PREVIOUS_PERIOD]);
    expect(o.series[0].data).toEqual([1, 4, 9]);
    expect(o.series[1].data).toEqual([2, 6, 0]);
    expect(o.series[1].itemStyle?.opacity).toBeLessThan(1);
  });

  test('an empty previous period gives zeros; both empty give an empty chart', () => {
    expect((topNBarOption([{ key: 'a', value: 3 }], { previous: [] }) as Compared).series[1].data).toEqual([
      0,
    ]);
    const empty = topNBarOption([], { previous: [] }) as Compared;
    expect(empty.series.map((s) => s.data)).toEqual([[], []]);
  });

  test('without a previous period there is one series and no legend', () => {
    const o = topNBarOption(rows(2)) as Compared;
    expect(o.series).toHaveLength(1);
    expect(o.legend).toBeUndefined();
  });

  test('the time series draws the i-th previous bucket dashed at the i-th current bucket', () => {
    const current = [
      { key: 1_000, value: 5 },
      { key: 1_060, value: 6 },
      { key: 1_120, value: 7 },
    ];
    const previous = [
      { key: 820, value: 1 },
      { key: 880, value: 2 },
      { key: 940, value: 3 },
      { key: 1_000, value: 99 },
    ];
    const o = timeSeriesOption(current, { name: 'Bytes', previous }) as Compared;
    expect(o.legend.data).toEqual(['Current period', 'Previous period']);
    expect(o.series[0].name).toBe(CURRENT_PERIOD);
    expect(o.series[1].name).toBe(PREVIOUS_PERIOD);
    expect(o.series[1].lineStyle?.type).toBe('dashed');
    // The previous period's extra bucket has no current bucket to stand on: left out.
    expect(o.series[1].data).toEqual([
      [1_000_000, 1],
      [1_060_000, 2],
      [1_120_000, 3],
    ]);
    expect(shiftedPoints(current, previous.slice(0, 2))).toEqual([
      [1_000_000, 1],
      [1_060_000, 2],
    ]);
  });

  test('an empty time series compared with an empty period draws nothing', () => {
    const o = timeSeriesOption([], { name: 'n', previous: [] }) as Compared;
    expect(o.series.map((s) => s.data)).toEqual([[], []]);
  });
});
