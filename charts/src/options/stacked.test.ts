import { orderByTotal, seriesOf } from './series';
import { stackedSeriesOf, stackedTimeSeriesOption } from './stackedTimeSeries';
import { stackedBarKeyAt, stackedBarKeys, stackedBarOption } from './stackedBar';
import { BAR_LABEL_THRESHOLD } from './topNBar';

type Stacked = {
  legend: { data?: string[] };
  yAxis: { data: string[]; axisLabel: { show: boolean } };
  series: {
    name: string;
    stack?: string;
    data: unknown[];
    areaStyle?: unknown;
    label: {
      show: boolean;
      position?: string;
      formatter?: (p: { name: string; value: number; dataIndex: number }) => string;
    };
  }[];
};

describe('stacked time series', () => {
  const rows = [
    { key: 60, value: 2, series: 'delivered' },
    { key: 60, value: 1, series: 'bounced' },
    { key: 120, value: 5, series: 'delivered' },
    // A bucket only one series has: the other series count 0 there.
    { key: 180, value: 3, series: 'bounced' },
    { key: 0, value: 4, series: null },
  ];

  test('one stacked series per series value over the union of the buckets, missing buckets 0', () => {
    const o = stackedTimeSeriesOption(rows, {
      seriesLabelOf: (s) => String(s).toUpperCase(),
      nullLabel: 'Other',
    }) as Stacked;
    // The largest total first (the bottom of the stack).
    expect(o.series.map((s) => s.name)).toEqual(['DELIVERED', 'BOUNCED', 'Other']);
    expect(o.legend.data).toEqual(['DELIVERED', 'BOUNCED', 'Other']);
    expect(o.series.every((s) => s.stack === 'total' && s.areaStyle !== undefined)).toBe(true);
    expect(o.series[0].data).toEqual([
      [0, 0],
      [60_000, 2],
      [120_000, 5],
      [180_000, 0],
    ]);
    expect(o.series[1].data).toEqual([
      [0, 0],
      [60_000, 1],
      [120_000, 0],
      [180_000, 3],
    ]);
    expect(o.series[2].data).toEqual([
      [0, 4],
      [60_000, 0],
      [120_000, 0],
      [180_000, 0],
    ]);
  });

  test('rows without series form one series; lines on request; empty data draws nothing', () => {
    const plain = stackedSeriesOf([
      { key: 60, value: 1 },
      { key: 60, value: 2 },
    ]);
    expect(plain).toEqual([{ series: null, name: '(none)', data: [[60_000, 3]] }]);
    expect((stackedTimeSeriesOption(rows, { area: false }) as Stacked).series[0].areaStyle).toBeUndefined();
    const empty = stackedTimeSeriesOption([]) as Stacked;
    expect(empty.series).toEqual([]);
    expect(empty.legend.data).toEqual([]);
  });

  test('the series order: largest total first, ties in the rows order', () => {
    expect(
      orderByTotal(
        [
          { key: 1, value: 1, series: 'b' },
          { key: 1, value: 1, series: 'a' },
          { key: 2, value: 3, series: 'c' },
        ],
        seriesOf,
      ),
    ).toEqual(['c', 'b', 'a']);
  });
});

describe('stacked top-N bar', () => {
  const codes = [
    { key: 550, value: 5, series: 'mailbox unavailable' },
    { key: 550, value: 2, series: 'policy' },
    { key: 421, value: 8, series: 'throttled' },
    { key: 554, value: 1, series: 'policy' },
  ];

  test('categories by total, the largest on top; one stacked series per series value', () => {
    const o = stackedBarOption(codes, { labelOf: (k) => `SMTP ${k}` }) as Stacked;
    expect(stackedBarKeys(codes)).toEqual([421, 550, 554]);
    expect(o.yAxis.data).toEqual(['SMTP 554', 'SMTP 550', 'SMTP 421']);
    expect(o.series.map((s) => s.name)).toEqual(['throttled', 'mailbox unavailable', 'policy']);
    expect(o.series.every((s) => s.stack === 'total')).toBe(true);
    expect(o.series[0].data).toEqual([0, 0, 8]);
    expect(o.series[1].data).toEqual([0, 5, 0]);
    expect(o.series[2].data).toEqual([1, 2, 0]);
    // A click on the top bar (drawn last) finds its category's key.
    expect(stackedBarKeyAt(codes, 2)).toBe(421);
    expect(stackedBarKeyAt(codes, 0)).toBe(554);
  });

  test(`up to ${BAR_LABEL_THRESHOLD} categories: names on the axis, the stack's end shows the total`, () => {
    const o = stackedBarOption(codes, { formatValue: (v) => `${v} msgs` }) as Stacked;
    expect(o.yAxis.axisLabel.show).toBe(true);
    expect(o.series.map((s) => s.label.show)).toEqual([false, false, true]);
    const total = o.series[2].label;
    expect(total.position).toBe('right');
    // dataIndex 1 is SMTP 550: 5 + 2.
    expect(total.formatter?.({ name: '550', value: 2, dataIndex: 1 })).toBe('7 msgs');
  });

  test(`beyond ${BAR_LABEL_THRESHOLD} categories the names go inside, on the first series`, () => {
    const many = Array.from({ length: BAR_LABEL_THRESHOLD + 1 }, (_, i) => ({
      key: `k${i}`,
      value: 10 - i,
      series: i % 2 ? 'odd' : 'even',
    }));
    const o = stackedBarOption(many) as Stacked;
    expect(o.yAxis.axisLabel.show).toBe(false);
    expect(o.series[0].label).toMatchObject({ show: true, position: 'insideLeft' });
    expect(o.series[0].label.formatter?.({ name: 'k3', value: 0, dataIndex: 0 })).toBe('k3');
    expect(o.series[1].label.show).toBe(false);
  });

  test('grouped: side by side, each bar its value; empty data: no categories, no series', () => {
    const o = stackedBarOption(codes, { grouped: true }) as Stacked;
    expect(o.series.every((s) => s.stack === undefined && s.label.show)).toBe(true);
    const empty = stackedBarOption([]) as Stacked;
    expect(empty.yAxis.data).toEqual([]);
    expect(empty.series).toEqual([]);
    expect(stackedBarKeyAt([], 0)).toBeUndefined();
  });

  test('rows without series and a null key still chart', () => {
    const o = stackedBarOption([{ key: null, value: 3 }], { seriesNullLabel: 'All' }) as Stacked;
    expect(o.yAxis.data).toEqual(['(none)']);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([['All', [3]]]);
  });
});
