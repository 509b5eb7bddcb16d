import { Box } from '@mui/material';
import { usePolicyDocEditor, type DataTableColumn } from '@workbench/common';
import { dlpPolicyIds } from '@workbench/common/test-ids/dlpIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { pathInList } from '../web/listEdits';
import { RuleTable } from '../web/RuleTable';
import { DlpRuleDialog, type NamedOption } from './DlpRuleDialog';
import { DIRECTION_OPTIONS, DLP_ACTION_OPTIONS, type DlpRule, type DlpRulesDoc } from './dlpRuleForm';
import { enabledColumn } from '../kit/enabledColumn';
import { ListHeader } from '../kit/ListHeader';
import { MissingRuleAlert } from '../kit/MissingRuleAlert';
import { useLinkedRuleEditing } from '../kit/useRuleEditing';

const label = (options: ReadonlyArray<{ code: string; label: string }>, code: string) =>
  options.find((o) => o.code === code)?.label ?? code;

const few = (names: readonly string[]) =>
  names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;

/** The columns the DLP rules and their cloud-app variant both show: name, action, direction. */
export const DLP_RULE_COLUMNS: readonly DataTableColumn<DlpRule>[] = [
  { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
  {
    name: 'action',
    header: 'Action',
    minWidth: 110,
    value: (r) => label(DLP_ACTION_OPTIONS, r.action),
  },
  {
    name: 'direction',
    header: 'Direction',
    minWidth: 130,
    value: (r) => label(DIRECTION_OPTIONS, r.direction),
  },
];

/** Says where a 400 of this kind points ("Rule 'Cards out'"). */
export function describeDlpRuleError(path: string, doc: DlpRulesDoc): string | null {
  const at = pathInList(path, 'dlp.rules');
  if (!at) return null;
  const rule = doc.dlp.rules[at.index];
  return rule ? `Rule '${rule.name}'` : `Rule ${at.index + 1}`;
}

/**
 * DLP rules (docs/policy.md §3 dlp, body dlp.rules): in the order they apply (the first enabled rule
 * that matches a transfer decides), each naming the dictionaries it looks for and the auditors it
 * tells. Dictionaries and auditors are named from their own sections' drafts.
 */
export function DlpRulesSection({
  editor,
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'dlp'>) {
  const dictionaries: NamedOption[] = usePolicyDocEditor('dlp_dicts').draft?.overrides ?? [];
  const auditors: NamedOption[] = usePolicyDocEditor('dlp_auditors').draft?.list ?? [];
  const rules = doc.dlp.rules;
  const setRules = (next: DlpRule[]) => onChange({ ...doc, dlp: { rules: next } });
  const editing = useLinkedRuleEditing(rules, setRules, linkedKey, onOpenRule);
  const { dialog } = editing;
  const errorAt = pathInList(editor.errorPath, 'dlp.rules');
  const dictionaryNames = (r: DlpRule) =>
    r.dictionaries.map((id) => dictionaries.find((d) => d.id === id)?.name ?? `Deleted (${id})`);

  return (
    <Box>
      <ListHeader
        intro={
          <>
            Rules apply in this order: the first enabled rule that matches a transfer decides. Drag a row,
            type its position, or use Move up and Move down.
          </>
        }
        readOnly={readOnly}
        addLabel="Add DLP rule"
        addTestId={`${dlpPolicyIds.add}-rules`}
        onAdd={editing.add}
      />
      {linkedKey !== null && editing.openRule === null && (
        <MissingRuleAlert id={linkedKey} onClose={() => onOpenRule(null)} />
      )}
      <RuleTable<DlpRule>
        ids={dlpPolicyIds}
        label="DLP rules"
        rows={rules}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered
        onChange={setRules}
        onEdit={editing.edit}
        rowState={(r) =>
          errorAt && rules[errorAt.index]?.id === r.id ? 'error' : r.enabled ? undefined : 'soft-error'
        }
        emptyText="No DLP rules yet."
        columns={[
          ...DLP_RULE_COLUMNS,
          {
            name: 'dictionaries',
            header: 'Dictionaries',
            flex: 2,
            minWidth: 160,
            value: (r) =>
              few(dictionaryNames(r)) +
              (r.dictionaries.length > 1 ? ` (${r.logic === 'and' ? 'all' : 'any'})` : ''),
          },
          enabledColumn(rules, setRules, readOnly),
        ]}
      />
      {dialog && (
        <DlpRuleDialog
          key={dialog.key}
          rule={dialog.rule}
          newId={dialog.newId}
          dictionaries={dictionaries}
          auditors={auditors}
          canWrite={!readOnly}
          onApply={editing.apply}
          onClose={editing.close}
        />
      )}
    </Box>
  );
}
