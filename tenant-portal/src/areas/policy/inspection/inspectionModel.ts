/**
 * The pure helpers the Content Inspection page's editors share (issue 13; its tabs come from the
 * content_inspection kinds' view rows, common/src/features/policy-view/policyKindViews.ts).
 */
import { contentTypeDisplayName } from '@workbench/common';
import { conditionsSummary, type WebRule } from '../web/ruleForm';
import type { ContentV4Rule, InspectionRule } from './inspectionRuleForm';

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
