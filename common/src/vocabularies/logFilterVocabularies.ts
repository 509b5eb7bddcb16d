/**
 * The code→label lists of the log filters (docs/glossary.md §2 "Log filter vocabularies").
 * Labels the spec gives are verbatim (create → 'Initialized', safeview → 'Isolate', ...); the
 * others are the code in words, as an operator reads it. Where the spec says "and others", the
 * extra codes are the ones such a product logs; they are marked as our choice below.
 */
import type { Vocabulary } from './vocabulary';

/** Audit actions. Spec: login, login_failed, logout, change_pwd, create, published, reorder, rollback, tfa_*, add_user, remove_user, activated, deactivated, unlocked. */
export const AUDIT_ACTIONS: Vocabulary = [
  { code: 'login', label: 'Login' },
  { code: 'login_failed', label: 'Login Failed' },
  { code: 'logout', label: 'Logout' },
  { code: 'change_pwd', label: 'Password Changed' },
  { code: 'create', label: 'Initialized' },
  { code: 'update', label: 'Modified' },
  { code: 'delete', label: 'Deleted' },
  { code: 'published', label: 'Published' },
  { code: 'reorder', label: 'Rule Order Changed' },
  { code: 'rollback', label: 'Rolled Back' },
  { code: 'tfa_enabled', label: 'Two-Factor Authentication Enabled' },
  { code: 'tfa_disabled', label: 'Two-Factor Authentication Disabled' },
  { code: 'tfa_reset', label: 'Two-Factor Authentication Reset' },
  { code: 'tfa_login_failed', label: 'Two-Factor Authentication Failed' },
  { code: 'add_user', label: 'User Added' },
  { code: 'remove_user', label: 'User Removed' },
  { code: 'activated', label: 'Activated' },
  { code: 'deactivated', label: 'Deactivated' },
  { code: 'unlocked', label: 'Unlocked' },
];

/**
 * Sub-event types (the admin areas an audit event is about) that are no registry's row: the whole
 * vocabulary, with the policy groups' and the provider entities' areas, is SUB_EVENT_TYPES
 * (api/contract/auditAreas.ts).
 */
export const OTHER_SUB_EVENT_TYPES: Vocabulary = [
  { code: 'copy_paste', label: 'Copy and Paste' },
  { code: 'watermark', label: 'Watermark' },
  { code: 'bandwidth', label: 'Bandwidth' },
  { code: 'ssl_bypass', label: 'SSL Bypass' },
  { code: 'browser_posture', label: 'Browser Posture' },
  { code: 'category_override', label: 'Category Override' },
  { code: 'users', label: 'Users' },
  { code: 'groups', label: 'Groups' },
  { code: 'admins', label: 'Administrators' },
  { code: 'roles', label: 'Roles' },
  { code: 'sso', label: 'Single Sign-On' },
  { code: 'tfa', label: 'Two-Factor Authentication' },
  { code: 'api_keys', label: 'API Keys' },
  { code: 'notifications', label: 'Notifications' },
  { code: 'log_export', label: 'Log Export' },
  { code: 'certificates', label: 'Certificates' },
  { code: 'pac_file', label: 'PAC File' },
  { code: 'storage_profiles', label: 'Storage Profiles' },
  { code: 'forensics', label: 'Browsing Forensics' },
  { code: 'client_profiles', label: 'Client Profiles' },
  { code: 'posture_profiles', label: 'Posture Profiles' },
  { code: 'web_settings', label: 'Web Service Settings' },
  { code: 'safemail_settings', label: 'Safemail Service Settings' },
  { code: 'portal_settings', label: 'Portal Settings' },
  { code: 'network', label: 'Network' },
  { code: 'casb_settings', label: 'CASB Settings' },
  { code: 'session', label: 'Session' },
  // Our choice (issue 15 audit trail): the other areas the server's writes touch.
  { code: 'saved_searches', label: 'Saved Searches' },
  { code: 'reports', label: 'Scheduled Reports' },
  { code: 'tenants', label: 'Tenants' },
];

/** casb profile type. */
export const CASB_PROFILE_TYPES: Vocabulary = [
  { code: 'sanctioned', label: 'Sanctioned' },
  { code: 'unsanctioned', label: 'Unsanctioned' },
  { code: 'unclassified', label: 'Unclassified' },
];

