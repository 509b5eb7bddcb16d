import { useCallback, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { categoryName, type CategoryGroupOption } from './categoryModel';
import type { EntryField, EntryValues } from './EntryDialog';
import { newRuleId, upsert } from './listEdits';
import { RuleDialog, useEntityOptions } from './RuleDialog';
import { RuleTable } from './RuleTable';
import { conditionsSummary, type WebRule } from './ruleForm';
import { useRuleLink } from './useRuleLink';
import { enabledColumn } from '../kit/enabledColumn';
import { ListHeader } from '../kit/ListHeader';

/**
 * A rule of who and where something applies (the registry's scopedRule: the web rules' conditions
 * and schedule, without their action): copy/paste, watermark, forensics and bandwidth rules.
 */
export type ScopedRuleBase = Omit<WebRule, 'action'>;

/** How a kind's scoped rule differs from the others: its own fields, in the form and in the rule. */
export interface ScopedRuleKind<R extends ScopedRuleBase> {
  /** "Copy/paste rule": the dialog's title and the Add button's. */
  noun: string;
  fields: readonly EntryField[];
  valuesOf: (rule: R | null) => EntryValues;
  /** The rule from the common part the rule accordion built and the own fields' values. */
  ruleOf: (base: ScopedRuleBase, values: EntryValues) => R;
  /** Checks across the own fields (keyed by the field the message shows at). */
  validate?: (values: EntryValues) => Record<string, string>;
  /** The own fields' columns, between Name and Matches. */
  columns: readonly DataTableColumn<R>[];
}

export interface ScopedRulesListProps<R extends ScopedRuleBase> {
  rules: readonly R[];
  onChange: (rules: R[]) => void;
  readOnly: boolean;
  groups: readonly CategoryGroupOption[];
  kind: ScopedRuleKind<R>;
  /** Names the list's Add button (`${webPolicyIds.ruleAdd}-${listId}`). */
  listId: string;
  label: string;
  intro: ReactNode;
  emptyText: string;
  /** First enabled match decides: rows can be reordered. */
  ordered: boolean;
  /** An entry to open (?rule=<id>), and what drops the link once it is open. */
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}

/** The rule accordion edits a WebRule: the scoped rule with a placeholder action it drops again. */
const asWebRule = (rule: ScopedRuleBase): WebRule => ({ ...rule, action: 'allow' });

/**
 * A list of scoped rules in the shared rule table, added and edited in the domain rules' accordion
 * (RuleDialog) with the kind's own fields in place of the action.
 */
export function ScopedRulesList<R extends ScopedRuleBase>({
  rules,
  onChange,
  readOnly,
  groups,
  kind,
  listId,
  label,
  intro,
  emptyText,
  ordered,
  linkedKey,
  onLinkOpened,
}: ScopedRulesListProps<R>) {
  const [editing, setEditing] = useState<{ rule: R | null; id: string } | null>(null);
  const entityOptions = useEntityOptions(editing !== null);
  const findRule = useCallback(
    (key: string) => {
      const rule = rules.find((r) => r.id === key);
      return rule ? { rule, id: rule.id } : null;
    },
    [rules],
  );
  useRuleLink(linkedKey, findRule, setEditing, onLinkOpened);
  const nameOf = (id: number) => categoryName(groups, id);
  return (
    <Box>
      <ListHeader
        intro={intro}
        readOnly={readOnly}
        addLabel={<>Add {kind.noun.toLowerCase()}</>}
        addTestId={`${webPolicyIds.ruleAdd}-${listId}`}
        onAdd={() => setEditing({ rule: null, id: newRuleId() })}
      />
      <RuleTable<R>
        label={label}
        rows={rules}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered={ordered}
        onChange={onChange}
        onEdit={(rule) => setEditing({ rule, id: rule.id })}
        rowState={(r) => (r.enabled ? undefined : 'soft-error')}
        emptyText={emptyText}
        columns={[
          { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
          ...kind.columns,
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
      {editing && (
        <RuleDialog
          key={editing.id}
          rule={editing.rule ? asWebRule(editing.rule) : null}
          noun={kind.noun}
          own={{ fields: kind.fields, initial: kind.valuesOf(editing.rule), validate: kind.validate }}
          newId={editing.id}
          groups={groups}
          canWrite={!readOnly}
          entityOptions={entityOptions}
          onApply={(webRule, own) => {
            const { action: _placeholder, ...base } = webRule;
            onChange(upsert(rules, kind.ruleOf(base, own), (r) => r.id));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
