/**
 * The report-query registry (docs/reports.md §1 Reports, §3 Time-range interval, §2): the one
 * table of the report queries, each `GET /api/rep/v1/query/{name}` with `start` and `end` (unix
 * seconds), `limit` (default 50) and its filters. A query is data: the log type it reads, the
 * dimension it groups by (a field, or the date in buckets of the interval's granularity), its
 * measure, the filters it takes (request parameter → log field), its chart kind and permission.
 * The server builds one route per row and one aggregate per request from it
 * (server/src/events/reportRoutes.ts); the client's calls take their types from here.
 *
 * Who may run a query, and which tenants have it, follow from its row (reportQueryAccess): its
 * dashboard family's permission and the log type's own read permission and feature rule, so a
 * report never shows what the log it reads would refuse (server/src/events/README.md, "Who may read a report").
 *
 * Adding a query: a row here and its tests (server/src/events/reportRoutes.test.ts); the
 * consistency test (server/src/registries.test.ts) checks the route and permission of every row.
 */
import { Type, type Static } from 'typebox';
import {
  logReadPermission,
  logRouteFeatures,
  logRouteOfType,
  type LogType,
} from '../../vocabularies/logTypes';
import type { AccessRule } from '../../features/rbac/permissions';
import { FIELD_SPECS } from './logSchema';
import { vocabularyCodes, type Vocabulary } from '../../vocabularies/vocabulary';
import {
  EMAIL_ENTRY_ACTIONS,
  EMAIL_EXIT_ACTIONS,
  HEAT_ALERT_TYPES,
  LURE_CATEGORIES,
  NON_BROWSER_UA_TYPES,
  WEB_ACTION_FEATURES,
} from '../../vocabularies/reportFieldVocabularies';

/**
 * What a query measures per group: its events; the sum of integer fields; the mean of an integer
 * field (rounded); or how many distinct values a field takes (e.g. users per application).
 */
export type ReportMeasure =
  | { kind: 'count' }
  | { kind: 'sum'; fields: readonly string[] }
  | { kind: 'avg'; field: string }
  | { kind: 'distinct'; field: string };

/**
 * What a query groups by: a field's values (top N by the measure, or with `order: 'key'` the N
 * smallest keys in order), or the date in buckets; `series` splits each group by a second field
 * (rows then carry `series`: a stacked chart).
 */
export type ReportDimension =
  | { kind: 'field'; field: string; series?: string; order?: 'value' | 'key' }
  | { kind: 'date'; series?: string };

/**
 * A request parameter of a query: a filter on a log field (with value rewrites), or the
 * `log_type` parameter (docs/logs.md §4 Email), which must name the query's own log type.
 */
export type ReportFilterDef =
  | {
      field: string;
      /** Values the client sends under another name (docs/reports.md §1: 'isolate' is 'safeview'). */
      aliases?: Readonly<Record<string, string>>;
    }
  | { logType: true };

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
  /**
   * Takes `result_type=count` (docs/reports.md §1 Cloud-app: "for totals"): the answer is then
   * one row, key null, whose value is the number of groups (e.g. applications discovered).
   */
  counts?: true;
  /** The dashboard family it belongs to (docs/sessions.md §6: the dashboard area's `dashboard:<family>`). */
  family: string;
  /** Who may run it (reportQueryAccess): the family's dashboard read and the log type's read. */
  permission: AccessRule;
  /** Feature flags the tenant needs (reportQueryAccess): the log type's, and its fixed filter's. */
  features: readonly string[];
  spec: string;
}

/** Feature flags (docs/access.md §5) the tenant of a session or a report must have on. */
export type TenantFeatures = Readonly<Record<string, boolean | undefined>>;

/**
 * Who may run a query that reads `logType` in the dashboard family `family`, and which tenants
 * have it (issue 31): `dashboard:<family>:read` and the log type's own read permission
 * (`logs:<item>:*`), and the log type's features plus those every value of its fixed action filter
 * needs (email clicks exist only where e-mail is isolated). The one place the rule is made: the
 * routes, the dashboards, the report files and the authorisation matrix take it from the rows.
 */
