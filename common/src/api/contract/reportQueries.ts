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
  /** Filters the query always applies (e.g. blocked traffic: the block action only). */
  where?: readonly { field: string; values: readonly string[] }[];
  /** Who may run it: `dashboard:<family>:read` (portal-core §2: the dashboard area's group). */
  permission: string;
  spec: string;
}

/** A top-N query: the events of a log type counted per value of a field, as a bar chart. */
const top = (
  logType: LogType,
  title: string,
  field: string,
  filters: Readonly<Record<string, ReportFilterDef>>,
  family: string,
  section: string,
): ReportQueryDef => ({
  logType,
  title,
  dimension: { kind: 'field', field },
  measure: { kind: 'count' },
  filters,
  chart: 'bar',
  permission: `dashboard:${family}:read`,
  spec: `api-client-layer §7 Reports (${section})`,
});

/** Bandwidth: bytes in and out. */
const BYTES: ReportMeasure = { kind: 'sum', fields: ['bytes_in', 'bytes_out'] };

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

/** The DLP log's filters (the spec lists none for its two queries: the user and the domain). */
const DLP_FILTERS = {
  userid: { field: 'userid' },
  domain: { field: 'domain' },
  dlp_action: { field: 'dlp_action' },
} satisfies Record<string, ReportFilterDef>;

/** The firewall log's filters. */
const FIREWALL_FILTERS = {
  userid: { field: 'userid' },
  fw_action: { field: 'fw_action' },
  protocol: { field: 'protocol' },
  src_ip: { field: 'src_ip' },
  dst_ip: { field: 'dst_ip' },
} satisfies Record<string, ReportFilterDef>;

/** The email family's filters the email log stores (api-client-layer §7 Email: smtp_action, smtp_reason). */
const EMAIL_FILTERS = {
  smtp_action: { field: 'smtp_action' },
  smtp_reason: { field: 'reason' },
  userid: { field: 'recipient' },
} satisfies Record<string, ReportFilterDef>;

export const REPORT_QUERY_REGISTRY = {
  // --- Web and risk (scan_web) ---
  top_categories: top(
    'scan_web',
    'Top categories',
    'category',
    WEB_FILTERS,
    'web',
    'Web and risk: top_categories',
  ),
  top_users: top('scan_web', 'Top users', 'userid', WEB_FILTERS, 'web', 'Web and risk: top_users'),
  top_domains: top('scan_web', 'Top domains', 'domain', WEB_FILTERS, 'web', 'Web and risk: top_domains'),
  action_summary: {
    ...top('scan_web', 'Actions', 'action', WEB_FILTERS, 'web', 'Web and risk: action_summary'),
    chart: 'pie',
  },
  top_risks: top('scan_web', 'Top risks', 'risk', WEB_FILTERS, 'web', 'Web and risk: top_risks'),
  top_scan_results: top(
    'scan_web',
    'Top threat classes',
    'threat_class',
    WEB_FILTERS,
    'web',
    'Web and risk: top_scan_results',
  ),
  // --- Bandwidth, protocol and DLP ---
  top_bandwidth_users: {
    ...top(
      'scan_web',
      'Top users by bandwidth',
      'userid',
      WEB_FILTERS,
      'bandwidth',
      'Bandwidth: top_bandwidth_users',
    ),
    measure: BYTES,
  },
  top_bandwidth_domains: {
    ...top(
      'scan_web',
      'Top domains by bandwidth',
      'domain',
      WEB_FILTERS,
      'bandwidth',
      'Bandwidth: top_bandwidth_domains',
    ),
    measure: BYTES,
  },
  top_bandwidth_categories: {
    ...top(
      'scan_web',
      'Top categories by bandwidth',
      'category',
      WEB_FILTERS,
      'bandwidth',
      'Bandwidth: top_bandwidth_categories',
    ),
    measure: BYTES,
  },
  bandwidth_usage_by_date: {
    logType: 'scan_web',
    title: 'Bandwidth usage',
    dimension: { kind: 'date' },
    measure: BYTES,
    filters: WEB_FILTERS,
    chart: 'area',
    permission: 'dashboard:bandwidth:read',
    spec: 'api-client-layer §7 Reports (Bandwidth: bandwidth_usage_by_date), §3 Time-range interval',
  },
  top_protocols: top(
    'scan_web',
    'Top protocols',
    'protocol',
    WEB_FILTERS,
    'bandwidth',
    'Bandwidth, protocol and DLP: top_protocols',
  ),
  top_dlp_users: top(
    'scan_dlp',
    'Top DLP users',
    'userid',
    DLP_FILTERS,
    'dlp',
    'Bandwidth, protocol and DLP: top_dlp_users',
  ),
  top_dlp_domains: top(
    'scan_dlp',
    'Top DLP domains',
    'domain',
    DLP_FILTERS,
    'dlp',
    'Bandwidth, protocol and DLP: top_dlp_domains',
  ),
  // --- Firewall (fwaas_logs) ---
  fwaas_blocked_traffic: {
    logType: 'fwaas_logs',
    title: 'Blocked traffic',
    dimension: { kind: 'date' },
    measure: { kind: 'count' },
    filters: FIREWALL_FILTERS,
    where: [{ field: 'fw_action', values: ['drop', 'reject'] }],
    chart: 'line',
    permission: 'dashboard:firewall:read',
    spec: 'api-client-layer §7 Reports (Firewall: fwaas_blocked_traffic)',
  },
  fwaas_top_protocols: top(
    'fwaas_logs',
    'Top protocols',
    'protocol',
    FIREWALL_FILTERS,
    'firewall',
    'Firewall: fwaas_top_protocols',
  ),
  fwaas_action_summary: {
    ...top(
      'fwaas_logs',
      'Firewall actions',
      'fw_action',
      FIREWALL_FILTERS,
      'firewall',
      'Firewall: fwaas_action_summary',
    ),
    chart: 'pie',
  },
  fwaas_top_sources: top(
    'fwaas_logs',
    'Top sources',
    'src_ip',
    FIREWALL_FILTERS,
    'firewall',
    'Firewall: fwaas_top_sources',
  ),
  fwaas_top_destinations: top(
    'fwaas_logs',
    'Top destinations',
    'dst_ip',
    FIREWALL_FILTERS,
    'firewall',
    'Firewall: fwaas_top_destinations',
  ),
  fwaas_top_users: top(
    'fwaas_logs',
    'Top users',
    'userid',
    FIREWALL_FILTERS,
    'firewall',
    'Firewall: fwaas_top_users',
  ),
  // --- Email (scan_email) ---
  smtp_request_count_by_date: {
    logType: 'scan_email',
    title: 'Messages',
    dimension: { kind: 'date' },
    measure: { kind: 'count' },
    filters: EMAIL_FILTERS,
    chart: 'line',
    permission: 'dashboard:email:read',
    spec: 'api-client-layer §7 Reports (Email: smtp_request_count_by_date)',
  },
  smtp_request_count_by_event: top(
    'scan_email',
    'Messages by SMTP action',
    'smtp_action',
    EMAIL_FILTERS,
    'email',
    'Email: smtp_request_count_by_event',
  ),
  top_risks_email: top(
    'scan_email',
    'Top risks in email',
    'risk',
    EMAIL_FILTERS,
    'email',
    'Email: top_risks_email',
  ),
  top_users_email: top(
    'scan_email',
    'Top recipients',
    'recipient',
    EMAIL_FILTERS,
    'email',
    'Email: top_users_email',
  ),
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
