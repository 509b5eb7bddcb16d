/**
 * The explorer's summaries of the current query (issue 15): its exact count with the time
 * histogram (one request, sent beside the first block), and a field's top values (one request per
 * expanded field of the sidebar). Plain hooks over common's API module: the results belong to this
 * page only and are dropped with it, so they stay out of the store.
 */
import { useEffect, useState } from 'react';
import { ApiCallError } from '@workbench/common';
import { fetchLogHistogram, fetchLogTopValues } from '@workbench/common/api/logSummary';
import type { LogQuery } from '@workbench/common/api/logs';
import type { LogHistogramReply, LogTopValuesReply } from '@workbench/common/api/contract/logSummary';
import { useHttpClient } from '../../app/httpContext';

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

const messageOf = (error: unknown): string =>
  error instanceof ApiCallError || error instanceof Error ? error.message : String(error);

/** A request whose reply is kept only while its key is still the current one. */
function useSummary<T>(key: string | null, load: () => Promise<T>): Summary<T> | null {
  const [state, setState] = useState<{ key: string; summary: Summary<T> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState({ key, summary: { status: 'loading' } });
    load().then(
      (reply) => current && setState({ key, summary: { status: 'loaded', reply } }),
      (error: unknown) =>
        current && setState({ key, summary: { status: 'failed', message: messageOf(error) } }),
    );
    return () => {
      current = false;
    };
    // key stands for what load reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (key === null) return null;
  return state?.key === key ? state.summary : { status: 'loading' };
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
  const http = useHttpClient();
  const request = query ? histogramOf(query) : null;
  return useSummary(request ? JSON.stringify(request) : null, () =>
    fetchLogHistogram(http, request!.query, request!.bucketSeconds, request!.offsetSeconds),
  );
}

export function useLogTopValues(
  query: LogQuery | null,
  field: string | null,
): Summary<LogTopValuesReply> | null {
  const http = useHttpClient();
  const asked = query ? summaryQuery(query) : null;
  return useSummary(asked && field ? JSON.stringify([asked, field]) : null, () =>
    fetchLogTopValues(http, asked!, field!),
  );
}
