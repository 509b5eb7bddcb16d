import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { RuleDialogFrame } from '../policy/RuleDialogFrame';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { ACCESS_ACTIONS } from '@workbench/common/api/contract/policy-kinds/privateAccessKinds';
import {
  POSTURE_CHECKS,
  SESSION_MODES,
  TIME_UNITS,
} from '@workbench/common/api/contract/policy-kinds/enumerations';
import { lines } from '../fwaas/formRules';
import {
  ACCESS_ACTION_LABELS,
  POSTURE_CHECK_LABELS,
  SESSION_MODE_LABELS,
  TIME_UNIT_LABELS,
  appName,
  appTarget,
  sessionSummary,
  type PrivateApp,
} from './privateAccessModel';
import {
  ACCESS_RULE_PANEL_FIELDS,
  accessRuleSchema,
  paMessage,
  type AccessRuleFormValues,
} from './privateAccessForms';
import { PickerPanel, modeTitle, useEntryForm, type EntryMode } from '../policy/kit/modeForm';

export type AccessRuleDialogMode = EntryMode;

/**
 * Add, edit, duplicate or view one access rule in the rule accordion (docs/shared-ui.md §9 Rule
 * accordion): General (name, action, enabled, comment); Users and groups; Applications (picked
 * from the Applications tab with the dual list; a deleted one shows as such); Device posture and
 * session (docs/glossary.md §3 posture checks, session mode, time units). Readers see every field
 * disabled and cannot save.
 */
