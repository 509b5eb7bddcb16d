/**
 * The Web Policy page's sections (issue 12; docs/access.md §4 web-policy edit permissions, docs/policy.md §4 Policy):
 * one per document of the web family of the policy-kind registry, each deep-linkable as
 * #/policy/web/<path> and saved on its own.
 */
import { familyTabs } from '../familyTabs';

export const WEB_SECTIONS = familyTabs([
  { path: 'categories', kind: 'cats' },
  { path: 'threats', kind: 'risks' },
  { path: 'exceptions', kind: 'web/exceptions' },
  { path: 'browsers', kind: 'bnb' },
  { path: 'user-agents', kind: 'web/user_agents' },
  { path: 'sha256', kind: 'web/sha256' },
  { path: 'ssl-bypass', kind: 'v3/sslbump_bypass' },
  // Issue 13: the other web_policy documents of the registry (webControlKinds.ts, globalKinds.ts).
  { path: 'copy-paste', kind: 'copy_paste' },
  { path: 'watermark', kind: 'watermark' },
  { path: 'forensics', kind: 'bf/web' },
  { path: 'bandwidth', kind: 'bandwidth' },
  { path: 'global-exceptions', kind: 'web/global_exceptions' },
  { path: 'global-browsers', kind: 'global_bnb' },
] as const);

export type WebSectionPath = (typeof WEB_SECTIONS)[number]['path'];

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
