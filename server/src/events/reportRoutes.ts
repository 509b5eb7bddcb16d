/**
 * Report queries (docs/reports.md §1 Reports): one `GET /api/rep/v1/query/{name}` per row of
 * common's report-query registry, each with its row's permission, feature rule and filters (the
 * rule is the log type's own: server/src/events/README.md, "Who may read a report"), answered by one store-neutral aggregate
 * (EventStore.aggregate). The queries are data; this file only turns a row and a request into an
 * aggregate and its reply.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import {
  DEFAULT_REPORT_LIMIT,
  INSIGHT_DIMENSIONS,
  INSIGHT_SOURCES,
  INSIGHTS_ACCESS,
  INSIGHTS_PATH,
  InsightsReply,
  MAX_REPORT_LIMIT,
  type InsightSource,
  REPORT_GRANULARITY_MS,
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  ReportReply,
  reportQueryPath,
  TENANT_REPORTS_READ,
  refusalNeeds,
  reportQueryRefusal,
  tenantReportQueryRoute,
  type ReportQueryRefusal,
  type ReportReader,
  type ReportGranularityCode,
  type ReportQueryDef,
  type ReportQueryName,
} from '@workbench/common/api/contract/reportQueries';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import { DEFAULT_GRANULARITY } from '@workbench/common/features/interval/intervals';
import { deriveFeatureFlags } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { ApiHttpError, errorResponses, forbiddenMessage, missingFeatureMessage } from '../http/errors';
import { permissionAllowed, providerSessionOf, tenantSessionOf } from '../http/guard';
import { JSON_ANSWER_COMPRESSION } from '../http/compression';
import { fieldValueError } from './queryValidation';
import { EventStoreInputError, type AggregateRow, type EventFilter, type EventStore } from './eventStore';

export interface ReportRoutesOptions {
  store: EventStore;
  now: () => Date;
  /**
   * The support view: the capabilities in effect of the tenant of that id (null: no such tenant,
   * 404), whose feature rule its report queries follow as the tenant's own sessions do.
   */
  tenantCapabilities: (tid: string) => Promise<Readonly<Record<string, unknown>> | null>;
}

/** The tenant of the support view's path (the provider console's tenant ids). */
const TenantParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** docs/reports.md §2: default interval 30d (the spec's month, as the logs area counts it). */
export const DEFAULT_RANGE_S = 2_629_743;
/** Unix seconds up to the year 9999. */
const MAX_UNIX_S = 253_402_300_799;

export interface ReportQueryString {
  start?: number;
  end?: number;
  limit?: number;
  granularity?: ReportGranularityCode;
  timezone?: string;
  result_type?: 'list' | 'count';
  [filter: string]: string | number | undefined;
}

function queryString(def: ReportQueryDef) {
  const filters = Object.fromEntries(
    Object.entries(def.filters).map(([param, filter]) => [
      param,
      Type.Optional(
        'logType' in filter
          ? Type.Literal(def.logType, { description: 'The log type the query reads (only this one).' })
          : Type.String({
              minLength: 1,
              maxLength: 2000,
              description: `${filter.field} equals; comma-joined values mean any of them.`,
            }),
      ),
    ]),
  );
  const counts: Record<string, TSchema> = def.counts
    ? {
        result_type: Type.Optional(
          Type.Union([Type.Literal('list'), Type.Literal('count')], {
            description: 'count: one row, the number of groups (default list: the groups).',
          }),
        ),
      }
    : {};
  const byDate = def.dimension.kind === 'date';
  const series = def.dimension.series;
  return Type.Object(
    {
      start: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: MAX_UNIX_S,
          description: 'Unix seconds, inclusive (default: end − 30 days).',
        }),
      ),
      end: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: MAX_UNIX_S,
          description: 'Unix seconds, exclusive (default: now).',
        }),
      ),
      // docs/reports.md §1: every report query takes limit (default 50). A by-date query answers
      // every bucket of its range: there limit bounds the series (docs/api.md report-limit-by-date).
      limit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_REPORT_LIMIT,
          description: byDate
            ? series
              ? `The ${series} values with the largest totals (default ${DEFAULT_REPORT_LIMIT}); every bucket is answered.`
              : 'Taken as every report query takes it; every bucket is answered.'
            : `Groups (default ${DEFAULT_REPORT_LIMIT}).`,
        }),
      ),
      ...(byDate
        ? {
            granularity: Type.Optional(
              Type.Union(
                Object.keys(REPORT_GRANULARITY_MS).map((g) => Type.Literal(g)),
                {
                  description: `Bucket width (default ${DEFAULT_GRANULARITY}).`,
                },
              ),
            ),
            timezone: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 64,
                description: 'IANA time zone the buckets start in (default UTC).',
              }),
            ),
          }
        : {}),
      ...counts,
      ...filters,
    },
    { additionalProperties: false },
  );
}

