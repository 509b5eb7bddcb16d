import { categoryTreeByGroup } from './categoryTree';

const tree = {
  groups: [
    { key: 'security', name: 'Security Risk' },
    { key: 'technology', name: 'Technology and Communication' },
    { key: 'adult', name: 'Adult and Mature Content' },
  ],
  categories: [
    { id: 57, name: 'Phishing and Other Frauds', group: 'security' },
    { id: 56, name: 'Malware Sites', group: 'security' },
    { id: 88, name: 'Newly Observed Domains', group: 'security', extension: true },
    { id: 85, name: 'Generative AI', group: 'technology', extension: true },
  ],
};

describe('categoryTreeByGroup', () => {
  test('one group per parent, in the tree order, categories by name; no extension categories while off', () => {
    expect(categoryTreeByGroup(tree, { extensionEnabled: false })).toEqual([
      {
        group: { key: 'security', name: 'Security Risk' },
        categories: [
          { id: 56, name: 'Malware Sites', group: 'security' },
          { id: 57, name: 'Phishing and Other Frauds', group: 'security' },
        ],
      },
    ]);
  });

  test('with the extension on, 85–88 show in their groups', () => {
    const groups = categoryTreeByGroup(tree, { extensionEnabled: true });
    expect(groups.map((g) => [g.group.key, g.categories.map((c) => c.id)])).toEqual([
      ['security', [56, 88, 57]],
      ['technology', [85]],
    ]);
  });
});