export function reportQueryAccess(
  logType: LogType,
  family: string,
  where: readonly { field: string; values: readonly string[] }[] = [],
): { permission: AccessRule; features: readonly string[] } {
  const route = logRouteOfType(logType);
  const features = new Set(logRouteFeatures(route));
  for (const w of where.filter((c) => c.field === 'action' && c.values.length > 0)) {
    // A feature every kept action needs: without it none of the query's events exist.
    const [first, ...rest] = w.values.map((a) => WEB_ACTION_FEATURES[a] ?? []);
    for (const name of first.filter((f) => rest.every((needs) => needs.includes(f)))) features.add(name);
  }
  return {
    permission: { all: [`dashboard:${family}:read`, logReadPermission(route)] },
    features: [...features],
  };
}

/** What decides whether a query may be read: the reader's access rule check and the tenant's flags. */
export interface ReportReader {
  allows(rule: AccessRule): boolean;
  features: TenantFeatures;
}

/** Why a query is refused: the permissions the reader lacks, or the features its tenant lacks. */
export type ReportQueryRefusal = { permissions: string[] } | { features: string[] };

/**
 * Why a reader may not run a query, or null when it may (the server's 403 message, the report
 * files' skipped panels and the portal's hiding take the same rule).
 */
export function reportQueryRefusal(
  def: Pick<ReportQueryDef, 'permission' | 'features'>,
  reader: ReportReader,
): ReportQueryRefusal | null {
  const rule = def.permission;
  if (!reader.allows(rule)) {
    // An all-of rule: name only the parts the reader lacks.
    const parts = rule.all ?? rule.any ?? [];
    return { permissions: rule.all ? parts.filter((p) => !reader.allows({ all: [p] })) : [...parts] };
  }
  const missing = def.features.filter((name) => reader.features[name] !== true);
  return missing.length > 0 ? { features: missing } : null;
}

/** A refusal as the report files name it: "needs dashboard:web:read", "needs the feature menlo_email". */
export const refusalNeeds = (refusal: ReportQueryRefusal): string =>
  'features' in refusal
    ? `the feature${refusal.features.length > 1 ? 's' : ''} ${refusal.features.join(', ')}`
    : refusal.permissions.join(', ');

export const reportQueryReadable = (
  def: Pick<ReportQueryDef, 'permission' | 'features'>,
  reader: ReportReader,
): boolean => reportQueryRefusal(def, reader) === null;

/** What a row may say beyond the defaults; its access is always derived (reportQueryAccess). */
type RowOptions = Partial<Omit<ReportQueryDef, 'permission' | 'features' | 'family'>>;

/** A query that counts the events of a log type per group of `dimension`, with its access derived. */
const query =
  (dimension: ReportDimension, chart: ChartKind, spec: (section: string) => string) =>
  (
    logType: LogType,
    title: string,
    filters: Readonly<Record<string, ReportFilterDef>>,
    family: string,
    section: string,
    more: RowOptions = {},
  ): ReportQueryDef => {
    const row = {
      logType,
      title,
      dimension,
      measure: { kind: 'count' } as ReportMeasure,
      filters,
      chart,
      spec: spec(section),
      ...more,
    };
    return { ...row, family, ...reportQueryAccess(row.logType, family, row.where) };
  };

/** A top-N query: the events of a log type counted per value of a field, as a bar chart. */
const top = (
  logType: LogType,
  title: string,
  field: string,
  ...rest: [Readonly<Record<string, ReportFilterDef>>, string, string, RowOptions?]
): ReportQueryDef =>
  query({ kind: 'field', field }, 'bar', (s) => `docs/reports.md §1 Reports (${s})`)(logType, title, ...rest);

