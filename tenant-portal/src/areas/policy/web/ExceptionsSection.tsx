import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, TextField, Typography } from '@mui/material';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { domainOrWildcard } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { categoryName, type CategoryGroupOption } from './categoryModel';
import { lines, newRuleId, pathInList, upsert } from './listEdits';
import { RuleDialog } from './RuleDialog';
import { RuleTable } from './RuleTable';
import { ACTION_COLUMN_MIN_WIDTH, actionLabel } from './ruleActions';
import { conditionsSummary, formFieldOf, ruleMessage, type ExceptionsDoc, type WebRule } from './ruleForm';
import { enabledColumn } from '../kit/enabledColumn';
import { dialogFieldError, listServerError, type ListServerError } from '../kit/serverError';
import { ListHeader } from '../kit/ListHeader';

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

/** The first bypass line a domain check refuses, as "Line n: …". */
function bypassError(text: string): string | null {
  for (const [i, value] of lines(text).entries()) {
    const key = domainOrWildcard(value);
    if (key) return `Line ${i + 1}: ${ruleMessage(key)}`;
  }
  return null;
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
  const [newId, setNewId] = useState<string | null>(null);
  const openRule = openRuleId === null ? null : (rules.find((r) => r.id === openRuleId) ?? null);
  const openIndex = openRule ? rules.indexOf(openRule) : -1;
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
        onAdd={() => setNewId(newRuleId())}
      />
      <RuleTable<WebRule>
        label={label}
        rows={rules}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        ordered
        onChange={onChange}
        onEdit={(r) => onOpenRule(r.id)}
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
      {(newId !== null || openRule !== null) && (
        <RuleDialog
          key={openRule?.id ?? newId}
          rule={openRule}
          newId={newId ?? ''}
          groups={groups}
          canWrite={!readOnly}
          serverError={ruleServerError}
          onApply={(rule) => {
            onChange(upsert(rules, rule, (r) => r.id));
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
  const bypassText = doc.bypass.join('\n');
  const [bypass, setBypass] = useState(bypassText);
  // The draft changed under the field (undo, reload): show it.
  useEffect(() => setBypass(bypassText), [bypassText]);
  const bypassProblem = bypassError(bypass);
  const missing = openRuleId !== null && !doc.list.some((r) => r.id === openRuleId);

  return (
    <Box>
      {missing && (
        <Alert severity="info" sx={{ mb: 1 }} onClose={() => onOpenRule(null)}>
          The rule {openRuleId} is not in the staged policy; it may have been deleted.
        </Alert>
      )}
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
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        Bypass domains
      </Typography>
      <TextField
        label="Domains never inspected or isolated (one per line)"
        multiline
        minRows={3}
        fullWidth
        value={bypass}
        disabled={readOnly}
        onChange={(e) => setBypass(e.target.value)}
        // The draft takes the list when the field is left, so Ctrl+Z inside it stays the text's own.
        onBlur={() => {
          if (!bypassProblem) onChange({ ...doc, bypass: lines(bypass) });
        }}
        error={Boolean(bypassProblem)}
        helperText={bypassProblem ?? 'Checked before the rules. *.example.com covers its subdomains.'}
        slotProps={{ htmlInput: { 'data-testid': webPolicyIds.bypassDomains } }}
      />
    </Box>
  );
}
