/**
 * Realistic synthetic log events for the six log types, deterministic from a seed.
 *
 * - Times: spread over the last `days` (default 180) days before `now`, in time order, with a
 *   daily rhythm (busy around 13:00 UTC, quiet at night), a weekly rhythm (weekends at ~30 %)
 *   and a slow growth over the period. The count per hour is exact, so `count` events come out.
 * - Mix: web 55 %, email 12 %, firewall 15 %, private access 8 %, dlp 5 %, audit 5 %; the first
 *   tenant gets the most traffic. A tenant gets only the log types and web actions its features
 *   allow (common's log-type registry: no e-mail events nor e-mail clicks without e-mail).
 * - Audit events are demo history (issue 31): marked as such in their details (DEMO_HISTORY_MARK),
 *   naming no revision, and only before the tenant's creation, where its real trail begins; live
 *   demo traffic (liveEventMaker) writes none.
 * - Values come from the shared vocabularies (@workbench/common/vocabularies); domains are
 *   Zipf-distributed (a few sites get most visits, a long tail gets few), sizes log-normal.
 * Same (tenants, count, seed, now, days) → the same events.
 */
import {
  COUNTRIES,
  tenantHasLogType,
  vocabularyCodes,
  webActionAllowed,
  type LogType,
} from '@workbench/common/vocabularies/index';
import { DEMO_HISTORY_MARK } from '@workbench/common/api/contract/demo';
import { SUB_EVENT_TYPES } from '@workbench/common/api/contract/auditAreas';
import { createHash } from 'node:crypto';
import type { NewEvent } from '../events/eventStore';
import type { FieldValue } from '@workbench/common/api/contract/logSchema';
import { Random, WeightedPicker, zipfPicker } from './random';
import { dlpReportFields, emailReportFields, webReportFields } from './reportFields';
import { siteCategoryCode, UNKNOWN_SITE_CATEGORY } from '../policy/reference/siteCategories';

export interface GeneratorTenant {
  readonly tid: string;
  /** Short name, e.g. 'acme': users get addresses at `<name>.example`. */
  readonly name: string;
  /**
   * The tenant's web policy (issue 12): when given, a web request it decides by a rule takes that
   * rule's action, and the event names the rule (rule_name, policy_rule), so a log row links to
   * its rule. Called after every random draw, so the events' other values do not depend on it.
   */
  readonly decideWeb?: WebDecider;
  /**
   * What the tenant's demo audit history may name (issue 15: accounts and users that exist): from
   * the config store (seedTenants.ts withAuditFacts). Without it the generator names its own
   * (generator tests, stores without a config store).
   */
  readonly audit?: AuditFacts;
  /**
   * The tenant's feature flags that are on (docs/access.md §5, from its capabilities: seedTenants.ts
   * generatorTenantsOf): it gets only the log types and web actions they allow. Without it, all.
   */
  readonly features?: readonly string[];
  /**
   * When the tenant was created (epoch ms): its real audit trail begins there, so its demo audit
   * history ends before it. Without it, demo history runs up to `now`.
   */
  readonly createdAt?: number;
}

/** The tenant's portal accounts and end users, for its demo audit history. */
export interface AuditFacts {
  /** Portal accounts that may change settings (admins first); sign-ins use every account. */
  readonly admins: readonly string[];
  readonly accounts: readonly string[];
  /** End users of the user database (a demo `add_user` names one). */
  readonly endUsers: readonly string[];
}

/** What a web event's request is, for the tenant's web policy. */
export interface WebRequestFacts {
  readonly url: string;
  /** The log's category code (WEB_CATEGORIES). */
  readonly category: string;
  readonly risk: 'G' | 'Y' | 'R';
  readonly userid: string;
  readonly groups: string;
  readonly src_ip: string;
  readonly user_agent: string;
  readonly time: number;
}

/** The action and rule that decided a request, or null when no rule of the policy decided it. */
export type WebDecider = (
  facts: WebRequestFacts,
) => { action: string; ruleName: string; policyRule: string } | null;

export interface GeneratorOptions {
  readonly tenants: readonly GeneratorTenant[];
  readonly count: number;
  readonly seed?: number;
  /** Epoch ms; the newest event is before it. */
  readonly now: number;
  readonly days?: number;
  readonly batchSize?: number;
  /** Overrides the log-type mix (relative weights), e.g. { scan_web: 1 } for web events only. */
  readonly typeWeights?: Partial<Record<LogType, number>>;
}

const HOUR = 3600000;
/** The seed and span used when the options give none. */
export const DEFAULT_SEED = 20261122;
export const DEFAULT_DAYS = 180;

