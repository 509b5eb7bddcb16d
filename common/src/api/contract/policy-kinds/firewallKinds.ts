/**
 * Firewall (FWaaS) policy (docs/sessions.md §6 fwaas row, docs/glossary.md §2 firewall vocabularies; docs/policy.md §8: GET and PUT /api/policy/v1/rules/fwaas/{services|rules|feeds}/{rev}, body rev_id, state,
 * updated_at, data). The spec names the paths only; the fields are what a cloud firewall keeps:
 * named services (protocol and ports), ordered rules (first match decides) and threat feeds.
 */
import { Type } from 'typebox';
import { FIREWALL_ACTIONS, FIREWALL_REQUEST_TYPES } from '../../../vocabularies/logFilterVocabularies';
import { ipOrIpRange, portOrPortRange } from '../../../validators/network';
import { publicHttpUrl } from '../../../validators/urls';
import {
  Comment,
  RULES_MAX,
  RuleId,
  RuleName,
  StringList,
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

export const FIREWALL_PROTOCOLS = ['tcp', 'udp', 'icmp', 'any'] as const;
export const FEED_TYPES = ['ip', 'domain'] as const;

const Service = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    protocol: oneOf(FIREWALL_PROTOCOLS),
    /** Ports or ranges (443, 8000-8080); empty for icmp and any. */
    ports: Type.Array(Type.String({ minLength: 1, maxLength: 11 }), { maxItems: 100 }),
    description: Type.Optional(Comment),
  },
  closed,
);

const FirewallRule = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    enabled: Type.Boolean(),
    action: codes(FIREWALL_ACTIONS),
    request_type: codes(FIREWALL_REQUEST_TYPES),
    /** Source addresses or ranges; empty: any. */
    sources: StringList(64),
    users: StringList(),
    groups: StringList(),
    /** Destination addresses or ranges; empty: any. */
    destinations: StringList(64),
    domains: StringList(),
    countries: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { maxItems: 300 }),
    /** Ids of services of the fwaas/services document; empty: any service. */
    services: Type.Array(RuleId, { maxItems: 100 }),
    log: Type.Boolean(),
    comment: Type.Optional(Comment),
  },
  closed,
);

const Feed = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    type: oneOf(FEED_TYPES),
    refresh_minutes: Type.Integer({ minimum: 5, maximum: 1440 }),
    enabled: Type.Boolean(),
  },
  closed,
);

const checkServices = (list: Array<{ protocol: string; ports: string[] }>): KindCheckIssue | null => {
  for (const [i, s] of list.entries()) {
    if ((s.protocol === 'icmp' || s.protocol === 'any') && s.ports.length > 0)
      return {
        field: `data.list.${i}.ports`,
        message: `data.list.${i}.ports must be empty for ${s.protocol}.`,
      };
    if ((s.protocol === 'tcp' || s.protocol === 'udp') && s.ports.length === 0)
      return { field: `data.list.${i}.ports`, message: `data.list.${i}.ports needs at least one port.` };
    const bad = firstInvalid(s.ports, `data.list.${i}.ports`, portOrPortRange);
    if (bad) return bad;
  }
  return null;
};

export const FIREWALL_KINDS = {
  'fwaas/services': kind({
    path: '/api/policy/v1/rules/fwaas/services/{rev}',
    group: 'fwaas',
    title: 'Firewall services',
    data: Type.Object({ list: Type.Array(Service, { maxItems: RULES_MAX }) }, closed),
    defaults: {
      list: [
        { id: 'https', name: 'HTTPS', protocol: 'tcp', ports: ['443'] },
        { id: 'dns', name: 'DNS', protocol: 'udp', ports: ['53'] },
        { id: 'ssh', name: 'SSH', protocol: 'tcp', ports: ['22'] },
      ],
    },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => checkServices(data.list),
      ),
    spec: 'docs/policy.md §8 Policy reads and saves (rules/fwaas/services)',
  }),
  'fwaas/rules': kind({
    path: '/api/policy/v1/rules/fwaas/rules/{rev}',
    group: 'fwaas',
    title: 'Firewall rules',
    data: Type.Object({ list: Type.Array(FirewallRule, { maxItems: RULES_MAX }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    orderedLists: ['list'],
    check: (data) => {
      const dup = firstDuplicate(data.list, 'data.list', 'id');
      if (dup) return dup;
      for (const [i, rule] of data.list.entries()) {
        const at = `data.list.${i}`;
        const issue = firstIssue(
          () => firstInvalid(rule.sources, `${at}.sources`, ipOrIpRange),
          () => firstInvalid(rule.destinations, `${at}.destinations`, ipOrIpRange),
          () => firstInvalid(rule.domains, `${at}.domains`, domainOrWildcard),
        );
        if (issue) return issue;
      }
      return null;
    },
    spec: 'docs/policy.md §8 Policy reads and saves (rules/fwaas/rules); docs/glossary.md §2 firewall action and request type',
  }),
  'fwaas/feeds': kind({
    path: '/api/policy/v1/rules/fwaas/feeds/{rev}',
    group: 'fwaas',
    title: 'Threat feeds',
    data: Type.Object({ list: Type.Array(Feed, { maxItems: 100 }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => {
          for (const [i, feed] of data.list.entries()) {
            const bad = firstInvalid([feed.url], `data.list.${i}.url`, publicHttpUrl);
            if (bad)
              return { ...bad, field: `data.list.${i}.url`, message: `data.list.${i}.url is invalid.` };
          }
          return null;
        },
      ),
    spec: 'docs/policy.md §8 Policy reads and saves (rules/fwaas/feeds)',
  }),
};
