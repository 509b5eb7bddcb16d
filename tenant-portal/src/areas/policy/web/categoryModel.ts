/**
 * The Categories section's rules (issue 12; docs/policy.md §4 cats: the action per category of the
 * category tree, unlisted categories allow). The tree's groups are the checkbox groups (shared
 * checkbox group, docs/shared-ui.md §8) with a Block and an Isolate column; a category with neither is
 * allowed. 'safeview' is labelled Isolate (docs/glossary.md §2 vocabularies).
 */
import type { CheckboxGroupItem } from '@workbench/common';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import type { WebRuleAction } from '@workbench/common/api/contract/policy-kinds/webKinds';

export type CatsDoc = PolicyData<'cats'>;

export interface CategoryOption {
  id: number;
  name: string;
}
/** A parent of the category tree and its categories. */
export interface CategoryGroupOption {
  name: string;
  categories: readonly CategoryOption[];
}

/** The checkbox columns and the action each stands for. */
export const ACTION_COLUMNS = ['Block', 'Isolate'] as const;
const COLUMN_ACTIONS: readonly WebRuleAction[] = ['block', 'safeview'];

/** The actions a category can be given here, with their labels (allow: neither column). */
export const CATEGORY_ACTIONS: ReadonlyArray<{ code: WebRuleAction; label: string }> = [
  { code: 'allow', label: 'Allow' },
  { code: 'block', label: 'Block' },
  { code: 'safeview', label: 'Isolate' },
];

export const OTHER_GROUP = 'Other categories in the policy';

export function actionsById(doc: CatsDoc): Map<number, WebRuleAction> {
  return new Map(doc.list.map((e) => [e.category_id, e.action]));
}

/**
 * The groups to show: the tree's, plus the categories the policy names that the tree does not
 * (a newer backend's, or the tree not loaded) under OTHER_GROUP, shown by id.
 */
export function withUnknownCategories(
  groups: readonly CategoryGroupOption[],
  doc: CatsDoc,
): CategoryGroupOption[] {
  const known = new Set(groups.flatMap((g) => g.categories.map((c) => c.id)));
  const unknown = doc.list.filter((e) => !known.has(e.category_id));
  if (unknown.length === 0) return [...groups];
  return [
    ...groups,
    {
      name: OTHER_GROUP,
      categories: unknown.map((e) => ({ id: e.category_id, name: `Category ${e.category_id}` })),
    },
  ];
}

const matches = (text: string, query: string) => text.toLowerCase().includes(query.trim().toLowerCase());

/** A group's checkbox items: checked per column by the category's action; hidden when the filter does not match. */
export function groupItems(
  group: CategoryGroupOption,
  actions: ReadonlyMap<number, WebRuleAction>,
  query: string,
): CheckboxGroupItem[] {
  const groupMatches = query.trim() === '' || matches(group.name, query);
  return group.categories.map((c) => {
    const action = actions.get(c.id) ?? 'allow';
    return {
      name: c.name,
      checked: COLUMN_ACTIONS.map((a) => a === action),
      isHide: !groupMatches && !matches(c.name, query),
    };
  });
}

/** Whether a group has anything to show under the filter. */
export const groupShown = (group: CategoryGroupOption, query: string): boolean =>
  query.trim() === '' || matches(group.name, query) || group.categories.some((c) => matches(c.name, query));

/** Sets one category's action: 'allow' drops its entry (unlisted allows), others replace or append. */
export function setCategoryAction(doc: CatsDoc, id: number, action: WebRuleAction): CatsDoc {
  if (action === 'allow') return { ...doc, list: doc.list.filter((e) => e.category_id !== id) };
  const i = doc.list.findIndex((e) => e.category_id === id);
  if (i < 0) return { ...doc, list: [...doc.list, { category_id: id, action }] };
  return { ...doc, list: doc.list.map((e, j) => (j === i ? { ...e, action } : e)) };
}

/**
 * The checkbox group changed column `column` of some items (a parent or one sub-item): each item
 * whose flag in that column changed gets that column's action when checked (the other column is
 * cleared by that), or Allow when unchecked.
 */
export function applyGroupChange(
  doc: CatsDoc,
  group: CategoryGroupOption,
  before: readonly CheckboxGroupItem[],
  after: readonly CheckboxGroupItem[],
  column: number,
): CatsDoc {
  return group.categories.reduce((next, category, i) => {
    const was = Boolean(before[i]?.checked[column]);
    const now = Boolean(after[i]?.checked[column]);
    if (was === now) return next;
    return setCategoryAction(next, category.id, now ? COLUMN_ACTIONS[column] : 'allow');
  }, doc);
}

/** The name of a category id (for rules and SSL bypass entries). */
export function categoryName(groups: readonly CategoryGroupOption[], id: number): string {
  for (const g of groups) {
    const c = g.categories.find((x) => x.id === id);
    if (c) return c.name;
  }
  return `Category ${id}`;
}
