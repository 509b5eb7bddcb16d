/**
 * Web policy (docs/product.md §1 web family, docs/access.md §4 web-policy edit permissions, docs/policy.md §4 Policy;
 * docs/policy.md §3 Policy revision and Enumerations, §4 Policy reads and saves): the documents
 * the web policy editor reads and saves, and the publish note.
 *
 * How the web policy decides a request (server/src/policy/webPolicyTester.ts follows it): the
 * SSL-bypass and exception rules' `bypass` list first, then the exception rules in order (first
 * enabled rule whose conditions all match), then the site's category action, then its risk
 * level's action; nothing matched allows. Browser-and-application (bnb), user-agent and sha256
 * rules apply to what they name.
 */
import { Type, type Static } from 'typebox';
import { RISKS, THREAT_CLASSES } from '../../../vocabularies/logFilterVocabularies';
import { domain, email, ipOrIpRange, ipv4, ipv4Cidr } from '../../../validators/network';
import type { ValidationErrorKey } from '../../../validators/errorKeys';
import { regex } from '../../../validators/text';
import { PORTAL_NOTE_PATH } from '../policyKindGroups';
import { CategoryId } from './categoryId';
import {
  Comment,
  RULES_MAX,
  RuleId,
  RuleName,
  StringList,
  VALUES_MAX,
  closed,
  codes,
  domainOrWildcard,
  firstDuplicate,
  firstInvalid,
  firstIssue,
  kind,
  oneOf,
  type KindCheckIssue,
} from './kindDef';

/** The longest publish note (the reference server's own kind; the spec names no limit). */
export const PORTAL_NOTE_MAX_LENGTH = 500;

/** The actions a web rule may take (a subset of the policy-enforcement actions, docs/glossary.md §2). */
export const WEB_RULE_ACTIONS = ['allow', 'block', 'safeview', 'safeview_readonly', 'bypass'] as const;
export type WebRuleAction = (typeof WEB_RULE_ACTIONS)[number];
const webAction = oneOf(WEB_RULE_ACTIONS);
/** What a risk level's sites get (docs/glossary.md §3 Enumerations: action allow, safeview, block). */
export const RISK_LEVEL_ACTIONS = ['allow', 'safeview', 'block'] as const;

/** The string-match operators (docs/glossary.md §3 Enumerations). */
export const STRING_MATCHES = ['starts_with', 'ends_with', 'contains', 'equal', 'regex'] as const;
export type StringMatch = (typeof STRING_MATCHES)[number];

/** Browsers a browser-and-application rule names. */
export const BROWSERS = [
  'chrome',
  'edge',
  'firefox',
  'safari',
  'internet_explorer',
  'opera',
  'other',
] as const;

// Category ids of the category tree: categoryId.ts, so the policy reference's contract takes them
// without the kinds.
export { CategoryId };

export const StringMatchCondition = Type.Object(
  { match: oneOf(STRING_MATCHES), value: Type.String({ minLength: 1, maxLength: 2048 }) },
  closed,
);

/** Days 0 (Sunday) to 6, a time of day from and to (HH:MM, to after from), in a time zone. */
export const Schedule = Type.Object(
  {
    days: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
    }),
    from: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    to: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$' }),
    time_zone: Type.String({ minLength: 1, maxLength: 64 }),
  },
  closed,
);

/**
 * What a web rule matches: named by the 13 rule condition keys (docs/glossary.md §3 Enumerations)
 * plus who (users, groups). An absent or empty condition matches everything; a rule matches when
 * every condition it gives matches. Addresses are IPv4: `source_ips` and `dest_ips` hold addresses
 * or CIDR blocks (10.0.0.0/8), `source_ip_ranges` and `dest_ip_ranges` addresses or ranges
 * (10.0.0.1-10.0.0.9); `browser` the browsers the request's user agent names; `entities` the user
 * database's entities a rule applies to: a username (alice@acme.example) or a whole user domain
 * (acme.example), as the user database lists them (docs/policy.md §5).
 */
export const WebConditions = Type.Object(
  {
    domain: Type.Optional(StringList()),
    uri: Type.Optional(Type.Array(StringMatchCondition, { maxItems: 100 })),
    categories: Type.Optional(Type.Array(CategoryId, { maxItems: VALUES_MAX })),
    threats: Type.Optional(Type.Array(codes(THREAT_CLASSES), { maxItems: 50 })),
    users: Type.Optional(StringList()),
    groups: Type.Optional(StringList()),
    source_ips: Type.Optional(StringList(64)),
    dest_ips: Type.Optional(StringList(64)),
    source_ip_ranges: Type.Optional(StringList(64)),
    dest_ip_ranges: Type.Optional(StringList(64)),
    browser: Type.Optional(
      Type.Array(oneOf(BROWSERS), { minItems: 1, maxItems: BROWSERS.length, uniqueItems: true }),
    ),
    user_agent: Type.Optional(Type.Array(StringMatchCondition, { maxItems: 100 })),
    geo_ip: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { maxItems: 300 })),
    fileTypes: Type.Optional(StringList(32)),
    entities: Type.Optional(StringList(254)),
  },
  closed,
);

