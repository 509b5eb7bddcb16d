/**
 * Add or edit one item of a tenant settings list (docs/settings.md): the row's form fields, the
 * fields of the chosen platform only, and the server's refusal shown at the field it names.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import type { ApiCallErrorInfo } from '@workbench/common';
import {
  TENANT_SETTINGS_REGISTRY,
  type SettingsFormFieldDef,
  type SettingsItem,
  type SettingsListDef,
  type TenantSettingsList,
} from '@workbench/common/api/contract/tenantSettings';
import { useEntityList } from '../../app/portalEntities';
import {
  fieldShown,
  formFieldOfError,
  formProblem,
  formValuesOf,
  itemOfForm,
  type PostureCheckDraft,
  type SettingsFormValues,
} from '@workbench/common/features/settings-lists/settingsForm';
import { PostureChecksField } from './PostureChecksField';
import { settingsListIds } from '@workbench/common/test-ids/index';
import { FormDialogActions } from '@workbench/common/components/confirm-delete/index';
import { readFileText } from '@workbench/common/features/import-wizard/importParsing';

export interface SettingsItemDialogProps {
  list: string;
  def: SettingsListDef;
  /** The item edited; null to add one. */
  item: SettingsItem | null;
  busy: boolean;
  serverError: ApiCallErrorInfo | null;
  onCancel: () => void;
  onSubmit: (item: SettingsItem) => void;
}

/** Picks an item of another settings list by its name; its id is the value (a forensics profile's storage). */
function ReferenceField(props: {
  f: SettingsFormFieldDef;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string;
  testId: string;
}) {
  const { f, value, onChange, disabled, error, testId } = props;
  const other = f.references as TenantSettingsList;
  const def = TENANT_SETTINGS_REGISTRY[other];
  const { rows, status } = useEntityList(other);
  const none = status === 'loaded' && rows.length === 0;
  return (
    <TextField
      select
      label={f.label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      error={error !== undefined}
      helperText={
        error ?? (none ? `No ${def.title.toLowerCase()} yet: add one in Settings › ${def.title}.` : undefined)
      }
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {rows.map((item) => (
        <MenuItem key={String(item[def.idField])} value={String(item[def.idField])}>
          {String(item[def.nameField])}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A PEM certificate: pasted, or read from a chosen file into the field (the server decodes it). */
function PemField(props: {
  f: SettingsFormFieldDef;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string;
  testId: string;
}) {
  const { f, value, onChange, disabled, error, testId } = props;
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChange(await readFileText(file));
  };
  return (
    <Box>
      <TextField
        label={f.label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        required={!f.optional}
        multiline
        minRows={4}
        maxRows={12}
        fullWidth
        error={error !== undefined}
        helperText={error ?? f.helperText}
        slotProps={{
          htmlInput: {
            'data-testid': testId,
            maxLength: f.maxLength ?? 250,
            spellCheck: false,
            style: { fontFamily: 'monospace' },
          },
        }}
      />
      <Button
        component="label"
        size="small"
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        sx={{ mt: 1 }}
      >
        Choose file
        <input
          type="file"
          hidden
          accept=".pem,.crt,.cer,application/x-pem-file,application/x-x509-ca-cert"
          onChange={(e) => void choose(e)}
          data-testid={`${testId}-file`}
        />
      </Button>
    </Box>
  );
}

export function SettingsItemDialog({
  list,
  def,
  item,
  busy,
  serverError,
  onCancel,
  onSubmit,
}: SettingsItemDialogProps) {
  const ids = settingsListIds(list);
  const [values, setValues] = useState<SettingsFormValues>(() => formValuesOf(def, item));
  // The form's own refusal (a posture check that does not fit its comparator), until the next edit.
  const [refused, setRefused] = useState<[string, string] | null>(null);
  const shown: { field: string; message: string } | null = refused
    ? { field: refused[0], message: refused[1] }
    : serverError?.field
      ? {
          field: serverError.field.replace(new RegExp(`^${def.listField}\\.\\d+\\.`), ''),
          message: serverError.message,
        }
      : null;
  const errorField = refused ? formFieldOfError(def, refused[0]) : formFieldOfError(def, serverError?.field);
  const title = item ? `Edit ${def.noun} ${String(item[def.nameField])}` : `Add ${def.noun}`;
  const set = (field: string, value: SettingsFormValues[string]) => {
    setRefused(null);
    setValues((v) => ({ ...v, [field]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = formProblem(def, values);
    if (problem) setRefused(problem);
    else onSubmit(itemOfForm(def, item, values));
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={`${ids.formDialog}-title`}
      data-testid={ids.formDialog}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${ids.formDialog}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && !refused && !errorField && <Alert severity="error">{serverError.message}</Alert>}
            {def.form
              .filter((f) => fieldShown(f, values))
              .map((f) => {
                const testId = `${ids.formField}-${f.field}`;
                const error = errorField === f.field ? shown?.message : undefined;
                if (f.kind === 'posture-checks')
                  return (
                    <PostureChecksField
                      key={f.field}
                      list={list}
                      label={f.label}
                      value={values[f.field] as PostureCheckDraft[]}
                      onChange={(v) => set(f.field, v)}
                      disabled={busy}
                      error={
                        error !== undefined && shown
                          ? { at: shown.field.slice(f.field.length + 1), message: error }
                          : undefined
                      }
                    />
                  );
                if (f.kind === 'reference')
                  return (
                    <ReferenceField
                      key={f.field}
                      f={f}
                      value={String(values[f.field])}
                      onChange={(v) => set(f.field, v)}
                      disabled={busy}
                      error={error}
                      testId={testId}
                    />
                  );
                if (f.kind === 'pem')
                  return (
                    <PemField
                      key={f.field}
                      f={f}
                      value={String(values[f.field])}
                      onChange={(v) => set(f.field, v)}
                      disabled={busy}
                      error={error}
                      testId={testId}
                    />
                  );
                if (f.kind === 'checkbox')
                  return (
                    <FormControlLabel
                      key={f.field}
                      label={f.label}
                      control={
                        <Checkbox
                          checked={values[f.field] === true}
                          disabled={busy}
                          onChange={(e) => set(f.field, e.target.checked)}
                          slotProps={{ input: { 'data-testid': testId } as object }}
                        />
                      }
                    />
                  );
                return (
                  <TextField
                    key={f.field}
                    label={f.label}
                    value={values[f.field]}
                    onChange={(e) => set(f.field, e.target.value)}
                    disabled={busy}
                    required={!f.optional}
                    select={f.kind === 'select'}
                    multiline={f.kind === 'multiline'}
                    type={f.kind === 'password' ? 'password' : f.kind === 'number' ? 'number' : 'text'}
                    autoComplete={f.kind === 'password' ? 'new-password' : 'off'}
                    error={error !== undefined}
                    helperText={error ?? (item || f.kind !== 'password' ? f.helperText : undefined)}
                    slotProps={{ htmlInput: { 'data-testid': testId, maxLength: f.maxLength ?? 250 } }}
                  >
                    {(f.options ?? []).map((o) => (
                      <MenuItem key={o} value={o}>
                        {f.labels?.[o] ?? o}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              })}
          </Stack>
        </DialogContent>
        <FormDialogActions
          busy={busy}
          onCancel={onCancel}
          submitLabel={item ? 'Save' : 'Add'}
          testIds={{ cancel: ids.formCancel, submit: ids.formSubmit }}
        />
      </form>
    </Dialog>
  );
}
