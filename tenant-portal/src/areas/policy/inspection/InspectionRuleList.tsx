import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import { RuleTable } from '../web/RuleTable';
import { InspectionRuleDialog, inspectionFieldOf } from './InspectionRuleDialog';
import { ruleActionLabel, type InspectionRuleKind, type RuleOf } from './inspectionRuleForm';
import { scopeSummary } from './inspectionModel';
import { enabledColumn } from '../kit/enabledColumn';
import { dialogFieldError, listServerError } from '../kit/serverError';
import { ListHeader } from '../kit/ListHeader';
import { MissingRuleAlert } from '../kit/MissingRuleAlert';
import { useLinkedRuleEditing } from '../kit/useRuleEditing';

export interface InspectionRuleListProps<K extends InspectionRuleKind> {
  kind: K;
  /** Names the Add button's test id (`${inspectionIds.ruleAdd}-${listId}`). */
  listId: string;
  /** The table's accessible name and the dialog's noun ("Inspection exception"). */
  label: string;
  noun: string;
  rules: ReadonlyArray<RuleOf[K]>;
  onChange: (rules: Array<RuleOf[K]>) => void;
  readOnly: boolean;
  /** What the list's own column says of a rule (hashes, extensions, content types). */
  filesColumn: { header: string; value: (rule: RuleOf[K]) => string };
  emptyText: string;
  /** The rule whose editor is open (?rule=<id>) and how to open one; without them the list keeps its own. */
  openRuleId?: string | null;
  onOpenRule?: (id: string | null) => void;
  /** A 400's path inside the section's document and its message, and this list's path in it. */
  serverError?: { path: string; message: string } | null;
  listPath?: string;
  contentTypeNames?: readonly string[];
}

/**
 * An ordered rule list of the content-inspection page (first enabled match wins) on the shared
 * rule table: Add, Edit (View for readers) in the rule accordion, on/off, Delete, and reordering
 * by drag, typed position or Move up / Move down (audited as reorder by the server).
 */
export function InspectionRuleList<K extends InspectionRuleKind>({
  kind,
  listId,
  label,
  noun,
  rules,
  onChange,
  readOnly,
  filesColumn,
  emptyText,
  openRuleId: linkedId,
  onOpenRule: openLinked,
  serverError = null,
  listPath = 'list',
  contentTypeNames,
}: InspectionRuleListProps<K>) {
  const [ownOpen, setOwnOpen] = useState<string | null>(null);
  const openRuleId = openLinked ? (linkedId ?? null) : ownOpen;
  const onOpenRule = openLinked ?? setOwnOpen;
  const editing = useLinkedRuleEditing(rules, onChange, openRuleId, onOpenRule);
  const { openIndex, dialog } = editing;
  const errorRule = useMemo(() => listServerError(serverError ?? null, listPath), [serverError, listPath]);
  const ruleServerError = useMemo(
    () => dialogFieldError(errorRule, openIndex, inspectionFieldOf),
    [errorRule, openIndex],
  );

  const columns: Array<DataTableColumn<RuleOf[K]>> = [
    { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
    { name: 'action', header: 'Action', minWidth: 120, value: (r) => ruleActionLabel(kind, r.action) },
    { name: 'files', header: filesColumn.header, flex: 2, minWidth: 140, value: filesColumn.value },
    { name: 'conditions', header: 'Applies to', flex: 2, minWidth: 140, value: scopeSummary },
    enabledColumn(rules, onChange, readOnly),
  ];

  return (
    <Box>
      <ListHeader
        intro={
          <>
            Rules apply in this order: the first enabled rule that matches a file decides. Drag a row, type
            its position, or use Move up and Move down.
          </>
        }
        readOnly={readOnly}
        addLabel="Add rule"
        addTestId={`${inspectionIds.ruleAdd}-${listId}`}
        onAdd={editing.add}
      />
      {openRuleId !== null && editing.openRule === null && (
        <MissingRuleAlert id={openRuleId} onClose={() => onOpenRule(null)} />
      )}
      <RuleTable<RuleOf[K]>
        ids={inspectionIds}
        label={label}
        rows={rules}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered
        onChange={onChange}
        onEdit={editing.edit}
        rowState={(r) =>
          errorRule && rules[errorRule.index]?.id === r.id ? 'error' : r.enabled ? undefined : 'soft-error'
        }
        emptyText={emptyText}
        columns={columns}
      />
      {dialog && (
        <InspectionRuleDialog<K>
          key={dialog.key}
          kind={kind}
          noun={noun}
          rule={dialog.rule}
          newId={dialog.newId}
          canWrite={!readOnly}
          contentTypeNames={contentTypeNames}
          serverError={ruleServerError}
          onApply={editing.apply}
          onClose={editing.close}
        />
      )}
    </Box>
  );
}
