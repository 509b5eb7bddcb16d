import { useEffect, useState } from 'react';
import { Alert, Box, Chip, Switch, Tooltip, Typography } from '@mui/material';
import { usePolicyDocEditor, type DataTableColumn } from '@workbench/common';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { LoadedEditor } from '../policy/PolicySection';
import { AddEntryButton, FirewallEmpty, FirewallTable } from './FirewallTable';
import { RuleDialog, type RuleDialogMode } from './RuleDialog';
import { emptyRuleForm, fromRuleForm, toRuleForm, type RuleFormValues } from './ruleForm';
import {
  actionLabel,
  copyName,
  destinationSummary,
  insertAfter,
  newId,
  pathInList,
  removeById,
  requestTypeLabel,
  serviceMissing,
  serviceName,
  sourceSummary,
  summarize,
  upsertById,
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

interface Editing {
  mode: RuleDialogMode;
  /** The rule's id: the edited one, or the new rule's. */
  id: string;
  initial: RuleFormValues;
  /** A duplicate goes right under its original. */
  after?: string;
}

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
  const [editing, setEditing] = useState<Editing | null>(null);

  // ?rule=<id> opens that rule (read-only for readers); the URL is the source of truth for it.
  const linked = ruleId ? rules.find((r) => r.id === ruleId) : undefined;
  useEffect(() => {
    if (linked && editing?.id !== linked.id)
      setEditing({ mode: readOnly ? 'view' : 'edit', id: linked.id, initial: toRuleForm(linked) });
    // Only a new link opens the dialog; edits of the open rule do not reset its form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked?.id, readOnly]);

  const setRules = (list: FirewallRule[]) => editor.edit((doc) => ({ ...doc, list }));
  const otherNames = (id: string) => rules.filter((r) => r.id !== id).map((r) => r.name);

  const close = () => {
    setEditing(null);
    if (ruleId) onOpenRule(null);
  };
  const add = () => setEditing({ mode: 'add', id: newId(), initial: emptyRuleForm });
  const duplicate = (rule: FirewallRule) =>
    setEditing({
      mode: 'duplicate',
      id: newId(),
      after: rule.id,
      initial: {
        ...toRuleForm(rule),
        name: copyName(
          rule.name,
          rules.map((r) => r.name),
        ),
      },
    });
  const apply = (values: RuleFormValues) => {
    if (!editing) return;
    const rule = fromRuleForm(values, editing.id);
    setRules(editing.after ? insertAfter(rules, editing.after, rule) : upsertById(rules, rule));
    close();
  };

  const errorAt = pathInList(editor.errorPath);
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
        return r.services.some((id) => serviceMissing(id, services)) ? (
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
          slotProps={{
            input: {
              'aria-label': `${r.name} enabled`,
              'data-testid': `${firewallIds.rowEnabled}-${r.id}`,
            } as object,
          }}
        />
      ),
    },
    { name: 'log', header: 'Log', minWidth: 60, center: true, value: (r) => (r.log ? 'Yes' : 'No') },
  ];

  return (
    <Box>
      {ruleId && !linked && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          onClose={() => onOpenRule(null)}
          data-testid={firewallIds.ruleNotFound}
        >
          No firewall rule has the id {ruleId}: it may have been deleted.
        </Alert>
      )}
      {rules.length === 0 ? (
        <FirewallEmpty
          section="rules"
          text="No firewall rules yet"
          addLabel="Add rule"
          readOnly={readOnly}
          onAdd={add}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              Rules are checked from the top; the first rule that matches decides.
              {!readOnly && ' Drag a row, type its position or use the arrows to change the order.'}
            </Typography>
            {!readOnly && <AddEntryButton section="rules" label="Add rule" onClick={add} />}
          </Box>
          <FirewallTable<FirewallRule>
            section="rules"
            label="Firewall rules"
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
                : r.services.some((id) => serviceMissing(id, services))
                  ? 'warning'
                  : undefined
            }
          />
        </>
      )}
      {editing && (
        <RuleDialog
          key={editing.id}
          mode={editing.mode}
          initial={editing.initial}
          otherNames={otherNames(editing.id)}
          services={services}
          onSave={apply}
          onClose={close}
        />
      )}
    </Box>
  );
}