const FIRST_NAMES = [
  'james',
  'mary',
  'li',
  'fatima',
  'olga',
  'carlos',
  'aiko',
  'noah',
  'emma',
  'liam',
  'sofia',
  'raj',
  'chen',
  'amara',
  'lucas',
  'mia',
  'ivan',
  'zoe',
  'omar',
  'nina',
  'paul',
  'sara',
  'tom',
  'anna',
  'kofi',
  'yuki',
  'leo',
  'ella',
  'sam',
  'ines',
];
const LAST_NAMES = [
  'smith',
  'garcia',
  'wang',
  'khan',
  'petrov',
  'silva',
  'tanaka',
  'brown',
  'muller',
  'rossi',
  'kim',
  'patel',
  'nguyen',
  'okafor',
  'dubois',
  'jensen',
  'novak',
  'cohen',
  'lopez',
  'schmidt',
];
const GROUPS = [
  'Engineering',
  'Sales',
  'Finance',
  'HR',
  'Marketing',
  'Support',
  'Legal',
  'IT',
  'Executives',
  'Operations',
];

/** Popular sites, most visited first (Zipf rank = list order); their categories come from the category database. */
const TOP_SITES: readonly string[] = [
  'google.com',
  'microsoft.com',
  'office.com',
  'youtube.com',
  'salesforce.com',
  'slack.com',
  'github.com',
  'linkedin.com',
  'zoom.us',
  'amazon.com',
  'wikipedia.org',
  'gmail.com',
  'dropbox.com',
  'box.com',
  'bbc.co.uk',
  'nytimes.com',
  'facebook.com',
  'x.com',
  'atlassian.net',
  'stackoverflow.com',
  'reddit.com',
  'netflix.com',
  'outlook.com',
  'apple.com',
  'cnn.com',
  'reuters.com',
  'bloomberg.com',
  'paypal.com',
  'chase.com',
  'booking.com',
  'expedia.com',
  'indeed.com',
  'espn.com',
  'spotify.com',
  'instagram.com',
  'doubleclick.net',
  'ebay.com',
  'weather.com',
  'irs.gov',
  'nih.gov',
  'twitch.tv',
  'steampowered.com',
  'wetransfer.com',
  'drive.google.com',
  'imdb.com',
  'coursera.org',
  'pokerstars.com',
  'bet365.com',
  'hidemyass.com',
];
const TAIL_WORDS = [
  'blue',
  'data',
  'cloud',
  'micro',
  'web',
  'net',
  'smart',
  'tech',
  'green',
  'fast',
  'open',
  'city',
  'star',
  'global',
  'prime',
  'info',
  'soft',
  'home',
  'media',
  'bright',
];
const TAIL_TLDS = ['com', 'net', 'org', 'io', 'de', 'co.uk', 'fr', 'info', 'biz', 'ru', 'cn', 'xyz'];
const TAIL_CATEGORIES = new WeightedPicker<string>([
  ['business', 20],
  ['technology', 15],
  ['news', 8],
  ['shopping', 8],
  ['entertainment', 6],
  ['travel', 4],
  ['education', 4],
  ['health', 3],
  ['sports', 3],
  ['advertising', 6],
  ['uncategorized', 12],
  ['malware_sites', 3],
  ['phishing', 3],
  ['adult', 2],
  ['gambling', 1],
  ['games', 2],
]);

/** Cloud applications (casb) by domain, with their profile type. */
const CASB_APPS: Readonly<Record<string, readonly [string, string]>> = {
  'office.com': ['Microsoft 365', 'sanctioned'],
  'salesforce.com': ['Salesforce', 'sanctioned'],
  'slack.com': ['Slack', 'sanctioned'],
  'zoom.us': ['Zoom', 'sanctioned'],
  'github.com': ['GitHub', 'sanctioned'],
  'atlassian.net': ['Jira Cloud', 'sanctioned'],
  'box.com': ['Box', 'sanctioned'],
  'dropbox.com': ['Dropbox', 'unsanctioned'],
  'wetransfer.com': ['WeTransfer', 'unsanctioned'],
  'drive.google.com': ['Google Drive', 'unclassified'],
  'gmail.com': ['Gmail', 'unclassified'],
  'outlook.com': ['Outlook.com', 'unclassified'],
};

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
];
const UA_PICKER = zipfPicker(USER_AGENTS, 0.9);

const DEST_COUNTRIES = new WeightedPicker<string>([
  ['US', 50],
  ['IE', 8],
  ['DE', 7],
  ['GB', 6],
  ['NL', 5],
  ['FR', 3],
  ['JP', 2],
  ['SG', 2],
  ['CA', 2],
  ['AU', 1.5],
  ['IN', 1.5],
  ['BR', 1],
  ['SE', 1],
  ['CH', 1],
  ['CN', 1],
  ['RU', 0.8],
  ['KR', 0.7],
  ['HK', 0.6],
  ['ES', 0.6],
  ['IT', 0.6],
  ['*', 2],
]);
const ALL_COUNTRY_CODES = vocabularyCodes(COUNTRIES);