/** A by-date query: the events of a log type per bucket of the interval's granularity. */
const byDate = query(
  { kind: 'date' },
  'line',
  (s) => `docs/reports.md §1 Reports (${s}), §3 Time-range interval`,
);

/** Only the events whose `field` is one of `values`. */
const only = (field: string, ...values: readonly string[]) => ({ where: [{ field, values }] });
/** Only the events that have a value of a code field (any code of its vocabulary). */
const having = (field: string, vocabulary: Vocabulary) => only(field, ...vocabularyCodes(vocabulary));

/** Bandwidth: bytes in and out. */
const BYTES: ReportMeasure = { kind: 'sum', fields: ['bytes_in', 'bytes_out'] };

/** The web family's filters (docs/reports.md §1 Web and risk), each on the web log's field. */
const WEB_FILTERS = {
  pe_action: { field: 'action', aliases: { isolate: 'safeview' } },
  userid: { field: 'userid' },
  group: { field: 'groups' },
  domain: { field: 'domain' },
  top_level_risks: { field: 'risk' },
  cats: { field: 'category' },
  webroot_cats: { field: 'webroot_cats' },
  protocol: { field: 'protocol' },
  'user-agent': { field: 'user_agent' },
  vulnerable_servers: { field: 'vulnerable_server' },
  heat_evasion_techniques: { field: 'heat_evasion_technique' },
  file_type: { field: 'file_type' },
} satisfies Record<string, ReportFilterDef>;

/** Actions that kept a risk away from the user: blocked or isolated. */
const AVERTING_ACTIONS = [
  'block',
  'safeview',
  'safeview_readonly',
  'email_entry_block',
  'email_entry_safeview',
  'email_exit_block',
  'mobile_block',
  'mobile_safeview',
];
const RISKY = only('risk', 'Y', 'R');

/** The cloud-app family's filters (docs/reports.md §1 Cloud-app). */
const CASB_FILTERS = {
  userid: { field: 'userid' },
  domain: { field: 'domain' },
  application: { field: 'application' },
  casb_profile_type: { field: 'casb_profile_type' },
  casb_cat_name: { field: 'casb_cat_name' },
} satisfies Record<string, ReportFilterDef>;
const UNSANCTIONED_FILTERS = {
  domain: { field: 'domain' },
  userid: { field: 'userid' },
  is_casb_ddl: { field: 'is_casb_ddl' },
} satisfies Record<string, ReportFilterDef>;
const UPLOADS = only('resource_category', 'upload');

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

/** The email family's filters on the email log (docs/reports.md §1 Email). */
const EMAIL_FILTERS = {
  log_type: { logType: true },
  smtp_action: { field: 'smtp_action' },
  smtp_code: { field: 'smtp_code' },
  smtp_reason: { field: 'reason' },
  userid: { field: 'recipient' },
} satisfies Record<string, ReportFilterDef>;
const SMTP_FAILURES = only('smtp_action', 'error', 'upstream-abort', 'upstream-reject');

/** Clicks on links in email, as the web log records them (top_domains_email_clicks' filters). */
const EMAIL_CLICK_FILTERS = {
  risk_score: { field: 'risk_score' },
  top_level_risks: { field: 'risk' },
  userid: { field: 'userid' },
  cats: { field: 'category' },
  webroot_cats: { field: 'webroot_cats' },
} satisfies Record<string, ReportFilterDef>;
const EMAIL_CLICKS = only('action', ...EMAIL_ENTRY_ACTIONS);
const EMAIL_EXITS = only('action', ...EMAIL_EXIT_ACTIONS);

/** Browsers and agents (docs/reports.md §1): the web log's agent fields. */
const AGENT_FILTERS = {
  pe_action: WEB_FILTERS.pe_action,
  userid: { field: 'userid' },
  ua_type: { field: 'ua_type' },
  browser: { field: 'browser' },
} satisfies Record<string, ReportFilterDef>;
const NON_BROWSER = only('ua_type', ...NON_BROWSER_UA_TYPES);

