/**
 * Vocabularies of the log fields the report queries group and filter by (docs/reports.md §1
 * Reports): the spec names the fields (webroot_cats, ua_type, av_scan_result, heat evasion
 * techniques, lure categories, analysis-time categories, is_casb_ddl, is_page_request,
 * vulnerable_servers) but not their values, so these codes are ours, modelled on what such a
 * secure-web gateway reports. Codes are stored as ENUMs (a changed list converts the event file on
 * open), so append rather than reorder.
 */
import type { Vocabulary } from './vocabulary';
import { logRouteFeatures } from './logTypes';

/** Yes/no fields (is_page_request, is_casb_ddl, vulnerable_servers): sent and stored as text. */
export const BOOLEAN_CODES: Vocabulary = [
  { code: 'true', label: 'Yes' },
  { code: 'false', label: 'No' },
];

/** The second category scheme (the `_v2` reports and the `webroot_cats` filter). */
export const WEBROOT_CATEGORIES: Vocabulary = [
  { code: 'search_engines_portals', label: 'Search Engines and Portals' },
  { code: 'computer_internet_info', label: 'Computer and Internet Info' },
  { code: 'web_based_email', label: 'Web-based Email' },
  { code: 'streaming_media', label: 'Streaming Media' },
  { code: 'business_economy', label: 'Business and Economy' },
  { code: 'social_networking', label: 'Social Networking' },
  { code: 'news_media', label: 'News and Media' },
  { code: 'shopping', label: 'Shopping' },
  { code: 'reference_research', label: 'Reference and Research' },
  { code: 'personal_storage', label: 'Personal Storage' },
  { code: 'financial_services', label: 'Financial Services' },
  { code: 'travel', label: 'Travel' },
  { code: 'job_search', label: 'Job Search' },
  { code: 'sports', label: 'Sports' },
  { code: 'entertainment_arts', label: 'Entertainment and Arts' },
  { code: 'games', label: 'Games' },
  { code: 'gambling', label: 'Gambling' },
  { code: 'adult_content', label: 'Adult and Pornography' },
  { code: 'government', label: 'Government' },
  { code: 'health_medicine', label: 'Health and Medicine' },
  { code: 'educational_institutions', label: 'Educational Institutions' },
  { code: 'web_advertisements', label: 'Web Advertisements' },
  { code: 'proxy_avoidance', label: 'Proxy Avoidance and Anonymizers' },
  { code: 'malware_sites', label: 'Malware Sites' },
  { code: 'phishing_fraud', label: 'Phishing and Other Frauds' },
  { code: 'uncategorized', label: 'Uncategorized' },
];

/** What sent a web request. Everything but `browser` is a non-browser agent (top_non_browser_ua). */
export const UA_TYPES: Vocabulary = [
  { code: 'browser', label: 'Browser' },
  { code: 'desktop_app', label: 'Desktop app' },
  { code: 'mobile_app', label: 'Mobile app' },
  { code: 'updater', label: 'Software updater' },
  { code: 'script', label: 'Script or library' },
  { code: 'bot', label: 'Bot or crawler' },
];
export const NON_BROWSER_UA_TYPES: readonly string[] = UA_TYPES.map((t) => t.code).filter(
  (c) => c !== 'browser',
);

/** The anti-virus verdict on a transferred file (top_files). */
export const AV_SCAN_RESULTS: Vocabulary = [
  { code: 'clean', label: 'Clean' },
  { code: 'infected', label: 'Infected' },
  { code: 'suspicious', label: 'Suspicious' },
  { code: 'encrypted', label: 'Encrypted' },
  { code: 'unscannable', label: 'Unscannable' },
];

/** Highly evasive adaptive threat (HEAT) alerts: what was detected. */
export const HEAT_ALERT_TYPES: Vocabulary = [
  { code: 'phishing', label: 'Phishing' },
  { code: 'malware', label: 'Malware' },
  { code: 'credential_theft', label: 'Credential theft' },
  { code: 'ransomware', label: 'Ransomware' },
];

/** HEAT alerts: how the threat tried to evade detection (heat_evasion_techniques). */
export const HEAT_EVASION_TECHNIQUES: Vocabulary = [
  { code: 'html_smuggling', label: 'HTML smuggling' },
  { code: 'obfuscated_javascript', label: 'Obfuscated JavaScript' },
  { code: 'url_reputation_evasion', label: 'URL reputation evasion' },
  { code: 'zero_hour_domain', label: 'Zero-hour domain' },
  { code: 'captcha_gate', label: 'CAPTCHA gate' },
  { code: 'password_protected_archive', label: 'Password-protected archive' },
  { code: 'legitimate_hosting_abuse', label: 'Legitimate hosting abuse' },
  { code: 'adversary_in_the_middle', label: 'Adversary in the middle' },
];

/** What a phishing lure imitates (scan_heat, lure counts). */
export const LURE_CATEGORIES: Vocabulary = [
  { code: 'login_page', label: 'Login page' },
  { code: 'brand_impersonation', label: 'Brand impersonation' },
  { code: 'invoice_payment', label: 'Invoice or payment' },
  { code: 'shared_document', label: 'Shared document' },
  { code: 'delivery_notice', label: 'Delivery notice' },
  { code: 'tech_support', label: 'Tech support scam' },
  { code: 'prize_survey', label: 'Prize or survey' },
];

/** How long the analysis of a lure took. */
export const ANALYSIS_TIME_CATEGORIES: Vocabulary = [
  { code: 'under_1s', label: 'Under 1 s' },
  { code: '1_to_5s', label: '1 to 5 s' },
  { code: '5_to_30s', label: '5 to 30 s' },
  { code: 'over_30s', label: 'Over 30 s' },
];

/** How a user left isolation from a link in an email (top_exit_mode_email): the exit actions. */
export const EMAIL_EXIT_ACTIONS: readonly string[] = ['email_exit_allow', 'email_exit_block'];
/** A click on a link in an email, as the web log records it: the email-entry actions. */
export const EMAIL_ENTRY_ACTIONS: readonly string[] = [
  'email_entry_allow',
  'email_entry_block',
  'email_entry_safeview',
];

/**
 * Web-log actions that only a tenant with a feature produces: a click on, or an exit from, a link
 * in an isolated email exists only where e-mail is isolated, so these need what the email log type
 * needs (logTypes.ts logRouteFeatures). Other actions need no feature.
 */
export const WEB_ACTION_FEATURES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  [...EMAIL_ENTRY_ACTIONS, ...EMAIL_EXIT_ACTIONS].map((action) => [action, logRouteFeatures('email')]),
);

/** Whether a tenant with these feature flags produces a web-log action. */
export function webActionAllowed(
  action: string,
  features: Readonly<Record<string, boolean | undefined>>,
): boolean {
  return (WEB_ACTION_FEATURES[action] ?? []).every((name) => features[name] === true);
}
