import { useEffect, useState } from 'react';
import { Alert, Box, Chip, Switch, Tooltip, Typography } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import type { SectionEditorProps } from '../policy/PolicyFamilyPage';
import { pathInList } from '../policy/web/listEdits';
import { AddEntryButton, FirewallEmpty, FirewallTable } from '../fwaas/FirewallTable';
import { copyName, insertAfter, newId, removeById, upsertById } from '../fwaas/firewallModel';
import { AccessRuleDialog, type AccessRuleDialogMode } from './AccessRuleDialog';
import {
  emptyAccessRuleForm,
  fromAccessRuleForm,
  toAccessRuleForm,
  type AccessRuleFormValues,
} from './privateAccessForms';
import {
  ACCESS_ACTION_LABELS,
  POSTURE_CHECK_LABELS,
  appMissing,
  appName,
  sessionSummary,
  whoSummary,
  type AccessPolicyDoc,
  type AccessRule,
} from './privateAccessModel';

interface Editing {
  mode: AccessRuleDialogMode;
  id: string;
  initial: AccessRuleFormValues;
  /** A duplicate goes right under its original. */
  after?: string;
}

/**
 * Where a 400 on the access policy document points: "Access rule 3 (Engineers to Git)" or
 * "Application 2 (Git)" (the rules and the applications are one document, saved together).
 */
export function describeAccessPolicyError(path: string, doc: AccessPolicyDoc): string | null {
  const rule = pathInList(path, 'access_rules');
  if (rule) {
    const r = doc.access_rules[rule.index];
    return r ? `Access rule ${rule.index + 1} (${r.name})` : `Access rule ${rule.index + 1}`;
  }
  const app = pathInList(path, 'applications');
  if (app) {
    const a = doc.applications[app.index];
    return a ? `Application ${app.index + 1} (${a.name})` : `Application ${app.index + 1}`;
  }
  return null;
}

const hasDeletedApp = (rule: AccessRule, doc: AccessPolicyDoc) =>
  rule.applications.some((id) => appMissing(id, doc.applications));

/**
 * The access rules (mpa/access_rules, its access_rules list): ordered, the first rule that matches
 * a user and an application decides. Writers add, edit, duplicate, delete, switch on and off and
 * reorder them (drag, a typed position, Move up / Move down); a rule naming an application deleted
 * in the Applications tab is marked and says so. `?rule=<id>` opens that rule.
 */
