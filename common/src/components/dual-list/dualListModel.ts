/**
 * Dual-list rules (docs/shared-ui.md §5 Dual-list item, §5 Dual list) as pure functions.
 */
import { counted } from '../../formatting/counted';

/** Dual-list item (docs/shared-ui.md §3): the category is the title of the group it comes from. */
export interface DualListItem {
  name: string;
  description?: string;
  disabled?: boolean;
  category?: string;
}

/** A titled group of available items; its title becomes each item's category. */
export interface DualListGroup {
  title: string;
  items: readonly Omit<DualListItem, 'category'>[];
}

export const DUAL_LIST_HEIGHT = 330;
export const DUAL_LIST_REQUIRED_MSG = 'Select at least one item.';
export function dualListMaxMessage(max: number): string {
  return `At most ${counted(max, 'item')} can be selected.`;
}
export const DUAL_LIST_DUPLICATE_MSG = 'An item can be selected only once.';

/** The identity of an item: its category and name. */
export function itemKey(item: DualListItem): string {
  return `${item.category ?? ''}\u0000${item.name}`;
}

/** Groups to items, each taking its group's title as category. */
export function itemsFromGroups(groups: readonly DualListGroup[]): DualListItem[] {
  return groups.flatMap((group) => group.items.map((item) => ({ ...item, category: group.title })));
}

export interface MoveOptions {
  max?: number;
  allowDuplicates?: boolean;
}

export interface MoveOutcome {
  selected: DualListItem[];
  /** Why nothing moved, or null. */
  refused: string | null;
}

/**
 * Moving items to the selected list. Disabled items never move; duplicates are blocked unless
 * allowed (an item already selected is skipped); a maximum item count blocks the whole move when it
 * would exceed it.
 */
export function moveToSelected(
  selected: readonly DualListItem[],
  items: readonly DualListItem[],
  options: MoveOptions = {},
): MoveOutcome {
  const present = new Set(selected.map(itemKey));
  const moving: DualListItem[] = [];
  let duplicate = false;
  for (const item of items) {
    if (item.disabled) continue;
    if (
      !options.allowDuplicates &&
      (present.has(itemKey(item)) || moving.some((m) => itemKey(m) === itemKey(item)))
    ) {
      duplicate = true;
      continue;
    }
    moving.push(item);
  }
  if (options.max !== undefined && selected.length + moving.length > options.max) {
    return { selected: [...selected], refused: dualListMaxMessage(options.max) };
  }
  if (moving.length === 0)
    return { selected: [...selected], refused: duplicate ? DUAL_LIST_DUPLICATE_MSG : null };
  return { selected: [...selected, ...moving], refused: null };
}

/** The selected list without the given positions. */
export function removeFromSelected(
  selected: readonly DualListItem[],
  positions: ReadonlySet<number>,
): DualListItem[] {
  return selected.filter((_, index) => !positions.has(index));
}

/** The items still offered: all of them when duplicates are allowed, else those not selected. */
export function availableItems(
  all: readonly DualListItem[],
  selected: readonly DualListItem[],
  allowDuplicates = false,
): DualListItem[] {
  if (allowDuplicates) return [...all];
  const present = new Set(selected.map(itemKey));
  return all.filter((item) => !present.has(itemKey(item)));
}

/** At least one selected item is required unless empty is allowed. */
export function dualListInvalid(selected: readonly DualListItem[], allowEmpty = false): boolean {
  return !allowEmpty && selected.length === 0;
}

/** The error text shows only when the control is dirty and invalid. */
export function dualListErrorText(
  selected: readonly DualListItem[],
  dirty: boolean,
  allowEmpty = false,
): string | null {
  return dirty && dualListInvalid(selected, allowEmpty) ? DUAL_LIST_REQUIRED_MSG : null;
}
