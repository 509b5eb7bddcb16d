/**
 * Where a policy rule is edited (issue 12: "from a web log row in the logs explorer a link to the
 * rule that decided it"; the policy tester names the deciding rule the same way). A rule is named
 * by its kind of the policy-kind registry and its key in that kind's list (`<kind>:<key>`, the
 * web log's policy_rule field).
 */
import { WEB_SECTIONS } from './web/webSections';

/** The firewall page's sections by kind (tenant-portal/src/areas/fwaas). */
const FIREWALL_SECTIONS: Readonly<Record<string, string>> = {
  'fwaas/rules': 'rules',
  'fwaas/services': 'services',
  'fwaas/feeds': 'feeds',
};

/** Rule ids are word characters only (RuleId); a key with a dot is a bypass domain, not a rule. */
const isRuleId = (key: string) => /^[A-Za-z0-9_-]+$/.test(key);

/** The portal path (for the router) of the rule `key` of `kind`, or null when no page edits it. */
export function policyRuleHref(kind: string, key?: string): string | null {
  const web = WEB_SECTIONS.find((s) => s.kind === kind);
  if (web) {
    const base = `/policy/web/${web.path}`;
    if (key === undefined || key === '') return base;
    if (kind === 'cats') return `${base}?category=${encodeURIComponent(key)}`;
    // Risk levels are one table, not rules to open.
    if (kind === 'risks') return base;
    return isRuleId(key) ? `${base}?rule=${encodeURIComponent(key)}` : base;
  }
  const fw = FIREWALL_SECTIONS[kind];
  if (fw) return key && isRuleId(key) ? `/fwaas/${fw}?rule=${encodeURIComponent(key)}` : `/fwaas/${fw}`;
  return null;
}

/** The same for a `<kind>:<key>` reference (the web log's policy_rule); null when unreadable. */
export function policyRuleHrefOf(reference: string): string | null {
  const at = reference.lastIndexOf(':');
  if (at <= 0) return null;
  return policyRuleHref(reference.slice(0, at), reference.slice(at + 1));
}
