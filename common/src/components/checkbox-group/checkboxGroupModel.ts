/**
 * Checkbox group rules (docs/shared-ui.md §8 Checkbox group item, §8 Checkbox group).
 * Decision: hidden items (isHide) are neither shown, counted, nor changed by a parent checkbox.
 */
import { counted } from '../../formatting/counted';

/** Checkbox group item (docs/shared-ui.md §3): one checked flag per parent checkbox (column). */
export interface CheckboxGroupItem {
  name: string;
  checked: readonly boolean[];
  isHide?: boolean;
}

export type ParentState = 'checked' | 'unchecked' | 'indeterminate';

const shown = (items: readonly CheckboxGroupItem[]) => items.filter((item) => !item.isHide);

/** A parent checkbox per column is checked when all its sub-items are checked and indeterminate when mixed. */
export function parentState(items: readonly CheckboxGroupItem[], column: number): ParentState {
  const flags = shown(items).map((item) => Boolean(item.checked[column]));
  if (flags.length === 0) return 'unchecked';
  if (flags.every(Boolean)) return 'checked';
  return flags.some(Boolean) ? 'indeterminate' : 'unchecked';
}

function setFlag(flags: readonly boolean[], column: number, value: boolean): boolean[] {
  const next = [...flags];
  next[column] = value;
  return next.map(Boolean);
}

/** Toggling a parent sets all its sub-items: checked unless it was checked already. */
export function parentToggled(items: readonly CheckboxGroupItem[], column: number): CheckboxGroupItem[] {
  const value = parentState(items, column) !== 'checked';
  return items.map((item) =>
    item.isHide ? item : { ...item, checked: setFlag(item.checked, column, value) },
  );
}

/** Toggling a sub-item changes only that item's flag (the parent is recomputed from the items). */
export function itemToggled(
  items: readonly CheckboxGroupItem[],
  index: number,
  column: number,
): CheckboxGroupItem[] {
  return items.map((item, i) =>
    i === index ? { ...item, checked: setFlag(item.checked, column, !item.checked[column]) } : item,
  );
}

/** The link text of a group with sub-items: 'show N items' when collapsed, 'hide N items' when expanded. */
export function expandLinkText(items: readonly CheckboxGroupItem[], expanded: boolean): string | null {
  const count = shown(items).length;
  if (count === 0) return null;
  return `${expanded ? 'hide' : 'show'} ${counted(count, 'item')}`;
}
