import { useMemo, type ComponentProps } from 'react';
import { ReadableDiff, useCategoryTree } from '@workbench/common';

/**
 * common's ReadableDiff with categories named from the tenant's category tree (the version its
 * rules use: /cats or /cats_v2) once it is loaded; until then they read "category 23". Used by the
 * review of the staged changes and by the revision history's comparison.
 */
export function TenantReadableDiff(props: ComponentProps<typeof ReadableDiff>) {
  const { tree } = useCategoryTree();
  const fromTree = useMemo(() => {
    const names = new Map((tree?.categories ?? []).map((c) => [c.id, c.name]));
    return (id: number) => names.get(id);
  }, [tree]);
  return <ReadableDiff {...props} categoryName={props.categoryName ?? fromTree} />;
}