const WEB_ACTIONS = new WeightedPicker<string>([
  ['allow', 70],
  ['safeview', 22],
  ['block', 3],
  ['bypass', 2],
  ['sslbump_bypass', 1.5],
  ['direct', 1],
  ['safeview_readonly', 0.5],
  ['mobile_allow', 0.6],
  ['mobile_safeview', 0.3],
  ['disable', 0.1],
]);
const RESOURCE = new WeightedPicker<string>([
  ['page', 45],
  ['image', 15],
  ['script', 12],
  ['xhr', 12],
  ['media', 4],
  ['download', 6],
  ['upload', 2],
  ['form_post', 3],
  ['other', 1],
]);
const THREATS = new WeightedPicker<string>([
  ['malware', 20],
  ['phishing', 25],
  ['reputation', 15],
  ['category', 10],
  ['botnet', 5],
  ['c&c', 4],
  ['compromised-scanning', 3],
  ['compromised-tor', 2],
  ['spam', 6],
  ['vulnerable', 3],
  ['plugin', 2],
  ['dns-error', 2],
  ['unknown', 2],
  ['Infected', 1],
]);
const FILES: readonly (readonly [string, string])[] = [
  ['Q3-report.pdf', 'pdf'],
  ['invoice_4471.pdf', 'pdf'],
  ['budget-2026.xlsx', 'xlsx'],
  ['contract_v2.docx', 'docx'],
  ['setup.exe', 'exe'],
  ['photos.zip', 'zip'],
  ['slides.pptx', 'pptx'],
  ['notes.txt', 'txt'],
  ['customer-list.csv', 'csv'],
  ['Calendar-invite.ics', 'ics'],
  ['driver_update.msi', 'msi'],
  ['scan0042.jpg', 'jpg'],
];
const fileHashes = new Map<string, string>();
/**
 * A demo file's SHA-256: one file per name and the site (or sender) it came from, the same in every
 * event and tenant that carries it (no random draw, so the rest of the stream is as before).
 */
export function demoFileSha256(name: string, origin: string): string {
  const key = `${name}\u0000${origin}`;
  let hash = fileHashes.get(key);
  if (hash === undefined) {
    hash = createHash('sha256').update(`workbench demo file\u0000${key}`).digest('hex');
    fileHashes.set(key, hash);
  }
  return hash;
}
const DLP_RULES = [
  'PCI - Credit Card Numbers',
  'PII - US Social Security Numbers',
  'HIPAA - Medical Records',
  'Source Code',
  'Confidential Documents',
  'GDPR - EU National IDs',
];
const EMAIL_SUBJECTS = [
  'Invoice {n} due',
  'Meeting notes {n}',
  'Your order #{n} has shipped',
  'Action required: password expiry',
  'Quarterly results',
  'Re: project update',
  'Shared document: plan-{n}',
  'Urgent wire transfer',
  'Welcome to the team',
  'Newsletter #{n}',
];
const SENDER_DOMAINS = [
  'partner-corp.com',
  'supplier.net',
  'newsletter.example.org',
  'bank-secure-login.xyz',
  'gmail.com',
  'outlook.com',
  'vendor.io',
  'shipping-updates.co',
];
const FW_RULES = [
  'Allow web',
  'Allow DNS',
  'Block outbound SMB',
  'Block Tor',
  'Allow VPN',
  'Default deny',
  'Allow private apps',
];
const FW_PORTS = new WeightedPicker<number>([
  [443, 60],
  [80, 15],
  [53, 12],
  [22, 3],
  [3389, 2],
  [25, 2],
  [123, 3],
  [8443, 2],
  [445, 1],
]);
const PRIVATE_APPS: readonly (readonly [string, string, number, string])[] = [
  ['Jira (internal)', 'jira', 443, 'https'],
  ['GitLab', 'gitlab', 443, 'https'],
  ['HR Portal', 'hr', 443, 'https'],
  ['Finance ERP', 'erp', 443, 'https'],
  ['Wiki', 'wiki', 443, 'https'],
  ['Grafana', 'grafana', 443, 'https'],
  ['Build servers', 'build', 22, 'ssh'],
  ['Jump host', 'jump', 3389, 'rdp'],
];
const AUDIT = new WeightedPicker<string>([
  ['login', 40],
  ['logout', 18],
  ['update', 12],
  ['login_failed', 6],
  ['published', 6],
  ['create', 3],
  ['reorder', 2],
  ['delete', 2],
  ['change_pwd', 1.5],
  ['rollback', 0.5],
  ['add_user', 1.5],
  ['remove_user', 0.7],
  ['activated', 0.5],
  ['deactivated', 0.4],
  ['unlocked', 0.4],
  ['tfa_enabled', 0.5],
  ['tfa_disabled', 0.2],
  ['tfa_reset', 0.2],
  ['tfa_login_failed', 0.5],
]);
const ADMIN_AREAS = vocabularyCodes(SUB_EVENT_TYPES).filter((c) => c !== 'session');
const TYPE_MIX: Readonly<Record<LogType, number>> = {
  scan_web: 55,
  scan_email: 12,
  fwaas_logs: 15,
  saa_logs: 8,
  scan_dlp: 5,
  scan_audit: 5,
};
/** Demo revision events name no revision: the tenant's real revisions begin after its history. */
const DEMO_REVISION_DETAILS: Readonly<Record<string, string>> = {
  published: 'Published a policy revision',
  rollback: 'Staged a rollback to an earlier revision',
  create: 'Initialized a policy revision',
};