/** Threat evasion (HEAT) alerts and lures, on the web log. */
const HEAT_FILTERS = {
  userid: { field: 'userid' },
  alert_sub_type: { field: 'heat_alert_sub_type' },
  heat_evasion_techniques: { field: 'heat_evasion_technique' },
  lure_category: { field: 'lure_category' },
  webroot_cats: { field: 'webroot_cats' },
} satisfies Record<string, ReportFilterDef>;
const HEAT_ALERTS = having('heat_alert_type', HEAT_ALERT_TYPES);
const LURES = having('lure_category', LURE_CATEGORIES);

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
  top_categories_v2: top(
    'scan_web',
    'Top categories (v2)',
    'webroot_cats',
    WEB_FILTERS,
    'web',
    'Web and risk: top_categories_v2',
  ),
  top_users: top('scan_web', 'Top users', 'userid', WEB_FILTERS, 'web', 'Web and risk: top_users'),
  top_domains: top('scan_web', 'Top domains', 'domain', WEB_FILTERS, 'web', 'Web and risk: top_domains'),
  action_summary: top('scan_web', 'Actions', 'action', WEB_FILTERS, 'web', 'Web and risk: action_summary', {
    chart: 'pie',
  }),
  risks_averted: top(
    'scan_web',
    'Risks averted',
    'threat_class',
    WEB_FILTERS,
    'web',
    'Web and risk: risks_averted',
    only('action', ...AVERTING_ACTIONS),
  ),
  top_risks: top('scan_web', 'Top risks', 'risk', WEB_FILTERS, 'web', 'Web and risk: top_risks'),
  top_risk_sources: top(
    'scan_web',
    'Top risk sources',
    'domain',
    WEB_FILTERS,
    'web',
    'Web and risk: top_risk_sources',
    RISKY,
  ),
  top_risk_users: top(
    'scan_web',
    'Top risky users',
    'userid',
    { domain: { field: 'domain' }, is_page_request: { field: 'is_page_request' } },
    'web',
    'Web and risk: top_risk_users',
    RISKY,
  ),
  top_scan_results: top(
    'scan_web',
    'Top threat classes',
    'threat_class',
    WEB_FILTERS,
    'web',
    'Web and risk: top_scan_results',
  ),
  top_files: top(
    'scan_web',
    'Top files',
    'file_name',
    { ...WEB_FILTERS, av_scan_result: { field: 'av_scan_result' } },
    'web',
    'Web and risk: top_files',
  ),
  top_response_risks: top(
    'scan_web',
    'Top risks in responses',
    'threat_class',
    WEB_FILTERS,
    'web',
    'Web and risk: top_response_risks',
    only('resource_category', 'download', 'media', 'script'),
  ),
  // --- Cloud apps (scan_web; DLP violations from scan_dlp) ---
  top_casb_categories: top(
    'scan_web',
    'Top cloud app categories',
    'casb_cat_name',
    CASB_FILTERS,
    'casb',
    'Cloud-app: top_casb_*',
  ),
  top_casb_profile_hits: top(
    'scan_web',
    'Cloud app profile hits',
    'casb_profile_type',
    CASB_FILTERS,
    'casb',
    'Cloud-app: top_casb_*',
    { chart: 'pie' },
  ),
  top_casb_cloud_apps: top(
    'scan_web',
    'Top cloud apps',
    'application',
    CASB_FILTERS,
    'casb',
    'Cloud-app: top_casb_*',
  ),
  top_casb_users_unsanctioned: top(
    'scan_web',
    'Top users of unsanctioned apps',
    'userid',
    CASB_FILTERS,
    'casb',
    'Cloud-app: top_casb_*',
    only('casb_profile_type', 'unsanctioned'),
  ),
  top_casb_users_unclassified: top(
    'scan_web',
    'Top users of unclassified apps',
    'userid',
    CASB_FILTERS,
    'casb',
    'Cloud-app: top_casb_*',
    only('casb_profile_type', 'unclassified'),
  ),
  top_casb_uploads_by_application: top(
    'scan_web',
    'Uploads by cloud app',
    'application',
    CASB_FILTERS,
    'casb',
    'Cloud-app: top_casb_*',
    UPLOADS,
  ),
  top_casb_uploads_by_profile_type: top(
    'scan_web',
    'Uploads by app profile',
    'casb_profile_type',
    CASB_FILTERS,
    'casb',
    'Cloud-app: top_casb_*',
    { ...UPLOADS, chart: 'pie' },
  ),
  top_casb_users_by_application: top(
    'scan_web',
    'Users per cloud app',
    'application',
    CASB_FILTERS,
    'casb',
    'Cloud-app: top_casb_*',
    { measure: { kind: 'distinct', field: 'userid' } },
  ),
  top_casb_cloud_apps_with_dlp_violations: top(
    'scan_dlp',
    'Cloud apps with DLP violations',
    'application',
    DLP_FILTERS,
    'casb',
    'Cloud-app: top_casb_cloud_apps_with_dlp_violations',
  ),
  top_unsanctioned_app_domains: top(
    'scan_web',
    'Top unsanctioned app domains',
    'domain',
    UNSANCTIONED_FILTERS,
    'casb',
    'Cloud-app: top_unsanctioned_app_domains',
    only('casb_profile_type', 'unsanctioned'),
  ),
  top_unsanctioned_app_users: top(
    'scan_web',
    'Top users of unsanctioned app domains',
    'userid',
    UNSANCTIONED_FILTERS,
    'casb',
    'Cloud-app: top_unsanctioned_app_users',
    only('casb_profile_type', 'unsanctioned'),
  ),
  casb_request_count_by_application_discovery: top(
    'scan_web',
    'Discovered cloud apps',
    'application',
    CASB_FILTERS,
    'casb',
    'Cloud-app: casb_request_count_by_application_discovery',
    { counts: true },
  ),
  'casb_request_count_by_application_discovery/groups': top(
    'scan_web',
    'Discovered cloud app categories',
    'casb_cat_name',
    CASB_FILTERS,
    'casb',
    'Cloud-app: casb_request_count_by_application_discovery/groups',
    { counts: true },
  ),
  // --- Bandwidth, protocol and DLP ---
  top_bandwidth_users: top(
    'scan_web',
    'Top users by bandwidth',
    'userid',
    WEB_FILTERS,
    'bandwidth',
    'Bandwidth: top_bandwidth_users',
    { measure: BYTES },
  ),
  top_bandwidth_domains: top(
    'scan_web',
    'Top domains by bandwidth',
    'domain',
    WEB_FILTERS,
    'bandwidth',
    'Bandwidth: top_bandwidth_domains',
    { measure: BYTES },
  ),
  top_bandwidth_categories: top(
    'scan_web',
    'Top categories by bandwidth',
    'category',
    WEB_FILTERS,
    'bandwidth',
    'Bandwidth: top_bandwidth_categories',
    { measure: BYTES },
  ),
  top_bandwidth_categories_v2: top(
    'scan_web',
    'Top categories (v2) by bandwidth',
    'webroot_cats',
    WEB_FILTERS,
    'bandwidth',
    'Bandwidth: top_bandwidth_categories_v2',
    { measure: BYTES },
  ),
  bandwidth_usage_by_date: byDate(
    'scan_web',
    'Bandwidth usage',
    WEB_FILTERS,
    'bandwidth',
    'Bandwidth: bandwidth_usage_by_date',
    {
      measure: BYTES,
      chart: 'area',
    },
  ),
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
  fwaas_blocked_traffic: byDate(
    'fwaas_logs',
    'Blocked traffic',
    FIREWALL_FILTERS,
    'firewall',
    'Firewall: fwaas_blocked_traffic',
    only('fw_action', 'drop', 'reject'),
  ),
  fwaas_top_protocols: top(
    'fwaas_logs',
    'Top protocols',
    'protocol',
    FIREWALL_FILTERS,
    'firewall',
    'Firewall: fwaas_top_protocols',
  ),
  fwaas_action_summary: top(
    'fwaas_logs',
    'Firewall actions',
    'fw_action',
    FIREWALL_FILTERS,
    'firewall',
    'Firewall: fwaas_action_summary',
    { chart: 'pie' },
  ),
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
  // --- Email (scan_email; clicks and exits from scan_web) ---
  smtp_request_count_by_date: byDate(
    'scan_email',
    'Messages',
    EMAIL_FILTERS,
    'email',
    'Email: smtp_request_count_by_date',
  ),
  smtp_request_time_taken_by_date: byDate(
    'scan_email',
    'Average processing time (ms)',
    EMAIL_FILTERS,
    'email',
    'Email: smtp_request_time_taken_by_date',
    { measure: { kind: 'avg', field: 'time_taken' } },
  ),
  smtp_request_count_by_smtp_code_and_reason: top(
    'scan_email',
    'Messages by SMTP code and reason',
    'smtp_code',
    EMAIL_FILTERS,
    'email',
    'Email: smtp_request_count_by_smtp_code_and_reason',
    { dimension: { kind: 'field', field: 'smtp_code', series: 'reason' } },
  ),
  smtp_request_count_by_date_by_event_for_failures: byDate(
    'scan_email',
    'Delivery failures',
    EMAIL_FILTERS,
    'email',
    'Email: smtp_request_count_by_date_by_event_for_failures',
    { dimension: { kind: 'date', series: 'smtp_action' }, chart: 'area', ...SMTP_FAILURES },
  ),
  smtp_request_count_by_event: top(
    'scan_email',
    'Messages by SMTP action',
    'smtp_action',
    EMAIL_FILTERS,
    'email',
    'Email: smtp_request_count_by_event',
  ),
  risk_score_clicks_email: top(
    'scan_web',
    'Email link clicks by risk score',
    'risk_score',
    EMAIL_CLICK_FILTERS,
    'email',
    'Email: risk_score_clicks_email',
    { dimension: { kind: 'field', field: 'risk_score', order: 'key' }, ...EMAIL_CLICKS },
  ),
  top_domains_email_clicks: top(
    'scan_web',
    'Top domains clicked in email',
    'domain',
    EMAIL_CLICK_FILTERS,
    'email',
    'Email: top_domains_email_clicks',
    EMAIL_CLICKS,
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
  emails_rewritten: byDate(
    'scan_email',
    'Emails rewritten',
    EMAIL_FILTERS,
    'email',
    'Email: emails_rewritten',
    only('smtp_action', 'url-rewrite', 'attachment-rewrite'),
  ),
  top_exit_mode_email: top(
    'scan_web',
    'Exits from email isolation',
    'action',
    EMAIL_CLICK_FILTERS,
    'email',
    'Email: top_exit_mode_email',
    { ...EMAIL_EXITS, chart: 'pie' },
  ),
  top_domains_email_exit: top(
    'scan_web',
    'Top domains left to from email',
    'domain',
    EMAIL_CLICK_FILTERS,
    'email',
    'Email: top_domains_email_exit',
    EMAIL_EXITS,
  ),
  top_categories_email: top(
    'scan_web',
    'Top categories clicked in email',
    'category',
    EMAIL_CLICK_FILTERS,
    'email',
    'Email: top_categories_email',
    EMAIL_CLICKS,
  ),
  top_categories_email_v2: top(
    'scan_web',
    'Top categories (v2) clicked in email',
    'webroot_cats',
    EMAIL_CLICK_FILTERS,
    'email',
    'Email: top_categories_email_v2',
    EMAIL_CLICKS,
  ),
  // --- Browsers and agents (scan_web) ---
  top_non_browser_ua: top(
    'scan_web',
    'Top non-browser agents',
    'user_agent',
    AGENT_FILTERS,
    'browsers',
    'Browsers and agents: top_non_browser_ua',
    NON_BROWSER,
  ),
  action_summary_non_browser: top(
    'scan_web',
    'Actions on non-browser traffic',
    'action',
    AGENT_FILTERS,
    'browsers',
    'Browsers and agents: action_summary_non_browser',
    { ...NON_BROWSER, chart: 'pie' },
  ),
  top_ua_type: top(
    'scan_web',
    'Agent types',
    'ua_type',
    AGENT_FILTERS,
    'browsers',
    'Browsers and agents: top_ua_type',
    {
      chart: 'pie',
    },
  ),
  top_ua: top(
    'scan_web',
    'Top user agents',
    'user_agent',
    AGENT_FILTERS,
    'browsers',
    'Browsers and agents: top_ua',
  ),
  top_browsers: top(
    'scan_web',
    'Top browsers',
    'browser',
    AGENT_FILTERS,
    'browsers',
    'Browsers and agents: top_browsers',
  ),
  top_browser_versions: top(
    'scan_web',
    'Top browser versions',
    'browser_version',
    AGENT_FILTERS,
    'browsers',
    'Browsers and agents: top_browser_versions',
  ),
  // --- Threat evasion (HEAT alerts and lures, scan_web) ---
  top_heat_evasive_techniques: top(
    'scan_web',
    'HEAT alerts by evasive technique',
    'heat_evasion_technique',
    HEAT_FILTERS,
    'heat',
    'Threat evasion: top_heat_*',
    HEAT_ALERTS,
  ),
  top_heat_users: top(
    'scan_web',
    'HEAT alerts by user',
    'userid',
    HEAT_FILTERS,
    'heat',
    'Threat evasion: top_heat_*',
    HEAT_ALERTS,
  ),
  top_heat_alert_types: top(
    'scan_web',
    'HEAT alerts by type',
    'heat_alert_type',
    HEAT_FILTERS,
    'heat',
    'Threat evasion: top_heat_*',
  ),
  top_heat_actions: top(
    'scan_web',
    'Actions on HEAT alerts',
    'action',
    HEAT_FILTERS,
    'heat',
    'Threat evasion: top_heat_*',
    {
      ...HEAT_ALERTS,
      chart: 'pie',
    },
  ),
  top_heat_downloads_by_file_type: top(
    'scan_web',
    'HEAT downloads by file type',
    'file_type',
    HEAT_FILTERS,
    'heat',
    'Threat evasion: top_heat_*',
    { where: [...HEAT_ALERTS.where, { field: 'resource_category', values: ['download'] }] },
  ),
  top_heat_malware_domains: top(
    'scan_web',
    'Domains serving evasive malware',
    'domain',
    HEAT_FILTERS,
    'heat',
    'Threat evasion: top_heat_*',
    only('heat_alert_type', 'malware'),
  ),
  lure_count_by_webroots_cats_and_analysis_time_cats: top(
    'scan_web',
    'Lures by category and analysis time',
    'webroot_cats',
    HEAT_FILTERS,
    'heat',
    'Threat evasion: lure_count_by_webroots_cats_and_analysis_time_cats',
    { dimension: { kind: 'field', field: 'webroot_cats', series: 'analysis_time_cat' }, ...LURES },
  ),
  scan_heat: top(
    'scan_web',
    'Lures by type',
    'lure_category',
    HEAT_FILTERS,
    'heat',
    'Threat evasion: scan_heat',
  ),
} satisfies Record<string, ReportQueryDef>;

