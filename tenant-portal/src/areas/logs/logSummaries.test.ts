import { histogramBucketSeconds, histogramOf, summaryQuery } from './logSummaries';

test('a summary asks without the sort: two sorts of one query give one histogram request', () => {
  const base = { start: '1000', end: '4600', search: 'ella', action: 'block' };
  const byTime = { logType: 'scan_web' as const, params: { ...base, order: 'desc' } };
  const byStatus = { logType: 'scan_web' as const, params: { ...base, order: 'asc', sort: 'status_code' } };
  expect(summaryQuery(byStatus)).toEqual({ logType: 'scan_web', params: base });
  expect(JSON.stringify(histogramOf(byTime))).toBe(JSON.stringify(histogramOf(byStatus)));
  expect(histogramOf(byStatus).query.params).toEqual(base);
});

test('the bucket is the smallest round step giving at most 80 bars', () => {
  expect(histogramBucketSeconds(15 * 60)).toBe(30);
  expect(histogramBucketSeconds(3600)).toBe(60);
  expect(histogramBucketSeconds(86400)).toBe(1800);
  expect(histogramBucketSeconds(7 * 86400)).toBe(3 * 3600);
});
