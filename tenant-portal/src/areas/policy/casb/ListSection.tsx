import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { RuleTable } from '../web/RuleTable';
import { enabledColumn } from '../kit/enabledColumn';
import { ListHeader } from '../kit/ListHeader';
import { MissingRuleAlert } from '../kit/MissingRuleAlert';
import { useLinkedRuleEditing } from '../kit/useRuleEditing';

export interface ListSectionProps<T extends { id: string; name: string }> {
  /** The table's accessible name, e.g. "App rules". */
  label: string;
  intro: ReactNode;
  addLabel: string;
  addTestId: string;
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  readOnly: boolean;
  /** First match wins: rows are reordered (drag, typed position, Move up / down). */
  ordered?: boolean;
  columns: readonly DataTableColumn<T>[];
  /** Rules with an on/off switch in the table. */
  switchable?: boolean;
  emptyText: string;
  /** ?rule=<id>: the entry whose dialog is open, and opening/closing one. */
  linkedKey: string | null;
  onOpenRule: (key: string | null) => void;
  /** The entry's dialog: `entry` null for a new one with `newId`. */
  dialog: (props: {
    entry: T | null;
    newId: string;
    canWrite: boolean;
    onApply: (entry: T) => void;
    onClose: () => void;
  }) => ReactNode;
}

/**
 * One list of a cloud-app or egress document on the shared rule table (docs/shared-ui.md §7): Add, Edit
 * (View for readers) in a dialog that `?rule=<id>` can open, Delete, on/off, and reordering where
 * the order decides.
 */
export function ListSection<T extends { id: string; name: string; enabled?: boolean }>({
  label,
  intro,
  addLabel,
  addTestId,
  rows,
  onChange,
  readOnly,
  ordered = false,
  columns,
  switchable = false,
  emptyText,
  linkedKey,
  onOpenRule,
  dialog: renderDialog,
}: ListSectionProps<T>) {
  const editing = useLinkedRuleEditing(rows, onChange, linkedKey, onOpenRule);
  const { dialog } = editing;
  const onSwitch = enabledColumn(rows, onChange, readOnly);
  return (
    <Box>
      <ListHeader
        intro={intro}
        readOnly={readOnly}
        addLabel={addLabel}
        addTestId={addTestId}
        onAdd={editing.add}
      />
      {linkedKey !== null && editing.openRule === null && (
        <MissingRuleAlert id={linkedKey} noun="entry" onClose={() => onOpenRule(null)} />
      )}
      <RuleTable<T>
        label={label}
        rows={rows}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered={ordered}
        onChange={onChange}
        onEdit={editing.edit}
        rowState={(r) => (r.enabled === false ? 'soft-error' : undefined)}
        emptyText={emptyText}
        columns={switchable ? [...columns, onSwitch] : columns}
      />
      {dialog && (
        <Box key={dialog.key}>
          {renderDialog({
            entry: dialog.rule,
            newId: dialog.newId,
            canWrite: !readOnly,
            onApply: editing.apply,
            onClose: editing.close,
          })}
        </Box>
      )}
    </Box>
  );
}