export function AccessRuleDialog({
  mode,
  initial,
  otherNames,
  applications,
  onSave,
  onClose,
}: {
  mode: AccessRuleDialogMode;
  initial: AccessRuleFormValues;
  otherNames: readonly string[];
  /** The document's applications (the draft, as the Applications tab shows them). */
  applications: readonly PrivateApp[];
  onSave: (values: AccessRuleFormValues) => void;
  onClose: () => void;
}) {
  const { readOnly, schema, formik, panelValid, errorOf, field, switchField, choiceField } = useEntryForm({
    mode,
    initial,
    otherNames,
    schemaOf: accessRuleSchema,
    onSave,
    testIdPrefix: privateAccessIds.field,
    message: paMessage,
    validateOnMount: true,
  });
  const ruleApps = choiceField<AccessRuleFormValues['applications']>('applications');
  const posture = choiceField<AccessRuleFormValues['posture_checks']>('posture_checks');
  const { values } = formik;
  const appsError = errorOf('applications');
  const who = [...lines(values.users), ...lines(values.groups).map((g) => `group ${g}`)];
  const sessionText =
    values.session_mode === 'time'
      ? `${values.duration_value || '?'} ${values.duration_unit}`
      : sessionSummary({ mode: values.session_mode });

  const panels = [
    {
      id: 'general',
      title: 'General',
      summary: `${ACCESS_ACTION_LABELS[values.action]}${values.enabled ? '' : ' · disabled'}`,
      valid: panelValid(ACCESS_RULE_PANEL_FIELDS.general),
      content: (
        <Stack spacing={2}>
          <TextField {...field('name', 'Name')} required autoFocus={!readOnly} />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField {...field('action', 'Action')} select sx={{ flex: '1 1 160px' }}>
              {ACCESS_ACTIONS.map((a) => (
                <MenuItem key={a} value={a}>
                  {ACCESS_ACTION_LABELS[a]}
                </MenuItem>
              ))}
            </TextField>
            {switchField('enabled', 'Enabled', { flex: '1 1 160px' })}
          </Box>
          <TextField
            {...field('comment', 'Comment', 'Optional: why the rule is there.')}
            multiline
            minRows={2}
          />
        </Stack>
      ),
    },
    {
      id: 'who',
      title: 'Users and groups',
      summary:
        who.length === 0
          ? 'Anyone'
          : who.slice(0, 2).join(', ') + (who.length > 2 ? ` +${who.length - 2} more` : ''),
      optional: true,
      valid: panelValid(ACCESS_RULE_PANEL_FIELDS.who),
      content: (
        <Stack spacing={2}>
          <TextField
            {...field('users', 'Users', 'One e-mail address per line. Users and groups empty: anyone.')}
            multiline
            minRows={2}
            maxRows={8}
          />
          <TextField
            {...field('groups', 'Groups', 'One group name per line.')}
            multiline
            minRows={2}
            maxRows={8}
          />
        </Stack>
      ),
    },
    {
      id: 'applications',
      title: 'Applications',
      summary:
        values.applications.length === 0
          ? 'None yet'
          : `${values.applications.length} application${values.applications.length === 1 ? '' : 's'}`,
      valid: panelValid(ACCESS_RULE_PANEL_FIELDS.applications),
      content: (
        <PickerPanel
          readOnly={readOnly}
          ids={ruleApps.value}
          options={applications.map((a) => ({ id: a.id, name: a.name, description: appTarget(a) }))}
          nameOf={(id) => appName(id, applications)}
          group="Applications"
          listLabel="Applications of the rule"
          onChange={ruleApps.onChange}
          availableTitle="Available applications"
          selectedTitle="Applications of the rule"
          footer={
            appsError ? (
              <FormHelperText error sx={{ mt: 1 }}>
                {appsError}
              </FormHelperText>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {applications.length === 0
                  ? 'No applications yet: add them in the Applications tab first.'
                  : 'The rule decides access to these applications. Add applications in the Applications tab.'}
              </Typography>
            )
          }
        />
      ),
    },
    {
      id: 'conditions',
      title: 'Device posture and session',
      summary: `${values.posture_checks.length === 0 ? 'No posture check' : `${values.posture_checks.length} posture check${values.posture_checks.length === 1 ? '' : 's'}`} · ${sessionText}`,
      optional: true,
      valid: panelValid(ACCESS_RULE_PANEL_FIELDS.conditions),
      content: (
        <Stack spacing={2}>
          <FormControl component="fieldset" disabled={readOnly}>
            <FormLabel component="legend">Device posture checks (all must pass)</FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {POSTURE_CHECKS.map((check) => (
                <FormControlLabel
                  key={check}
                  control={
                    <Checkbox
                      checked={posture.value.includes(check)}
                      onChange={(e) =>
                        // Kept in the vocabulary's order, whatever the order of the ticks.
                        posture.onChange(
                          e.target.checked
                            ? POSTURE_CHECKS.filter((c) => c === check || posture.value.includes(c))
                            : posture.value.filter((c) => c !== check),
                        )
                      }
                      slotProps={{
                        input: { 'data-testid': `${privateAccessIds.field}-posture-${check}` } as object,
                      }}
                    />
                  }
                  label={POSTURE_CHECK_LABELS[check]}
                />
              ))}
            </FormGroup>
          </FormControl>
          <TextField {...field('session_mode', 'Access lasts')} select>
            {SESSION_MODES.map((m) => (
              <MenuItem key={m} value={m}>
                {SESSION_MODE_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
          {values.session_mode === 'time' && (
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField
                {...field('duration_value', 'Duration', 'Then the user signs in again.')}
                required
                sx={{ flex: '1 1 140px' }}
                slotProps={{
                  htmlInput: {
                    'data-testid': `${privateAccessIds.field}-duration_value`,
                    inputMode: 'numeric',
                  },
                }}
              />
              <TextField {...field('duration_unit', 'Unit')} select sx={{ flex: '1 1 140px' }}>
                {TIME_UNITS.map((u) => (
                  <MenuItem key={u} value={u}>
                    {TIME_UNIT_LABELS[u]}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <RuleDialogFrame
      title={modeTitle(mode, 'access rule', initial.name)}
      testId={privateAccessIds.ruleDialog}
      panels={panels}
      editMode={mode !== 'add'}
      readOnly={readOnly}
      saveLabel={mode === 'edit' ? 'Apply' : 'Add to rules'}
      onSubmit={() => void formik.submitForm()}
      validation={{ form: formik, schema }}
      onClose={onClose}
      cancel="panels"
      formLabel={modeTitle(mode, 'access rule')}
    />
  );
}
