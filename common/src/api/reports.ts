/** Report queries (docs/reports.md §1 Reports): one call for every row of the report-query registry. */
import type { HttpClient } from './http';
import type {
  InsightSource,
  InsightsReply,
  ReportGranularityCode,
  ReportQueryName,
  ReportReply,
} from './contract/reportQueries';
// The paths alone: the registry loads with the pages that draw reports (bench/README.md "First load").
import {
  DEFAULT_REPORT_LIMIT,
  INSIGHTS_PATH,
  reportQueryPath,
  tenantReportQueryPath,
} from './contract/reportQueryPaths';

/** What a caller asks a report for: the range (unix seconds), limit or buckets, and filters. */
export interface ReportParams {
  start: number;
  end: number;
  limit?: number;
  granularity?: ReportGranularityCode;
  timezone?: string;
  /** Queries with totals: 'count' answers the number of groups. */
  resultType?: 'list' | 'count';
  /** Filter parameter → values (sent comma-joined). */
  filters?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The query string of a report request: start, end and limit (default 50) as docs/reports.md §1
 * sends them with every query; filters with no value are left out.
 */
export function reportQueryParams(params: ReportParams): Record<string, string> {
  const query: Record<string, string> = {
    start: String(params.start),
    end: String(params.end),
    limit: String(params.limit ?? DEFAULT_REPORT_LIMIT),
  };
  if (params.granularity !== undefined) query.granularity = params.granularity;
  if (params.timezone !== undefined) query.timezone = params.timezone;
  if (params.resultType !== undefined) query.result_type = params.resultType;
  for (const [name, values] of Object.entries(params.filters ?? {})) {
    if (values.length > 0) query[name] = values.join(',');
  }
  return query;
}

/**
 * Runs a report query: the signed-in tenant's, or with `tenantId` (provider console, support
 * view) that tenant's.
 */
export async function runReportQuery(
  http: HttpClient,
  name: ReportQueryName,
  params: ReportParams,
  tenantId?: string,
): Promise<ReportReply> {
  const path = tenantId === undefined ? reportQueryPath(name) : tenantReportQueryPath(tenantId, name);
  const r = await http.get<ReportReply>(path, {
    callName: `report:${name}`,
    params: reportQueryParams(params),
  });
  return r.data;
}

/** Insights: the web events matching a search, in total and ranked by user, domain and category. */
export async function fetchInsights(
  http: HttpClient,
  params: { q: string; src?: InsightSource; start?: number; end?: number; limit?: number },
): Promise<InsightsReply> {
  const query = Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const r = await http.get<InsightsReply>(INSIGHTS_PATH, { callName: 'insights', params: query });
  return r.data;
}
