/**
 * The logs explorer's summaries (contract/logSummary.ts): the count and time histogram of a query,
 * and the top values of one field. Each sends the paging query's own parameters (LogQuery.params),
 * so the summaries always describe the rows the grid pages through.
 */
import type { HttpClient } from './http';
import type { LogQuery } from './logs';
import { LOG_SUMMARY_PATHS, type LogHistogramReply, type LogTopValuesReply } from './contract/logSummary';

/** GET /api/rep/v1/histogram/{logtype}?{query}&bucket=&offset=: the exact total and the buckets. */
export async function fetchLogHistogram(
  http: HttpClient,
  query: LogQuery,
  bucketSeconds: number,
  offsetSeconds: number,
): Promise<LogHistogramReply> {
  const r = await http.get<LogHistogramReply>(LOG_SUMMARY_PATHS.histogram(query.logType), {
    callName: 'logHistogram',
    params: { ...query.params, bucket: String(bucketSeconds), offset: String(offsetSeconds) },
  });
  return r.data;
}

/** GET /api/rep/v1/top_values/{logtype}?{query}&field=: the field's most frequent values. */
export async function fetchLogTopValues(
  http: HttpClient,
  query: LogQuery,
  field: string,
): Promise<LogTopValuesReply> {
  const r = await http.get<LogTopValuesReply>(LOG_SUMMARY_PATHS.topValues(query.logType), {
    callName: 'logTopValues',
    params: { ...query.params, field },
  });
  return r.data;
}
