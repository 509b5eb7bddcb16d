import {
  DEFAULT_GRANULARITY,
  DEFAULT_LOG_INTERVAL,
  DEFAULT_REPORT_INTERVAL,
  InvalidIntervalError,
  LOG_INTERVALS,
  REPORT_GRANULARITIES,
  availableLogIntervals,
  binsFor,
  granularityFor,
  intervalLabel,
  intervalToTimeRange,
  isMonthInterval,
  recentMonthIntervals,
  timeRangeToUnixSeconds,
} from './intervals';

describe('log interval filter (docs/logs.md §2 Logs area filters)', () => {
  it('The time-interval filter offers 15m, 1h, 12h, 24h, 2d, 7d, 30d, 180d with their labels and milliseconds', () => {
    expect(LOG_INTERVALS.map((i) => [i.code, i.label, i.ms])).toEqual([
      ['15m', 'Last 15 minutes', 900000],
      ['1h', 'Last hour', 3600000],
      ['12h', 'Last 12 hours', 43200000],
      ['24h', 'Last 24 hours', 86400000],
      ['2d', 'Last 2 days', 172800000],
      ['7d', 'Last 7 days', 604800000],
      ['30d', 'Last 30 days', 2629743000],
      ['180d', 'All time', 15552000000],
    ]);
  });

  it('Default log interval: 7d', () => {
    expect(DEFAULT_LOG_INTERVAL).toBe('7d');
  });

  it('180d (All time) is offered on the management station only', () => {
    expect(availableLogIntervals(false).map((i) => i.code)).not.toContain('180d');
    expect(availableLogIntervals(true).map((i) => i.code)).toContain('180d');
    expect(availableLogIntervals(false)).toHaveLength(7);
  });

  it('a code means the last that many milliseconds before now', () => {
    const now = Date.UTC(2026, 10, 22, 12);
    expect(intervalToTimeRange('1h', now)).toEqual({ start: now - 3600000, end: now });
    expect(intervalToTimeRange('30d', now)).toEqual({ start: now - 2629743000, end: now });
  });

  it('An interval may also be given as a month name plus a year; it then means that whole calendar month', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(intervalToTimeRange('February 2024', now)).toEqual({
      start: new Date(2024, 1, 1).getTime(),
      end: new Date(2024, 2, 1).getTime(),
    });
    expect(intervalToTimeRange('dec 2025', now)).toEqual({
      start: new Date(2025, 11, 1).getTime(),
      end: new Date(2026, 0, 1).getTime(),
    });
    expect(intervalLabel('March 2026')).toBe('March 2026');
    expect(intervalLabel('7d')).toBe('Last 7 days');
  });

  it('the logs API takes the range in unix seconds, nothing cut off', () => {
    expect(timeRangeToUnixSeconds({ start: 1700000000999, end: 1700000100001 })).toEqual({
      start: 1700000000,
      end: 1700000101,
    });
  });

  it('an unknown interval is a clear error', () => {
    expect(() => intervalToTimeRange('3w', 0)).toThrow(InvalidIntervalError);
    expect(() => intervalToTimeRange('Smarch 2026', 0)).toThrow('Unknown interval "Smarch 2026"');
  });
});

describe('report intervals (docs/reports.md §3 Time-range interval)', () => {
  it('the interval→granularity/bins table', () => {
    expect(
      REPORT_GRANULARITIES.map((r) => [r.interval, r.granularity, r.bins, r.expandedGranularity]),
    ).toEqual([
      ['15m', 'PT1M', 15, null],
      ['1h', 'PT10M', 60, 'PT1M'],
      ['12h', 'PT1H', 12, null],
      ['24h', 'PT2H', 24, 'PT1H'],
      ['2d', 'PT2H', 48, 'PT1H'],
      ['7d', 'P1D', 7, null],
      ['30d', 'P2D', 30, 'P1D'],
    ]);
  });

  it('A string of a number plus a unit; default 30d. Default granularity is P2D', () => {
    expect(DEFAULT_REPORT_INTERVAL).toBe('30d');
    expect(DEFAULT_GRANULARITY).toBe('P2D');
    expect(granularityFor('90d')).toBe('P2D');
  });

  it('the expanded granularity where shown, the normal one elsewhere', () => {
    expect(granularityFor('24h')).toBe('PT2H');
    expect(granularityFor('24h', true)).toBe('PT1H');
    expect(granularityFor('7d', true)).toBe('P1D');
    expect(binsFor('2d')).toBe(48);
    expect(binsFor('180d')).toBeUndefined();
  });
});

describe('calendar months (docs/logs.md §2: a month name plus a year)', () => {
  test('the month of now and the eleven before it, newest first, across a year', () => {
    const months = recentMonthIntervals(new Date(2026, 1, 10).getTime());
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['February 2026', 'January 2026', 'December 2025']);
    expect(months.at(-1)).toBe('March 2025');
  });

  test('isMonthInterval takes a month and a year only', () => {
    expect(isMonthInterval('October 2026')).toBe(true);
    expect(isMonthInterval('oct 2026')).toBe(true);
    expect(isMonthInterval('Octember 2026')).toBe(false);
    expect(isMonthInterval('30d')).toBe(false);
  });
});
