import { useEffect } from 'react';
import { useFormik } from 'formik';
import {
  Alert,
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
import type { ProviderEntityDef } from '@workbench/common/api/contract/providerEntities';
import { entityPageIds } from '@workbench/common/test-ids/index';
import { FormDialogActions } from '@workbench/common/components/confirm-delete/index';
import { entityFormErrors, formValuesOf, type EntityFormValues } from './entityForm';
import { ReferencePicker, storedNamesOf } from './ReferencePicker';

export interface EntityFormDialogProps {
  entity: string;
  def: ProviderEntityDef;
  /** The row edited; null to create one. */
  row: Record<string, unknown> | null;
  busy: boolean;
  /** The server's refusal of the last submit: shown at the field it names, else above the form. */
  serverError: ApiCallErrorInfo | null;
  onCancel: () => void;
  onSubmit: (values: EntityFormValues) => void;
}

/** Add or edit a registry entity: its form fields, checked against its body schema as typed. */
export function EntityFormDialog({
  entity,
  def,
  row,
  busy,
  serverError,
  onCancel,
  onSubmit,
}: EntityFormDialogProps) {
  const ids = entityPageIds(entity);
  const mode = row ? 'edit' : 'create';
  const formik = useFormik<EntityFormValues>({
    initialValues: formValuesOf(def, row),
    validate: (values) => entityFormErrors(def, values, mode),
    onSubmit: (values) => onSubmit(values),
  });
  const { setFieldError, setFieldTouched } = formik;
  const fieldOfError =
    serverError?.field && def.form.some((f) => f.field === serverError.field) ? serverError.field : null;
  useEffect(() => {
    if (!serverError?.field || !fieldOfError) return;
    void setFieldTouched(fieldOfError, true, false);
    setFieldError(fieldOfError, serverError.message);
  }, [serverError, fieldOfError, setFieldError, setFieldTouched]);
  const title = row ? `Edit ${def.noun} ${String(row[def.idField])}` : `Add ${def.noun}`;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={`${ids.formDialog}-title`}
      data-testid={ids.formDialog}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id={`${ids.formDialog}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && !fieldOfError && <Alert severity="error">{serverError.message}</Alert>}
            {def.form.map((f) => {
              const error = formik.touched[f.field] ? formik.errors[f.field] : undefined;
              const disabled = busy || (mode === 'edit' && f.createOnly === true);
              if (f.kind === 'checkbox')
                return (
                  <FormControlLabel
                    key={f.field}
                    label={f.label}
                    disabled={disabled}
                    control={
                      <Checkbox
                        name={f.field}
                        checked={formik.values[f.field] === 'true'}
                        onChange={(e) =>
                          void formik.setFieldValue(f.field, e.target.checked ? 'true' : 'false')
                        }
                        slotProps={{ input: { 'data-testid': `${ids.formField}-${f.field}` } as object }}
                      />
                    }
                  />
                );
              if (f.kind === 'references' && f.references)
                return (
                  <ReferencePicker
                    key={f.field}
                    field={{ ...f, references: f.references }}
                    value={(formik.values[f.field] as string[] | undefined) ?? []}
                    onChange={(picked) => void formik.setFieldValue(f.field, picked)}
                    onBlur={() => void formik.setFieldTouched(f.field, true)}
                    disabled={disabled}
                    error={error}
                    storedNames={storedNamesOf(row, f.field)}
                    testIds={{
                      input: `${ids.formField}-${f.field}`,
                      option: `${ids.formOption}-${f.field}`,
                      chip: `${ids.formChip}-${f.field}`,
                    }}
                  />
                );
              const multiline = f.kind === 'multiline' || f.kind === 'list' || f.kind === 'json';
              return (
                <TextField
                  key={f.field}
                  name={f.field}
                  label={f.label}
                  value={formik.values[f.field] ?? ''}
                  onChange={formik.handleChange}
                  onBlur={formik.handleBlur}
                  disabled={disabled}
                  required={f.createOnly === true}
                  select={f.kind === 'select'}
                  type={f.kind === 'date' ? 'date' : undefined}
                  multiline={multiline}
                  minRows={f.kind === 'json' ? 8 : multiline ? 3 : undefined}
                  error={Boolean(error)}
                  helperText={error ?? f.helperText}
                  slotProps={{
                    htmlInput: {
                      'data-testid': `${ids.formField}-${f.field}`,
                      // JSON reads in a fixed-width font, and the browser must not "correct" it.
                      ...(f.kind === 'json' ? { spellCheck: false, style: { fontFamily: 'monospace' } } : {}),
                    },
                    ...(f.kind === 'date' ? { inputLabel: { shrink: true } } : {}),
                  }}
                >
                  {f.kind === 'select'
                    ? (f.options ?? []).map((o) => (
                        <MenuItem key={o} value={o}>
                          {f.optionLabels?.[o] ?? o}
                        </MenuItem>
                      ))
                    : undefined}
                </TextField>
              );
            })}
          </Stack>
        </DialogContent>
        <FormDialogActions
          busy={busy}
          onCancel={onCancel}
          submitLabel={row ? 'Save' : 'Add'}
          testIds={{ cancel: ids.formCancel, submit: ids.formSubmit }}
        />
      </form>
    </Dialog>
  );
}
