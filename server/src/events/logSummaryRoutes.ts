/**
 * The logs explorer's summaries of a query (common/src/api/contract/logSummary.ts): the exact count
 * with the time histogram stacked by action, and the top values of one field. One route per log type
 * and summary, each with the read permission of its log route (logs:<item>:*), like the paging and
 * export routes; reads, so no audit event. Always the session's tenant.
 *
 * The query parameters are the logs API's, read by the same function as the rows' condition
 * (logQuery.ts parseResultScan: range, search, filters and exclusions, the query language's `q`),
 * so a summary counts exactly the rows the grid pages through (issue 31); paging parameters
 * (cursor, and limit on the histogram) are refused: a summary covers the whole result. Bad input
 * → 400 naming the parameter.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  HISTOGRAM_MAX_BUCKETS,
  HISTOGRAM_MAX_OFFSET_SECONDS,
  HISTOGRAM_MIN_BUCKET_SECONDS,
  LOG_ACTION_FIELDS,
  LOG_SUMMARY_PATHS,
  LogHistogramReply,
  LogTopValuesReply,
  TOP_VALUES_DEFAULT_LIMIT,
  TOP_VALUES_MAX_LIMIT,
} from '@workbench/common/api/contract/logSummary';
import { tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import {
  LOG_TYPES,
  logRouteAccess,
  logRouteOfType,
  type LogType,
} from '@workbench/common/vocabularies/index';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { EventStoreInputError, type EventScan, type EventStore } from './eventStore';
import { LogQueryError, parseResultScan, type RawQuery } from './logQuery';
import { logConditionParams } from './logsRoutes';

export interface LogSummaryRoutesOptions {
  store: EventStore;
  now: () => Date;
}

/** The logs API's condition parameters (logsRoutes.ts) and the summary's own. */
function queryString(logType: LogType, own: Record<string, TSchema>): TSchema {
  return Type.Object({ ...logConditionParams(logType), ...own }, { additionalProperties: true });
}

/** A whole number parameter within bounds, or a LogQueryError naming it. */
function integerParam(raw: RawQuery, name: string, min: number, max: number): number | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new LogQueryError(name, `Parameter "${name}" is given more than once.`);
  if (!/^-?\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max)
    throw new LogQueryError(name, `Parameter "${name}" must be an integer from ${min} to ${max}.`);
  return Number(value);
}

/**
 * The request's scan: the same condition as the rows' (parseResultScan: range, filters,
 * exclusions, search and `q`), its own parameters set aside and paging ones refused.
 */
function scanOf(
  logType: LogType,
  request: FastifyRequest,
  now: number,
  own: readonly string[],
  refused: readonly string[],
): EventScan {
  return parseResultScan(logType, tenantSessionOf(request).tid, request.query as RawQuery, now, {
    own,
    refused,
    what: 'a summary of the whole result',
  });
}

function toHttpError(error: unknown): unknown {
  if (error instanceof LogQueryError || error instanceof EventStoreInputError) {
    return new ApiHttpError(400, error.message, error.field);
  }
  return error;
}

/** The total of a scan: one row, the count of every event. */
async function totalOf(store: EventStore, scan: EventScan): Promise<number> {
  const [row] = await store.aggregate({
    ...scan,
    groupBy: { total: true },
    measure: { kind: 'count' },
    limit: 1,
  });
  return Number(row?.value ?? 0);
}

