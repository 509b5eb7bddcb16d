/**
 * The explorer's summaries of the current query (issue 15): its exact count with the time
 * histogram (one request, sent beside the first block), and a field's top values (one request per
 * expanded field of the sidebar), read through the entity feature (app/portalRequests.ts). Each
 * shows `loading` until the answer to the current query lands, as when it was asked first.
 */
import type { EntityRead } from '@workbench/common';
import type { LogQuery } from '@workbench/common/api/logs';
import type { LogHistogramReply, LogTopValuesReply } from '@workbench/common/api/contract/logSummary';
import { useEntityRead } from './logsRequests';

/** The arguments of a summary that is not asked for (its read is not enabled). */
const NO_QUERY: LogQuery = { logType: 'scan_web', params: {} };

/** Bucket sizes a histogram may use, in seconds (round steps a reader counts in). */
const BUCKET_STEPS = [
  1,
  5,
  10,
  30,
  60,
  300,
  600,
  1800,
  3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  86400,
  2 * 86400,
  7 * 86400,
  30 * 86400,
];
/** At most this many bars: enough to see a burst, few enough to hit with the pointer. */
export const HISTOGRAM_MAX_BARS = 80;

/**
 * The bucket of a range of `rangeSeconds`: the smallest round step that gives at most 80 bars
 * (15 minutes: 30 s; 1 hour: 1 min; 24 hours: 30 min; 7 days: 3 h; 30 days: 12 h).
 */
export function histogramBucketSeconds(rangeSeconds: number): number {
  return (
    BUCKET_STEPS.find((s) => rangeSeconds / s <= HISTOGRAM_MAX_BARS) ?? BUCKET_STEPS[BUCKET_STEPS.length - 1]
  );
}

/** The browser's UTC offset in seconds at `ms` (buckets of a day start at local midnight). */
export const utcOffsetSeconds = (ms: number): number => -new Date(ms).getTimezoneOffset() * 60;

export type Summary<T> =
  { status: 'loading' } | { status: 'loaded'; reply: T } | { status: 'failed'; message: string };

/** A read's state as the explorer shows it: null when nothing is asked. */
function summaryOf<T>(asked: boolean, read: EntityRead<T>): Summary<T> | null {
  if (!asked) return null;
  if (read.status === 'failed') return { status: 'failed', message: read.error?.message ?? '' };
  return read.status === 'loaded' && read.data !== null
    ? { status: 'loaded', reply: read.data }
    : { status: 'loading' };
}

/**
 * The query a summary asks about: without `sort` and `order`, which change the rows' order but not
 * the count, the histogram or a field's top values; so a sort change fetches neither again.
 */
export function summaryQuery(query: LogQuery): LogQuery {
  const { sort: _sort, order: _order, ...params } = query.params;
  return { logType: query.logType, params };
}

export interface HistogramSummary {
  query: LogQuery;
  bucketSeconds: number;
  offsetSeconds: number;
}

/** The histogram request of a query: its bucket from the range, the offset of its start. */
export function histogramOf(query: LogQuery): HistogramSummary {
  const start = Number(query.params.start);
  const end = Number(query.params.end);
  return {
    query: summaryQuery(query),
    bucketSeconds: histogramBucketSeconds(end - start),
    offsetSeconds: utcOffsetSeconds(start * 1000),
  };
}

export function useLogHistogram(query: LogQuery | null): Summary<LogHistogramReply> | null {
  const request = query ? histogramOf(query) : null;
  const read = useEntityRead(
    'fetchLogHistogram',
    request ? [request.query, request.bucketSeconds, request.offsetSeconds] : [NO_QUERY, 0, 0],
    { enabled: request !== null },
  );
  return summaryOf(request !== null, read);
}

export function useLogTopValues(
  query: LogQuery | null,
  field: string | null,
): Summary<LogTopValuesReply> | null {
  const asked = query && field ? summaryQuery(query) : null;
  const read = useEntityRead('fetchLogTopValues', [asked ?? NO_QUERY, field ?? ''], {
    enabled: asked !== null,
  });
  return summaryOf(asked !== null, read);
}
