import { useMemo } from 'react';
import { categoryTreeByGroup, useCategoryTree } from '@workbench/common';
import type { CategoryGroupOption } from '../web/categoryModel';

const NONE: readonly CategoryGroupOption[] = [];

/**
 * The category tree grouped by parent for the link-isolation rules' category picker. Unlike the web
 * page's hook it does not read the web policy's extension switch (an e-mail administrator may not
 * read the web policy): the extension categories 85–88 are not offered, and a rule that names one
 * shows it by number.
 */
export function useEmailCategoryGroups(): readonly CategoryGroupOption[] {
  const { tree } = useCategoryTree();
  return useMemo(
    () =>
      tree
        ? categoryTreeByGroup(tree, { extensionEnabled: false }).map((g) => ({
            name: g.group.name,
            categories: g.categories.map((c) => ({ id: c.id, name: c.name })),
          }))
        : NONE,
    [tree],
  );
}
