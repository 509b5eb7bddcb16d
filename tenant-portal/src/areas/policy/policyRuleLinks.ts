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
import { FIREWALL_SECTIONS } from '../fwaas/firewallSections';
import { WEB_SECTIONS } from './web/webSections';
import { EMAIL_SECTIONS } from './email/emailSections';
import { DLP_SECTIONS } from './dlp/dlpSections';
import { PRIVATE_ACCESS_SECTIONS } from '../private-access/privateAccessSections';
import { INSPECTION_SECTIONS } from './inspection/inspectionModel';
import { CASB_SECTIONS } from './casb/casbSections';
import { EGRESS_SECTIONS } from './egress/egressSections';
import { CUSTOMIZATION_SECTIONS } from '../customization/customizationSections';

/**
 * The tabs (path and kind) of every policy group's page: where each kind of the policy-kind
 * registry is edited. The page itself is the group's (policy-group registry), so a group without
 * a row here fails to compile.
 */
export const POLICY_GROUP_SECTIONS: Readonly<
  Record<PolicyPermissionGroup, ReadonlyArray<{ path: string; kind: string }>>
> = {
  web_policy: WEB_SECTIONS,
  email_policy: EMAIL_SECTIONS,
  dlp_policy: DLP_SECTIONS,
  casb_policy: CASB_SECTIONS,
  egress_policy: EGRESS_SECTIONS,
  content_inspection: INSPECTION_SECTIONS,
  fwaas: FIREWALL_SECTIONS,
  private_access: PRIVATE_ACCESS_SECTIONS,
  customization: CUSTOMIZATION_SECTIONS,
};

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