export function logSummaryRoutes(options: LogSummaryRoutesOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const { store, now } = options;
    for (const logType of LOG_TYPES) {
      const config = { world: 'tenant' as const, ...logRouteAccess(logRouteOfType(logType)) };
      const tags = ['logs'];
      const seriesField = LOG_ACTION_FIELDS[logType];

      app.get(
        LOG_SUMMARY_PATHS.histogram(logType),
        {
          config,
          schema: {
            tags,
            summary: `The count of the ${logType} events of a query and their time histogram by ${seriesField}`,
            querystring: queryString(logType, {
              bucket: Type.String({
                description: `Seconds per bucket, at least ${HISTOGRAM_MIN_BUCKET_SECONDS}; at most ${HISTOGRAM_MAX_BUCKETS} buckets in the range.`,
              }),
              offset: Type.Optional(
                Type.String({
                  description: 'Seconds added before bucketing (a UTC offset), ±14 h; default 0.',
                }),
              ),
            }),
            response: { 200: LogHistogramReply, ...errorResponses(400, 401, 403) },
          },
        },
        async (request): Promise<LogHistogramReply> => {
          try {
            const raw = request.query as RawQuery;
            const scan = scanOf(logType, request, now().getTime(), ['bucket', 'offset'], ['limit', 'cursor']);
            const bucket = integerParam(raw, 'bucket', HISTOGRAM_MIN_BUCKET_SECONDS, 366 * 86400);
            if (bucket === undefined) throw new LogQueryError('bucket', 'Parameter "bucket" is required.');
            const offset =
              integerParam(raw, 'offset', -HISTOGRAM_MAX_OFFSET_SECONDS, HISTOGRAM_MAX_OFFSET_SECONDS) ?? 0;
            const bucketMs = bucket * 1000;
            if (Math.ceil((scan.end - scan.start) / bucketMs) > HISTOGRAM_MAX_BUCKETS)
              throw new LogQueryError(
                'bucket',
                `Parameter "bucket" gives more than ${HISTOGRAM_MAX_BUCKETS} buckets in the range: choose a larger one.`,
              );
            const rows = await store.aggregate({
              ...scan,
              groupBy: { bucketMs, offsetMs: offset * 1000, series: seriesField },
              measure: { kind: 'count' },
              limit: 1,
            });
            const buckets = rows.map((r) => ({
              time: Number(r.key),
              series: r.series === null || r.series === undefined ? null : String(r.series),
              count: Number(r.value),
            }));
            return { total: buckets.reduce((sum, b) => sum + b.count, 0), bucketMs, seriesField, buckets };
          } catch (error) {
            throw toHttpError(error);
          }
        },
      );

      app.get(
        LOG_SUMMARY_PATHS.topValues(logType),
        {
          config,
          schema: {
            tags,
            summary: `The most frequent values of a field among the ${logType} events of a query`,
            querystring: queryString(logType, {
              field: Type.String({ description: `A field of ${logType}.` }),
              limit: Type.Optional(
                Type.String({
                  description: `Values, 1..${TOP_VALUES_MAX_LIMIT} (default ${TOP_VALUES_DEFAULT_LIMIT}).`,
                }),
              ),
            }),
            response: { 200: LogTopValuesReply, ...errorResponses(400, 401, 403) },
          },
        },
        async (request): Promise<LogTopValuesReply> => {
          try {
            const raw = request.query as RawQuery;
            const scan = scanOf(logType, request, now().getTime(), ['field', 'limit'], ['cursor']);
            const field = raw.field;
            if (typeof field !== 'string' || !tenantFieldsOf(logType).includes(field))
              throw new LogQueryError(
                'field',
                `Parameter "field" must be one field of ${logType}: ${tenantFieldsOf(logType).join(', ')}.`,
              );
            const limit = integerParam(raw, 'limit', 1, TOP_VALUES_MAX_LIMIT) ?? TOP_VALUES_DEFAULT_LIMIT;
            const [total, rows] = await Promise.all([
              totalOf(store, scan),
              store.aggregate({ ...scan, groupBy: { field }, measure: { kind: 'count' }, limit }),
            ]);
            return {
              field,
              total,
              values: rows.map((r) => ({
                value: typeof r.key === 'number' || typeof r.key === 'bigint' ? Number(r.key) : String(r.key),
                count: Number(r.value),
              })),
            };
          } catch (error) {
            throw toHttpError(error);
          }
        },
      );
    }
  };
}