/** An address or CIDR block of source_ips and dest_ips [invalidIP, invalidCidr]. */
export const ipOrCidr = (value: string): ValidationErrorKey | null =>
  value.includes('/') ? ipv4Cidr(value) : ipv4(value);

/** A user database entity of `entities`: a username or a user domain [invalidEmail, invalidDomain]. */
export const udbEntity = (value: string): ValidationErrorKey | null =>
  value.includes('@') ? email(value) : domain(value);

export const WebRule = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    enabled: Type.Boolean(),
    action: webAction,
    conditions: WebConditions,
    schedule: Type.Optional(Schedule),
    comment: Type.Optional(Comment),
  },
  closed,
);

/** A change of a rule's place that the client reports with a save (audited as Rule Order Changed). */
export const ReorderingEvent = Type.Object(
  { rule_id: RuleId, from: Type.Integer({ minimum: 0 }), to: Type.Integer({ minimum: 0 }) },
  closed,
);

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The checks every web rule list shares: unique ids, valid domains, addresses, patterns and schedules. */
export function checkWebRules(
  rules: ReadonlyArray<{
    id: string;
    conditions: {
      domain?: string[];
      source_ips?: string[];
      dest_ips?: string[];
      source_ip_ranges?: string[];
      dest_ip_ranges?: string[];
      entities?: string[];
      uri?: Array<{ match: string; value: string }>;
      user_agent?: Array<{ match: string; value: string }>;
    };
    schedule?: { from: string; to: string; time_zone: string };
  }>,
  path: string,
): KindCheckIssue | null {
  const dup = firstDuplicate(rules, path, 'id');
  if (dup) return dup;
  for (const [i, rule] of rules.entries()) {
    const at = `${path}.${i}`;
    const issue = firstIssue(
      () => firstInvalid(rule.conditions.domain, `${at}.conditions.domain`, domainOrWildcard),
      () => firstInvalid(rule.conditions.source_ips, `${at}.conditions.source_ips`, ipOrCidr),
      () => firstInvalid(rule.conditions.dest_ips, `${at}.conditions.dest_ips`, ipOrCidr),
      () => firstInvalid(rule.conditions.source_ip_ranges, `${at}.conditions.source_ip_ranges`, ipOrIpRange),
      () => firstInvalid(rule.conditions.dest_ip_ranges, `${at}.conditions.dest_ip_ranges`, ipOrIpRange),
      () => firstInvalid(rule.conditions.entities, `${at}.conditions.entities`, udbEntity),
      () => checkPatterns(rule.conditions.uri, `${at}.conditions.uri`),
      () => checkPatterns(rule.conditions.user_agent, `${at}.conditions.user_agent`),
      () => checkSchedule(rule.schedule, `${at}.schedule`),
    );
    if (issue) return issue;
  }
  return null;
}

function checkPatterns(
  conditions: Array<{ match: string; value: string }> | undefined,
  path: string,
): KindCheckIssue | null {
  for (const [i, c] of (conditions ?? []).entries()) {
    if (c.match !== 'regex') continue;
    const key = regex(c.value);
    if (key) return { field: `${path}.${i}.value`, message: `${path}.${i}.value is invalid (${key}).` };
  }
  return null;
}

function checkSchedule(
  schedule: { from: string; to: string; time_zone: string } | undefined,
  path: string,
): KindCheckIssue | null {
  if (!schedule) return null;
  if (schedule.to <= schedule.from) return { field: `${path}.to`, message: `${path}.to must be after from.` };
  if (!isTimeZone(schedule.time_zone))
    return { field: `${path}.time_zone`, message: `${path}.time_zone is not a known time zone.` };
  return null;
}

/** A browser-and-application rule: a browser (and optionally its versions) or an application. */
export const BnbRule = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    enabled: Type.Boolean(),
    browser: oneOf(BROWSERS),
    /** Versions below this one match (browser_and_version); absent: every version. */
    min_version: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}(\\.[0-9]{1,6}){0,3}$' })),
    action: webAction,
    comment: Type.Optional(Comment),
  },
  closed,
);

