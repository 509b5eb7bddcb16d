/**
 * The Secure Application Access page's sections (docs/sessions.md §6 secure-application-access;
 * docs/policy.md §9 Policy reads and saves, rules/mpa/*): one tab per list an administrator
 * edits, each deep-linkable as #/secure-application-access/<path>. Access rules and applications
 * are two tabs of one document (mpa/access_rules, saved together by
 * update_access_policy_application).
 */
import { policyGroupPage } from '@workbench/common/vocabularies/policyGroups';

/** The page's route path (its tabs are the private_access kinds' view rows). */
export const PRIVATE_ACCESS_BASE = policyGroupPage('private_access');
