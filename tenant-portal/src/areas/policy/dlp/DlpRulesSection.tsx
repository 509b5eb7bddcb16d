import { useState } from 'react';
import { Alert, Box } from '@mui/material';
import { usePolicyDocEditor, type DataTableColumn } from '@workbench/common';
import { dlpPolicyIds } from '@workbench/common/test-ids/dlpIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { newRuleId, pathInList, upsert } from '../web/listEdits';
import { RuleTable } from '../web/RuleTable';
import { DlpRuleDialog, type NamedOption } from './DlpRuleDialog';
import { DIRECTION_OPTIONS, DLP_ACTION_OPTIONS, type DlpRule, type DlpRulesDoc } from './dlpRuleForm';
import { enabledColumn } from '../kit/enabledColumn';
import { ListHeader } from '../kit/ListHeader';

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
  const [newId, setNewId] = useState<string | null>(null);
  const dictionaries: NamedOption[] = usePolicyDocEditor('dlp_dicts').draft?.overrides ?? [];
  const auditors: NamedOption[] = usePolicyDocEditor('dlp_auditors').draft?.list ?? [];
  const rules = doc.dlp.rules;
  const setRules = (next: DlpRule[]) => onChange({ ...doc, dlp: { rules: next } });
  const openRule = linkedKey === null ? null : (rules.find((r) => r.id === linkedKey) ?? null);
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
        onAdd={() => setNewId(newRuleId())}
      />
      {linkedKey !== null && openRule === null && (
        <Alert severity="info" sx={{ mb: 1 }} onClose={() => onOpenRule(null)}>
          The rule {linkedKey} is not in the staged policy; it may have been deleted.
        </Alert>
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
        onEdit={(r) => onOpenRule(r.id)}
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
      {(newId !== null || openRule !== null) && (
        <DlpRuleDialog
          key={openRule?.id ?? newId}
          rule={openRule}
          newId={newId ?? ''}
          dictionaries={dictionaries}
          auditors={auditors}
          canWrite={!readOnly}
          onApply={(rule) => {
            setRules(upsert(rules, rule, (r) => r.id));
            setNewId(null);
            onOpenRule(null);
          }}
          onClose={() => {
            setNewId(null);
            onOpenRule(null);
          }}
        />
      )}
    </Box>
  );
}
