import { useMemo } from 'react';
import { categoryTreeByGroup, useCategoryTree, usePolicyDocEditor } from '@workbench/common';
import type { CategoryGroupOption } from './categoryModel';

const NONE: readonly CategoryGroupOption[] = [];

/**
 * The category tree grouped by parent for the category picker and names (common's policy-reference
 * feature: the tree of the revision's category version). The extension categories 85–88 show only
 * when the tenant enabled them (the cats/extension kind). Until the tree is read the sections show
 * the categories the policy names, by id.
 */
export function useCategoryGroups(): readonly CategoryGroupOption[] {
  const { tree } = useCategoryTree();
  const extension = usePolicyDocEditor('cats/extension').saved;
  const extensionEnabled = extension?.categories_85_to_88.enable ?? false;
  return useMemo(
    () =>
      tree
        ? categoryTreeByGroup(tree, { extensionEnabled }).map((g) => ({
            name: g.group.name,
            categories: g.categories.map((c) => ({ id: c.id, name: c.name })),
          }))
        : NONE,
    [tree, extensionEnabled],
  );
}
