/**
 * The Web Policy page's sections drawn inside another tab (issue 12; docs/policy.md §4 Policy):
 * not tabs of their own, so not in the view rows' paths (the page's tabs are the web_policy kinds'
 * view rows, common/src/features/policy-view/policyKindViews.ts).
 */
import { familyTabs } from '../familyTabs';

/**
 * The extension categories switch (cats/extension, edit permission webroot_cats): part of the
 * Categories tab, below the tree, saved on its own.
 */
export const [EXTENSION_SECTION] = familyTabs([
  { path: 'categories-extension', kind: 'cats/extension' },
] as const);

/**
 * The parent tenant's global rules (read-only views, docs/http-client.md §5): each shown under the
 * tenant's own global rules on the same tab, saved never.
 */
/** The parent sections' read-only line: ownership, not the reader's role, is why (issue 13). */
export const PARENT_READ_ONLY_REASON = 'the parent tenant sets these rules';

const [parentExceptions, parentBrowsers] = familyTabs([
  { path: 'parent-global-exceptions', kind: 'web/parent_global_exceptions' },
  { path: 'parent-global-browsers', kind: 'parent_global_bnb' },
] as const);
export const PARENT_GLOBAL_SECTIONS = { exceptions: parentExceptions, browsers: parentBrowsers };
