/**
 * The enumerations of docs/glossary.md §3 (Enumerations) that policy documents use, verbatim.
 * (The string-match operators live with the web rules: webKinds.ts STRING_MATCHES.)
 */

/** action */
export const ACTIONS = ['allow', 'safeview', 'block'] as const;
/** risk level */
export const RISK_LEVELS = ['disabled', 'moderate', 'aggressive', 'relaxed', 'custom'] as const;
/** direction */
export const DIRECTIONS = ['all', 'uploads', 'downloads', 'uploadsAndDownloads'] as const;
/** rule condition keys */
export const RULE_CONDITION_KEYS = [
  'source_ips',
  'dest_ips',
  'source_ip_ranges',
  'dest_ip_ranges',
  'browser',
  'user_agent',
  'threats',
  'categories',
  'geo_ip',
  'uri',
  'domain',
  'fileTypes',
  'entities',
] as const;
/** posture checks */
export const POSTURE_CHECKS = [
  'antivirus',
  'firewall',
  'os_version',
  'full_disk_encryption',
  'detect_crowdstrike',
  'crowdstrike_zta',
  'gatekeeper',
  'google_safe_browsing',
] as const;
/** comparators */
export const COMPARATORS = ['equal', 'inbetween', 'less_than', 'greater_than'] as const;
/** logic */
export const LOGIC = ['and', 'or'] as const;
/** session mode */
export const SESSION_MODES = ['none', 'session', 'time'] as const;
/** time units */
export const TIME_UNITS = ['hours', 'minutes', 'days'] as const;