export type ReportQueryName = keyof typeof REPORT_QUERY_REGISTRY;
export const REPORT_QUERY_NAMES = Object.keys(REPORT_QUERY_REGISTRY) as ReportQueryName[];

/** docs/reports.md §2: default report limit 50. */
export const MAX_REPORT_LIMIT = 1000;
/** The granularities of the interval table (docs/reports.md §3), finest first. */
export const REPORT_GRANULARITY_MS = {
  PT1M: 60_000,
  PT10M: 600_000,
  PT1H: 3_600_000,
  PT2H: 7_200_000,
  P1D: 86_400_000,
  P2D: 172_800_000,
} as const;
export type ReportGranularityCode = keyof typeof REPORT_GRANULARITY_MS;

// The query paths (and the default limit) are reportQueryPaths.ts's: the store's report-query
// calls take them without this registry (bench/README.md "First load").
export {
  DEFAULT_REPORT_LIMIT,
  INSIGHTS_PATH,
  reportQueryPath,
  tenantReportQueryPath,
  tenantReportQueryRoute,
} from './reportQueryPaths';
/** The provider permission of the support view: support and operators hold it. */
export const TENANT_REPORTS_READ = 'reports:*:read';

/**
 * One group of a report: its key (a field value, a bucket's start in unix seconds, or null for a
 * `result_type=count` total) and measure.
 */
