/**
 * How the web policy decides a request (issue 12's policy tester; the order is documented in
 * common's webKinds.ts): the exception rules' bypass list, the browser-and-application rules
 * checked before the exceptions (bnb pre), the user-agent rules, the exception rules in order
 * (the first enabled rule whose conditions all match, within its schedule), the site's category
 * action, its risk level's action, then bnb post; nothing matched allows.
 */
import type { DecidingRule } from '@workbench/common/api/contract/policy';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { RISKS } from '@workbench/common/vocabularies/logFilterVocabularies';
import { vocabularyLabel } from '@workbench/common/vocabularies/vocabulary';
import { ipv4ToNumber, isIPv4, parseIpv4Range } from '@workbench/common/validators/ipHelpers';

export interface WebPolicy {
  risks: PolicyData<'risks'>;
  cats: PolicyData<'cats'>;
  exceptions: PolicyData<'web/exceptions'>;
  bnb: PolicyData<'bnb'>;
  userAgents: PolicyData<'web/user_agents'>;
}

/** What is known about a request (a URL's host and text, who, when, what the site is). */
export interface WebRequest {
  url: URL;
  user?: string;
  groups?: readonly string[];
  categoryId?: number;
  risk?: 'G' | 'Y' | 'R';
  time: Date;
  userAgent?: string;
  sourceIp?: string;
  /** The address the site is reached at; absent: the URL's host when it is an IPv4 address. */
  destIp?: string;
}

export interface WebDecision {
  action: string;
  rule: DecidingRule | null;
  reason: string;
}

type Match = { match: string; value: string };

/** 'example.com' matches the host and its subdomains; '*.example.com' its subdomains only. */
export function domainMatches(pattern: string, host: string): boolean {
  const p = pattern.toLowerCase();
  const h = host.toLowerCase().replace(/\.$/, '');
  if (p.startsWith('*.')) return h.endsWith(p.slice(1));
  return h === p || h.endsWith(`.${p}`);
}

export function stringMatches(m: Match, text: string): boolean {
  const t = text.toLowerCase();
  const v = m.value.toLowerCase();
  switch (m.match) {
    case 'starts_with':
      return t.startsWith(v);
    case 'ends_with':
      return t.endsWith(v);
    case 'contains':
      return t.includes(v);
    case 'equal':
      return t === v;
    case 'regex':
      try {
        return new RegExp(m.value, 'i').test(text);
      } catch {
        return false; // saved patterns were checked; an engine difference must not break deciding
      }
    default:
      return false;
  }
}

const ipInRange = (ip: string, range: string): boolean => {
  try {
    const r = parseIpv4Range(range);
    const n = ipv4ToNumber(ip);
    return n >= r.start && n <= r.end;
  } catch {
    return false;
  }
};

/** Whether `ip` (when known and IPv4) is in an address, CIDR block or range of a condition. */
const addressIn = (ip: string | undefined, range: string): boolean =>
  ip !== undefined && isIPv4(ip) && ipInRange(ip, range);

/** A user database entity (a username, or a user domain: its every user) names `user`. */
export function entityMatches(entity: string, user: string): boolean {
  const e = entity.toLowerCase();
  const u = user.toLowerCase();
  return e.includes('@') ? e === u : u.slice(u.lastIndexOf('@') + 1) === e;
}

/** The minutes since midnight and the weekday (0 = Sunday) of `time` in `zone`. */
// One formatter per zone: building one costs far more than formatting (the impact preview decides
// every request of a window).
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormatOf = (zone: string): Intl.DateTimeFormat => {
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(zone, format);
  }
  return format;
};

