import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  POLICY_PERMISSION_GROUPS,
  policyGroupPage,
  type PolicyPermissionGroup,
} from '@workbench/common/vocabularies/policyGroups';
import { AREAS } from '../../routes/areas';
import { POLICY_GROUP_SECTIONS, policyRuleHref, policyRuleHrefOf } from './policyRuleLinks';

test.each([
  ['web/exceptions:allow-collaboration', '/policy/web/exceptions?rule=allow-collaboration'],
  ['cats:27', '/policy/web/categories?category=27'],
  ['risks:Y', '/policy/web/threats'],
  ['web/exceptions:chase.com', '/policy/web/exceptions'],
  ['bnb:old-chrome', '/policy/web/browsers?rule=old-chrome'],
  ['web/user_agents:curl', '/policy/web/user-agents?rule=curl'],
  ['fwaas/rules:r1', '/fwaas/rules?rule=r1'],
  ['dlp:x', '/policy/dlp/rules?rule=x'],
  // The logs' policy options (docs/logs.md §7).
  ['exceptions:allow-collaboration', '/policy/web/exceptions?rule=allow-collaboration'],
  ['domain:*.bank.example', '/policy/web/exceptions'],
  ['cats:12', '/policy/web/categories?category=12'],
  ['top_level_risks:R', '/policy/web/threats'],
  ['user-agent:curl', '/policy/web/user-agents?rule=curl'],
  ['browser_and_version:old-chrome', '/policy/web/browsers?rule=old-chrome'],
  ['sha256:ab12', '/policy/web/sha256?rule=ab12'],
  ['access_mode:isolation', null],
  ['no-kind', null],
  [':x', null],
])('%s → %s', (reference, href) => {
  expect(policyRuleHrefOf(reference)).toBe(href);
});

test('a kind alone opens its section', () => {
  expect(policyRuleHref('cats')).toBe('/policy/web/categories');
  expect(policyRuleHref('fwaas/feeds')).toBe('/fwaas/feeds');
});

describe('rule links derive from the policy-group registry', () => {
  it.each(POLICY_PERMISSION_GROUPS)("%s: each of its kinds opens a tab of the group's page", (group) => {
    const sections = POLICY_GROUP_SECTIONS[group];
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) {
      expect(policyRuleHref(s.kind)).toMatch(new RegExp(`^${policyGroupPage(group)}/`));
    }
  });

  it.each(POLICY_PERMISSION_GROUPS)(
    "%s: the group's page is a route of the portal with sections",
    (group) => {
      const [, top, child] = policyGroupPage(group).split('/');
      const area = AREAS.find((a) => a.path === top);
      const route = child === undefined ? area : area?.children?.find((c) => c.path === child);
      expect(route?.sections).toBe(true);
    },
  );

  it('no kind is edited on two groups’ pages', () => {
    const owners = new Map<string, PolicyPermissionGroup>();
    for (const group of POLICY_PERMISSION_GROUPS) {
      for (const { kind } of POLICY_GROUP_SECTIONS[group]) {
        expect([kind, owners.get(kind) ?? group]).toEqual([kind, group]);
        owners.set(kind, group);
      }
    }
  });

  it('the links name no page path of their own (one copy: the registry)', () => {
    const source = readFileSync(join(__dirname, 'policyRuleLinks.ts'), 'utf8');
    expect(source).not.toMatch(/['`]\/(policy|fwaas|secure-application-access|customization)\b/);
  });
});