interface User {
  readonly userid: string;
  readonly group: string;
  readonly ip: string;
  readonly ua: string;
  readonly country: string;
}

interface TenantModel {
  readonly tenant: GeneratorTenant;
  readonly users: readonly User[];
  readonly userPicker: WeightedPicker<User>;
  readonly admins: readonly User[];
  /** The tenant's log types by weight (those its features allow). */
  readonly typePicker: WeightedPicker<LogType>;
  /** Whether the tenant's features allow a web action. */
  readonly actionAllowed: (action: string) => boolean;
}

/** A tenant's log types: the mix's, less those its features do not allow (and audit, for live traffic). */
function typePickerOf(
  tenant: GeneratorTenant,
  weights: Readonly<Partial<Record<LogType, number>>>,
  live: boolean,
): WeightedPicker<LogType> {
  const flags = featureFlagsOf(tenant);
  const entries = (Object.entries(weights) as [LogType, number][]).filter(
    ([type]) => (flags === null || tenantHasLogType(type, flags)) && !(live && type === 'scan_audit'),
  );
  return new WeightedPicker(entries.length > 0 ? entries : [['scan_web', 1]]);
}

const featureFlagsOf = (tenant: GeneratorTenant): Record<string, boolean> | null =>
  tenant.features ? Object.fromEntries(tenant.features.map((name) => [name, true])) : null;

function buildTenant(
  tenant: GeneratorTenant,
  index: number,
  random: Random,
  types: { weights: Readonly<Partial<Record<LogType, number>>>; live: boolean },
): TenantModel {
  const size = Math.max(12, 80 - index * 40);
  const homes = new WeightedPicker<string>([
    ['US', 60],
    ['GB', 12],
    ['DE', 10],
    ['IN', 8],
    ['FR', 5],
    ['JP', 5],
  ]);
  const users: User[] = [];
  const seen = new Set<string>();
  while (users.length < size) {
    const userid = `${random.pick(FIRST_NAMES)}.${random.pick(LAST_NAMES)}@${tenant.name}.example`;
    if (seen.has(userid)) continue;
    seen.add(userid);
    users.push({
      userid,
      group: random.pick(GROUPS),
      ip: `10.${index + 10}.${random.int(0, 40)}.${random.int(2, 254)}`,
      ua: UA_PICKER.pick(random),
      country: homes.pick(random),
    });
  }
  const admin: User = {
    userid: `admin@${tenant.name}.example`,
    group: 'IT',
    ip: `10.${index + 10}.0.10`,
    ua: USER_AGENTS[0],
    country: 'US',
  };
  const flags = featureFlagsOf(tenant);
  return {
    tenant,
    users,
    userPicker: zipfPicker(users, 0.8),
    admins: [admin, ...users.filter((u) => u.group === 'IT').slice(0, 3)],
    typePicker: typePickerOf(tenant, types.weights, types.live),
    actionAllowed: (action) => flags === null || webActionAllowed(action, flags),
  };
}

interface Site {
  readonly domain: string;
  readonly category: string;
}

function buildSites(random: Random): Site[] {
  const sites: Site[] = TOP_SITES.map((domain) => ({
    domain,
    category: siteCategoryCode(domain)?.code ?? UNKNOWN_SITE_CATEGORY,
  }));
  for (let i = 0; sites.length < 2000; i += 1) {
    const domain = `${random.pick(TAIL_WORDS)}${random.pick(TAIL_WORDS)}${i % 7 === 0 ? i : ''}.${random.pick(TAIL_TLDS)}`;
    sites.push({ domain, category: TAIL_CATEGORIES.pick(random) });
  }
  return sites;
}

