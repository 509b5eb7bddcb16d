/**
 * The report-query registry (api-client-layer §7 Reports, §3 Time-range interval, §9): the one
 * table of the report queries, each `GET /api/rep/v1/query/{name}` with `start` and `end` (unix
 * seconds), `limit` (default 50) and its filters. A query is data: the log type it reads, the
 * dimension it groups by (a field, or the date in buckets of the interval's granularity), its
 * measure, the filters it takes (request parameter → log field), its chart kind and permission.
 * The server builds one route per row and one aggregate per request from it
 * (server/src/events/reportRoutes.ts); the client's calls take their types from here.
 *
 * Adding a query: a row here and its tests (server/src/events/reportRoutes.test.ts); the
 * consistency test (server/src/registries.test.ts) checks the route and permission of every row.
 */
import { Type, type Static } from 'typebox';
import type { LogType } from '../../vocabularies/logTypes';

/** What a query counts per group: its events, or the sum of integer fields over them. */
export type ReportMeasure = { kind: 'count' } | { kind: 'sum'; fields: readonly string[] };

/** What a query groups by: a field's values (top N by the measure), or the date in buckets. */
export type ReportDimension = { kind: 'field'; field: string } | { kind: 'date' };

/** A request parameter that filters the query: the log field it compares, and value rewrites. */
export interface ReportFilterDef {
  field: string;
  /** Values the client sends under another name (api-client-layer §7: 'isolate' is 'safeview'). */
  aliases?: Readonly<Record<string, string>>;
}

export type ChartKind = 'bar' | 'pie' | 'line' | 'area';

export interface ReportQueryDef {
  logType: LogType;
  title: string;
  dimension: ReportDimension;
  measure: ReportMeasure;
  /** Request parameter → filter. */
  filters: Readonly<Record<string, ReportFilterDef>>;
  chart: ChartKind;
  /** Who may run it: `dashboard:<family>:read` (portal-core §2: the dashboard area's group). */
  permission: string;
  spec: string;
}

/** The web family's filters that the web log stores (api-client-layer §7 Web and risk). */
const WEB_FILTERS = {
  pe_action: { field: 'action', aliases: { isolate: 'safeview' } },
  userid: { field: 'userid' },
  group: { field: 'groups' },
  domain: { field: 'domain' },
  top_level_risks: { field: 'risk' },
  cats: { field: 'category' },
  protocol: { field: 'protocol' },
} satisfies Record<string, ReportFilterDef>;

export const REPORT_QUERY_REGISTRY = {
  top_domains: {
    logType: 'scan_web',
    title: 'Top domains',
    dimension: { kind: 'field', field: 'domain' },
    measure: { kind: 'count' },
    filters: WEB_FILTERS,
    chart: 'bar',
    permission: 'dashboard:web:read',
    spec: 'api-client-layer §7 Reports (Web and risk: top_domains)',
  },
  bandwidth_usage_by_date: {
    logType: 'scan_web',
    title: 'Bandwidth usage',
    dimension: { kind: 'date' },
    measure: { kind: 'sum', fields: ['bytes_in', 'bytes_out'] },
    filters: WEB_FILTERS,
    chart: 'area',
    permission: 'dashboard:bandwidth:read',
    spec: 'api-client-layer §7 Reports (Bandwidth: bandwidth_usage_by_date), §3 Time-range interval',
  },
} satisfies Record<string, ReportQueryDef>;

export type ReportQueryName = keyof typeof REPORT_QUERY_REGISTRY;
export const REPORT_QUERY_NAMES = Object.keys(REPORT_QUERY_REGISTRY) as ReportQueryName[];

/** api-client-layer §9: default report limit 50. */
export const DEFAULT_REPORT_LIMIT = 50;
export const MAX_REPORT_LIMIT = 1000;
/** The granularities of the interval table (api-client-layer §3), finest first. */
export const REPORT_GRANULARITY_MS = {
  PT1M: 60_000,
  PT10M: 600_000,
  PT1H: 3_600_000,
  PT2H: 7_200_000,
  P1D: 86_400_000,
  P2D: 172_800_000,
} as const;
export type ReportGranularityCode = keyof typeof REPORT_GRANULARITY_MS;

export const reportQueryPath = (name: ReportQueryName): string => `/api/rep/v1/query/${name}`;

/** One group of a report: its key (a field value, or a bucket's start in unix seconds) and measure. */
export const ReportRow = Type.Object({
  key: Type.Union([Type.String(), Type.Number(), Type.Null()]),
  value: Type.Number(),
});
export const ReportReply = Type.Object({
  name: Type.String(),
  start: Type.Integer(),
  end: Type.Integer(),
  /** By-date queries: the bucket width. */
  granularity: Type.Optional(Type.String()),
  rows: Type.Array(ReportRow),
});
export type ReportReply = Static<typeof ReportReply>;
