import { POLICY_KIND_REGISTRY, policyDocPath } from '@workbench/common/api/contract/policyKinds';
import { WEB_CATEGORIES, vocabularyCodes } from '@workbench/common/vocabularies/index';
import { generateEvents } from '../seed/eventGenerator';
import { DEMO_WEB_POLICY } from '../seed/demoWebPolicy';
import { signIn, startTestServer } from '../testing/testServer';
import { CATEGORIES_V1 } from './reference/webCategories';
import { LOG_CATEGORY_IDS } from './reference/logCategories';
import { webDeciderOf, withWebDeciders } from './webDeciders';
import { migrateCategoryActions } from './policyMigrations';
import { v2IdsOf } from './reference/webCategoriesV2';
import type { WebPolicy } from './webPolicyDecision';

const DEMO: WebPolicy = {
  risks: POLICY_KIND_REGISTRY.risks.defaults,
  cats: DEMO_WEB_POLICY.cats,
  exceptions: DEMO_WEB_POLICY['web/exceptions'],
  bnb: POLICY_KIND_REGISTRY.bnb.defaults,
  userAgents: POLICY_KIND_REGISTRY['web/user_agents'].defaults,
} as WebPolicy;

const facts = (
  url: string,
  category: string,
  extra: Partial<Parameters<ReturnType<typeof webDeciderOf>>[0]> = {},
) => ({
  url,
  category,
  risk: 'G' as const,
  userid: 'ella@acme.example',
  groups: 'Sales',
  src_ip: '10.10.0.7',
  user_agent: 'Mozilla/5.0 Chrome/120.0',
  time: Date.parse('2026-11-23T12:00:00Z'),
  ...extra,
});

test('every category code of the web log is a category of the v1 tree', () => {
  const ids = new Set(CATEGORIES_V1.map((c) => c.id));
  for (const code of vocabularyCodes(WEB_CATEGORIES)) expect(ids.has(LOG_CATEGORY_IDS[code])).toBe(true);
});

test('the demo policy decides the demo sites with its rules, by name and policy option:key (docs/logs.md §7)', () => {
  const decide = webDeciderOf(DEMO);
  expect(decide(facts('https://pokerstars.com/', 'gambling'))).toEqual({
    action: 'block',
    ruleName: 'Gambling',
    policyRule: 'cats:27',
  });
  expect(decide(facts('https://slack.com/api', 'collaboration'))).toEqual({
    action: 'allow',
    ruleName: 'Allow the collaboration suite',
    policyRule: 'exceptions:allow-collaboration',
  });
  expect(decide(facts('https://box.com/', 'cloud_storage', { groups: 'Finance' }))?.policyRule).toBe(
    'exceptions:finance-storage',
  );
  expect(decide(facts('https://box.com/', 'cloud_storage'))?.action).toBe('safeview_readonly');
  expect(decide(facts('https://www.chase.com/', 'financial_services'))?.action).toBe('bypass');
  // Nothing else decides: the risk level's action does.
  expect(decide(facts('https://github.com/', 'technology', { risk: 'Y' }))).toEqual({
    action: 'safeview',
    ruleName: 'Risk level Medium',
    policyRule: 'top_level_risks:Y',
  });
});

test("after the category migration the policy speaks v2 ids: the log's v1 category is decided by its v2 category, named from the v2 tree", () => {
  const migrated = {
    ...DEMO,
    cats: { list: migrateCategoryActions(DEMO.cats.list, v2IdsOf).list },
  } as WebPolicy;
  const decide = webDeciderOf(migrated, 2);
  expect(decide(facts('https://pokerstars.com/', 'gambling'))).toEqual({
    action: 'block',
    ruleName: 'Gambling',
    policyRule: `cats:${v2IdsOf(27)[0]}`,
  });
  // The same v2 policy read as v1 ids would miss the category: the version decides.
  expect(webDeciderOf(migrated, 1)(facts('https://pokerstars.com/', 'gambling'))?.policyRule).not.toBe(
    'cats:27',
  );
});

test("generated web events take the deciding rule's action and name it; other types are untouched", () => {
  const tenants = [{ tid: 't1', name: 'acme', decideWeb: webDeciderOf(DEMO) }];
  const events = [
    ...generateEvents({ tenants, count: 3000, now: Date.parse('2026-11-25T00:00:00Z'), days: 2 }),
  ].flat();
  const web = events.filter((e) => e.logType === 'scan_web');
  expect(web.length).toBeGreaterThan(1000);
  for (const e of web) {
    expect(typeof e.fields.policy_rule).toBe('string');
    if (e.fields.category === 'gambling')
      expect(e.fields).toMatchObject({ action: 'block', rule_name: 'Gambling' });
    if (e.fields.action === 'block') expect(e.fields.status_code).toBe(403);
  }
  expect(
    events.filter((e) => e.logType !== 'scan_web').every((e) => e.fields.policy_rule === undefined),
  ).toBe(true);
});

test('the demo seed writes the web policy into the first revision; the deciders read the published one', async () => {
  const server = await startTestServer({ demoPolicy: true });
  try {
    const admin = await signIn(server, 'admin@acme.example');
    const cats = await (await server.call(policyDocPath('cats', 1), { jar: admin.jar })).json();
    expect(cats).toEqual({ rev_id: 1, ...DEMO_WEB_POLICY.cats });
    const store = server.app.workbench.store;
    const [acme] = await withWebDeciders(
      store,
      (await store.tenants.list())
        .filter((t) => t.name === 'acme')
        .map((t) => ({ tid: t.tid, name: t.name })),
    );
    expect(acme.decideWeb?.(facts('https://bet365.com/', 'gambling'))?.policyRule).toBe('cats:27');
  } finally {
    await server.close();
  }
});
