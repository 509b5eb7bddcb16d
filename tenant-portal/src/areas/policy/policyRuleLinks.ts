/**
 * Where a policy rule is edited (issue 12: "from a web log row in the logs explorer a link to the
 * rule that decided it"; the policy tester names the deciding rule the same way). A rule is named
 * by its kind of the policy-kind registry and its key in that kind's list; the web log's
 * policy_rule names it by the policy option it belongs to, `<option>:<key>` (docs/logs.md §7).
 */
import {
  POLICY_PERMISSION_GROUPS,
  policyGroupPage,
  type PolicyPermissionGroup,
} from '@workbench/common/vocabularies/policyGroups';
import { POLICY_OPTION_REGISTRY, type PolicyOption } from '@workbench/common/api/contract/policyOptions';
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
/**
 * The policy option and key of a web log's policy_rule, `<option>:<key>` (docs/logs.md §7), or
 * the kind and key of an older `<kind>:<key>`; null when unreadable. A key may hold colons (an
 * IPv6 bypass), the option or kind none.
 */
export function policyRuleReference(
  reference: string,
): { kind: string; key: string; option: PolicyOption | null } | null {
  const at = reference.indexOf(':');
  if (at <= 0) return null;
  const head = reference.slice(0, at);
  const key = reference.slice(at + 1);
  if (head in POLICY_OPTION_REGISTRY) {
    const option = head as PolicyOption;
    const kind: string | null = POLICY_OPTION_REGISTRY[option].kind;
    return kind === null ? null : { kind, key, option };
  }
  return { kind: head, key, option: null };
}

/** The portal path of a policy_rule reference's rule, in its editor; null when unreadable. */
export function policyRuleHrefOf(reference: string): string | null {
  const rule = policyRuleReference(reference);
  return rule ? policyRuleHref(rule.kind, rule.key) : null;
}
