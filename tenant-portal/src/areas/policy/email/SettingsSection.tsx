import { useMemo } from 'react';
import { Formik, getIn, setIn, type FormikProps } from 'formik';
import { Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { formFields, messageAsIs, type FieldPath } from '../formFields';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { QUARANTINE_RELEASERS } from '@workbench/common/api/contract/policy-kinds/emailKinds';
import { FREQUENCIES } from '@workbench/common/vocabularies/index';
import { integer } from '@workbench/common/validators/index';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { emailMessage } from './emailForm';

export type SettingsDoc = PolicyData<'safemail/config'>;

/** The form's values: the document with its numbers as typed text (checked before they count). */
interface SettingsValues {
  config: Omit<SettingsDoc['config'], 'link_expiry_days'> & { link_expiry_days: string };
  quarantine_spec: Omit<SettingsDoc['quarantine_spec'], 'retention_days'> & { retention_days: string };
  safemail_url_obfuscation: SettingsDoc['safemail_url_obfuscation'];
}

/** The registry's bounds (emailKinds.ts). */
const BOUNDS = {
  'config.link_expiry_days': { min: 1, max: 3650 },
  'quarantine_spec.retention_days': { min: 1, max: 90 },
} as const;
type NumberPath = keyof typeof BOUNDS;

const RELEASER_LABELS: Record<(typeof QUARANTINE_RELEASERS)[number], string> = {
  admin: 'Administrators only',
  recipient: 'The recipient',
};

const valuesOf = (doc: SettingsDoc): SettingsValues => ({
  config: { ...doc.config, link_expiry_days: String(doc.config.link_expiry_days) },
  quarantine_spec: { ...doc.quarantine_spec, retention_days: String(doc.quarantine_spec.retention_days) },
  safemail_url_obfuscation: { ...doc.safemail_url_obfuscation },
});

const docOf = (v: SettingsValues): SettingsDoc => ({
  config: { ...v.config, link_expiry_days: Number(v.config.link_expiry_days) },
  quarantine_spec: { ...v.quarantine_spec, retention_days: Number(v.quarantine_spec.retention_days) },
  safemail_url_obfuscation: { ...v.safemail_url_obfuscation },
});

/** A whole number within the registry's bounds, with the validator's key when it is not one. */
function numberError(text: string, path: NumberPath): string | undefined {
  const { min, max } = BOUNDS[path];
  if (text.trim() === '') return emailMessage('required');
  const key = integer(text);
  if (key) return emailMessage(key);
  const n = Number(text);
  return n < min || n > max ? `Enter a number from ${min} to ${max}.` : undefined;
}

function validate(values: SettingsValues): Record<string, unknown> {
  let errors: Record<string, unknown> = {};
  for (const path of Object.keys(BOUNDS) as NumberPath[]) {
    const error = numberError(String(getIn(values, path)), path);
    if (error) errors = setIn(errors, path, error) as Record<string, unknown>;
  }
  return errors;
}

/**
 * Email settings (docs/policy.md §3 safemail/config: config, quarantine_spec,
 * safemail_url_obfuscation). Switches and choices change the draft at once; a number counts once
 * it is a whole number within its bounds (until then its error shows and the draft keeps the last
 * good value, so Save never stores a bad one).
 */
export function SettingsSection({
  doc,
  onChange,
  readOnly,
}: {
  doc: SettingsDoc;
  onChange: (d: SettingsDoc) => void;
  readOnly: boolean;
}) {
  const initialValues = useMemo(() => valuesOf(doc), [doc]);
  return (
    <Formik<SettingsValues>
      initialValues={initialValues}
      enableReinitialize
      validate={validate}
      onSubmit={() => {}}
    >
      {(form) => <SettingsForm form={form} onChange={onChange} readOnly={readOnly} />}
    </Formik>
  );
}

function SettingsForm({
  form,
  onChange,
  readOnly,
}: {
  form: FormikProps<SettingsValues>;
  onChange: (d: SettingsDoc) => void;
  readOnly: boolean;
}) {
  const { field, selectField, switchField } = formFields(form, {
    readOnly,
    testIdPrefix: emailPolicyIds.settingsField,
    message: messageAsIs,
    live: true,
    commitText: 'change',
    onCommit: (next) => {
      if (Object.keys(validate(next)).length === 0) onChange(docOf(next));
    },
  });
  const toggle = (path: FieldPath<SettingsValues>, label: string, disabled = false) =>
    switchField(path, label, undefined, disabled);
  const number = (path: NumberPath, label: string, unit: string) => {
    const bound = field(path, label, `${BOUNDS[path].min} to ${BOUNDS[path].max} ${unit}`);
    return (
      <TextField
        {...bound}
        fullWidth={false}
        sx={{ maxWidth: 280 }}
        slotProps={{ htmlInput: { ...bound.slotProps.htmlInput, inputMode: 'numeric' } }}
      />
    );
  };
  const quarantineOff = !form.values.quarantine_spec.enabled;
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Panel title="Links and attachments">
        {toggle('config.rewrite_links', 'Rewrite links in messages so they open isolated')}
        {toggle('config.isolate_attachments', 'Open attachments isolated')}
        {toggle('config.external_banner', 'Show a banner above messages from outside the organisation')}
        {toggle('config.fail_open', 'Deliver a message unmodified when it cannot be processed (fail open)')}
        {number('config.link_expiry_days', 'Rewritten links work for (days)', 'days')}
      </Panel>
      <Panel title="Quarantine">
        {toggle('quarantine_spec.enabled', 'Quarantine messages held back by the policy')}
        {number('quarantine_spec.retention_days', 'Keep quarantined messages for (days)', 'days')}
        <TextField
          {...selectField('quarantine_spec.release_by', 'Who may release a message')}
          disabled={readOnly || quarantineOff}
          fullWidth={false}
          sx={{ maxWidth: 280 }}
        >
          {QUARANTINE_RELEASERS.map((r) => (
            <MenuItem key={r} value={r}>
              {RELEASER_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...selectField('quarantine_spec.digest_frequency_ms', 'Digest to recipients every')}
          disabled={readOnly || quarantineOff}
          fullWidth={false}
          sx={{ maxWidth: 280 }}
        >
          {/* A number's option stores a number (formFields' selectField keeps the option's value). */}
          {FREQUENCIES.map((f) => (
            <MenuItem key={f.ms} value={f.ms}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
      </Panel>
      <Panel title="Link obfuscation">
        {toggle('safemail_url_obfuscation.enabled', 'Obfuscate rewritten links')}
        {toggle(
          'safemail_url_obfuscation.show_original_domain',
          'Keep the original domain readable in the rewritten link',
          !form.values.safemail_url_obfuscation.enabled,
        )}
      </Panel>
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="fieldset">
      <Typography component="legend" variant="h3" sx={{ px: 0.5, fontSize: '1rem', fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
        {children}
      </Box>
    </Paper>
  );
}
