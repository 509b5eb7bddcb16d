import {
  expandLinkText,
  itemToggled,
  parentState,
  parentToggled,
  type CheckboxGroupItem,
} from './checkboxGroupModel';

const items: CheckboxGroupItem[] = [
  { name: 'Gambling', checked: [true, false] },
  { name: 'News', checked: [true, true] },
  { name: 'Legacy', checked: [false, false], isHide: true },
];

describe('checkbox group rules (docs/shared-ui.md §8)', () => {
  it('A parent checkbox per column is checked when all its sub-items are checked and indeterminate when mixed', () => {
    expect(parentState(items, 0)).toBe('checked');
    expect(parentState(items, 1)).toBe('indeterminate');
    expect(parentState([{ name: 'x', checked: [false] }], 0)).toBe('unchecked');
  });

  it('Toggling a parent sets all its sub-items', () => {
    const all = parentToggled(items, 1);
    expect(all.map((i) => i.checked[1])).toEqual([true, true, false]);
    expect(parentToggled(all, 1).map((i) => i.checked[1])).toEqual([false, false, false]);
    expect(all.map((i) => i.checked[0])).toEqual([true, true, false]);
  });

  it('toggling a sub-item recomputes the parent', () => {
    const next = itemToggled(items, 0, 0);
    expect(next[0].checked).toEqual([false, false]);
    expect(parentState(next, 0)).toBe('indeterminate');
    expect(items[0].checked).toEqual([true, false]);
  });

  it("shows a 'show N items' or 'hide N items' link when it has sub-items", () => {
    expect(expandLinkText(items, false)).toBe('show 2 items');
    expect(expandLinkText(items, true)).toBe('hide 2 items');
    expect(expandLinkText([], false)).toBeNull();
    expect(expandLinkText(items.slice(0, 1), false)).toBe('show 1 item');
  });
});