export function AccessRulesSection({
  editor,
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'mpa/access_rules'>) {
  const rules = doc.access_rules;
  const apps = doc.applications;
  const [editing, setEditing] = useState<Editing | null>(null);

  const linked = linkedKey ? rules.find((r) => r.id === linkedKey) : undefined;
  useEffect(() => {
    if (linked && editing?.id !== linked.id)
      setEditing({ mode: readOnly ? 'view' : 'edit', id: linked.id, initial: toAccessRuleForm(linked) });
    // Only a new link opens the dialog; edits of the open rule do not reset its form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked?.id, readOnly]);

  const setRules = (access_rules: AccessRule[]) => onChange({ ...doc, access_rules });
  const close = () => {
    setEditing(null);
    if (linkedKey) onOpenRule(null);
  };
  const add = () => setEditing({ mode: 'add', id: newId(), initial: emptyAccessRuleForm });
  const duplicate = (rule: AccessRule) =>
    setEditing({
      mode: 'duplicate',
      id: newId(),
      after: rule.id,
      initial: {
        ...toAccessRuleForm(rule),
        name: copyName(
          rule.name,
          rules.map((r) => r.name),
        ),
      },
    });
  const apply = (values: AccessRuleFormValues) => {
    if (!editing) return;
    const rule = fromAccessRuleForm(values, editing.id);
    setRules(editing.after ? insertAfter(rules, editing.after, rule) : upsertById(rules, rule));
    close();
  };

  const errorAt = pathInList(editor.errorPath, 'access_rules');
  const appsText = (r: AccessRule) => r.applications.map((id) => appName(id, apps)).join(', ');
  const columns: DataTableColumn<AccessRule>[] = [
    { name: 'name', header: 'Name', flex: 2, minWidth: 120 },
    {
      name: 'action',
      header: 'Action',
      minWidth: 90,
      value: (r) => ACCESS_ACTION_LABELS[r.action],
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          color={r.action === 'allow' ? 'success' : 'error'}
          label={ACCESS_ACTION_LABELS[r.action]}
        />
      ),
    },
    { name: 'who', header: 'Users and groups', flex: 2, minWidth: 120, value: whoSummary },
    {
      name: 'applications',
      header: 'Applications',
      flex: 2,
      minWidth: 130,
      value: appsText,
      render: (r) =>
        hasDeletedApp(r, doc) ? (
          <Tooltip title="An application of this rule was deleted in the Applications tab: edit the rule to remove it (the access rules cannot be saved until then).">
            <Typography component="span" variant="body2" color="warning.main">
              {appsText(r)}
            </Typography>
          </Tooltip>
        ) : (
          appsText(r)
        ),
    },
    {
      name: 'posture',
      header: 'Posture checks',
      flex: 1.5,
      minWidth: 120,
      value: (r) =>
        r.posture_checks.length === 0
          ? 'None'
          : r.posture_checks.map((c) => POSTURE_CHECK_LABELS[c]).join(', '),
    },
    { name: 'session', header: 'Session', minWidth: 110, value: (r) => sessionSummary(r.session) },
    {
      name: 'enabled',
      header: 'Enabled',
      minWidth: 90,
      center: true,
      value: (r) => (r.enabled ? 'Yes' : 'No'),
      render: (r) => (
        <Switch
          size="small"
          checked={r.enabled}
          disabled={readOnly}
          onChange={(e) => setRules(upsertById(rules, { ...r, enabled: e.target.checked }))}
          slotProps={{ input: { 'aria-label': `${r.name} enabled` } as object }}
        />
      ),
    },
  ];

  return (
    <Box>
      {linkedKey && !linked && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          onClose={() => onOpenRule(null)}
          data-testid={privateAccessIds.ruleNotFound}
        >
          No access rule has the id {linkedKey}: it may have been deleted.
        </Alert>
      )}
      {rules.length === 0 ? (
        <FirewallEmpty
          section="access-rules"
          text={
            apps.length === 0
              ? 'No access rules yet: add applications in the Applications tab, then rules that open them'
              : 'No access rules yet: without a rule that allows it, nobody reaches a private application'
          }
          addLabel="Add access rule"
          readOnly={readOnly}
          onAdd={add}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              Rules are checked from the top; the first rule that matches the user and the application
              decides. Nothing matches: no access.
              {!readOnly && ' Drag a row, type its position or use the arrows to change the order.'}
            </Typography>
            {!readOnly && <AddEntryButton section="access-rules" label="Add access rule" onClick={add} />}
          </Box>
          <FirewallTable<AccessRule>
            section="access-rules"
            label="Access rules"
            rows={rules}
            columns={columns}
            readOnly={readOnly}
            ordered
            onReorder={setRules}
            onEdit={(r) => onOpenRule(r.id)}
            onDuplicate={duplicate}
            onDelete={(r) => setRules(removeById(rules, r.id))}
            rowState={(r) =>
              errorAt && rules[errorAt.index]?.id === r.id
                ? 'error'
                : hasDeletedApp(r, doc)
                  ? 'warning'
                  : undefined
            }
          />
        </>
      )}
      {editing && (
        <AccessRuleDialog
          key={editing.id}
          mode={editing.mode}
          initial={editing.initial}
          otherNames={rules.filter((r) => r.id !== editing.id).map((r) => r.name)}
          applications={apps}
          onSave={apply}
          onClose={close}
        />
      )}
    </Box>
  );
}