/** Browser-and-app rules: checked before (pre) and after (post) the exception rules. */
export const BnbStage = Type.Object(
  {
    list: Type.Array(BnbRule, { maxItems: RULES_MAX }),
    /** What happens to clients that are not browsers or are unsupported ones. */
    unsupported_or_non_browsers: webAction,
  },
  closed,
);

const UserAgentRule = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    enabled: Type.Boolean(),
    match: oneOf(STRING_MATCHES),
    value: Type.String({ minLength: 1, maxLength: 512 }),
    action: webAction,
    comment: Type.Optional(Comment),
  },
  closed,
);

const Sha256Entry = Type.Object(
  {
    hash: Type.String({ pattern: '^[a-f0-9]{64}$' }),
    action: oneOf(['allow', 'block'] as const),
    comment: Type.Optional(Comment),
  },
  closed,
);

/** An SSL-bypass entry: traffic to the domain (or category) is not decrypted. */
export const SslBypassEntry = Type.Object(
  {
    id: RuleId,
    domain: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
    category_id: Type.Optional(CategoryId),
    comment: Type.Optional(Comment),
  },
  closed,
);

/** The v3 SSL bypass document (its save carries integrations_list and sslbump_v3 besides list). */
const SslBumpV3 = Type.Object(
  {
    list: Type.Array(SslBypassEntry, { maxItems: VALUES_MAX }),
    /** Integrations whose traffic is never decrypted (e.g. a conferencing suite). */
    integrations_list: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 }),
    /** The v3 bypass engine is on. */
    sslbump_v3: Type.Boolean(),
  },
  closed,
);

export const checkSslBypass = (
  list: Array<{ id: string; domain?: string; category_id?: number }>,
  path: string,
) => {
  const dup = firstDuplicate(list, path, 'id');
  if (dup) return dup;
  for (const [i, entry] of list.entries()) {
    if ((entry.domain === undefined) === (entry.category_id === undefined))
      return {
        field: `${path}.${i}.domain`,
        message: `${path}.${i} needs exactly one of domain or category_id.`,
      };
    const bad = entry.domain !== undefined ? domainOrWildcard(entry.domain) : null;
    if (bad) return { field: `${path}.${i}.domain`, message: `${path}.${i}.domain is invalid (${bad}).` };
  }
  return null;
};

