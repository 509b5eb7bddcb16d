import { POLICY_KIND_REGISTRY, type PolicyKindDef } from '@workbench/common/api/contract/policyKinds';
import { diffPolicyDoc } from './policyDiff';

const exceptions: PolicyKindDef = POLICY_KIND_REGISTRY['web/exceptions'];
const bnb: PolicyKindDef = POLICY_KIND_REGISTRY.bnb;
const risks: PolicyKindDef = POLICY_KIND_REGISTRY.risks;

const rule = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Rule ${id}`,
  enabled: true,
  action: 'block',
  conditions: { domain: [`${id}.example`] },
  ...extra,
});

test('identical documents have no changes', () => {
  const doc = { list: [rule('a'), rule('b')], bypass: ['x.example'] };
  expect(diffPolicyDoc(exceptions, doc, structuredClone(doc))).toEqual([]);
});

test('keyed entries are added, removed and changed field by field, at their positions', () => {
  const before = { list: [rule('a'), rule('b'), rule('c')], bypass: [] };
  const after = {
    list: [
      rule('a', { action: 'allow', conditions: { domain: ['a.example', 'b.example'] } }),
      rule('c'),
      rule('d'),
    ],
    bypass: ['skip.example'],
  };
  expect(diffPolicyDoc(exceptions, before, after)).toEqual([
    { op: 'removed', path: 'list', key: 'b', index: 1, item: rule('b') },
    { op: 'added', path: 'list', key: 'd', index: 2, item: rule('d') },
    { op: 'changed', path: 'list', key: 'a', index: 0, field: 'action', from: 'block', to: 'allow' },
    {
      op: 'changed',
      path: 'list',
      key: 'a',
      index: 0,
      field: 'conditions.domain',
      from: ['a.example'],
      to: ['a.example', 'b.example'],
    },
    { op: 'changed', path: 'bypass', from: [], to: ['skip.example'] },
  ]);
});

test('a field that appears or disappears is a change from or to null', () => {
  const before = { list: [rule('a')], bypass: [] };
  const after = { list: [rule('a', { comment: 'why' })], bypass: [] };
  expect(diffPolicyDoc(exceptions, before, after)).toEqual([
    { op: 'changed', path: 'list', key: 'a', index: 0, field: 'comment', from: null, to: 'why' },
  ]);
});

test('moves are the fewest entries that left their relative order', () => {
  const ids = (...keys: string[]) => ({ list: keys.map((k) => rule(k)), bypass: [] });
  // One rule moved to the top: only it is reported, not every rule whose index shifted.
  expect(diffPolicyDoc(exceptions, ids('a', 'b', 'c', 'd'), ids('d', 'a', 'b', 'c'))).toEqual([
    { op: 'moved', path: 'list', key: 'd', from: 3, to: 0 },
  ]);
  // Swapping two: one of them moved.
  expect(diffPolicyDoc(exceptions, ids('a', 'b'), ids('b', 'a'))).toHaveLength(1);
  // An insertion shifts positions but moves nothing.
  expect(
    diffPolicyDoc(exceptions, ids('a', 'b'), ids('x', 'a', 'b')).filter((c) => c.op === 'moved'),
  ).toEqual([]);
  // Reversal of four: three moved.
  expect(diffPolicyDoc(exceptions, ids('a', 'b', 'c', 'd'), ids('d', 'c', 'b', 'a'))).toHaveLength(3);
});

test('keyed lists nested in the document (bnb pre and post) and plain fields beside them', () => {
  const stage = (list: unknown[], action = 'allow') => ({ list, unsupported_or_non_browsers: action });
  const b = (id: string) => ({ id, name: id, enabled: true, browser: 'chrome', action: 'block' });
  expect(
    diffPolicyDoc(
      bnb,
      { pre: stage([b('x')]), post: stage([]) },
      { pre: stage([]), post: stage([b('x')], 'block') },
    ),
  ).toEqual([
    { op: 'removed', path: 'pre.list', key: 'x', index: 0, item: b('x') },
    { op: 'added', path: 'post.list', key: 'x', index: 0, item: b('x') },
    { op: 'changed', path: 'post.unsupported_or_non_browsers', from: 'allow', to: 'block' },
  ]);
});

test('risk levels are matched by their level', () => {
  expect(
    diffPolicyDoc(
      risks,
      { list: [{ risk: 'Y', action: 'safeview' }], flash: false },
      { list: [{ risk: 'Y', action: 'block' }], flash: true },
    ),
  ).toEqual([
    { op: 'changed', path: 'list', key: 'Y', index: 0, field: 'action', from: 'safeview', to: 'block' },
    { op: 'changed', path: 'flash', from: false, to: true },
  ]);
});
