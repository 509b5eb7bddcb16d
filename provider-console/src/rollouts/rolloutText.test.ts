import { describeChange, describePlan, describeTarget, describeValue, tenantsOfTarget } from './rolloutText';

test('changes, values, targets and plans read as sentences', () => {
  expect(describeChange({ kind: 'capabilities', set: { isolation_beta: true }, remove: ['old'] })).toBe(
    'Capabilities isolation_beta on, old removed',
  );
  expect(describeChange({ kind: 'skus', add: ['SWG-BASIC'], remove: [] })).toBe('SKUs: add SWG-BASIC');
  expect(describeChange({ kind: 'policy_template', template: 'x' }, () => 'Branded block page')).toBe(
    'Policy template: Branded block page',
  );
  expect([null, true, false, [], ['A', 'B'], { list: [1] }, { list: [1, 2] }, 3].map(describeValue)).toEqual([
    '—',
    'on',
    'off',
    'none',
    'A, B',
    '1 entry',
    '2 entries',
    '3',
  ]);
  expect(describeTarget({ tags: ['beta'], deployments: [], sku_ids: ['ZTNA'], tids: ['a', 'b'] })).toBe(
    'tag beta; SKU ZTNA; 2 chosen by hand',
  );
  expect(describePlan(4, 2, 30)).toBe('4 tenants in 2 waves of 2, 30 s between waves');
  expect(describePlan(1, 5, 30)).toBe('1 tenant in 1 wave of 5');
});

test('a target picks any tenant matching a tag, a deployment, a SKU, or chosen by hand', () => {
  const c = (tid: string, over: object = {}) => ({
    tid,
    name: tid,
    status: 'active',
    deployment: 'eu-1',
    tags: [],
    sku_ids: [],
    ...over,
  });
  const choices = [
    c('a', { tags: ['beta'] }),
    c('b', { deployment: 'us-1' }),
    c('c', { sku_ids: ['ZTNA'] }),
    c('d'),
  ];
  const none = { tags: [], deployments: [], sku_ids: [], tids: [] };
  expect(tenantsOfTarget(choices, { ...none, tags: ['beta'] }).map((t) => t.tid)).toEqual(['a']);
  expect(tenantsOfTarget(choices, { ...none, deployments: ['us-1'], tids: ['d'] }).map((t) => t.tid)).toEqual(
    ['b', 'd'],
  );
  expect(tenantsOfTarget(choices, { ...none, sku_ids: ['ZTNA'] }).map((t) => t.tid)).toEqual(['c']);
  expect(tenantsOfTarget(choices, none)).toEqual([]);
});
