import { Box, FormHelperText, MenuItem, Stack, TextField } from '@mui/material';
import { CheckboxGroup, usePolicyDocEditor } from '@workbench/common';
import { CASB_ACTIVITIES, CASB_RULE_ACTIONS } from '@workbench/common/api/contract/policy-kinds/casbKinds';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { ListSection } from './ListSection';
import { AccordionFormDialog, FormText, casbFields, validFields, type Form } from './AccordionFormDialog';
import {
  ACTIVITY_LABELS,
  appRuleFrom,
  appRuleSchema,
  appRuleValues,
  casbMessage,
  enforcementLabel,
  scopeSummary,
  type AppRule,
  type AppRuleValues,
} from './casbForms';

/** Who and comment: the panels every scoped cloud-app or egress rule shares. */
export function scopePanels<V extends { users: string; groups: string; comment: string }>(form: Form<V>) {
  return [
    {
      id: 'who',
      title: 'Who',
      optional: true,
      summary: form.values.users || form.values.groups ? undefined : 'Everyone',
      valid: validFields(form, ['users', 'groups']),
      content: (
        <Stack spacing={2}>
          <FormText form={form} name="users" label="Users (one per line; none: everyone)" lines={2} />
          <FormText form={form} name="groups" label="Groups (one per line)" lines={2} />
        </Stack>
      ),
    },
    {
      id: 'comment',
      title: 'Comment',
      optional: true,
      valid: validFields(form, ['comment']),
      content: <FormText form={form} name="comment" label="Comment" lines={2} />,
    },
  ];
}

/** Name, action and on/off: the first panel of a rule. */
export function rulePanel<V extends { name: string; enabled: boolean; action: string }>(
  form: Form<V>,
  actions: ReadonlyArray<{ code: string; label: string }>,
) {
  return {
    id: 'rule',
    title: 'Rule',
    summary: form.values.name,
    valid: validFields(form, ['name', 'action']),
    content: (
      <Stack spacing={2}>
        <FormText form={form} name="name" label="Name" required />
        <TextField select {...casbFields(form).field('action', 'Action')}>
          {actions.map((a) => (
            <MenuItem key={a.code} value={a.code}>
              {a.label}
            </MenuItem>
          ))}
        </TextField>
        {casbFields(form).switchField('enabled', 'Enabled')}
      </Stack>
    ),
  };
}

const ACTIONS = CASB_RULE_ACTIONS.map((code) => ({ code, label: enforcementLabel(code) }));

function AppRuleDialog({
  rule,
  newId,
  profiles,
  canWrite,
  onApply,
  onClose,
}: {
  rule: AppRule | null;
  newId: string;
  profiles: ReadonlyArray<{ id: string; name: string }>;
  canWrite: boolean;
  onApply: (rule: AppRule) => void;
  onClose: () => void;
}) {
  return (
    <AccordionFormDialog<AppRuleValues>
      title={rule ? `App rule: ${rule.name}` : 'New app rule'}
      initialValues={appRuleValues(rule)}
      schema={appRuleSchema}
      isNew={rule === null}
      canWrite={canWrite}
      onClose={onClose}
      onApply={(v) => onApply(appRuleFrom(v, rule, rule?.id ?? newId))}
      panels={(form) => {
        const activities = casbFields(form).choiceField<AppRuleValues['activities']>('activities');
        const pick = (items: readonly { checked: readonly boolean[] }[]) =>
          activities.onChange(CASB_ACTIVITIES.filter((_, i) => items[i].checked[0]));
        return [
          rulePanel(form, ACTIONS),
          {
            id: 'apps',
            title: 'Apps and activities',
            summary: profiles.find((p) => p.id === form.values.profile_id)?.name,
            valid: validFields(form, ['profile_id', 'activities']),
            content: (
              <Stack spacing={2}>
                <TextField
                  select
                  {...casbFields(form).field(
                    'profile_id',
                    'Profile (its apps)',
                    profiles.length === 0 ? 'Add a profile on the Profiles tab first.' : undefined,
                  )}
                >
                  {profiles.map((p) => (
                    <MenuItem key={p.id} value={p.id}>
                      {p.name}
                    </MenuItem>
                  ))}
                </TextField>
                <Box>
                  <CheckboxGroup
                    title="Activities"
                    columns={['Applies']}
                    defaultExpanded
                    disabled={!canWrite}
                    items={CASB_ACTIVITIES.map((a) => ({
                      name: ACTIVITY_LABELS[a],
                      checked: [activities.value.includes(a)],
                    }))}
                    onHeaderChange={pick}
                    onContentChange={pick}
                  />
                  {typeof form.errors.activities === 'string' && (
                    <FormHelperText error>{casbMessage(form.errors.activities)}</FormHelperText>
                  )}
                </Box>
              </Stack>
            ),
          },
          ...scopePanels(form),
        ];
      }}
    />
  );
}

/**
 * App rules (docs/policy.md §3 appRules): what users may do in the apps of a profile, in order
 * (the first enabled rule that matches an activity decides). The profiles come from the Profiles
 * tab's document (read here, saved there).
 */
export function AppRulesSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'casb/app_rules'>) {
  const profiles = usePolicyDocEditor('casb/profiles').draft?.profiles.list ?? [];
  const profileName = (id: string) => profiles.find((p) => p.id === id)?.name ?? `${id} (no such profile)`;
  return (
    <ListSection<AppRule>
      label="App rules"
      intro="Rules apply in this order: the first enabled rule that matches an activity in a profile's apps decides. Drag a row, type its position, or use Move up and Move down."
      addLabel="Add rule"
      addTestId={`${casbPolicyIds.add}-app-rules`}
      rows={doc.appRules}
      onChange={(appRules) => onChange({ ...doc, appRules })}
      readOnly={readOnly}
      ordered
      switchable
      emptyText="No app rules yet."
      linkedKey={linkedKey}
      onOpenRule={onOpenRule}
      columns={[
        { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
        { name: 'action', header: 'Action', minWidth: 110, value: (r) => enforcementLabel(r.action) },
        {
          name: 'profile',
          header: 'Profile',
          flex: 2,
          minWidth: 140,
          value: (r) => profileName(r.profile_id),
        },
        {
          name: 'activities',
          header: 'Activities',
          flex: 2,
          minWidth: 140,
          value: (r) => r.activities.map((a) => ACTIVITY_LABELS[a]).join(', '),
        },
        { name: 'who', header: 'Who', flex: 1, minWidth: 110, value: (r) => scopeSummary(r.conditions) },
      ]}
      dialog={({ entry, newId, canWrite, onApply, onClose }) => (
        <AppRuleDialog
          rule={entry}
          newId={newId}
          profiles={profiles}
          canWrite={canWrite}
          onApply={onApply}
          onClose={onClose}
        />
      )}
    />
  );
}
