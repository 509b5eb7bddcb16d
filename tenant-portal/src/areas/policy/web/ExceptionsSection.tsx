import { useMemo, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { categoryName, type CategoryGroupOption } from './categoryModel';
import { pathInList } from './listEdits';
import { RuleDialog, useEntityOptions } from './RuleDialog';
import { RuleTable } from './RuleTable';
import { ACTION_COLUMN_MIN_WIDTH, actionLabel } from './ruleActions';
import { conditionsSummary, formFieldOf, type ExceptionsDoc, type WebRule } from './ruleForm';
import { enabledColumn } from '../kit/enabledColumn';
import { dialogFieldError, listServerError, type ListServerError } from '../kit/serverError';
import { ListHeader } from '../kit/ListHeader';
import { MissingRuleAlert } from '../kit/MissingRuleAlert';
import { BypassDomainsField } from '../kit/BypassDomainsField';
import { useLinkedRuleEditing } from '../kit/useRuleEditing';

export interface ExceptionsSectionProps {
  doc: ExceptionsDoc;
  onChange: (doc: ExceptionsDoc) => void;
  readOnly: boolean;
  groups: readonly CategoryGroupOption[];
  /** The rule whose editor is open (?rule=<id>), or null. */
  openRuleId: string | null;
  onOpenRule: (id: string | null) => void;
  /** A 400's path inside the document and its message, from the last save. */
  serverError: { path: string; message: string } | null;
}

/** Says where a 400 of this kind points ("Rule 'Block ads'", "Bypass domains, line 2"). */
export function describeExceptionsError(path: string, doc: ExceptionsDoc): string | null {
  const inRule = pathInList(path, 'list');
  if (inRule) {
    const rule = doc.list[inRule.index];
    return rule ? `Rule '${rule.name}'` : `Rule ${inRule.index + 1}`;
  }
  const inBypass = pathInList(path, 'bypass');
  return inBypass ? `Bypass domains, line ${inBypass.index + 1}` : null;
}

export interface DomainRulesListProps {
  rules: WebRule[];
  onChange: (rules: WebRule[]) => void;
  readOnly: boolean;
  groups: readonly CategoryGroupOption[];
  /** The rule of this list whose editor is open (?rule=<id>), or null. */
  openRuleId: string | null;
  onOpenRule: (id: string | null) => void;
  serverError: ListServerError | null;
  /** Names the list's Add button (`${webPolicyIds.ruleAdd}-${listId}`). */
  listId: string;
  /** The table's accessible name. */
  label: string;
  /** Says how the list applies, beside its Add button. */
  intro: ReactNode;
}

/**
 * An ordered list of domain rules (first enabled match wins) in the shared rule table, with the
 * rule accordion to add and edit them: the web exceptions' list, and each of the global
 * exceptions' pre and post lists (same rules).
 */
export function DomainRulesList({
  rules,
  onChange,
  readOnly,
  groups,
  openRuleId,
  onOpenRule,
  serverError,
  listId,
  label,
  intro,
}: DomainRulesListProps) {
  const editing = useLinkedRuleEditing(rules, onChange, openRuleId, onOpenRule);
  const { openIndex, dialog } = editing;
  const entityOptions = useEntityOptions(dialog !== null);
  const ruleServerError = useMemo(
    () => dialogFieldError(serverError, openIndex, formFieldOf),
    [serverError, openIndex],
  );
  const nameOf = (id: number) => categoryName(groups, id);

  return (
    <Box>
      <ListHeader
        intro={intro}
        readOnly={readOnly}
        addLabel="Add rule"
        addTestId={`${webPolicyIds.ruleAdd}-${listId}`}
        onAdd={editing.add}
      />
      <RuleTable<WebRule>
        label={label}
        rows={rules}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered
        onChange={onChange}
        onEdit={editing.edit}
        rowState={(r) =>
          serverError && rules[serverError.index]?.id === r.id
            ? 'error'
            : r.enabled
              ? undefined
              : 'soft-error'
        }
        emptyText="No domain rules yet."
        columns={[
          { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
          {
            name: 'action',
            header: 'Action',
            minWidth: ACTION_COLUMN_MIN_WIDTH,
            value: (r) => actionLabel(r.action),
          },
          {
            name: 'conditions',
            header: 'Matches',
            flex: 3,
            minWidth: 160,
            value: (r) => conditionsSummary(r, nameOf),
          },
          enabledColumn(rules, onChange, readOnly),
        ]}
      />
      {dialog && (
        <RuleDialog
          key={dialog.key}
          rule={dialog.rule}
          newId={dialog.newId}
          groups={groups}
          canWrite={!readOnly}
          serverError={ruleServerError}
          entityOptions={entityOptions}
          onApply={editing.apply}
          onClose={editing.close}
        />
      )}
    </Box>
  );
}

/**
 * Domain rules & exceptions (docs/policy.md §3 exception rules: list, bypass, reorderingEvents):
 * the rules in the order they apply (first enabled match wins), and the domains never inspected.
 */
export function ExceptionsSection({
  doc,
  onChange,
  readOnly,
  groups,
  openRuleId,
  onOpenRule,
  serverError,
}: ExceptionsSectionProps) {
  const missing = openRuleId !== null && !doc.list.some((r) => r.id === openRuleId);

  return (
    <Box>
      {missing && <MissingRuleAlert id={openRuleId} onClose={() => onOpenRule(null)} />}
      <DomainRulesList
        rules={doc.list}
        onChange={(list) => onChange({ ...doc, list })}
        readOnly={readOnly}
        groups={groups}
        openRuleId={missing ? null : openRuleId}
        onOpenRule={onOpenRule}
        serverError={listServerError(serverError, 'list')}
        listId="exceptions"
        label="Domain rules"
        intro="Rules apply in this order: the first enabled rule that matches a request decides. Drag a row, type its position, or use Move up and Move down."
      />
      <BypassDomainsField
        label="Domains never inspected or isolated (one per line)"
        domains={doc.bypass}
        onChange={(bypass) => onChange({ ...doc, bypass })}
        readOnly={readOnly}
        testId={webPolicyIds.bypassDomains}
      />
    </Box>
  );
}
