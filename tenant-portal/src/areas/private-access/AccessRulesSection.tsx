import { Chip, Tooltip, Typography } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import type { SectionEditorProps } from '../policy/PolicyFamilyPage';
import { pathInList } from '../policy/web/listEdits';
import { AccessRuleDialog } from './AccessRuleDialog';
import { OrderedRules, firewallEnabledColumn } from '../fwaas/OrderedRules';
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
  const setRules = (access_rules: AccessRule[]) => onChange({ ...doc, access_rules });
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
    firewallEnabledColumn(rules, setRules, readOnly, privateAccessIds.rowEnabled),
  ];

  return (
    <OrderedRules<AccessRule, AccessRuleFormValues>
      rules={rules}
      setRules={setRules}
      readOnly={readOnly}
      ruleId={linkedKey}
      onOpenRule={onOpenRule}
      errorIndex={errorAt?.index ?? null}
      warn={(r) => hasDeletedApp(r, doc)}
      section="access-rules"
      rowIds={privateAccessIds}
      label="Access rules"
      noun="access rule"
      notFoundTestId={privateAccessIds.ruleNotFound}
      emptyText={
        apps.length === 0
          ? 'No access rules yet: add applications in the Applications tab, then rules that open them'
          : 'No access rules yet: without a rule that allows it, nobody reaches a private application'
      }
      addLabel="Add access rule"
      orderHint="Rules are checked from the top; the first rule that matches the user and the application decides. Nothing matches: no access."
      columns={columns}
      emptyForm={emptyAccessRuleForm}
      toForm={toAccessRuleForm}
      fromForm={fromAccessRuleForm}
      renderDialog={(open) => <AccessRuleDialog {...open} applications={apps} />}
    />
  );
}
