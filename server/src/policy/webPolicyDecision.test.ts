import { POLICY_KIND_REGISTRY } from '@workbench/common/api/contract/policyKinds';
import {
  browserOf,
  decideWebRequest,
  domainMatches,
  stringMatches,
  type WebPolicy,
  type WebRequest,
} from './webPolicyDecision';

const EMPTY: WebPolicy = structuredClone({
  risks: POLICY_KIND_REGISTRY.risks.defaults,
  cats: POLICY_KIND_REGISTRY.cats.defaults,
  exceptions: POLICY_KIND_REGISTRY['web/exceptions'].defaults,
  bnb: POLICY_KIND_REGISTRY.bnb.defaults,
  userAgents: POLICY_KIND_REGISTRY['web/user_agents'].defaults,
}) as WebPolicy;

const MONDAY_NOON_UTC = new Date('2026-11-23T12:00:00Z');
const req = (url: string, extra: Partial<WebRequest> = {}): WebRequest => ({
  url: new URL(url),
  time: MONDAY_NOON_UTC,
  ...extra,
});
type Rule = WebPolicy['exceptions']['list'][number];
const rule = (id: string, conditions: Rule['conditions'], extra: Partial<Rule> = {}): Rule => ({
  id,
  name: id,
  enabled: true,
  action: 'block',
  conditions,
  ...extra,
});
const withRules = (...list: Rule[]): WebPolicy => ({ ...EMPTY, exceptions: { list, bypass: [] } });

test('domains: a plain pattern covers the host and its subdomains; *. only subdomains', () => {
  expect(domainMatches('example.com', 'example.com')).toBe(true);
  expect(domainMatches('example.com', 'a.b.example.com')).toBe(true);
  expect(domainMatches('example.com', 'badexample.com')).toBe(false);
  expect(domainMatches('*.example.com', 'example.com')).toBe(false);
  expect(domainMatches('*.example.com', 'www.EXAMPLE.com.')).toBe(true);
});

test.each([
  ['starts_with', 'Mozilla', true],
  ['ends_with', 'Safari/537.36', true],
  ['contains', 'chrome', true],
  ['equal', 'mozilla', false],
  ['regex', 'Chrome/1[0-9]{2}', true],
  ['regex', '(', false],
])('string match %s %s', (match, value, expected) => {
  expect(stringMatches({ match, value }, 'Mozilla/5.0 Chrome/120.0 Safari/537.36')).toBe(expected);
});

test('nothing configured allows by default', () => {
  expect(decideWebRequest(EMPTY, req('https://a.example/'))).toEqual({
    action: 'allow',
    rule: null,
    reason: 'No rule matched; the default allows.',
  });
});

test('the first enabled rule whose conditions all match decides, in order', () => {
  const policy = withRules(
    rule('off', { domain: ['a.example'] }, { enabled: false }),
    rule('other-user', { domain: ['a.example'], users: ['bob@x'] }),
    rule('group', { domain: ['a.example'], groups: ['Sales'] }, { action: 'safeview' }),
    rule('any', { domain: ['a.example'] }, { action: 'allow' }),
  );
  expect(decideWebRequest(policy, req('https://a.example/', { groups: ['sales'] })).rule?.key).toBe('group');
  expect(decideWebRequest(policy, req('https://a.example/', { user: 'BOB@x' })).rule?.key).toBe('other-user');
  expect(decideWebRequest(policy, req('https://a.example/')).rule).toEqual({
    kind: 'web/exceptions',
    key: 'any',
    index: 3,
    name: 'any',
  });
});

test('uri, categories, source addresses and conditions the tester cannot know', () => {
  const policy = withRules(
    rule('uri', { uri: [{ match: 'contains', value: '/admin' }] }),
    rule('cat', { categories: [23] }),
    rule('net', { source_ip_ranges: ['10.0.0.0/8'] }),
    rule('geo', { geo_ip: ['FR'] }),
  );
  expect(decideWebRequest(policy, req('https://x.example/admin/x')).rule?.key).toBe('uri');
  expect(decideWebRequest(policy, req('https://x.example/', { categoryId: 23 })).rule?.key).toBe('cat');
  expect(decideWebRequest(policy, req('https://x.example/', { sourceIp: '10.2.3.4' })).rule?.key).toBe('net');
  expect(decideWebRequest(policy, req('https://x.example/', { sourceIp: '11.2.3.4' })).rule).toBeNull();
});

