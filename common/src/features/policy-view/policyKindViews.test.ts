import { POLICY_KIND_REGISTRY, POLICY_KINDS } from '../../api/contract/policyKinds';
import { changeText, diffText } from '../revision/diffText';
import {
  POLICY_KIND_VIEWS,
  entryNoun,
  fieldLabel,
  policyKindTab,
  policyKindTitle,
  type PolicyKindView,
} from './policyKindViews';

describe('policy kind views', () => {
  it('has one view row per registry row, and none the registry lacks', () => {
    expect(Object.keys(POLICY_KIND_VIEWS).sort()).toEqual([...POLICY_KINDS].sort());
  });

  it('takes every title from the registry; a tab is a shorter label or the title', () => {
    for (const kind of POLICY_KINDS) {
      expect(policyKindTitle(kind)).toBe(POLICY_KIND_REGISTRY[kind].title);
      expect(policyKindTab(kind)).toBe(
        (POLICY_KIND_VIEWS[kind] as PolicyKindView).tab ?? POLICY_KIND_REGISTRY[kind].title,
      );
    }
  });

  it('draws a kind whose order decides with an editor that keeps order', () => {
    for (const kind of POLICY_KINDS) {
      const ordered = (POLICY_KIND_REGISTRY[kind] as { orderedLists?: readonly string[] }).orderedLists ?? [];
      if (ordered.length > 0)
        expect([kind, POLICY_KIND_VIEWS[kind].shape]).toEqual([
          kind,
          expect.stringMatching(/^(ordered-rules|scoped-rules)$/),
        ]);
    }
  });

  it("names a kind's own fields with its labels only, shared rule parts everywhere", () => {
    expect(fieldLabel('safemail/config', 'config.fail_open')).toBe('fail open');
    expect(fieldLabel('watermark', 'watermark.opacity')).toBe('watermark opacity (%)');
    // Another kind's document path is not this kind's field: humanised, not borrowed.
    expect(fieldLabel('web/exceptions', 'watermark.opacity')).toBe('opacity');
    expect(fieldLabel('fwaas/rules', 'conditions.geo_ip')).toBe('countries');
  });

  it('names entries by the list they are in, else by the kind, else "rule"', () => {
    expect(entryNoun('smtp/attachments', 'plugins')).toBe('scanning engine');
    expect(entryNoun('fwaas/services', 'list')).toBe('service');
    expect(entryNoun('web/exceptions', 'list')).toBe('rule');
  });

  it('reads a diff through the view rows: actions, codes, keyed entries, nouns, titles', () => {
    expect(
      changeText(
        { kind: 'dlp' },
        { op: 'added', path: 'dlp.rules', key: 'r1', index: 0, item: { name: 'Cards', action: 'allow' } },
      ),
    ).toBe('rule 1 “Cards” added (Skip Inspection)');
    expect(
      changeText(
        { kind: 'bandwidth' },
        { op: 'changed', path: 'bandwidth.rules', key: 'b1', field: 'direction', from: 'all', to: 'uploads' },
      ),
    ).toMatch(/direction changed from all traffic to uploads$/);
    expect(
      changeText(
        { kind: 'risks' },
        { op: 'added', path: 'list', key: 'Y', index: 0, item: { risk: 'Y', action: 'block' } },
      ),
    ).toBe('Block for Medium added');
    expect(
      diffText({
        kinds: [
          {
            kind: 'egress_policy',
            title: '',
            changes: [
              { op: 'removed', path: 'egress_policy.rules', key: 'h1', index: 0, item: { name: 'X-Team' } },
            ],
          },
        ],
      } as never),
    ).toEqual([
      { kind: 'egress_policy', title: 'Egress headers', lines: ['header rule 1 “X-Team” removed'] },
    ]);
  });
});
