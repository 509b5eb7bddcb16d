/**
 * The domain rule editor's form (issue 12; docs/glossary.md §3 rule condition keys and string
 * match; docs/shared-ui.md §9 validators): Formik values, the yup rules built on common's validators, and
 * the conversion from and to a WebRule of the web/exceptions kind. Lists are typed one value per
 * line. Conditions the form does not show (user agent, file types) are kept as they were.
 */
import * as yup from 'yup';
import {
  ipOrIpRange,
  noLeadingTrailingSpaces,
  noLineBreaks,
  regex,
} from '@workbench/common/validators/index';
import {
  COMMENT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  VALUES_MAX,
  domainOrWildcard,
} from '@workbench/common/api/contract/policy-kinds/kindDef';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import {
  ipOrCidr,
  udbEntity,
  type BROWSERS,
  type StringMatch,
  type WebRuleAction,
} from '@workbench/common/api/contract/policy-kinds/webKinds';
import { lines } from './listEdits';

export type ExceptionsDoc = PolicyData<'web/exceptions'>;
export type Browser = (typeof BROWSERS)[number];

/** An address or CIDR block, with the form's own message for either mistake. */
const addressOrBlock = (value: string): string | null => (ipOrCidr(value) ? 'invalidIpOrCidr' : null);
export type WebRule = ExceptionsDoc['list'][number];

export interface UriCondition {
  match: StringMatch;
  value: string;
}

export interface RuleFormValues {
  name: string;
  action: WebRuleAction;
  enabled: boolean;
  /** One domain per line; *.example.com covers its subdomains. */
  domains: string;
  uri: UriCondition[];
  categories: number[];
  threats: string[];
  users: string;
  groups: string;
  sourceIps: string;
  /** source_ips and dest_ips: one address or CIDR block per line. */
  sourceAddresses: string;
  destAddresses: string;
  /** dest_ip_ranges: one address or range per line. */
  destRanges: string;
  browsers: Browser[];
  /** User database entities: usernames and user domains. */
  entities: string[];
  countries: string[];
  scheduleOn: boolean;
  days: number[];
  from: string;
  to: string;
  timeZone: string;
  comment: string;
  /** A scoped rule's own fields (RuleDialog's `own`), by name. */
  own?: Record<string, string | boolean>;
}

/** The browser's time zone: a new schedule's default. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function ruleFormValues(rule: WebRule | null): RuleFormValues {
  const c = rule?.conditions ?? {};
  return {
    name: rule?.name ?? '',
    action: rule?.action ?? 'block',
    enabled: rule?.enabled ?? true,
    domains: (c.domain ?? []).join('\n'),
    uri: (c.uri ?? []).map((u) => ({ match: u.match, value: u.value })),
    categories: [...(c.categories ?? [])],
    threats: [...(c.threats ?? [])],
    users: (c.users ?? []).join('\n'),
    groups: (c.groups ?? []).join('\n'),
    sourceIps: (c.source_ip_ranges ?? []).join('\n'),
    sourceAddresses: (c.source_ips ?? []).join('\n'),
    destAddresses: (c.dest_ips ?? []).join('\n'),
    destRanges: (c.dest_ip_ranges ?? []).join('\n'),
    browsers: [...(c.browser ?? [])],
    entities: [...(c.entities ?? [])],
    countries: [...(c.geo_ip ?? [])],
    scheduleOn: Boolean(rule?.schedule),
    days: rule?.schedule?.days ? [...rule.schedule.days] : [1, 2, 3, 4, 5],
    from: rule?.schedule?.from ?? '09:00',
    to: rule?.schedule?.to ?? '17:00',
    timeZone: rule?.schedule?.time_zone ?? localTimeZone(),
    comment: rule?.comment ?? '',
  };
}

/** The rule the form describes; `base` keeps its id and the conditions the form does not show. */
export function ruleFromForm(values: RuleFormValues, base: WebRule | null, id: string): WebRule {
  const conditions: WebRule['conditions'] = {};
  const kept = base?.conditions ?? {};
  const set = <K extends keyof WebRule['conditions']>(
    key: K,
    value: WebRule['conditions'][K] | undefined,
  ) => {
    if (value !== undefined && (!Array.isArray(value) || value.length > 0)) conditions[key] = value;
  };
  set('domain', lines(values.domains));
  set(
    'uri',
    values.uri.map((u) => ({ match: u.match, value: u.value.trim() })),
  );
  set('categories', values.categories);
  set('threats', values.threats);
  set('users', lines(values.users));
  set('groups', lines(values.groups));
  set('source_ip_ranges', lines(values.sourceIps));
  set('source_ips', lines(values.sourceAddresses));
  set('dest_ips', lines(values.destAddresses));
  set('dest_ip_ranges', lines(values.destRanges));
  set('browser', values.browsers);
  set('entities', values.entities.map((e) => e.trim()).filter(Boolean));
  set('geo_ip', values.countries);
  set('user_agent', kept.user_agent);
  set('fileTypes', kept.fileTypes);
  const comment = values.comment.trim();
  return {
    id,
    name: values.name,
    enabled: values.enabled,
    action: values.action,
    conditions,
    ...(values.scheduleOn
      ? {
          schedule: {
            days: [...values.days].sort((a, b) => a - b),
            from: values.from,
            to: values.to,
            time_zone: values.timeZone,
          },
        }
      : {}),
    ...(comment ? { comment } : {}),
  };
}

