/**
 * The Web Policy page's sections (issue 12; docs/access.md §4 web-policy edit permissions, docs/policy.md §4 Policy):
 * one per document of the web family of the policy-kind registry, each deep-linkable as
 * #/policy/web/<path> and saved on its own.
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';

export interface WebSection {
  path: string;
  /** The tab's and the section's heading. */
  title: string;
  /** The kind's registry row also names the feature flags the tab needs (policyKindFeatures). */
  kind: PolicyKind;
}

export const WEB_SECTIONS = [
  { path: 'categories', title: 'Categories', kind: 'cats' },
  { path: 'threats', title: 'Threats & risk levels', kind: 'risks' },
  { path: 'exceptions', title: 'Domain rules & exceptions', kind: 'web/exceptions' },
  { path: 'browsers', title: 'Browsers & applications', kind: 'bnb' },
  { path: 'user-agents', title: 'User agents', kind: 'web/user_agents' },
  { path: 'sha256', title: 'SHA-256', kind: 'web/sha256' },
  { path: 'ssl-bypass', title: 'SSL bypass', kind: 'v3/sslbump_bypass' },
  // Issue 13: the other web_policy documents of the registry (webControlKinds.ts, globalKinds.ts).
  { path: 'copy-paste', title: 'Copy & paste', kind: 'copy_paste' },
  { path: 'watermark', title: 'Watermark', kind: 'watermark' },
  { path: 'forensics', title: 'Browsing forensics', kind: 'bf/web' },
  { path: 'bandwidth', title: 'Bandwidth', kind: 'bandwidth' },
  { path: 'global-exceptions', title: 'Global exceptions', kind: 'web/global_exceptions' },
  { path: 'global-browsers', title: 'Global browsers & applications', kind: 'global_bnb' },
] as const satisfies readonly WebSection[];

export type WebSectionPath = (typeof WEB_SECTIONS)[number]['path'];

/**
 * The extension categories switch (cats/extension, edit permission webroot_cats): part of the
 * Categories tab, below the tree, saved on its own.
 */
export const EXTENSION_SECTION: WebSection = {
  path: 'categories-extension',
  title: 'Extension categories',
  kind: 'cats/extension',
};

/**
 * The parent tenant's global rules (read-only views, docs/http-client.md §5): each shown under the
 * tenant's own global rules on the same tab, saved never.
 */
/** The parent sections' read-only line: ownership, not the reader's role, is why (issue 13). */
export const PARENT_READ_ONLY_REASON = 'the parent tenant sets these rules';

export const PARENT_GLOBAL_SECTIONS = {
  exceptions: {
    path: 'parent-global-exceptions',
    title: "Parent tenant's global exceptions",
    kind: 'web/parent_global_exceptions',
  },
  browsers: {
    path: 'parent-global-browsers',
    title: "Parent tenant's global browsers & applications",
    kind: 'parent_global_bnb',
  },
} as const satisfies Record<string, WebSection>;
