/**
 * The Web Policy page's sections (issue 12; portal-core §6 web-policy edit permissions, §7 Policy):
 * one per document of the web family of the policy-kind registry, each deep-linkable as
 * #/policy/web/<path> and saved on its own.
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';

export interface WebSection {
  path: string;
  /** The tab's and the section's heading. */
  title: string;
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
