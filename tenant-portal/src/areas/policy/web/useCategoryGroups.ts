import type { CategoryGroupOption } from './categoryModel';

const NONE: readonly CategoryGroupOption[] = [];

/**
 * The category tree grouped by parent, for the category picker and names. The reference data
 * (common's policy-reference feature) feeds it; without it the sections show the categories the
 * policy names by id.
 */
export function useCategoryGroups(): readonly CategoryGroupOption[] {
  return NONE;
}
