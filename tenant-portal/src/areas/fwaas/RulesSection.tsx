import { Chip, Tooltip, Typography } from '@mui/material';
import { usePolicyDocEditor, type DataTableColumn } from '@workbench/common';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { LoadedEditor } from '../policy/PolicySection';
import { RuleDialog } from './RuleDialog';
import { OrderedRules, firewallEnabledColumn } from './OrderedRules';
import { emptyRuleForm, fromRuleForm, toRuleForm, type RuleFormValues } from './ruleForm';
import {
  actionLabel,
  destinationSummary,
  pathInList,
  requestTypeLabel,
  serviceMissing,
  serviceName,
  sourceSummary,
  summarize,
  type FirewallRule,
  type FirewallService,
} from './firewallModel';

/** Chip colours of the firewall actions: what lets traffic through reads differently from what stops it. */
const ACTION_COLOURS: Record<string, 'success' | 'error' | 'warning' | 'info'> = {
  allow: 'success',
  drop: 'error',
  reject: 'warning',
  proxy: 'info',
};

/** "Rule 3 (Block ssh)" for a 400 inside the list. */
export function describeRuleError(path: string, doc: { list: readonly FirewallRule[] }): string | null {
  const at = pathInList(path);
  if (!at) return null;
  const rule = doc.list[at.index];
  return rule ? `Rule ${at.index + 1} (${rule.name})` : `Rule ${at.index + 1}`;
}

/**
 * The firewall rules (fwaas/rules): an ordered list, first match decides. Rules show in order with
 * their action, request type, what they match and their services by name; writers reorder them
 * (drag, a typed position, Move up / Move down), add, edit, duplicate, delete and switch them on
 * and off. `ruleId` (?rule=<id>) opens that rule.
 */
export function RulesSection({
  editor,
  ruleId,
  onOpenRule,
}: {
  editor: LoadedEditor<'fwaas/rules'>;
  ruleId: string | null;
  onOpenRule: (id: string | null) => void;
}) {
  const rules = editor.draft.list;
  const readOnly = editor.readOnly;
  // The services the rules refer to, as the Services section shows them (its draft).
  const servicesEditor = usePolicyDocEditor('fwaas/services');
  const services: readonly FirewallService[] = servicesEditor.draft?.list ?? [];
  const setRules = (list: FirewallRule[]) => editor.edit((doc) => ({ ...doc, list }));
  const hasDeletedService = (r: FirewallRule) => r.services.some((id) => serviceMissing(id, services));

  const columns: DataTableColumn<FirewallRule>[] = [
    { name: 'name', header: 'Name', flex: 2, minWidth: 110 },
    {
      name: 'action',
      header: 'Action',
      minWidth: 90,
      value: (r) => actionLabel(r.action),
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          color={ACTION_COLOURS[r.action] ?? 'default'}
          label={actionLabel(r.action)}
        />
      ),
    },
    {
      name: 'request_type',
      header: 'Request type',
      minWidth: 122,
      value: (r) => requestTypeLabel(r.request_type),
    },
    { name: 'sources', header: 'Sources', flex: 2, minWidth: 110, value: sourceSummary },
    { name: 'destinations', header: 'Destinations', flex: 2, minWidth: 110, value: destinationSummary },
    {
      name: 'services',
      header: 'Services',
      flex: 1.5,
      minWidth: 100,
      value: (r) => summarize(r.services.map((id) => serviceName(id, services))),
      render: (r) => {
        const text = summarize(r.services.map((id) => serviceName(id, services)));
        return hasDeletedService(r) ? (
          <Tooltip title="A service of this rule was deleted from the Services tab: edit the rule to remove it.">
            <Typography component="span" variant="body2" color="warning.main">
              {text}
            </Typography>
          </Tooltip>
        ) : (
          text
        );
      },
    },
    firewallEnabledColumn(rules, setRules, readOnly, firewallIds.rowEnabled),
    { name: 'log', header: 'Log', minWidth: 60, center: true, value: (r) => (r.log ? 'Yes' : 'No') },
  ];

  return (
    <OrderedRules<FirewallRule, RuleFormValues>
      rules={rules}
      setRules={setRules}
      readOnly={readOnly}
      ruleId={ruleId}
      onOpenRule={onOpenRule}
      errorIndex={pathInList(editor.errorPath)?.index ?? null}
      warn={hasDeletedService}
      section="rules"
      label="Firewall rules"
      noun="firewall rule"
      notFoundTestId={firewallIds.ruleNotFound}
      emptyText="No firewall rules yet"
      addLabel="Add rule"
      orderHint="Rules are checked from the top; the first rule that matches decides."
      columns={columns}
      emptyForm={emptyRuleForm}
      toForm={toRuleForm}
      fromForm={fromRuleForm}
      renderDialog={(open) => <RuleDialog {...open} services={services} />}
    />
  );
}
