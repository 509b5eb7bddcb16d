/**
 * Where a policy rule is edited (issue 12: "from a web log row in the logs explorer a link to the
 * rule that decided it"; the policy tester names the deciding rule the same way). A rule is named
 * by its kind of the policy-kind registry and its key in that kind's list (`<kind>:<key>`, the
 * web log's policy_rule field).
 */
import {
  POLICY_PERMISSION_GROUPS,
  policyGroupPage,
  type PolicyPermissionGroup,
} from '@workbench/common/vocabularies/policyGroups';
import { groupTabs } from './familyTabs';

/**
 * The tabs (path and kind) of every policy group's page: where each kind of the policy-kind
 * registry is edited, from the kinds' view rows (familyTabs.ts). The page itself is the group's
 * (policy-group registry).
 */
export const POLICY_GROUP_SECTIONS = Object.fromEntries(
  POLICY_PERMISSION_GROUPS.map((group) => [group, groupTabs(group)]),
) as unknown as Readonly<Record<PolicyPermissionGroup, ReadonlyArray<{ path: string; kind: string }>>>;

/** Rule ids are word characters only (RuleId); a key with a dot is a bypass domain, not a rule. */
const isRuleId = (key: string) => /^[A-Za-z0-9_-]+$/.test(key);

/** The portal path (for the router) of the rule `key` of `kind`, or null when no page edits it. */
export function policyRuleHref(kind: string, key?: string): string | null {
  for (const group of POLICY_PERMISSION_GROUPS) {
    const section = POLICY_GROUP_SECTIONS[group].find((s) => s.kind === kind);
    if (!section) continue;
    const href = `${policyGroupPage(group)}/${section.path}`;
    if (key === undefined || key === '') return href;
    if (kind === 'cats') return `${href}?category=${encodeURIComponent(key)}`;
    // Risk levels are one table, not rules to open.
    if (kind === 'risks') return href;
    return isRuleId(key) ? `${href}?rule=${encodeURIComponent(key)}` : href;
  }
  return null;
}
/** The same for a `<kind>:<key>` reference (the web log's policy_rule); null when unreadable. */
export function policyRuleHrefOf(reference: string): string | null {
  const at = reference.lastIndexOf(':');
  if (at <= 0) return null;
  return policyRuleHref(reference.slice(0, at), reference.slice(at + 1));
}
