/**
 * The permission groups of the policy-kind registry (api/contract/policyKinds.ts) and the reads
 * they make up, apart from the registry: the session saga, the route guard and the shell read
 * them on every page, while the registry's rows (their schemas, defaults and checks, with
 * ipaddr.js) load with the pages and calls that read or save a document (bench/README.md "First
 * load"). policyKinds.ts re-exports them; policyKindGroups.test.ts holds them to the registry.
 */
import {
  POLICY_GROUPS,
  policyReadPermission,
  type PolicyPermissionGroup,
} from '../../vocabularies/policyGroups';

/**
 * The groups whose writers change the revision: every policy group of the policy area, then the
 * other areas that keep documents in it, in the registry's order (customization, private access,
 * firewall).
 */
export const POLICY_KIND_GROUPS: PolicyPermissionGroup[] = [
  ...new Set<PolicyPermissionGroup>([...POLICY_GROUPS, 'customization', 'private_access', 'fwaas']),
];

/**
 * Reading the revision (GET /api/policy/v1/rules): any policy group's read, or the dashboard's
 * (reports show the revision). The server guards the call with it; the portal's areas that resolve
 * the revision before showing (docs/sessions.md §6) do not wait for one their role may not read.
 */
export const REVISION_READ = {
  any: [...POLICY_KIND_GROUPS.map((g) => `${g}:*:read`), 'dashboard:*:read'],
} as const satisfies { any: readonly string[] };

/** Reading the publish note (the `portal_note` kind, a web-policy document). */
export const PORTAL_NOTE_READ = policyReadPermission('web_policy');

/** The publish note's document (the `portal_note` kind's path, read and saved there). */
export const PORTAL_NOTE_PATH = '/api/policy/v1/rules/portal_note/{rev}';