function localClock(time: Date, zone: string): { day: number; minutes: number } {
  const parts = clockFormatOf(zone).formatToParts(time);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

type WebRule = PolicyData<'web/exceptions'>['list'][number];

/** Why a rule does not match, or null when every condition it gives holds. */
function ruleMismatch(rule: WebRule, req: WebRequest): string | null {
  const c = rule.conditions;
  const some = <T>(list: readonly T[] | undefined, test: (v: T) => boolean): boolean | undefined =>
    list && list.length > 0 ? list.some(test) : undefined;
  const lower = (v: string) => v.toLowerCase();
  const destIp = req.destIp ?? (isIPv4(req.url.hostname) ? req.url.hostname : undefined);
  const checks: Array<[string, boolean | undefined]> = [
    ['domain', some(c.domain, (d) => domainMatches(d, req.url.hostname))],
    ['uri', some(c.uri, (m) => stringMatches(m, req.url.href))],
    ['categories', some(c.categories, (id) => id === req.categoryId)],
    // The tester knows no threat, country or file type of a request: such conditions do not match.
    ['threats', some(c.threats, () => false)],
    ['geo_ip', some(c.geo_ip, () => false)],
    ['fileTypes', some(c.fileTypes, () => false)],
    ['users', some(c.users, (u) => req.user !== undefined && lower(u) === lower(req.user))],
    ['groups', some(c.groups, (g) => (req.groups ?? []).some((rg) => lower(rg) === lower(g)))],
    ['entities', some(c.entities, (e) => req.user !== undefined && entityMatches(e, req.user))],
    ['source_ips', some(c.source_ips, (r) => addressIn(req.sourceIp, r))],
    ['source_ip_ranges', some(c.source_ip_ranges, (r) => addressIn(req.sourceIp, r))],
    ['dest_ips', some(c.dest_ips, (r) => addressIn(destIp, r))],
    ['dest_ip_ranges', some(c.dest_ip_ranges, (r) => addressIn(destIp, r))],
    [
      'browser',
      some(c.browser, (b) => req.userAgent !== undefined && browserOf(req.userAgent).browser === b),
    ],
    ['user_agent', some(c.user_agent, (m) => req.userAgent !== undefined && stringMatches(m, req.userAgent))],
  ];
  const failed = checks.find(([, ok]) => ok === false);
  if (failed) return failed[0];
  if (rule.schedule) {
    const { day, minutes } = localClock(req.time, rule.schedule.time_zone);
    const inDays = rule.schedule.days.includes(day);
    const inHours = minutes >= toMinutes(rule.schedule.from) && minutes < toMinutes(rule.schedule.to);
    if (!inDays || !inHours) return 'schedule';
  }
  return null;
}

/** The browser a User-Agent names (the BROWSERS of webKinds), or 'other'. */
export function browserOf(userAgent: string): { browser: string; version: string | null } {
  const tests: Array<[string, RegExp]> = [
    ['edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['opera', /(?:OPR|Opera)\/([\d.]+)/],
    ['firefox', /Firefox\/([\d.]+)/],
    ['chrome', /Chrome\/([\d.]+)/],
    ['safari', /Version\/([\d.]+).*Safari\//],
    ['internet_explorer', /(?:MSIE |Trident\/.*rv:)([\d.]+)/],
  ];
  for (const [browser, re] of tests) {
    const m = re.exec(userAgent);
    if (m) return { browser, version: m[1] };
  }
  return { browser: 'other', version: null };
}

const versionBelow = (version: string | null, min: string): boolean => {
  if (version === null) return false;
  const a = version.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
};

function bnbDecision(
  stage: WebPolicy['bnb']['pre'],
  which: 'pre' | 'post',
  req: WebRequest,
): WebDecision | null {
  if (req.userAgent === undefined) return null;
  const { browser, version } = browserOf(req.userAgent);
  for (const [index, rule] of stage.list.entries()) {
    if (!rule.enabled || rule.browser !== browser) continue;
    if (rule.min_version !== undefined && !versionBelow(version, rule.min_version)) continue;
    return {
      action: rule.action,
      rule: { kind: 'bnb', key: rule.id, index, name: rule.name },
      reason: `Browser rule ${index + 1} “${rule.name}” (${which}) matched ${browser}${version ? ` ${version}` : ''}.`,
    };
  }
  return null;
}

/** Names to show for what rules refer to by id (the category tree's names). */
export interface DecisionNames {
  category?: (id: number) => string | undefined;
}

export function decideWebRequest(policy: WebPolicy, req: WebRequest, names: DecisionNames = {}): WebDecision {
  const host = req.url.hostname;
  const bypass = policy.exceptions.bypass.find((d) => domainMatches(d, host));
  if (bypass !== undefined)
    return {
      action: 'bypass',
      rule: { kind: 'web/exceptions', key: bypass, name: `Bypass ${bypass}` },
      reason: `${host} is on the bypass list (${bypass}).`,
    };

  const pre = bnbDecision(policy.bnb.pre, 'pre', req);
  if (pre) return pre;

  if (req.userAgent !== undefined)
    for (const [index, rule] of policy.userAgents.list.entries())
      if (rule.enabled && stringMatches(rule, req.userAgent))
        return {
          action: rule.action,
          rule: { kind: 'web/user_agents', key: rule.id, index, name: rule.name },
          reason: `User-agent rule ${index + 1} “${rule.name}” matched.`,
        };

  for (const [index, rule] of policy.exceptions.list.entries()) {
    if (!rule.enabled || ruleMismatch(rule, req) !== null) continue;
    return {
      action: rule.action,
      rule: { kind: 'web/exceptions', key: rule.id, index, name: rule.name },
      reason: `Rule ${index + 1} “${rule.name}” matched.`,
    };
  }

  if (req.categoryId !== undefined) {
    const entry = policy.cats.list.find((e) => e.category_id === req.categoryId);
    if (entry) {
      const name = names.category?.(entry.category_id) ?? `Category ${entry.category_id}`;
      return {
        action: entry.action,
        rule: { kind: 'cats', key: String(entry.category_id), name },
        reason: `The action for the category ${name} applies.`,
      };
    }
  }

  if (req.risk !== undefined) {
    const entry = policy.risks.list.find((e) => e.risk === req.risk);
    if (entry) {
      const level = vocabularyLabel(RISKS, entry.risk);
      return {
        action: entry.action,
        rule: { kind: 'risks', key: entry.risk, name: `Risk level ${level}` },
        reason: `The action for risk level ${level} applies.`,
      };
    }
  }

  const post = bnbDecision(policy.bnb.post, 'post', req);
  if (post) return post;

  return { action: 'allow', rule: null, reason: 'No rule matched; the default allows.' };
}