export const WEB_KINDS = {
  portal_note: kind({
    path: PORTAL_NOTE_PATH,
    group: 'web_policy',
    title: 'Publish note',
    data: Type.Object({ note: Type.String({ maxLength: PORTAL_NOTE_MAX_LENGTH }) }, closed),
    defaults: { note: '' },
    scope: 'revision',
    spec: 'docs/policy.md §2 (every save carries rev_id, state, updated_at and data), §2 Policy revision',
  }),
  /**
   * risks (docs/policy.md §3: body `list`, risks also `flash`): what the web policy does with a site
   * of each risk level (G, Y, R, docs/glossary.md §2 vocabularies), one entry per level, and whether Flash is blocked.
   */
  risks: kind({
    path: '/api/policy/v1/rules/risks/{rev}',
    group: 'web_policy',
    edit: 'threats',
    title: 'Risk levels',
    data: Type.Object(
      {
        list: Type.Array(Type.Object({ risk: codes(RISKS), action: oneOf(RISK_LEVEL_ACTIONS) }, closed), {
          maxItems: RISKS.length,
        }),
        flash: Type.Boolean(),
      },
      closed,
    ),
    defaults: {
      list: [
        { risk: 'G', action: 'allow' },
        { risk: 'Y', action: 'safeview' },
        { risk: 'R', action: 'block' },
      ],
      flash: false,
    },
    scope: 'policy',
    keyedLists: { list: 'risk' },
    check: (data) => firstDuplicate(data.list, 'data.list', 'risk'),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: risks, body list and flash)',
  }),
  /** cats (docs/policy.md §3): the action per category of the category tree; unlisted categories allow. */
  cats: kind({
    path: '/api/policy/v1/rules/cats/{rev}',
    group: 'web_policy',
    edit: 'categories',
    title: 'Categories',
    data: Type.Object(
      {
        list: Type.Array(Type.Object({ category_id: CategoryId, action: webAction }, closed), {
          maxItems: VALUES_MAX,
        }),
      },
      closed,
    ),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'category_id' },
    check: (data) => firstDuplicate(data.list, 'data.list', 'category_id'),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: cats, body list)',
  }),
  /** Exception rules (docs/policy.md §3: list, bypass, reorderingEvents): domain rules in order. */
  'web/exceptions': kind({
    path: '/api/policy/v3/rules/web/exceptions/{rev}',
    group: 'web_policy',
    edit: 'exceptions',
    title: 'Domain rules and exceptions',
    data: Type.Object(
      {
        list: Type.Array(WebRule, { maxItems: RULES_MAX }),
        /** Domains never inspected nor isolated: checked before the rules. */
        bypass: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: VALUES_MAX }),
        /** Reorders the client reports with the save: audited, never stored. */
        reorderingEvents: Type.Optional(Type.Array(ReorderingEvent, { maxItems: RULES_MAX })),
      },
      closed,
    ),
    defaults: { list: [], bypass: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    orderedLists: ['list'],
    check: (data) =>
      firstIssue(
        () => checkWebRules(data.list, 'data.list'),
        () => firstInvalid(data.bypass, 'data.bypass', domainOrWildcard),
      ),
    spec: 'docs/policy.md §3 Policy revision (exception rules), §5 (/api/policy/v3/rules/web/exceptions/{rev})',
  }),
  /** Browser-and-application rules (docs/policy.md §3: unsupported_or_non_browsers in pre and post). */
  bnb: kind({
    path: '/api/policy/v3/rules/bnb/{rev}',
    group: 'web_policy',
    edit: 'bnb',
    title: 'Browsers and applications',
    data: Type.Object({ pre: BnbStage, post: BnbStage }, closed),
    defaults: {
      pre: { list: [], unsupported_or_non_browsers: 'allow' },
      post: { list: [], unsupported_or_non_browsers: 'allow' },
    },
    scope: 'policy',
    keyedLists: { 'pre.list': 'id', 'post.list': 'id' },
    orderedLists: ['pre.list', 'post.list'],
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.pre.list, 'data.pre.list', 'id'),
        () => firstDuplicate(data.post.list, 'data.post.list', 'id'),
      ),
    spec: 'docs/policy.md §3 Policy revision (bnb), §5 (/api/policy/v3/rules/bnb/{rev})',
  }),
  /** User-agent rules (docs/access.md §1 user-agent): requests whose User-Agent matches. */
  'web/user_agents': kind({
    path: '/api/policy/v3/rules/web/user_agents/{rev}',
    group: 'web_policy',
    edit: 'user-agent',
    title: 'User agents',
    data: Type.Object({ list: Type.Array(UserAgentRule, { maxItems: RULES_MAX }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    orderedLists: ['list'],
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () =>
          checkPatterns(
            data.list.map((r) => ({ match: r.match, value: r.value })),
            'data.list',
          ),
      ),
    spec: 'docs/access.md §4 (web-policy edit permission user-agent)',
  }),
  /** File hashes allowed or blocked whatever else the policy says (docs/access.md §1 sha256). */
  'web/sha256': kind({
    path: '/api/policy/v3/rules/web/sha256/{rev}',
    group: 'web_policy',
    edit: 'sha256',
    title: 'SHA-256 lists',
    data: Type.Object({ list: Type.Array(Sha256Entry, { maxItems: 10_000 }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'hash' },
    check: (data) => firstDuplicate(data.list, 'data.list', 'hash'),
    spec: 'docs/access.md §4 (web-policy edit permission sha256)',
  }),
  /** SSL bypass (docs/policy.md §3 sslbump_bypass; v3 save also carries integrations_list and sslbump_v3). */
  'v3/sslbump_bypass': kind({
    path: '/api/policy/v3/rules/sslbump_bypass/{rev}',
    group: 'web_policy',
    edit: 'domain',
    title: 'SSL bypass',
    data: SslBumpV3,
    defaults: { list: [], integrations_list: [], sslbump_v3: true },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) => checkSslBypass(data.list, 'data.list'),
    spec: 'docs/policy.md §3 Policy revision (sslbump save payload), §8 (/api/policy/v3/rules/sslbump_bypass/{rev})',
  }),
  /**
   * The SSL bypass lists (docs/policy.md §8 GET /api/policy/v2/rules/sslbump_lists/{rev}): the
   * domains and categories, and the integrations, that revision {rev} never decrypts, without the
   * engine switch; what a reader of the lists (a report, a gateway) takes. A view of v3/sslbump_bypass.
   */
  'v2/sslbump_lists': kind({
    path: '/api/policy/v2/rules/sslbump_lists/{rev}',
    group: 'web_policy',
    readOnly: true,
    view: {
      of: 'v3/sslbump_bypass',
      select: (d: Static<typeof SslBumpV3>) => ({ list: d.list, integrations_list: d.integrations_list }),
    },
    title: 'SSL bypass lists',
    data: Type.Object(
      {
        list: SslBumpV3.properties.list,
        integrations_list: SslBumpV3.properties.integrations_list,
      },
      closed,
    ),
    defaults: { list: [], integrations_list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    spec: 'docs/policy.md §8 Firewall and SSL bypass (GET /api/policy/v2/rules/sslbump_lists/{rev})',
  }),
};