/** The offset of a time zone from UTC at an instant, in ms (e.g. +7,200,000 for UTC+2). */
export function timeZoneOffsetMs(timeZone: string, at: number): number {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    throw new ApiHttpError(400, `timezone "${timeZone}" is not a time zone.`, 'timezone');
  }
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  if (!match) return 0; // "GMT": UTC itself
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/**
 * The query's fixed filters (`where`) and the request's, as the store's: comma-joined values,
 * aliases rewritten.
 */
function filtersOf(def: ReportQueryDef, query: ReportQueryString): EventFilter[] {
  const fixed: EventFilter[] = (def.where ?? []).map((w) => ({ field: w.field, values: [...w.values] }));
  return fixed.concat(
    Object.entries(def.filters).flatMap(([param, filter]) => {
      const raw = query[param];
      // `log_type` names the query's own type (the route's schema admits no other): no filter.
      if (typeof raw !== 'string' || 'logType' in filter) return [];
      const values = raw
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (values.length === 0) throw new ApiHttpError(400, `${param} has no value.`, param);
      const integer = FIELD_SPECS[filter.field].kind === 'integer';
      return [
        {
          field: filter.field,
          values: values.map((sent) => {
            const v = filter.aliases?.[sent] ?? sent;
            if (integer && !/^-?\d{1,15}$/.test(v))
              throw new ApiHttpError(400, `${param} must be whole numbers.`, param);
            const value = integer ? Number(v) : v;
            if (fieldValueError(filter.field, value) !== null)
              throw new ApiHttpError(400, `${param} has an unknown value "${sent}".`, param);
            return value;
          }),
        },
      ];
    }),
  );
}

/**
 * One report query for one tenant: the row's aggregate over the request's range and filters, as
 * the route answers it (also what a scheduled or instant report file runs per panel).
 * Bad input throws ApiHttpError 400 naming the parameter.
 */
export async function runReportQuery(
  store: EventStore,
  name: ReportQueryName,
  tid: string,
  query: ReportQueryString,
  now: Date,
): Promise<ReportReply> {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
  const end = query.end ?? Math.ceil(now.getTime() / 1000);
  const start = query.start ?? Math.max(0, end - DEFAULT_RANGE_S);
  if (start >= end) throw new ApiHttpError(400, 'start must be before end.', 'start');
  const scan = {
    logType: def.logType,
    tid,
    start: start * 1000,
    end: end * 1000,
    filters: filtersOf(def, query),
  };
  const { dimension, measure } = def;
  try {
    if (query.result_type === 'count' && dimension.kind === 'field') {
      const rows = await store.aggregate({
        ...scan,
        filters: [...scan.filters],
        groupBy: { total: true },
        measure: { kind: 'distinct', field: dimension.field },
        limit: 1,
      });
      return { name, start, end, rows };
    }
    if (dimension.kind === 'field') {
      const rows = await store.aggregate({
        ...scan,
        groupBy: { field: dimension.field, series: dimension.series, order: dimension.order },
        measure,
        limit: query.limit ?? DEFAULT_REPORT_LIMIT,
      });
      return { name, start, end, rows };
    }
    const granularity = query.granularity ?? (DEFAULT_GRANULARITY as ReportGranularityCode);
    const bucketMs = REPORT_GRANULARITY_MS[granularity];
    const offsetMs = timeZoneOffsetMs(query.timezone ?? 'UTC', scan.start);
    const found = await store.aggregate({
      ...scan,
      groupBy: { bucketMs, offsetMs, series: dimension.series },
      measure,
      limit: 1,
    });
    const kept =
      dimension.series === undefined ? found : topSeries(found, query.limit ?? DEFAULT_REPORT_LIMIT);
    return {
      name,
      start,
      end,
      granularity,
      rows: everyBucket(scan.start, scan.end, bucketMs, offsetMs, kept, dimension.series !== undefined),
    };
  } catch (error) {
    if (error instanceof EventStoreInputError) throw new ApiHttpError(400, error.message, error.field);
    throw error;
  }
}

