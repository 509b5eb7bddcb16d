import { histogramBucketStarts, logHistogramOption } from './logHistogram';

type Histogram = {
  legend: { data: string[] };
  xAxis: { min: number; max: number };
  brush: { brushType: string };
  series: { name: string; stack: string; data: [number, number | '-'][] }[];
  tooltip: { valueFormatter: (v: number | '-') => string };
};

describe('log histogram', () => {
  test('every bucket of the range, aligned by the offset', () => {
    expect(histogramBucketStarts(1000, 4000, 1000)).toEqual([1000, 2000, 3000]);
    // Buckets at multiples of 1000 after shifting by 300: the first one starts before the range.
    expect(histogramBucketStarts(1000, 3000, 1000, 300)).toEqual([700, 1700, 2700]);
  });

  test('stacked by action, largest first, labelled; missing buckets empty (0 in the tooltip); bars at the bucket middle', () => {
    const o = logHistogramOption(
      [
        { time: 0, series: 'allow', count: 1 },
        { time: 0, series: 'block', count: 3 },
        { time: 2000, series: 'block', count: 2 },
        { time: 2000, series: null, count: 1 },
      ],
      {
        start: 0,
        end: 3000,
        bucketMs: 1000,
        seriesLabelOf: (s) => String(s).toUpperCase(),
        nullLabel: 'None',
      },
    ) as Histogram;
    expect(o.legend.data).toEqual(['BLOCK', 'ALLOW', 'None']);
    expect(o.series.every((s) => s.stack === 'total')).toBe(true);
    expect(o.series[0].data).toEqual([
      [500, 3],
      [1500, '-'],
      [2500, 2],
    ]);
    expect(o.series[2].data).toEqual([
      [500, '-'],
      [1500, '-'],
      [2500, 1],
    ]);
    expect(o.xAxis).toEqual(expect.objectContaining({ min: 0, max: 3000 }));
    expect(o.brush.brushType).toBe('lineX');
    expect(o.tooltip.valueFormatter('-')).toBe('0');
    expect(o.tooltip.valueFormatter(1234)).toBe('1,234');
  });
});
