/**
 * The Secure Application Access page's sections (docs/sessions.md §6 secure-application-access;
 * docs/policy.md §9 Policy reads and saves, rules/mpa/*): one tab per list an administrator
 * edits, each deep-linkable as #/secure-application-access/<path>. Access rules and applications
 * are two tabs of one document (mpa/access_rules, saved together by
 * update_access_policy_application).
 */
import { familyTabs } from '../policy/familyTabs';
import { policyGroupPage } from '@workbench/common/vocabularies/policyGroups';

/** Access rules first: what decides access; the rest is what rules and the user portal refer to. */
export const PRIVATE_ACCESS_SECTIONS = familyTabs([
  { path: 'access-rules', kind: 'mpa/access_rules' },
  { path: 'applications', tab: 'Applications', kind: 'mpa/access_rules' },
  { path: 'catalogs', kind: 'mpa/app_catalogs' },
  { path: 'clusters', kind: 'mpa/app_connector_clusters' },
] as const);

export const PRIVATE_ACCESS_BASE = policyGroupPage('private_access');