/** Policy-enforcement actions, with the email-entry/exit and mobile variants. */
export const POLICY_ENFORCEMENT_ACTIONS: Vocabulary = [
  { code: 'allow', label: 'Allow' },
  { code: 'block', label: 'Block' },
  { code: 'bypass', label: 'Bypass' },
  { code: 'disable', label: 'Disable' },
  { code: 'direct', label: 'Direct' },
  { code: 'safeview', label: 'Isolate' },
  { code: 'safeview_readonly', label: 'Isolate Read-Only' },
  { code: 'sslbump_bypass', label: 'SSL Bypass' },
  { code: 'email_entry_allow', label: 'Email Entry Allow' },
  { code: 'email_entry_block', label: 'Email Entry Block' },
  { code: 'email_entry_safeview', label: 'Email Entry Isolate' },
  { code: 'email_exit_allow', label: 'Email Exit Allow' },
  { code: 'email_exit_block', label: 'Email Exit Block' },
  { code: 'mobile_allow', label: 'Mobile Allow' },
  { code: 'mobile_block', label: 'Mobile Block' },
  { code: 'mobile_safeview', label: 'Mobile Isolate' },
];

/** dlp action. */
export const DLP_ACTIONS: Vocabulary = [
  { code: 'allow', label: 'Skip Inspection' },
  { code: 'block', label: 'Block' },
  { code: 'log', label: 'Log' },
];

/** Email action. */
export const EMAIL_ACTIONS: Vocabulary = [
  { code: 'added', label: 'Added' },
  { code: 'observed', label: 'Observed' },
  { code: 'replaced', label: 'Replaced' },
  { code: 'removed', label: 'Removed' },
  { code: 'restore', label: 'Restore' },
  { code: 'transform', label: 'Transform' },
  { code: 'unwrapped', label: 'Unwrapped' },
  { code: 'whitelist', label: 'Whitelist' },
  { code: 'wrapped', label: 'Wrapped' },
  { code: 'fail_open', label: 'Fail Open' },
];

/** smtp action. */
export const SMTP_ACTIONS: Vocabulary = [
  { code: 'attachment-rewrite', label: 'Attachment Rewrite' },
  { code: 'error', label: 'Error' },
  { code: 'observed', label: 'Observed' },
  { code: 'replaced', label: 'Replaced' },
  { code: 'upstream-abort', label: 'Upstream Abort' },
  { code: 'upstream-accept', label: 'Upstream Accept' },
  { code: 'upstream-reject', label: 'Upstream Reject' },
  { code: 'url-rewrite', label: 'URL Rewrite' },
  { code: 'sent-unmodified', label: 'Sent Unmodified' },
  { code: 'wrapped', label: 'Wrapped' },
];

/** Email reason. The spec's list ends "and others": encrypted, size_limit, policy and threat are ours. */
export const EMAIL_REASONS: Vocabulary = [
  { code: 'csv', label: 'CSV' },
  { code: 'default', label: 'Default' },
  { code: 'fail_open', label: 'Fail Open' },
  { code: 'invalid_charset', label: 'Invalid Charset' },
  { code: 'malformed', label: 'Malformed' },
  { code: 'manual', label: 'Manual' },
  { code: 'menlo', label: 'Popular Sites' },
  { code: 'undo', label: 'Undo' },
  { code: 'unsupported', label: 'Unsupported' },
  { code: 'encrypted', label: 'Encrypted' },
  { code: 'size_limit', label: 'Size Limit' },
  { code: 'policy', label: 'Policy' },
  { code: 'threat', label: 'Threat' },
];

/** File decrypted. */
export const FILE_DECRYPTED_RESULTS: Vocabulary = [
  { code: 'error', label: 'Error' },
  { code: 'success', label: 'Success' },
  { code: 'wrong_password', label: 'Wrong Password' },
];

/** Firewall action. */
export const FIREWALL_ACTIONS: Vocabulary = [
  { code: 'allow', label: 'Allow' },
  { code: 'drop', label: 'Drop' },
  { code: 'proxy', label: 'Proxy' },
  { code: 'reject', label: 'Reject' },
];

/** Firewall request type. */
export const FIREWALL_REQUEST_TYPES: Vocabulary = [
  { code: 'private_access', label: 'Private Access' },
  { code: 'internet', label: 'Internet' },
];

/** Frequency, held in milliseconds. */
export interface Frequency {
  readonly label: string;
  readonly ms: number;
}
export const FREQUENCIES: readonly Frequency[] = [
  { label: '5 minutes', ms: 300000 },
  { label: '30 minutes', ms: 1800000 },
  { label: '1 hour', ms: 3600000 },
  { label: '1 day', ms: 86400000 },
];

