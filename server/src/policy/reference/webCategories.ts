/**
 * The v1 web category tree (GET /api/policy/v1/cats): the URL-classification vendor's categories
 * (Webroot BrightCloud numbering, as secure web gateways license it), in ten parent groups for
 * the web policy's category picker. Ids are stable: rules store them (webKinds CategoryId).
 * 85–88 are the extension categories (categoryKinds.ts), split out of the categories listed in
 * EXTENSION_MAP; ids the vendor retired (70, 72, 73, 77) are not reused.
 */
import { EXTENSION_CATEGORY_IDS } from '@workbench/common/api/contract/policy-kinds/categoryKinds';
import { CATEGORIES_V1 } from '@workbench/common/vocabularies/webCategoriesV1';

// The tree itself lives in common, shared with the provider console's category picker.
export {
  CATEGORY_GROUPS_V1,
  CATEGORIES_V1,
  CATEGORY_TREE_V1,
} from '@workbench/common/vocabularies/webCategoriesV1';

/**
 * GET /cats/extension/map: which categories the sites of each extension category belong to
 * while the extension is off (enabling it moves them out of these).
 */
export const EXTENSION_MAP: Record<(typeof EXTENSION_CATEGORY_IDS)[number], number[]> = {
  85: [5, 29],
  86: [48, 69],
  87: [32, 69],
  88: [44, 84],
};

export const extensionMapReply = () => ({
  map: EXTENSION_CATEGORY_IDS.map((id) => ({
    category_id: id,
    name: CATEGORIES_V1.find((cat) => cat.id === id)?.name ?? String(id),
    previous_category_ids: EXTENSION_MAP[id],
  })),
});
