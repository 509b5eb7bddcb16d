import {
  availableItems,
  dualListErrorText,
  dualListInvalid,
  itemsFromGroups,
  moveToSelected,
  removeFromSelected,
} from './dualListModel';

const groups = [
  {
    title: 'Groups',
    items: [{ name: 'Sales' }, { name: 'Ops', disabled: true }, { name: 'Dev', description: 'Developers' }],
  },
  { title: 'Users', items: [{ name: 'ada' }] },
];
const items = itemsFromGroups(groups);

describe('dual list rules (docs/shared-ui.md §5, §5)', () => {
  it('an item’s category is taken from the group title', () => {
    expect(items.map((i) => [i.name, i.category])).toEqual([
      ['Sales', 'Groups'],
      ['Ops', 'Groups'],
      ['Dev', 'Groups'],
      ['ada', 'Users'],
    ]);
  });

  it('At least one selected item is required unless empty is allowed', () => {
    expect(dualListInvalid([])).toBe(true);
    expect(dualListInvalid([], true)).toBe(false);
    expect(dualListInvalid([items[0]])).toBe(false);
  });

  it('the error text shows only when the control is dirty and invalid', () => {
    expect(dualListErrorText([], false)).toBeNull();
    expect(dualListErrorText([], true)).toBe('Select at least one item.');
    expect(dualListErrorText([items[0]], true)).toBeNull();
    expect(dualListErrorText([], true, true)).toBeNull();
  });

  it('A maximum item count blocks moves that would exceed it', () => {
    const outcome = moveToSelected([items[0]], [items[2], items[3]], { max: 2 });
    expect(outcome.selected).toEqual([items[0]]);
    expect(outcome.refused).toBe('At most 2 items can be selected.');
    expect(moveToSelected([items[0]], [items[2]], { max: 2 }).selected).toHaveLength(2);
  });

  it('Duplicates are blocked unless allowed', () => {
    const blocked = moveToSelected([items[0]], [items[0]]);
    expect(blocked.selected).toEqual([items[0]]);
    expect(blocked.refused).toBe('An item can be selected only once.');
    expect(availableItems(items, [items[0]]).map((i) => i.name)).toEqual(['Ops', 'Dev', 'ada']);
    expect(moveToSelected([items[0]], [items[0]], { allowDuplicates: true }).selected).toEqual([
      items[0],
      items[0],
    ]);
    expect(availableItems(items, [items[0]], true)).toHaveLength(4);
  });

  it('Disabled items never move to the selected list', () => {
    expect(moveToSelected([], [items[1], items[2]]).selected).toEqual([items[2]]);
  });

  it('removes by position', () => {
    expect(removeFromSelected([items[0], items[2], items[3]], new Set([1]))).toEqual([items[0], items[3]]);
  });
});
