/**
 * Time-range intervals: the logs area's interval filter (docs/logs.md §2 "Logs area filters") and
 * the reports' interval→granularity table (docs/reports.md §3 "Time-range interval").
 */

/** The log interval filter codes, in the order the picker shows them. */
export const LOG_INTERVAL_CODES = ['15m', '1h', '12h', '24h', '2d', '7d', '30d', '180d'] as const;
export type LogIntervalCode = (typeof LOG_INTERVAL_CODES)[number];

export interface LogInterval {
  readonly code: LogIntervalCode;
  readonly label: string;
  readonly ms: number;
  /** Offered only on the on-prem management station. */
  readonly managementStationOnly: boolean;
}

/** Labels and milliseconds verbatim from docs/logs.md §2 (30d is a mean month: 2629743000 ms). */
export const LOG_INTERVALS: readonly LogInterval[] = [
  { code: '15m', label: 'Last 15 minutes', ms: 900000, managementStationOnly: false },
  { code: '1h', label: 'Last hour', ms: 3600000, managementStationOnly: false },
  { code: '12h', label: 'Last 12 hours', ms: 43200000, managementStationOnly: false },
  { code: '24h', label: 'Last 24 hours', ms: 86400000, managementStationOnly: false },
  { code: '2d', label: 'Last 2 days', ms: 172800000, managementStationOnly: false },
  { code: '7d', label: 'Last 7 days', ms: 604800000, managementStationOnly: false },
  { code: '30d', label: 'Last 30 days', ms: 2629743000, managementStationOnly: false },
  { code: '180d', label: 'All time', ms: 15552000000, managementStationOnly: true },
];

/** Default log interval: 7d (docs/logs.md §2). */
export const DEFAULT_LOG_INTERVAL: LogIntervalCode = '7d';

/** The intervals the filter offers: 180d (All time) only on the management station. */
export function availableLogIntervals(isManagementStation: boolean): LogInterval[] {
  return LOG_INTERVALS.filter((i) => isManagementStation || !i.managementStationOnly);
}

export function isLogIntervalCode(value: string): value is LogIntervalCode {
  return (LOG_INTERVAL_CODES as readonly string[]).includes(value);
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A time range in epoch milliseconds: start inclusive, end exclusive. */
export interface TimeRange {
  readonly start: number;
  readonly end: number;
}

export class InvalidIntervalError extends Error {
  constructor(readonly interval: string) {
    super(
      `Unknown interval "${interval}": expected one of ${LOG_INTERVAL_CODES.join(', ')} or a month name plus a year (e.g. "March 2026").`,
    );
    this.name = 'InvalidIntervalError';
  }
}

const MONTH_YEAR = /^\s*([A-Za-z]+)\s+(\d{4})\s*$/;

/**
 * The time range of an interval at `now` (epoch ms). A code means the last `ms` before now.
 * "An interval may also be given as a month name plus a year; it then means that whole calendar
 * month": from the first instant of the month to the first instant of the next one, in the
 * runtime's local time zone (the month the user sees on their calendar). Month names are
 * English, full or three-letter, any case. Throws InvalidIntervalError on anything else.
 */
export function intervalToTimeRange(interval: string, now: number): TimeRange {
  if (isLogIntervalCode(interval)) {
    const { ms } = LOG_INTERVALS.find((i) => i.code === interval)!;
    return { start: now - ms, end: now };
  }
  const match = MONTH_YEAR.exec(interval);
  if (match) {
    const name = match[1].toLowerCase();
    const month = MONTH_NAMES.findIndex(
      (m) => m.toLowerCase() === name || m.slice(0, 3).toLowerCase() === name,
    );
    if (month >= 0) {
      const year = Number(match[2]);
      return { start: new Date(year, month, 1).getTime(), end: new Date(year, month + 1, 1).getTime() };
    }
  }
  throw new InvalidIntervalError(interval);
}

/** True for a month-and-year interval ("March 2026", "mar 2026"). */
export function isMonthInterval(interval: string): boolean {
  if (!MONTH_YEAR.test(interval)) return false;
  try {
    intervalToTimeRange(interval, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar months a picker offers beside the codes (docs/logs.md §2: "a month name plus a
 * year"): the month of `now` and the `count - 1` before it, newest first, e.g. "November 2026".
 */
export function recentMonthIntervals(now: number, count = 12): string[] {
  const date = new Date(now);
  return Array.from({ length: count }, (_, i) => {
    const month = new Date(date.getFullYear(), date.getMonth() - i, 1);
    return `${MONTH_NAMES[month.getMonth()]} ${month.getFullYear()}`;
  });
}

/**
 * A time range as the logs API takes it (`start`, `end` in unix seconds, end exclusive): start
 * rounded down and end rounded up to whole seconds, so nothing of the range is cut off.
 */
export function timeRangeToUnixSeconds(range: TimeRange): { start: number; end: number } {
  return { start: Math.floor(range.start / 1000), end: Math.ceil(range.end / 1000) };
}

/** The label of an interval: the filter's label for a code, the month-year text itself otherwise. */
export function intervalLabel(interval: string): string {
  return LOG_INTERVALS.find((i) => i.code === interval)?.label ?? interval;
}

// --- Reports (docs/reports.md §3 Time-range interval) ---

export const REPORT_INTERVAL_CODES = ['15m', '1h', '12h', '24h', '2d', '7d', '30d'] as const;
export type ReportIntervalCode = (typeof REPORT_INTERVAL_CODES)[number];

export interface ReportGranularity {
  readonly interval: ReportIntervalCode;
  /** ISO 8601 duration of one bin. */
  readonly granularity: string;
  readonly bins: number;
  /** The finer granularity of the expanded view; null where the spec does not show one. */
  readonly expandedGranularity: string | null;
}

export const REPORT_GRANULARITIES: readonly ReportGranularity[] = [
  { interval: '15m', granularity: 'PT1M', bins: 15, expandedGranularity: null },
  { interval: '1h', granularity: 'PT10M', bins: 60, expandedGranularity: 'PT1M' },
  { interval: '12h', granularity: 'PT1H', bins: 12, expandedGranularity: null },
  { interval: '24h', granularity: 'PT2H', bins: 24, expandedGranularity: 'PT1H' },
  { interval: '2d', granularity: 'PT2H', bins: 48, expandedGranularity: 'PT1H' },
  { interval: '7d', granularity: 'P1D', bins: 7, expandedGranularity: null },
  { interval: '30d', granularity: 'P2D', bins: 30, expandedGranularity: 'P1D' },
];

/** Default report interval 30d; default granularity P2D (docs/reports.md §3, §2). */
export const DEFAULT_REPORT_INTERVAL: ReportIntervalCode = '30d';
export const DEFAULT_GRANULARITY = 'P2D';

/**
 * The granularity of a report interval; `expanded` asks for the finer one where the table has it
 * (falling back to the normal one). An interval outside the table gets the default granularity.
 */
export function granularityFor(interval: string, expanded = false): string {
  const row = REPORT_GRANULARITIES.find((r) => r.interval === interval);
  if (!row) return DEFAULT_GRANULARITY;
  return (expanded && row.expandedGranularity) || row.granularity;
}

/** The number of bins of a report interval; undefined outside the table. */
export function binsFor(interval: string): number | undefined {
  return REPORT_GRANULARITIES.find((r) => r.interval === interval)?.bins;
}
