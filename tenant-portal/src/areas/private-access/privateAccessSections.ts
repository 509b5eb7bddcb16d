/**
 * The Secure Application Access page's sections (docs/sessions.md §6 secure-application-access;
 * docs/policy.md §9 Policy reads and saves, rules/mpa/*): one tab per list an administrator
 * edits, each deep-linkable as #/secure-application-access/<path>. Access rules and applications
 * are two tabs of one document (mpa/access_rules, saved together by
 * update_access_policy_application).
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { policyGroupPage } from '@workbench/common/vocabularies/policyGroups';

export interface PrivateAccessSectionDef {
  path: string;
  /** The tab's and the section's heading. */
  title: string;
  kind: Extract<PolicyKind, `mpa/${string}`>;
}

/** Access rules first: what decides access; the rest is what rules and the user portal refer to. */
export const PRIVATE_ACCESS_SECTIONS = [
  { path: 'access-rules', title: 'Access rules', kind: 'mpa/access_rules' },
  { path: 'applications', title: 'Applications', kind: 'mpa/access_rules' },
  { path: 'catalogs', title: 'App catalogs', kind: 'mpa/app_catalogs' },
  { path: 'clusters', title: 'Connector clusters', kind: 'mpa/app_connector_clusters' },
] as const satisfies readonly PrivateAccessSectionDef[];

export const PRIVATE_ACCESS_BASE = policyGroupPage('private_access');