/** The hourly weight: daily and weekly rhythm and a slow growth; `t` is the hour's start. */
export function hourWeight(t: number, first: number, last: number): number {
  const date = new Date(t);
  const hour = date.getUTCHours();
  const day = date.getUTCDay();
  const daily = 0.08 + Math.exp(-((hour - 13) ** 2) / (2 * 3.2 ** 2));
  const weekly = day === 0 ? 0.25 : day === 6 ? 0.32 : 1;
  const growth = 0.8 + (0.4 * (t - first)) / Math.max(1, last - first);
  return daily * weekly * growth;
}

function ip(random: Random): string {
  return `${random.int(11, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

function country(random: Random): string {
  const c = DEST_COUNTRIES.pick(random);
  return c === '*' ? random.pick(ALL_COUNTRY_CODES) : c;
}

function bytes(random: Random, mu: number, sigma: number): number {
  return Math.min(4_000_000_000, Math.max(40, Math.round(random.logNormal(mu, sigma))));
}

type Fields = Record<string, FieldValue | null>;

/** The tenant's web policy decides the request: its action (and status) and the deciding rule. */
function applyWebDecision(fields: Fields, decide: WebDecider, time: number): void {
  const decision = decide({
    url: String(fields.url),
    category: String(fields.category),
    risk: fields.risk as 'G' | 'Y' | 'R',
    userid: String(fields.userid),
    groups: String(fields.groups),
    src_ip: String(fields.src_ip),
    user_agent: String(fields.user_agent),
    time,
  });
  if (!decision) return;
  if (decision.action === 'block') fields.status_code = 403;
  else if (fields.action === 'block') fields.status_code = 200;
  fields.action = decision.action;
  fields.rule_name = decision.ruleName;
  fields.policy_rule = decision.policyRule;
}

class EventFactory {
  private readonly sites: Site[];
  private readonly sitePicker: WeightedPicker<Site>;
  private readonly tenants: TenantModel[];
  private readonly tenantPicker: WeightedPicker<TenantModel>;

  constructor(
    private readonly random: Random,
    /** The report fields' own stream (reportFields.ts), so the older fields keep their values. */
    private readonly reportRandom: Random,
    tenants: readonly GeneratorTenant[],
    typeWeights?: Partial<Record<LogType, number>>,
    /** Live demo traffic: no audit events (issue 31: the audit trail holds only what happened). */
    live = false,
  ) {
    this.sites = buildSites(random);
    this.sitePicker = zipfPicker(this.sites, 1.1);
    const types = { weights: typeWeights ?? TYPE_MIX, live };
    this.tenants = tenants.map((t, i) => buildTenant(t, i, random, types));
    this.tenantPicker = new WeightedPicker(this.tenants.map((t, i) => [t, 1 / (i + 1) ** 1.2] as const));
  }

  make(time: number): NewEvent {
    const tenant = this.tenantPicker.pick(this.random);
    let logType = tenant.typePicker.pick(this.random);
    // Demo audit history ends where the tenant's real trail begins: later, the tenant browses.
    const { createdAt } = tenant.tenant;
    if (logType === 'scan_audit' && createdAt !== undefined && time >= createdAt) logType = 'scan_web';
    const fields = this.fieldsOf(logType, tenant);
    if (logType === 'scan_web' && tenant.tenant.decideWeb)
      applyWebDecision(fields, tenant.tenant.decideWeb, time);
    const x = this.reportRandom;
    if (logType === 'scan_web') {
      const report = webReportFields(x, fields);
      // A click in an e-mail only where the tenant's e-mail is isolated: otherwise a plain request.
      if (typeof report.action === 'string' && !tenant.actionAllowed(report.action)) {
        delete report.action;
        delete report.risk_score;
      }
      Object.assign(fields, report);
    } else if (logType === 'scan_email') Object.assign(fields, emailReportFields(x, fields));
    else if (logType === 'scan_dlp')
      Object.assign(
        fields,
        dlpReportFields(fields, (domain) => CASB_APPS[domain]?.[0] ?? null),
      );
    return { tid: tenant.tenant.tid, logType, time, fields };
  }

  private fieldsOf(logType: LogType, tenant: TenantModel): Fields {
    switch (logType) {
      case 'scan_web':
        return this.web(tenant);
      case 'scan_email':
        return this.email(tenant);
      case 'scan_dlp':
        return this.dlp(tenant);
      case 'scan_audit':
        return this.audit(tenant);
      case 'fwaas_logs':
        return this.firewall(tenant);
      case 'saa_logs':
        return this.privateAccess(tenant);
    }
  }

  private web(tenant: TenantModel): Fields {
    const r = this.random;
    const user = tenant.userPicker.pick(r);
    const site = this.sitePicker.pick(r);
    const malicious = site.category === 'malware_sites' || site.category === 'phishing';
    const risky = malicious || r.chance(0.04);
    let action = WEB_ACTIONS.pick(r);
    if (malicious) action = r.chance(0.7) ? 'block' : 'safeview';
    else if (site.category === 'adult' || site.category === 'gambling')
      action = r.chance(0.8) ? 'block' : 'safeview';
    const resource = RESOURCE.pick(r);
    const file = resource === 'download' || resource === 'upload' ? r.pick(FILES) : null;
    const app = CASB_APPS[site.domain];
    const https = r.chance(0.93);
    const method =
      resource === 'upload' || resource === 'form_post'
        ? 'POST'
        : r.chance(0.92)
          ? 'GET'
          : r.pick(['POST', 'HEAD', 'OPTIONS', 'PUT']);
    return {
      userid: user.userid,
      groups: user.group,
      src_ip: user.ip,
      domain: site.domain,
      url: `${https ? 'https' : 'http'}://${site.domain}/${file ? `files/${file[0]}` : r.pick(['', 'index.html', 'search?q=report', 'api/v2/items', 'news/latest', 'login', 'static/app.js'])}`,
      category: site.category,
      action,
      risk: malicious ? 'R' : risky ? (r.chance(0.7) ? 'Y' : 'R') : 'G',
      threat_class: malicious || (risky && r.chance(0.5)) ? THREATS.pick(r) : null,
      country: country(r),
      protocol: https ? 'https' : 'http',
      http_method: method,
      status_code: action === 'block' ? 403 : r.pick([200, 200, 200, 200, 200, 200, 304, 302, 204, 404, 500]),
      bytes_in: bytes(r, resource === 'download' || resource === 'media' ? 13 : 9, 1.8),
      bytes_out: bytes(r, resource === 'upload' ? 13 : 6.5, 1.2),
      user_agent: user.ua,
      resource_category: resource,
      casb_profile_type: app ? app[1] : null,
      application: app ? app[0] : null,
      file_name: file ? file[0] : null,
      sha256: file ? demoFileSha256(file[0], site.domain) : null,
    };
  }

  private email(tenant: TenantModel): Fields {
    const r = this.random;
    const user = tenant.userPicker.pick(r);
    const senderDomain = r.pick(SENDER_DOMAINS);
    const suspicious = senderDomain.endsWith('.xyz') || senderDomain.endsWith('.co') || r.chance(0.03);
    const attachment = r.chance(0.3) ? r.pick(FILES) : null;
    const encrypted = attachment && r.chance(0.08);
    const emailAction = suspicious
      ? r.pick(['wrapped', 'removed', 'replaced', 'transform'])
      : r.pick([
          'observed',
          'observed',
          'observed',
          'wrapped',
          'added',
          'whitelist',
          'unwrapped',
          'restore',
          'fail_open',
        ]);
    return {
      sender: `${r.pick(FIRST_NAMES)}@${senderDomain}`,
      recipient: user.userid,
      subject: r.pick(EMAIL_SUBJECTS).replace('{n}', String(r.int(100, 9999))),
      email_action: emailAction,
      smtp_action:
        emailAction === 'observed'
          ? r.pick(['observed', 'sent-unmodified', 'upstream-accept'])
          : r.pick([
              'url-rewrite',
              'attachment-rewrite',
              'wrapped',
              'replaced',
              'upstream-reject',
              'upstream-abort',
              'error',
            ]),
      reason:
        emailAction === 'fail_open'
          ? 'fail_open'
          : suspicious
            ? r.pick(['default', 'threat', 'policy', 'malformed'])
            : r.pick([
                'default',
                'default',
                'menlo',
                'manual',
                'csv',
                'unsupported',
                'invalid_charset',
                'size_limit',
                'undo',
              ]),
      risk: suspicious ? (r.chance(0.6) ? 'R' : 'Y') : 'G',
      threat_class: suspicious ? r.pick(['phishing', 'spam', 'malware', 'reputation']) : null,
      file_name: attachment ? attachment[0] : null,
      file_type: attachment ? attachment[1] : null,
      sha256: attachment ? demoFileSha256(attachment[0], senderDomain) : null,
      file_decrypted: encrypted ? r.pick(['success', 'success', 'wrong_password', 'error']) : null,
      inspection_action: attachment
        ? suspicious
          ? r.pick(['block', 'inspect'])
          : r.pick(['allow', 'allow', 'inspect'])
        : null,
      inspection_type: attachment ? r.pick(['file', 'hash', 'document']) : null,
      url: r.chance(0.6) ? `https://${senderDomain}/l/${r.int(1000, 99999)}` : null,
      domain: senderDomain,
      src_ip: ip(r),
      country: country(r),
      bytes_in: bytes(r, attachment ? 12 : 9.5, 1.1),
    };
  }

  private dlp(tenant: TenantModel): Fields {
    const r = this.random;
    const user = tenant.userPicker.pick(r);
    const site = r.pick([
      'drive.google.com',
      'dropbox.com',
      'box.com',
      'wetransfer.com',
      'gmail.com',
      'outlook.com',
      'github.com',
      'pastebin.com',
    ]);
    const file = r.chance(0.75) ? r.pick(FILES) : null;
    return {
      userid: user.userid,
      groups: user.group,
      domain: site,
      url: `https://${site}/upload`,
      dlp_action: new WeightedPicker<string>([
        ['log', 60],
        ['block', 30],
        ['allow', 10],
      ]).pick(r),
      dlp_rule: r.pick(DLP_RULES),
      file_name: file ? file[0] : null,
      file_type: file ? file[1] : null,
      sha256: file ? demoFileSha256(file[0], site) : null,
      resource_category: file ? r.pick(['upload', 'attachment']) : 'form_post',
      src_ip: user.ip,
      country: country(r),
      bytes_out: bytes(r, file ? 12.5 : 8, 1.4),
    };
  }

  /** A demo audit event: history before the tenant existed, marked so (DEMO_HISTORY_MARK). */
  private audit(tenant: TenantModel): Fields {
    const r = this.random;
    // The same random draws with or without the tenant's facts, so the rest of the stream is as before.
    const drawnAdmin = r.chance(0.6) ? tenant.admins[0] : r.pick(tenant.admins);
    const action = AUDIT.pick(r);
    const session = ['login', 'logout', 'login_failed', 'change_pwd', 'tfa_login_failed'].includes(action);
    const facts = tenant.tenant.audit;
    // Who: one of the tenant's portal accounts (any for sign-ins, an admin for changes).
    const who = facts
      ? (session ? facts.accounts : facts.admins)[
          Math.abs(hashOf(drawnAdmin.userid)) % (session ? facts.accounts : facts.admins).length
        ]
      : drawnAdmin.userid;
    const admin = { ...drawnAdmin, userid: who ?? drawnAdmin.userid };
    const area = session
      ? 'session'
      : action.startsWith('tfa')
        ? 'tfa'
        : action.endsWith('_user') || action.endsWith('activated') || action === 'unlocked'
          ? 'users'
          : r.pick(ADMIN_AREAS);
    r.int(2, 400); // once a revision number: demo history names none (DEMO_REVISION_DETAILS)
    const drawnRule = r.pick(['Block gambling', 'Isolate uncategorized', 'Allow partners']);
    const drawnPosition = r.int(1, 20);
    const drawnAdded = r.pick(tenant.users).userid;
    const drawnRemoved = r.pick(tenant.users).userid;
    // An added user that exists: an end user of the user database. A removed one is gone by definition.
    const added =
      facts && facts.endUsers.length > 0
        ? facts.endUsers[Math.abs(hashOf(drawnAdded)) % facts.endUsers.length]
        : drawnAdded;
    const detail: Record<string, string> = {
      ...DEMO_REVISION_DETAILS,
      login: 'Signed in to the portal',
      logout: 'Signed out',
      login_failed: 'Sign-in failed: wrong password',
      reorder: `Moved rule "${drawnRule}" to position ${drawnPosition}`,
      add_user: `Added user ${added}`,
      remove_user: `Removed user ${drawnRemoved}`,
    };
    const object: Record<string, string> = { add_user: added, remove_user: drawnRemoved };
    const what = detail[action] ?? `${action.replace(/_/g, ' ')} in ${area.replace(/_/g, ' ')}`;
    return {
      userid: admin.userid,
      audit_action: action,
      sub_event_type: action === 'create' ? 'web_policy' : area,
      details: `${DEMO_HISTORY_MARK}: ${what}`,
      object: object[action] ?? null,
      src_ip: r.chance(0.9) ? admin.ip : ip(r),
      country: admin.country,
      user_agent: admin.ua,
    };
  }

  private firewall(tenant: TenantModel): Fields {
    const r = this.random;
    const user = tenant.userPicker.pick(r);
    const port = FW_PORTS.pick(r);
    const privateAccess = r.chance(0.15);
    const action = new WeightedPicker<string>([
      ['allow', 80],
      ['drop', 10],
      ['reject', 5],
      ['proxy', 5],
    ]).pick(r);
    const site = port === 443 || port === 80 ? this.sitePicker.pick(r) : null;
    return {
      userid: user.userid,
      src_ip: user.ip,
      src_port: r.int(32768, 60999),
      dst_ip: privateAccess ? `10.${r.int(100, 120)}.${r.int(0, 255)}.${r.int(2, 254)}` : ip(r),
      dst_port: port,
      protocol: port === 53 || port === 123 ? 'udp' : r.chance(0.01) ? 'icmp' : 'tcp',
      fw_action: action,
      request_type: privateAccess ? 'private_access' : 'internet',
      rule_name:
        action === 'allow'
          ? r.pick(['Allow web', 'Allow DNS', 'Allow VPN', 'Allow private apps'])
          : r.pick(FW_RULES),
      domain: site ? site.domain : null,
      application: site ? (CASB_APPS[site.domain]?.[0] ?? null) : null,
      country: privateAccess ? user.country : country(r),
      bytes_in: action === 'allow' ? bytes(r, 10, 2) : 0,
      bytes_out: action === 'allow' ? bytes(r, 8, 1.5) : bytes(r, 5, 0.5),
    };
  }

  private privateAccess(tenant: TenantModel): Fields {
    const r = this.random;
    const user = tenant.userPicker.pick(r);
    const [application, host, port, protocol] = r.pick(PRIVATE_APPS);
    const blocked =
      r.chance(0.08) ||
      (port !== 443 && user.group !== 'IT' && user.group !== 'Engineering' && r.chance(0.5));
    return {
      userid: user.userid,
      groups: user.group,
      application,
      domain: `${host}.corp.${tenant.tenant.name}.example`,
      dst_ip: `10.200.${PRIVATE_APPS.findIndex((a) => a[0] === application)}.${r.int(10, 20)}`,
      dst_port: port,
      action: blocked ? 'block' : 'allow',
      protocol,
      src_ip: ip(r),
      country: user.country,
      user_agent: user.ua,
      bytes_in: blocked ? 0 : bytes(r, 11, 1.6),
      bytes_out: bytes(r, 8, 1.2),
    };
  }
}