/** What the form shows for each error key (validators give keys only, docs/shared-ui.md §9). */
export const RULE_FORM_MESSAGES: Record<string, string> = {
  required: 'Required.',
  maxlength: 'Too long.',
  lineBreaks: 'One line only.',
  noLeadingTrailingSpaces: 'No spaces at the start or end.',
  invalidDomain: 'Enter a domain like example.com or *.example.com.',
  invalidIP: 'Enter an IPv4 address or a range like 10.0.0.1-10.0.0.9.',
  invalidIpRange: 'The range must start lower than it ends.',
  invalidIpOrCidr: 'Enter an IPv4 address like 10.0.0.1 or a CIDR block like 10.0.0.0/8.',
  invalidEntity: 'Enter a username like alice@example.com or a domain like example.com.',
  invalidRegex: 'Not a valid regular expression.',
  tooMany: `At most ${VALUES_MAX} entries.`,
  noDays: 'Choose at least one day.',
  toAfterFrom: 'The end must be after the start.',
  invalidTimeZone: 'Not a known time zone.',
  invalidTime: 'Enter a time as HH:MM.',
};

export const ruleMessage = (key: string | undefined): string | undefined =>
  key === undefined ? undefined : (RULE_FORM_MESSAGES[key] ?? key);

/** A one-value-per-line field: each line checked by the validator; the error names the line. */
function linesRule(validator: ((v: string) => string | null) | null, maxLength = 253) {
  return yup.string().test('lines', function check(text) {
    const values = lines(text ?? '');
    if (values.length > VALUES_MAX) return this.createError({ message: RULE_FORM_MESSAGES.tooMany });
    for (const [i, value] of values.entries()) {
      const key = value.length > maxLength ? 'maxlength' : validator?.(value);
      if (key) return this.createError({ message: `Line ${i + 1}: ${ruleMessage(key)}` });
    }
    return true;
  });
}

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export const ruleFormSchema = yup.object({
  name: yup
    .string()
    .required('required')
    .max(NAME_MAX_LENGTH, 'maxlength')
    .test('lineBreaks', 'lineBreaks', (v) => noLineBreaks(v) === null)
    .test('noLeadingTrailingSpaces', 'noLeadingTrailingSpaces', (v) => noLeadingTrailingSpaces(v) === null),
  domains: linesRule(domainOrWildcard),
  uri: yup.array(
    yup.object({
      match: yup.string().required(),
      value: yup
        .string()
        .required('required')
        .max(2048, 'maxlength')
        .test('invalidRegex', 'invalidRegex', function check(v) {
          return this.parent.match !== 'regex' || regex(v) === null;
        }),
    }),
  ),
  users: linesRule(null),
  groups: linesRule(null),
  sourceIps: linesRule(ipOrIpRange, 64),
  sourceAddresses: linesRule(addressOrBlock, 64),
  destAddresses: linesRule(addressOrBlock, 64),
  destRanges: linesRule(ipOrIpRange, 64),
  entities: yup.array(yup.string()).test('entities', function check(values) {
    for (const [i, value] of (values ?? []).entries()) {
      if (udbEntity((value ?? '').trim()))
        return this.createError({ message: `Entry ${i + 1}: ${RULE_FORM_MESSAGES.invalidEntity}` });
    }
    return true;
  }),
  days: yup.array().when('scheduleOn', { is: true, then: (s) => s.min(1, 'noDays') }),
  from: yup.string().when('scheduleOn', { is: true, then: (s) => s.matches(TIME, 'invalidTime') }),
  to: yup.string().when('scheduleOn', {
    is: true,
    then: (s) =>
      s
        .test('time', 'invalidTime', (v) => v === '24:00' || TIME.test(v ?? ''))
        .test('toAfterFrom', 'toAfterFrom', function check(v) {
          return (v ?? '') > (this.parent.from as string);
        }),
  }),
  timeZone: yup.string().when('scheduleOn', {
    is: true,
    then: (s) => s.required('required').test('tz', 'invalidTimeZone', (v) => isTimeZone(v ?? '')),
  }),
  comment: yup.string().max(COMMENT_MAX_LENGTH, 'maxlength'),
});