export const InsightsQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 200, description: 'Search text (as the logs search).' }),
    src: Type.Optional(
      Type.Union(
        Object.keys(INSIGHT_SOURCES).map((s) => Type.Literal(s)),
        { description: 'web (events, the default) or bandwidth (bytes).' },
      ),
    ),
    start: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_UNIX_S })),
    end: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_UNIX_S })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_REPORT_LIMIT })),
  },
  { additionalProperties: false },
);

export type InsightsQueryString = Static<typeof InsightsQuery>;

/**
 * The insights of one tenant (the tenant's own route, and the support view of a chosen tenant):
 * the web events matching the search, in total and by each of INSIGHT_DIMENSIONS. The reader
 * decides whether the source may be read (403 naming what it needs); bad input is a 400.
 */
export async function runInsights(
  store: EventStore,
  tid: string,
  query: InsightsQueryString,
  reader: ReportReader,
  now: Date,
): Promise<InsightsReply> {
  const src = (query.src ?? 'web') as InsightSource;
  const { measure } = INSIGHT_SOURCES[src];
  const refusal = reportQueryRefusal(INSIGHT_SOURCES[src], reader);
  if (refusal) throw new ApiHttpError(403, `src=${src} needs ${refusalNeeds(refusal)}.`, 'src');
  const end = query.end ?? Math.ceil(now.getTime() / 1000);
  const start = query.start ?? Math.max(0, end - DEFAULT_RANGE_S);
  if (start >= end) throw new ApiHttpError(400, 'start must be before end.', 'start');
  const scan = {
    logType: 'scan_web' as const,
    tid,
    start: start * 1000,
    end: end * 1000,
    filters: [],
    search: query.q,
    limit: query.limit ?? DEFAULT_REPORT_LIMIT,
    measure,
  };
  try {
    const [total] = await store.aggregate({ ...scan, groupBy: { total: true } });
    const top = Object.fromEntries(
      await Promise.all(
        INSIGHT_DIMENSIONS.map(async (field) => [
          field,
          await store.aggregate({ ...scan, groupBy: { field } }),
        ]),
      ),
    ) as InsightsReply['top'];
    return { q: query.q, src, start, end, total: total?.value ?? 0, top };
  } catch (error) {
    if (error instanceof EventStoreInputError) throw new ApiHttpError(400, error.message, error.field);
    throw error;
  }
}

