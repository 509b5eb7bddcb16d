/**
 * The demo generator's report fields (docs/reports.md §1 Reports: category v2, agents, AV
 * verdicts, cloud-app categories and domain lists, HEAT alerts and lures, email clicks and exits,
 * SMTP codes and times), derived from an event's other fields and drawn from a random stream of
 * their own: the fields generated before these existed keep their values for the same seed.
 */
import {
  vocabularyCodes,
  HEAT_EVASION_TECHNIQUES,
  LURE_CATEGORIES,
} from '@workbench/common/vocabularies/index';
import type { FieldValue } from '@workbench/common/api/contract/logSchema';
import { Random, WeightedPicker } from './random';

type Fields = Record<string, FieldValue | null>;

/** The second category scheme of each first-scheme category. */
const WEBROOT_OF_CATEGORY: Readonly<Record<string, string>> = {
  business: 'business_economy',
  news: 'news_media',
  social_networking: 'social_networking',
  search_engines: 'search_engines_portals',
  webmail: 'web_based_email',
  streaming_media: 'streaming_media',
  shopping: 'shopping',
  financial_services: 'financial_services',
  technology: 'computer_internet_info',
  cloud_storage: 'personal_storage',
  collaboration: 'computer_internet_info',
  games: 'games',
  gambling: 'gambling',
  adult: 'adult_content',
  travel: 'travel',
  education: 'educational_institutions',
  government: 'government',
  health: 'health_medicine',
  sports: 'sports',
  entertainment: 'entertainment_arts',
  job_search: 'job_search',
  advertising: 'web_advertisements',
  malware_sites: 'malware_sites',
  phishing: 'phishing_fraud',
  proxy_avoidance: 'proxy_avoidance',
  uncategorized: 'uncategorized',
};

/** Cloud-app category of each application the generator knows. */
const CASB_CATEGORY_OF_APP: Readonly<Record<string, string>> = {
  'Microsoft 365': 'Collaboration',
  Salesforce: 'CRM',
  Slack: 'Collaboration',
  Zoom: 'Video conferencing',
  GitHub: 'Development',
  'Jira Cloud': 'Development',
  Box: 'Cloud storage',
  Dropbox: 'Cloud storage',
  WeTransfer: 'File sharing',
  'Google Drive': 'Cloud storage',
  Gmail: 'Webmail',
  'Outlook.com': 'Webmail',
};

