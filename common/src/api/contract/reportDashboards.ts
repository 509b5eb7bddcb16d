/**
 * The report dashboards (docs/sessions.md §6 dashboard, docs/reports.md §4 Reports): each a list of panels, a panel a
 * named query of the report-query registry, whose row gives its title, chart kind, log type and
 * permission. The portal's dashboard page shows them; report files (scheduled and instant reports)
 * render the same panels on the server. A reader sees a panel when its query's rule lets them
 * (reportQueryAccess), and a dashboard when one of its panels is left (readableDashboards). A new
 * dashboard or panel is a list entry here.
 */
import type { ReportQueryName } from './reportQueries';

export interface DashboardPanel {
  query: ReportQueryName;
  /** Top-N panels: how many groups. */
  limit?: number;
  /** Values are bytes (shown as KB, MB, …). */
  bytes?: boolean;
  /**
   * How it shows (default a chart of the query's kind). By-date queries only: `kpi`, a tile of the
   * range's total beside the previous period's; `heatmap`, hourly buckets as hour × weekday.
   */
  view?: 'chart' | 'kpi' | 'heatmap';
}

/** A report dashboard: a tab of the page, its panels in order. */
export interface Dashboard {
  id: string;
  title: string;
  panels: readonly DashboardPanel[];
}

const top10 = (query: ReportQueryName, bytes = false): DashboardPanel => ({ query, limit: 10, bytes });
const kpi = (query: ReportQueryName, bytes = false): DashboardPanel => ({ query, view: 'kpi', bytes });

export const DASHBOARDS: readonly Dashboard[] = [
  {
    id: 'web',
    title: 'Web traffic',
    panels: [
      top10('top_domains'),
      { query: 'action_summary' },
      top10('top_categories'),
      top10('top_users'),
      top10('top_categories_v2'),
      top10('top_files'),
    ],
  },
  {
    id: 'risk',
    title: 'Risk and threats',
    panels: [
      top10('risks_averted'),
      { query: 'top_risks' },
      top10('top_scan_results'),
      top10('top_risk_sources'),
      top10('top_risk_users'),
      top10('top_response_risks'),
    ],
  },
  {
    id: 'casb',
    title: 'Cloud apps',
    panels: [
      top10('top_casb_cloud_apps'),
      { query: 'top_casb_profile_hits' },
      top10('top_casb_categories'),
      top10('top_casb_users_by_application'),
      top10('top_casb_users_unsanctioned'),
      top10('top_casb_users_unclassified'),
      top10('top_casb_uploads_by_application'),
      { query: 'top_casb_uploads_by_profile_type' },
      top10('top_unsanctioned_app_domains'),
      top10('top_unsanctioned_app_users'),
      top10('top_casb_cloud_apps_with_dlp_violations'),
      top10('casb_request_count_by_application_discovery'),
      top10('casb_request_count_by_application_discovery/groups'),
    ],
  },
  {
    id: 'bandwidth',
    title: 'Bandwidth',
    panels: [
      kpi('bandwidth_usage_by_date', true),
      { query: 'bandwidth_usage_by_date', bytes: true },
      { query: 'bandwidth_usage_by_date', bytes: true, view: 'heatmap' },
      top10('top_bandwidth_users', true),
      top10('top_bandwidth_domains', true),
      top10('top_bandwidth_categories', true),
      top10('top_bandwidth_categories_v2', true),
      top10('top_protocols'),
    ],
  },
  { id: 'dlp', title: 'DLP', panels: [top10('top_dlp_users'), top10('top_dlp_domains')] },
  {
    id: 'firewall',
    title: 'Firewall',
    panels: [
      kpi('fwaas_blocked_traffic'),
      { query: 'fwaas_blocked_traffic' },
      { query: 'fwaas_action_summary' },
      top10('fwaas_top_sources'),
      top10('fwaas_top_destinations'),
      top10('fwaas_top_users'),
      top10('fwaas_top_protocols'),
    ],
  },
  {
    id: 'email',
    title: 'Email',
    panels: [
      kpi('smtp_request_count_by_date'),
      kpi('emails_rewritten'),
      { query: 'smtp_request_count_by_date' },
      { query: 'smtp_request_count_by_event' },
      { query: 'smtp_request_count_by_date_by_event_for_failures' },
      { query: 'smtp_request_time_taken_by_date' },
      top10('smtp_request_count_by_smtp_code_and_reason'),
      { query: 'emails_rewritten' },
      top10('top_users_email'),
      { query: 'top_risks_email' },
      { query: 'risk_score_clicks_email' },
      top10('top_domains_email_clicks'),
      top10('top_categories_email'),
      top10('top_categories_email_v2'),
      { query: 'top_exit_mode_email' },
      top10('top_domains_email_exit'),
    ],
  },
  {
    id: 'browsers',
    title: 'Browsers and agents',
    panels: [
      { query: 'top_ua_type' },
      top10('top_browsers'),
      top10('top_browser_versions'),
      top10('top_ua'),
      top10('top_non_browser_ua'),
      { query: 'action_summary_non_browser' },
    ],
  },
  {
    id: 'heat',
    title: 'Threat evasion',
    panels: [
      { query: 'top_heat_alert_types' },
      top10('top_heat_evasive_techniques'),
      top10('top_heat_users'),
      { query: 'top_heat_actions' },
      top10('top_heat_downloads_by_file_type'),
      top10('top_heat_malware_domains'),
      { query: 'scan_heat' },
      top10('lure_count_by_webroots_cats_and_analysis_time_cats'),
    ],
  },
];

/**
 * The dashboards as a reader sees them: each with only the panels of `readable` queries, and
 * only those with a panel left (all of them when `readable` is not given).
 */
export function readableDashboards(readable?: ReadonlySet<ReportQueryName>): Dashboard[] {
  return DASHBOARDS.map((d) => ({
    ...d,
    panels: readable ? d.panels.filter((p) => readable.has(p.query)) : d.panels,
  })).filter((d) => d.panels.length > 0);
}
