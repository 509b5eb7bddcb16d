import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { AddEntryButton, FirewallEmpty, FirewallTable, type FirewallTableProps } from './FirewallTable';
import { copyName, insertAfter, newId, removeById, upsertById } from './firewallModel';
import { enabledColumn } from '../policy/kit/enabledColumn';

/** How the rule dialog is opened: a new rule, a stored one edited or viewed, or a copy of one. */
export type RuleEditMode = 'add' | 'edit' | 'duplicate' | 'view';

interface OrderedRule {
  id: string;
  name: string;
  enabled: boolean;
}

interface Editing<F> {
  mode: RuleEditMode;
  /** The rule's id: the edited one, or the new rule's. */
  id: string;
  initial: F;
  /** A duplicate goes right under its original. */
  after?: string;
}

/** What the rule dialog is given by OrderedRules. */
export interface RuleDialogOpen<F> {
  mode: RuleEditMode;
  initial: F;
  /** Names of the other rules (a name is unique in the list). */
  otherNames: readonly string[];
  onSave: (values: F) => void;
  onClose: () => void;
}

/** The Enabled column: a switch writers flip in the row (the rule stays where it is). */
export const firewallEnabledColumn = <R extends OrderedRule>(
  rules: readonly R[],
  setRules: (rules: R[]) => void,
  readOnly: boolean,
  testId?: string,
): DataTableColumn<R> =>
  enabledColumn(rules, setRules, readOnly, { header: 'Enabled', minWidth: 90, withValue: true, testId });

export interface OrderedRulesProps<R extends OrderedRule, F> {
  rules: readonly R[];
  setRules: (rules: R[]) => void;
  readOnly: boolean;
  /** The rule the page's ?rule=<id> names, or null. */
  ruleId: string | null;
  onOpenRule: (id: string | null) => void;
  /** The index of the rule the last save's 400 points at, or null. */
  errorIndex: number | null;
  /** Whether a row is marked (it refers to something deleted elsewhere). */
  warn: (rule: R) => boolean;
  /** The section's test-id part ("rules", "access-rules"). */
  section: string;
  /** The family's row-button test ids (default the firewall's). */
  rowIds?: FirewallTableProps<R>['rowIds'];
  /** The table's accessible name. */
  label: string;
  /** "firewall rule": the ?rule=<id> notice says "No firewall rule has the id …". */
  noun: string;
  notFoundTestId: string;
  emptyText: string;
  addLabel: string;
  /** How the order decides, above the table. */
  orderHint: string;
  columns: DataTableColumn<R>[];
  emptyForm: F;
  toForm: (rule: R) => F;
  fromForm: (values: F, id: string) => R;
  renderDialog: (open: RuleDialogOpen<F>) => ReactNode;
}

/**
 * An ordered rule list where the first match decides (the firewall rules, private access's access
 * rules): rules in order in the firewall table; writers reorder them (drag, a typed position, Move
 * up / Move down), add, edit, duplicate (right under the original), delete and switch them on and
 * off; `?rule=<id>` opens that rule (read-only for readers), an unknown id says so.
 */
export function OrderedRules<R extends OrderedRule, F extends { name: string }>({
  rules,
  setRules,
  readOnly,
  ruleId,
  onOpenRule,
  errorIndex,
  warn,
  section,
  rowIds,
  label,
  noun,
  notFoundTestId,
  emptyText,
  addLabel,
  orderHint,
  columns,
  emptyForm,
  toForm,
  fromForm,
  renderDialog,
}: OrderedRulesProps<R, F>) {
  const [editing, setEditing] = useState<Editing<F> | null>(null);

  // ?rule=<id> opens that rule (read-only for readers); the URL is the source of truth for it.
  const linked = ruleId ? rules.find((r) => r.id === ruleId) : undefined;
  useEffect(() => {
    if (linked && editing?.id !== linked.id)
      setEditing({ mode: readOnly ? 'view' : 'edit', id: linked.id, initial: toForm(linked) });
    // Only a new link opens the dialog; edits of the open rule do not reset its form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked?.id, readOnly]);

  const close = () => {
    setEditing(null);
    if (ruleId) onOpenRule(null);
  };
  const add = () => setEditing({ mode: 'add', id: newId(), initial: emptyForm });
  const duplicate = (rule: R) =>
    setEditing({
      mode: 'duplicate',
      id: newId(),
      after: rule.id,
      initial: {
        ...toForm(rule),
        name: copyName(
          rule.name,
          rules.map((r) => r.name),
        ),
      },
    });
  const apply = (values: F) => {
    if (!editing) return;
    const rule = fromForm(values, editing.id);
    setRules(editing.after ? insertAfter(rules, editing.after, rule) : upsertById(rules, rule));
    close();
  };

  return (
    <Box>
      {ruleId && !linked && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => onOpenRule(null)} data-testid={notFoundTestId}>
          No {noun} has the id {ruleId}: it may have been deleted.
        </Alert>
      )}
      {rules.length === 0 ? (
        <FirewallEmpty
          section={section}
          text={emptyText}
          addLabel={addLabel}
          readOnly={readOnly}
          onAdd={add}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              {orderHint}
              {!readOnly && ' Drag a row, type its position or use the arrows to change the order.'}
            </Typography>
            {!readOnly && <AddEntryButton section={section} label={addLabel} onClick={add} />}
          </Box>
          <FirewallTable<R>
            rowIds={rowIds}
            section={section}
            label={label}
            rows={rules}
            columns={columns}
            readOnly={readOnly}
            ordered
            onReorder={setRules}
            onEdit={(r) => onOpenRule(r.id)}
            onDuplicate={duplicate}
            onDelete={(r) => setRules(removeById(rules, r.id))}
            rowState={(r) =>
              errorIndex !== null && rules[errorIndex]?.id === r.id
                ? 'error'
                : warn(r)
                  ? 'warning'
                  : undefined
            }
          />
        </>
      )}
      {editing && (
        <Fragment key={editing.id}>
          {renderDialog({
            mode: editing.mode,
            initial: editing.initial,
            otherNames: rules.filter((r) => r.id !== editing.id).map((r) => r.name),
            onSave: apply,
            onClose: close,
          })}
        </Fragment>
      )}
    </Box>
  );
}
