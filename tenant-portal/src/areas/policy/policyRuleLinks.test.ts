import { policyRuleHref, policyRuleHrefOf } from './policyRuleLinks';

test.each([
  ['web/exceptions:allow-collaboration', '/policy/web/exceptions?rule=allow-collaboration'],
  ['cats:27', '/policy/web/categories?category=27'],
  ['risks:Y', '/policy/web/threats'],
  ['web/exceptions:chase.com', '/policy/web/exceptions'],
  ['bnb:old-chrome', '/policy/web/browsers?rule=old-chrome'],
  ['web/user_agents:curl', '/policy/web/user-agents?rule=curl'],
  ['fwaas/rules:r1', '/fwaas/rules?rule=r1'],
  ['dlp:x', '/policy/dlp/rules?rule=x'],
  ['no-kind', null],
  [':x', null],
])('%s → %s', (reference, href) => {
  expect(policyRuleHrefOf(reference)).toBe(href);
});

test('a kind alone opens its section', () => {
  expect(policyRuleHref('cats')).toBe('/policy/web/categories');
  expect(policyRuleHref('fwaas/feeds')).toBe('/fwaas/feeds');
});