test('every rule condition key decides: addresses and CIDR blocks, destination ranges, browsers and user database entities', () => {
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
  const policy = withRules(
    rule('src', { source_ips: ['192.168.1.7', '10.0.0.0/8'] }),
    rule('dst', { dest_ips: ['203.0.113.0/24'] }),
    rule('dst-range', { dest_ip_ranges: ['198.51.100.10-198.51.100.20'] }),
    rule('firefox', { browser: ['firefox'] }),
    rule('person', { entities: ['carol@acme.example'] }),
    rule('domain', { entities: ['globex.example'] }),
  );
  const key = (url: string, extra: Partial<WebRequest> = {}) =>
    decideWebRequest(policy, req(url, extra)).rule?.key ?? null;
  expect(key('https://x.example/', { sourceIp: '192.168.1.7' })).toBe('src');
  expect(key('https://x.example/', { sourceIp: '10.9.9.9' })).toBe('src');
  expect(key('https://x.example/', { sourceIp: '192.168.1.8' })).toBeNull();
  // The destination is the request's when known, else the URL's host when it is an address.
  expect(key('https://x.example/', { destIp: '203.0.113.9' })).toBe('dst');
  expect(key('https://203.0.113.200/')).toBe('dst');
  expect(key('https://198.51.100.15/')).toBe('dst-range');
  expect(key('https://198.51.100.21/')).toBeNull();
  expect(key('https://x.example/', { userAgent: FIREFOX })).toBe('firefox');
  expect(key('https://x.example/', { userAgent: CHROME })).toBeNull();
  expect(key('https://x.example/', { user: 'Carol@acme.example' })).toBe('person');
  expect(key('https://x.example/', { user: 'dave@acme.example' })).toBeNull();
  expect(key('https://x.example/', { user: 'dave@globex.example' })).toBe('domain');
  expect(key('https://x.example/', { user: 'dave@sub.globex.example' })).toBeNull();
});

test('a schedule limits a rule to its days and hours in its time zone', () => {
  const schedule = { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00', time_zone: 'Europe/Paris' };
  const policy = withRules(rule('work', { domain: ['games.example'] }, { schedule }));
  // Monday 12:00 UTC is 13:00 in Paris: inside.
  expect(decideWebRequest(policy, req('https://games.example/')).action).toBe('block');
  // Monday 16:30 UTC is 17:30 in Paris: outside.
  expect(
    decideWebRequest(policy, req('https://games.example/', { time: new Date('2026-11-23T16:30:00Z') }))
      .action,
  ).toBe('allow');
  // Sunday: outside.
  expect(
    decideWebRequest(policy, req('https://games.example/', { time: new Date('2026-11-22T12:00:00Z') }))
      .action,
  ).toBe('allow');
});

test('bypass first, then rules, then the category, then the risk level', () => {
  const policy: WebPolicy = {
    ...EMPTY,
    exceptions: { list: [rule('r', { domain: ['rule.example'] })], bypass: ['bank.example'] },
    cats: { list: [{ category_id: 23, action: 'safeview' }] },
  };
  expect(decideWebRequest(policy, req('https://www.bank.example/', { categoryId: 23 }))).toMatchObject({
    action: 'bypass',
    rule: { kind: 'web/exceptions', key: 'bank.example' },
  });
  expect(decideWebRequest(policy, req('https://rule.example/', { categoryId: 23 })).rule?.key).toBe('r');
  expect(decideWebRequest(policy, req('https://c.example/', { categoryId: 23, risk: 'R' }))).toMatchObject({
    action: 'safeview',
    rule: { kind: 'cats', key: '23' },
  });
  expect(decideWebRequest(policy, req('https://c.example/', { risk: 'R' }))).toMatchObject({
    action: 'block',
    rule: { kind: 'risks', key: 'R', name: 'Risk level High' },
  });
});

test('browser rules (pre before the rules, post after) and user-agent rules', () => {
  const chrome100 = 'Mozilla/5.0 (X11) AppleWebKit/537.36 Chrome/100.0.1 Safari/537.36';
  expect(browserOf(chrome100)).toEqual({ browser: 'chrome', version: '100.0.1' });
  expect(browserOf('Mozilla/5.0 Edg/120.0 Chrome/120.0').browser).toBe('edge');
  expect(browserOf('curl/8.0').browser).toBe('other');
  const old = {
    id: 'old',
    name: 'Old Chrome',
    enabled: true,
    browser: 'chrome' as const,
    min_version: '110',
    action: 'safeview' as const,
  };
  const policy: WebPolicy = {
    ...withRules(rule('all', {})),
    bnb: {
      pre: { list: [old], unsupported_or_non_browsers: 'allow' },
      post: { list: [], unsupported_or_non_browsers: 'allow' },
    },
    userAgents: {
      list: [
        { id: 'curl', name: 'curl', enabled: true, match: 'starts_with', value: 'curl/', action: 'block' },
      ],
    },
  };
  expect(decideWebRequest(policy, req('https://x.example/', { userAgent: chrome100 }))).toMatchObject({
    action: 'safeview',
    rule: { kind: 'bnb', key: 'old' },
  });
  expect(decideWebRequest(policy, req('https://x.example/', { userAgent: 'Chrome/120.0' })).rule?.key).toBe(
    'all',
  );
  expect(decideWebRequest(policy, req('https://x.example/', { userAgent: 'curl/8.4' })).rule).toMatchObject({
    kind: 'web/user_agents',
    key: 'curl',
  });
});