export const ReportRow = Type.Object({
  key: Type.Union([Type.String(), Type.Number(), Type.Null()]),
  /** Queries with a series: the second field's value (null for events without one). */
  series: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
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

/**
 * Insights (docs/reports.md §5 Other report-layer calls: `GET /api/insights/v1/q?q&src`): what
 * the logs hold on a search text over a range: the total and the top users, domains and
 * categories of the matching web events, by events (`src=web`, the default) or by bytes
 * (`src=bandwidth`). Each source needs its report family's permission.
 */
export const INSIGHT_SOURCES = {
  web: { measure: { kind: 'count' }, ...reportQueryAccess('scan_web', 'web') },
  bandwidth: { measure: BYTES, ...reportQueryAccess('scan_web', 'bandwidth') },
} as const satisfies Record<string, { measure: ReportMeasure; permission: AccessRule }>;
/** The insights route's own rule: any dashboard family's read, and the web log's (each source then its family's). */
export const INSIGHTS_ACCESS = reportQueryAccess('scan_web', '*');
export type InsightSource = keyof typeof INSIGHT_SOURCES;
/** The fields an insight ranks the matching events by. */
export const INSIGHT_DIMENSIONS = [
  'userid',
  'domain',
  'category',
] as const satisfies readonly (keyof InsightsReply['top'])[];

export const InsightsReply = Type.Object({
  q: Type.String(),
  // Typed as the sources' names (a union mapped from Object.keys reads as never).
  src: Type.Unsafe<InsightSource>(Type.Union(Object.keys(INSIGHT_SOURCES).map((s) => Type.Literal(s)))),
  start: Type.Integer(),
  end: Type.Integer(),
  /** Matching events (web) or their bytes (bandwidth). */
  total: Type.Number(),
  /** The top groups of each of INSIGHT_DIMENSIONS. */
  top: Type.Object({
    userid: Type.Array(ReportRow),
    domain: Type.Array(ReportRow),
    category: Type.Array(ReportRow),
  }),
});
export type InsightsReply = Static<typeof InsightsReply>;

/** A query's measure as a column heading: Events, Bytes, "Average time taken (ms)", "Users". */
export function measureLabel(def: ReportQueryDef): string {
  const { measure } = def;
  if (measure.kind === 'count') return 'Events';
  if (measure.kind === 'sum') return 'Bytes';
  const label = FIELD_SPECS[measure.field].label;
  return measure.kind === 'avg' ? `Average ${label.toLowerCase()}` : `${label}s`;
}

/** A value of a report field as read: a code's label, else the value itself ("" for none). */
export function fieldValueLabel(field: string, value: string | number | null | undefined): string {
  const vocabulary = FIELD_SPECS[field]?.vocabulary;
  return vocabulary?.find((v) => v.code === value)?.label ?? String(value ?? '');
}