/**
 * Yields `count` events in batches, oldest first. The tenants' tids come from the config store.
 */
export function* generateEvents(options: GeneratorOptions): Generator<NewEvent[]> {
  const { tenants, count, now } = options;
  if (!Number.isSafeInteger(count) || count < 0) throw new Error('count must be a non-negative integer.');
  if (tenants.length === 0) throw new Error('At least one tenant is needed.');
  const days = options.days ?? DEFAULT_DAYS;
  const batchSize = options.batchSize ?? 5000;
  const seed = options.seed ?? DEFAULT_SEED;
  const random = new Random(seed);
  const factory = new EventFactory(random, new Random(seed ^ 0x5eed), tenants, options.typeWeights);

  const lastHour = Math.floor((now - 1) / HOUR) * HOUR;
  const firstHour = lastHour - (days * 24 - 1) * HOUR;
  const weights: number[] = [];
  let total = 0;
  for (let t = firstHour; t <= lastHour; t += HOUR) {
    const span = Math.min(HOUR, now - t) / HOUR;
    const w = hourWeight(t, firstHour, lastHour) * span;
    weights.push(w);
    total += w;
  }

  let batch: NewEvent[] = [];
  let cumulative = 0;
  let emitted = 0;
  for (let h = 0; h < weights.length; h += 1) {
    cumulative += weights[h];
    const target = h === weights.length - 1 ? count : Math.round((count * cumulative) / total);
    const n = target - emitted;
    if (n <= 0) continue;
    const start = firstHour + h * HOUR;
    const span = Math.min(HOUR, now - start);
    const times: number[] = [];
    for (let i = 0; i < n; i += 1) times.push(start + Math.floor(random.next() * span));
    times.sort((a, b) => a - b);
    for (const time of times) {
      batch.push(factory.make(time));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    emitted = target;
  }
  if (batch.length > 0) yield batch;
}

/**
 * Live demo data (issue 15): after the first seeding the server keeps adding a few events a
 * second, so "Last 15 minutes" and a live tail show data on any day. Returns a maker of `count`
 * events at random times in [from, to), oldest first, from a random stream of its own. Traffic
 * only: no audit events (issue 31: the audit trail holds what happened, not demo traffic).
 */
export function liveEventMaker(
  tenants: readonly GeneratorTenant[],
  seed: number,
): (from: number, to: number, count: number) => NewEvent[] {
  if (tenants.length === 0) throw new Error('At least one tenant is needed.');
  const random = new Random(seed);
  const factory = new EventFactory(random, new Random(seed ^ 0x5eed), tenants, undefined, true);
  return (from, to, count) => {
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) times.push(from + Math.floor(random.next() * Math.max(1, to - from)));
    return times.sort((a, b) => a - b).map((time) => factory.make(time));
  };
}

/** A small stable hash (FNV-1a) to map a drawn value onto a list of existing ones without a new draw. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