/** Agents other than browsers, with their type. */
const NON_BROWSER_AGENTS = new WeightedPicker<readonly [string, string]>([
  [['Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)', 'desktop_app'], 14],
  [['Slack/4.41.105 (Windows 10) Electron/32.2.0', 'desktop_app'], 9],
  [['Zoom/6.2.5 (Windows NT 10.0)', 'desktop_app'], 6],
  [['Dropbox/210.4.5661 (Windows; 10; x64)', 'desktop_app'], 4],
  [['LinkedIn/9.30.4 (iPhone; iOS 18.0; Scale/3.00)', 'mobile_app'], 5],
  [['Instagram 350.0.0.24.89 Android (34/14; 420dpi; Pixel 9)', 'mobile_app'], 5],
  [['Microsoft-Delivery-Optimization/10.0', 'updater'], 10],
  [['Google Update/1.3.36.372;winhttp', 'updater'], 6],
  [['curl/8.5.0', 'script'], 4],
  [['python-requests/2.32.3', 'script'], 4],
  [['Go-http-client/2.0', 'script'], 3],
  [['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'bot'], 2],
  [['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bot'], 1],
]);

/** A browser's name and major version from its user-agent text (the generator's agents only). */
export function browserOf(ua: string): { browser: string; version: string } | null {
  const rules: readonly [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* (Mobile\/\S+ )?Safari/, 'Safari'],
  ];
  for (const [pattern, browser] of rules) {
    const match = pattern.exec(ua);
    if (match) return { browser, version: `${browser} ${match[1]}` };
  }
  return null;
}

const AV_RESULTS = new WeightedPicker<string>([
  ['clean', 86],
  ['suspicious', 4],
  ['encrypted', 4],
  ['unscannable', 4],
  ['infected', 2],
]);
const HEAT_TECHNIQUES = vocabularyCodes(HEAT_EVASION_TECHNIQUES);
const LURES = vocabularyCodes(LURE_CATEGORIES);
const ANALYSIS_TIMES = new WeightedPicker<string>([
  ['under_1s', 45],
  ['1_to_5s', 35],
  ['5_to_30s', 15],
  ['over_30s', 5],
]);
const HEAT_DETAILS: Readonly<Record<string, readonly string[]>> = {
  phishing: ['Zero-hour phishing page', 'Brand impersonation kit', 'Login form on a new domain'],
  credential_theft: ['Credential form posted to a foreign domain', 'Adversary-in-the-middle proxy'],
  malware: ['Evasive download', 'Script dropper', 'Macro document'],
  ransomware: ['Encrypted archive with executable', 'Known ransomware family'],
};

/** A risk score in tens, in the band of the event's risk. */
function riskScore(x: Random, risk: FieldValue | null): number {
  const [low, high] = risk === 'R' ? [7, 10] : risk === 'Y' ? [4, 6] : [0, 3];
  return x.int(low, high) * 10;
}

/** The report fields of a web event; may turn it into a click on (or an exit from) an email link. */
export function webReportFields(x: Random, f: Fields): Fields {
  const file = typeof f.file_name === 'string' ? f.file_name : null;
  const malicious = f.threat_class === 'malware' || f.threat_class === 'Infected';
  const phishy = f.threat_class === 'phishing' || f.category === 'phishing';
  const app = typeof f.application === 'string' ? f.application : null;
  const out: Fields = {
    file_type: file ? (file.split('.').pop() ?? null) : null,
    webroot_cats: WEBROOT_OF_CATEGORY[String(f.category)] ?? 'uncategorized',
    av_scan_result: file ? (malicious ? 'infected' : AV_RESULTS.pick(x)) : null,
    is_page_request: f.resource_category === 'page' ? 'true' : 'false',
    vulnerable_server: x.chance(0.02) ? 'true' : 'false',
    casb_cat_name: app ? (CASB_CATEGORY_OF_APP[app] ?? 'Other') : null,
    is_casb_ddl: app ? (f.casb_profile_type === 'unsanctioned' && x.chance(0.6) ? 'true' : 'false') : null,
  };
  if (x.chance(0.14)) {
    const [ua, type] = NON_BROWSER_AGENTS.pick(x);
    Object.assign(out, { user_agent: ua, ua_type: type });
  } else {
    const found = browserOf(String(f.user_agent));
    out.ua_type = 'browser';
    out.browser = found?.browser ?? null;
    out.browser_version = found?.version ?? null;
  }
  if ((malicious || phishy || f.category === 'malware_sites') && x.chance(0.4)) {
    const type = phishy
      ? x.chance(0.75)
        ? 'phishing'
        : 'credential_theft'
      : x.chance(0.85)
        ? 'malware'
        : 'ransomware';
    out.heat_alert_type = type;
    out.heat_alert_sub_type = x.pick(HEAT_DETAILS[type]);
    out.heat_evasion_technique = x.pick(HEAT_TECHNIQUES);
    if (phishy) {
      out.lure_category = x.pick(LURES);
      out.analysis_time_cat = ANALYSIS_TIMES.pick(x);
    }
  }
  const click = x.next();
  if (click < 0.035) {
    const risky = f.risk !== 'G';
    out.action = risky
      ? x.pick(['email_entry_safeview', 'email_entry_block'])
      : x.pick(['email_entry_allow', 'email_entry_allow', 'email_entry_safeview']);
    out.risk_score = riskScore(x, f.risk);
  } else if (click < 0.045) {
    out.action = f.risk === 'R' ? 'email_exit_block' : 'email_exit_allow';
    out.risk_score = riskScore(x, f.risk);
  }
  return out;
}

/** The SMTP reply code and processing time of an email event, from its SMTP action. */
export function emailReportFields(x: Random, f: Fields): Fields {
  const action = String(f.smtp_action);
  const code =
    action === 'upstream-reject'
      ? x.pick([550, 550, 552, 554])
      : action === 'upstream-abort'
        ? x.pick([421, 451])
        : action === 'error'
          ? x.pick([451, 452, 554])
          : 250;
  const rewritten = action.endsWith('rewrite') || action === 'wrapped' || action === 'replaced';
  const slow = (rewritten ? 3 : 1) * (f.file_name ? 2 : 1) * (code === 250 ? 1 : 4);
  return {
    smtp_code: code,
    time_taken: Math.round(Math.min(120_000, x.logNormal(Math.log(120 * slow), 0.6))),
  };
}

/** The application of a DLP event's site (the cloud-app reports' DLP violations). */
export const dlpReportFields = (f: Fields, appOf: (domain: string) => string | null): Fields => ({
  application: typeof f.domain === 'string' ? appOf(f.domain) : null,
});
