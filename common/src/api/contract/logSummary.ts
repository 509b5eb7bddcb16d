/**
 * What the logs explorer shows around its grid (issue 15, "Explorer, beyond Discover"): the exact
 * count and the time histogram of the current query, and the top values of a field. Each takes the
 * query of the logs API (contract/logs.ts: start, end, search, equality filters, `<field>!`
 * exclusions, the query language's `q`; `order` and `sort` are accepted and ignored), read by the
 * same server function as the rows' condition, plus its own parameters:
 *
 * - GET /api/rep/v1/histogram/{logtype}?{query}&bucket=<seconds>[&offset=<seconds>]
 *   → {total, bucketMs, seriesField, buckets}: the events per bucket and per value of the type's
 *   action field (LOG_ACTION_FIELDS), oldest bucket first; a bucket starts at a multiple of
 *   `bucket` seconds after shifting by `offset` (the browser's UTC offset, so days start at local
 *   midnight). `total` is every event of the query (the explorer's exact count).
 * - GET /api/rep/v1/top_values/{logtype}?{query}&field=<field>[&limit=<1..50>]
 *   → {field, total, values}: the `limit` (default 10) most frequent values of the field among the
 *   query's events, most frequent first; `total` is every event of the query (the share's base).
 *
 * Bad input → 400 naming the parameter.
 */
import { Type, type Static } from 'typebox';
import type { LogType } from '../../vocabularies/logTypes';

/** The action field of each log type: the histogram stacks its bars by it. */
export const LOG_ACTION_FIELDS: Readonly<Record<LogType, string>> = {
  scan_web: 'action',
  scan_email: 'email_action',
  scan_dlp: 'dlp_action',
  scan_audit: 'audit_action',
  fwaas_logs: 'fw_action',
  saa_logs: 'action',
};

/** Bounds of the histogram's parameters: at least a second per bucket, at most 2,000 buckets. */
export const HISTOGRAM_MIN_BUCKET_SECONDS = 1;
export const HISTOGRAM_MAX_BUCKETS = 2000;
/** An offset is a UTC offset: at most 14 hours either way. */
export const HISTOGRAM_MAX_OFFSET_SECONDS = 14 * 3600;
/** Top values: 10 by default, at most 50. */
export const TOP_VALUES_DEFAULT_LIMIT = 10;
export const TOP_VALUES_MAX_LIMIT = 50;

export const LogHistogramBucket = Type.Object({
  time: Type.Integer({ description: 'Start of the bucket, epoch milliseconds.' }),
  series: Type.Union([Type.String(), Type.Null()], {
    description: 'The action code (null: events without one).',
  }),
  count: Type.Integer(),
});
export type LogHistogramBucket = Static<typeof LogHistogramBucket>;

export const LogHistogramReply = Type.Object({
  total: Type.Integer({ description: 'Every event of the query.' }),
  bucketMs: Type.Integer(),
  seriesField: Type.String({ description: 'The field the buckets are split by (the action field).' }),
  buckets: Type.Array(LogHistogramBucket, { description: 'Oldest first; empty buckets left out.' }),
});
export type LogHistogramReply = Static<typeof LogHistogramReply>;

export const LogTopValuesReply = Type.Object({
  field: Type.String(),
  total: Type.Integer({ description: 'Every event of the query (the base of each share).' }),
  values: Type.Array(
    Type.Object({ value: Type.Union([Type.String(), Type.Integer()]), count: Type.Integer() }),
    { description: 'Most frequent first (ties by value); events without a value are in none.' },
  ),
});
export type LogTopValuesReply = Static<typeof LogTopValuesReply>;

export const LOG_SUMMARY_PATHS = {
  histogram: (logType: LogType) => `/api/rep/v1/histogram/${logType}`,
  topValues: (logType: LogType) => `/api/rep/v1/top_values/${logType}`,
} as const;