/** Inspection action (content inspection verdicts). */
export const INSPECTION_ACTIONS: Vocabulary = [
  { code: 'allow', label: 'Mark as Clean' },
  { code: 'block', label: 'Mark as Infected' },
  { code: 'inspect', label: 'Inspect' },
];

/** Inspection type. */
export const INSPECTION_TYPES: Vocabulary = [
  { code: 'file', label: 'File' },
  { code: 'hash', label: 'Hash' },
  { code: 'document', label: 'Document' },
];

/** Resource category. The spec's list ends "and others": image, script, media, xhr and other are ours. */
export const RESOURCE_CATEGORIES: Vocabulary = [
  { code: 'page', label: 'Page' },
  { code: 'download', label: 'Download' },
  { code: 'upload', label: 'Upload' },
  { code: 'attachment', label: 'Attachment' },
  { code: 'form_post', label: 'Form Post' },
  { code: 'image', label: 'Image' },
  { code: 'script', label: 'Script' },
  { code: 'media', label: 'Media' },
  { code: 'xhr', label: 'Background Request' },
  { code: 'other', label: 'Other' },
];

/** Risk. */
export const RISKS: Vocabulary = [
  { code: 'G', label: 'Low' },
  { code: 'Y', label: 'Medium' },
  { code: 'R', label: 'High' },
];

/** Threat classes (codes verbatim, including the capitalised 'Infected'). */
export const THREAT_CLASSES: Vocabulary = [
  { code: 'botnet', label: 'Botnet' },
  { code: 'c&c', label: 'Command and Control' },
  { code: 'category', label: 'Category' },
  { code: 'compromised-scanning', label: 'Compromised (Scanning)' },
  { code: 'compromised-tor', label: 'Compromised (Tor)' },
  { code: 'dns-error', label: 'DNS Error' },
  { code: 'malware', label: 'Malware' },
  { code: 'phishing', label: 'Phishing' },
  { code: 'plugin', label: 'Plugin' },
  { code: 'reputation', label: 'Reputation' },
  { code: 'spam', label: 'Spam' },
  { code: 'unknown', label: 'Unknown' },
  { code: 'vulnerable', label: 'Vulnerable' },
  { code: 'Infected', label: 'Infected' },
];

/** Badge colours. */
export const BADGE_COLOURS = ['blue', 'gray', 'green', 'orange', 'red'] as const;
export type BadgeColour = (typeof BADGE_COLOURS)[number];

/** The badge a risk is shown with (our choice: the traffic-light reading of G/Y/R). */
export const RISK_BADGE_COLOURS: Readonly<Record<string, BadgeColour>> = {
  G: 'green',
  Y: 'orange',
  R: 'red',
};

/** Web content categories of scan_web events (the `category` filter). */
export const WEB_CATEGORIES: Vocabulary = [
  { code: 'business', label: 'Business' },
  { code: 'news', label: 'News and Media' },
  { code: 'social_networking', label: 'Social Networking' },
  { code: 'search_engines', label: 'Search Engines' },
  { code: 'webmail', label: 'Web-based Email' },
  { code: 'streaming_media', label: 'Streaming Media' },
  { code: 'shopping', label: 'Shopping' },
  { code: 'financial_services', label: 'Financial Services' },
  { code: 'technology', label: 'Computer and Internet Info' },
  { code: 'cloud_storage', label: 'Online Storage' },
  { code: 'collaboration', label: 'Collaboration' },
  { code: 'games', label: 'Games' },
  { code: 'gambling', label: 'Gambling' },
  { code: 'adult', label: 'Adult Content' },
  { code: 'travel', label: 'Travel' },
  { code: 'education', label: 'Education' },
  { code: 'government', label: 'Government' },
  { code: 'health', label: 'Health and Medicine' },
  { code: 'sports', label: 'Sports' },
  { code: 'entertainment', label: 'Entertainment and Arts' },
  { code: 'job_search', label: 'Job Search' },
  { code: 'advertising', label: 'Advertising' },
  { code: 'malware_sites', label: 'Malware Sites' },
  { code: 'phishing', label: 'Phishing and Other Frauds' },
  { code: 'proxy_avoidance', label: 'Proxy Avoidance' },
  { code: 'uncategorized', label: 'Uncategorized' },
];
