/**
 * The Content Inspection page's sections (issue 13; docs/sessions.md §6 policy row, docs/access.md §5 contentInspection
 * flag, docs/policy.md §4 Policy; docs/policy.md §4 Policy reads and saves): one tab per part of the
 * content_inspection family of the policy-kind registry, each deep-linkable as
 * #/policy/content-inspection/<path>, and the pure helpers its editors share.
 */
import { familyTabs } from '../familyTabs';
import { contentTypeDisplayName } from '@workbench/common';
import { conditionsSummary, type WebRule } from '../web/ruleForm';
import type { ContentV4Rule, InspectionRule } from './inspectionRuleForm';

/**
 * Tabs in the order an administrator sets inspection up: what is inspected, the rules that settle
 * verdicts, file types and documents, the sandbox, then the global rules around the policy. A tab
 * that shows two documents lists both (policyRuleLinks finds either); the first is its own.
 */
export const INSPECTION_SECTIONS = familyTabs([
  { path: 'settings', kind: 'inspection' },
  { path: 'exceptions', kind: 'inspection/exceptions' },
  { path: 'file-types', kind: 'content' },
  { path: 'file-types', kind: 'v4/content' },
  { path: 'documents', kind: 'v4/docs' },
  { path: 'runtime-analysis', kind: 'runtime_analysis' },
  { path: 'global-exceptions', kind: 'inspection/global_exceptions' },
  { path: 'global-exceptions', kind: 'inspection/parent_global_exceptions' },
] as const);

export type InspectionSectionPath = (typeof INSPECTION_SECTIONS)[number]['path'];

/** A few values and how many more. */
export const few = (values: readonly string[], shown = 3): string =>
  values.length <= shown
    ? values.join(', ')
    : `${values.slice(0, shown).join(', ')} +${values.length - shown}`;

/** Who and where a rule applies, for the table (the web rules' summary; no condition: every file). */
export function scopeSummary(rule: InspectionRule): string {
  const web = { ...rule, action: 'block' } as unknown as WebRule;
  const text = conditionsSummary(web, (id) => `category ${id}`);
  return text === 'Every request' ? 'Everyone' : text;
}

/** A v4 rule's content types as shown (docs/policy.md §7: Calendar / ICS names read as ICS Meeting Invitation). */
export const contentTypesSummary = (rule: ContentV4Rule): string =>
  few(
    rule.content_types.map((c) =>
      c.entries.length
        ? `${contentTypeDisplayName(c.name)} (${c.entries.length})`
        : contentTypeDisplayName(c.name),
    ),
  );