export function reportRoutes(options: ReportRoutesOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const { store, now } = options;
    app.get(
      INSIGHTS_PATH,
      {
        config: { world: 'tenant', ...INSIGHTS_ACCESS },
        schema: {
          tags: ['reports'],
          summary: 'Insights: the web events matching a search, in total and by user, domain and category',
          querystring: InsightsQuery,
          response: { 200: InsightsReply, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const session = tenantSessionOf(request);
        return runInsights(
          store,
          session.tid,
          request.query as InsightsQueryString,
          {
            allows: (rule) => permissionAllowed(session.access, rule),
            features: deriveFeatureFlags(session.tenant.capabilities),
          },
          now(),
        );
      },
    );
    for (const name of REPORT_QUERY_NAMES) {
      const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
      app.get(
        reportQueryPath(name),
        {
          config: { world: 'tenant', permission: def.permission, features: def.features },
          compress: JSON_ANSWER_COMPRESSION,
          schema: {
            tags: ['reports'],
            summary: `${def.title} (${def.logType}, ${def.dimension.kind === 'date' ? 'by date' : `top ${def.dimension.field}`})`,
            querystring: queryString(def),
            response: { 200: ReportReply, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) =>
          runReportQuery(
            store,
            name,
            tenantSessionOf(request).tid,
            request.query as ReportQueryString,
            now(),
          ),
      );
      // The support view (issue 14): the same query for a tenant the provider console chose.
      app.get(
        tenantReportQueryRoute(name),
        {
          config: { world: 'provider', permission: TENANT_REPORTS_READ },
          compress: JSON_ANSWER_COMPRESSION,
          schema: {
            tags: ['provider', 'reports'],
            summary: `A tenant's ${def.title} (support view; as GET ${reportQueryPath(name)})`,
            params: TenantParams,
            querystring: queryString(def),
            response: { 200: ReportReply, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          providerSessionOf(request);
          const { id } = request.params as Static<typeof TenantParams>;
          const refusal = reportQueryRefusal(def, await supportReader(options.tenantCapabilities, id));
          if (refusal) throw new ApiHttpError(403, refusalMessage(refusal));
          return runReportQuery(store, name, id, request.query as ReportQueryString, now());
        },
      );
    }
  };
}

/**
 * The support view's reader of a tenant's reports: every permission, the tenant's features only
 * (as the tenant's own users have them). An unknown tenant is a 404.
 */
export async function supportReader(
  tenantCapabilities: ReportRoutesOptions['tenantCapabilities'],
  tid: string,
): Promise<ReportReader> {
  const capabilities = await tenantCapabilities(tid);
  if (capabilities === null) throw new ApiHttpError(404, `No tenant ${tid}.`, 'id');
  return { allows: () => true, features: deriveFeatureFlags(capabilities) };
}

/** The 403 message of a report query's refusal: as the guard's, naming what is missing. */
export function refusalMessage(refusal: ReportQueryRefusal): string {
  return 'features' in refusal
    ? missingFeatureMessage(refusal.features)
    : forbiddenMessage(refusal.permissions.join(', '));
}

/**
 * The rows of the `limit` series with the largest totals over the range (ties by series value), in
 * the store's order: a by-date query's limit bounds its series, never its buckets.
 */
function topSeries(found: readonly AggregateRow[], limit: number): readonly AggregateRow[] {
  const totals = new Map<string, number>();
  for (const r of found) totals.set(String(r.series), (totals.get(String(r.series)) ?? 0) + Number(r.value));
  if (totals.size <= limit) return found;
  const kept = new Set(
    [...totals]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .slice(0, limit)
      .map(([series]) => series),
  );
  return found.filter((r) => kept.has(String(r.series)));
}

/**
 * Every bucket from the one holding `start` to the one holding `end - 1`, with its measure (0 where
 * no event fell): a chart's time axis has no holes. Keys in unix seconds, like start and end. With
 * a series, each bucket has a row for every series value found in the range, in the store's order.
 */
function everyBucket(
  start: number,
  end: number,
  bucketMs: number,
  offsetMs: number,
  found: readonly AggregateRow[],
  withSeries: boolean,
): ReportReply['rows'] {
  const seriesOf = (r: AggregateRow) => (withSeries ? (r.series ?? null) : undefined);
  const allSeries = [...new Set(found.map(seriesOf))];
  if (withSeries && allSeries.length === 0) return [];
  const measured = new Map(found.map((r) => [`${Number(r.key)}|${String(seriesOf(r))}`, r.value]));
  const first = Math.floor((start + offsetMs) / bucketMs) * bucketMs - offsetMs;
  const rows: ReportReply['rows'] = [];
  for (let edge = first; edge < end; edge += bucketMs)
    for (const series of allSeries.length > 0 ? allSeries : [undefined])
      rows.push({
        key: edge / 1000,
        ...(withSeries ? { series } : {}),
        value: measured.get(`${edge}|${String(series)}`) ?? 0,
      });
  return rows;
}
