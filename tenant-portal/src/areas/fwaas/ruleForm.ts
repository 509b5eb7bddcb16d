/**
 * The firewall rule form (issue 12): Formik values, yup rules on common's validators (the checks
 * the server's fwaas/rules kind makes, so a rule the form accepts saves), and the conversion.
 *
 * Decision: the registry keeps sources and destinations as addresses or ranges (ipOrIpRange); the
 * form also takes a CIDR, which is what firewall administrators write, and saves it as the range
 * it covers (10.0.0.0/24 → 10.0.0.0-10.0.0.255; a /32 as its one address).
 */
import * as yup from 'yup';
import {
  COMMENT_MAX_LENGTH,
  VALUES_MAX,
  domainOrWildcard,
} from '@workbench/common/api/contract/policy-kinds/kindDef';
import { ipOrIpRange, ipv4Cidr } from '@workbench/common/validators/network';
import { cidrToRange, numberToIpv4 } from '@workbench/common/validators/ipHelpers';
import {
  FIREWALL_ACTIONS,
  FIREWALL_REQUEST_TYPES,
} from '@workbench/common/vocabularies/logFilterVocabularies';
import { joinLines, lines, linesSchema, nameSchema } from './formRules';
import type { FirewallRule } from './firewallModel';

export interface RuleFormValues {
  name: string;
  enabled: boolean;
  action: string;
  request_type: string;
  /** One address, range or CIDR per line. */
  sources: string;
  users: string;
  groups: string;
  destinations: string;
  /** One domain (or *.domain) per line. */
  domains: string;
  countries: string[];
  /** Ids of services of the fwaas/services document. */
  services: string[];
  log: boolean;
  comment: string;
}

/** A new rule: allow internet traffic, enabled and logged, matching anything until narrowed. */
export const emptyRuleForm: RuleFormValues = {
  name: '',
  enabled: true,
  action: 'allow',
  request_type: 'internet',
  sources: '',
  users: '',
  groups: '',
  destinations: '',
  domains: '',
  countries: [],
  services: [],
  log: true,
  comment: '',
};

/** The registry's limit on an address entry (StringList(64)). */
const ADDRESS_MAX_LENGTH = 64;
const VALUE_MAX_LENGTH = 253;

/** An address line: an IPv4 address, a range, or a CIDR (an error key otherwise). */
export function addressLine(line: string): string | null {
  if (ipOrIpRange(line) === null) return null;
  if (line.includes('/')) return ipv4Cidr(line);
  return ipOrIpRange(line);
}

/** The saved form of an address line: a CIDR becomes its range, anything else stays as typed. */
export function savedAddress(line: string): string {
  if (!line.includes('/') || ipv4Cidr(line) !== null) return line;
  const { start, end } = cidrToRange(line);
  return start === end ? numberToIpv4(start) : `${numberToIpv4(start)}-${numberToIpv4(end)}`;
}

const codes = (vocabulary: typeof FIREWALL_ACTIONS) => vocabulary.map((e) => e.code);

export function ruleFormSchema(otherNames: readonly string[]) {
  const values = (check: (line: string) => string | null, maxLength = VALUE_MAX_LENGTH) =>
    linesSchema(check, { maxLength, maxLines: VALUES_MAX });
  return yup.object({
    name: nameSchema(otherNames),
    enabled: yup.boolean(),
    action: yup.string().oneOf(codes(FIREWALL_ACTIONS), 'required').required('required'),
    request_type: yup.string().oneOf(codes(FIREWALL_REQUEST_TYPES), 'required').required('required'),
    sources: values(addressLine, ADDRESS_MAX_LENGTH),
    users: values(() => null),
    groups: values(() => null),
    destinations: values(addressLine, ADDRESS_MAX_LENGTH),
    domains: values(domainOrWildcard),
    countries: yup.array(yup.string().required()),
    services: yup.array(yup.string().required()),
    log: yup.boolean(),
    comment: yup.string().max(COMMENT_MAX_LENGTH, 'commentTooLong'),
  });
}

/** The fields of each accordion panel: a panel is valid when none of its fields has an error. */
export const RULE_PANEL_FIELDS = {
  general: ['name', 'action', 'request_type', 'enabled', 'log', 'comment'],
  sources: ['sources', 'users', 'groups'],
  destinations: ['destinations', 'domains', 'countries'],
  services: ['services'],
} as const satisfies Record<string, ReadonlyArray<keyof RuleFormValues>>;

export function toRuleForm(rule: FirewallRule): RuleFormValues {
  return {
    name: rule.name,
    enabled: rule.enabled,
    action: rule.action,
    request_type: rule.request_type,
    sources: joinLines(rule.sources),
    users: joinLines(rule.users),
    groups: joinLines(rule.groups),
    destinations: joinLines(rule.destinations),
    domains: joinLines(rule.domains),
    countries: [...rule.countries],
    services: [...rule.services],
    log: rule.log,
    comment: rule.comment ?? '',
  };
}

/** The rule a valid form stands for (values deduplicated, a CIDR saved as its range). */
export function fromRuleForm(values: RuleFormValues, id: string): FirewallRule {
  const unique = (list: string[]) => [...new Set(list)];
  const comment = values.comment.trim();
  return {
    id,
    name: values.name.trim(),
    enabled: values.enabled,
    action: values.action,
    request_type: values.request_type,
    sources: unique(lines(values.sources).map(savedAddress)),
    users: unique(lines(values.users)),
    groups: unique(lines(values.groups)),
    destinations: unique(lines(values.destinations).map(savedAddress)),
    domains: unique(lines(values.domains).map((d) => d.toLowerCase())),
    countries: unique(values.countries),
    services: unique(values.services),
    log: values.log,
    ...(comment ? { comment } : {}),
  };
}
