import { useState, type ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { RuleTable } from '../web/RuleTable';
import { newRuleId, upsert } from '../web/listEdits';
import { enabledColumn } from '../kit/enabledColumn';
import { ListHeader } from '../kit/ListHeader';

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
  dialog,
}: ListSectionProps<T>) {
  const [newId, setNewId] = useState<string | null>(null);
  const open = linkedKey === null ? null : (rows.find((r) => r.id === linkedKey) ?? null);
  const close = () => {
    setNewId(null);
    onOpenRule(null);
  };
  const onSwitch = enabledColumn(rows, onChange, readOnly);
  return (
    <Box>
      <ListHeader
        intro={intro}
        readOnly={readOnly}
        addLabel={addLabel}
        addTestId={addTestId}
        onAdd={() => setNewId(newRuleId())}
      />
      {linkedKey !== null && open === null && (
        <Alert severity="info" sx={{ mb: 1 }} onClose={() => onOpenRule(null)}>
          The entry {linkedKey} is not in the staged policy; it may have been deleted.
        </Alert>
      )}
      <RuleTable<T>
        label={label}
        rows={rows}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered={ordered}
        onChange={onChange}
        onEdit={(r) => onOpenRule(r.id)}
        rowState={(r) => (r.enabled === false ? 'soft-error' : undefined)}
        emptyText={emptyText}
        columns={switchable ? [...columns, onSwitch] : columns}
      />
      {(newId !== null || open !== null) && (
        <Box key={open?.id ?? newId}>
          {dialog({
            entry: open,
            newId: newId ?? '',
            canWrite: !readOnly,
            onApply: (entry) => {
              onChange(upsert(rows, entry, (r) => r.id));
              close();
            },
            onClose: close,
          })}
        </Box>
      )}
    </Box>
  );
}