/**
 * The form field a 400's path inside a rule points at (`conditions.domain.0` → domains), so the
 * editor can show the server's message there.
 */
export function formFieldOf(rest: string): keyof RuleFormValues | null {
  const [head, key] = rest.split('.');
  if (head === 'name' || head === 'action' || head === 'enabled' || head === 'comment') return head;
  if (head === 'schedule') return key === 'time_zone' ? 'timeZone' : key === 'from' ? 'from' : 'to';
  if (head !== 'conditions') return null;
  const fields: Record<string, keyof RuleFormValues> = {
    domain: 'domains',
    uri: 'uri',
    categories: 'categories',
    threats: 'threats',
    users: 'users',
    groups: 'groups',
    source_ip_ranges: 'sourceIps',
    source_ips: 'sourceAddresses',
    dest_ips: 'destAddresses',
    dest_ip_ranges: 'destRanges',
    browser: 'browsers',
    entities: 'entities',
    geo_ip: 'countries',
  };
  return fields[key] ?? null;
}

/** A rule's conditions in a few words, for the table. */
export function conditionsSummary(
  rule: Pick<WebRule, 'conditions'>,
  categoryName: (id: number) => string,
): string {
  const c = rule.conditions;
  const parts: string[] = [];
  const few = (values: readonly string[]) =>
    values.length <= 2 ? values.join(', ') : `${values.slice(0, 2).join(', ')} +${values.length - 2}`;
  if (c.domain?.length) parts.push(few(c.domain));
  if (c.uri?.length) parts.push(`URI ${few(c.uri.map((u) => `${u.match.replace('_', ' ')} ${u.value}`))}`);
  if (c.categories?.length) parts.push(few(c.categories.map(categoryName)));
  if (c.threats?.length) parts.push(`threats ${few(c.threats)}`);
  if (c.users?.length) parts.push(`users ${few(c.users)}`);
  if (c.groups?.length) parts.push(`groups ${few(c.groups)}`);
  if (c.source_ip_ranges?.length) parts.push(`from ${few(c.source_ip_ranges)}`);
  if (c.source_ips?.length) parts.push(`from ${few(c.source_ips)}`);
  if (c.dest_ips?.length || c.dest_ip_ranges?.length)
    parts.push(`to ${few([...(c.dest_ips ?? []), ...(c.dest_ip_ranges ?? [])])}`);
  if (c.browser?.length) parts.push(`browsers ${few(c.browser)}`);
  if (c.entities?.length) parts.push(`entities ${few(c.entities)}`);
  if (c.geo_ip?.length) parts.push(`countries ${few(c.geo_ip)}`);
  if (c.user_agent?.length) parts.push(`user agent ${few(c.user_agent.map((u) => u.value))}`);
  if (c.fileTypes?.length) parts.push(`file types ${few(c.fileTypes)}`);
  return parts.length ? parts.join('; ') : 'Every request';
}
