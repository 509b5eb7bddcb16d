import { BAR_LABEL_THRESHOLD, keyLabel, topNBarOption } from './topNBar';
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
