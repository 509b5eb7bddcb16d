/**
 * The report dashboards (portal-core §2 dashboard, §7 Reports): each a list of panels, a panel a
 * named query of the report-query registry, whose row gives its title, chart kind, log type and
 * permission. The portal's dashboard page shows them; report files (scheduled and instant reports)
 * render the same panels on the server. A new dashboard or panel is a list entry here.
 */
import type { ReportQueryName } from './reportQueries';

export interface DashboardPanel {
  query: ReportQueryName;
  /** Top-N panels: how many groups. */
  limit?: number;
  /** Values are bytes (shown as KB, MB, …). */
  bytes?: boolean;
}

/** A report dashboard: a tab of the page, its panels in order. */
export interface Dashboard {
  id: string;
  title: string;
  panels: readonly DashboardPanel[];
}

const top10 = (query: ReportQueryName, bytes = false): DashboardPanel => ({ query, limit: 10, bytes });

export const DASHBOARDS: readonly Dashboard[] = [
  {
    id: 'web',
    title: 'Web traffic',
    panels: [
      top10('top_domains'),
      { query: 'action_summary' },
      top10('top_categories'),
      top10('top_users'),
      { query: 'top_risks' },
      top10('top_scan_results'),
    ],
  },
  {
    id: 'bandwidth',
    title: 'Bandwidth',
    panels: [
      { query: 'bandwidth_usage_by_date', bytes: true },
      top10('top_bandwidth_users', true),
      top10('top_bandwidth_domains', true),
      top10('top_bandwidth_categories', true),
      top10('top_protocols'),
    ],
  },
  { id: 'dlp', title: 'DLP', panels: [top10('top_dlp_users'), top10('top_dlp_domains')] },
  {
    id: 'firewall',
    title: 'Firewall',
    panels: [
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
      { query: 'smtp_request_count_by_date' },
      { query: 'smtp_request_count_by_event' },
      top10('top_users_email'),
      { query: 'top_risks_email' },
    ],
  },
];
