/**
 * The category tree (GET /cats or /cats_v2) as the category picker shows it: one checkbox group
 * per parent group, in the tree's order, each with its categories by name. The extension
 * categories 85–88 are left out unless the tenant enabled them (cats/extension: while off, their
 * sites stay in their previous categories, so a rule on them would never match); groups left
 * empty are not shown.
 */
import type { Category, CategoryGroup, CategoryTree } from '../../api/contract/policyReference';

export interface CategoryGroupView {
  group: CategoryGroup;
  categories: Category[];
}

export function categoryTreeByGroup(
  tree: CategoryTree,
  { extensionEnabled }: { extensionEnabled: boolean },
): CategoryGroupView[] {
  const shown = tree.categories.filter((c) => extensionEnabled || !c.extension);
  return tree.groups
    .map((group) => ({
      group,
      categories: shown.filter((c) => c.group === group.key).sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .filter((g) => g.categories.length > 0);
}
