import { Fragment } from 'react';
import { Formik } from 'formik';
import { Box, MenuItem, TextField } from '@mui/material';
import { formFields, messageAsIs } from '../formFields';
import { webControlIds } from '@workbench/common/test-ids/webControlIds';
import type { EntryField, EntryValues } from './EntryDialog';

export interface SettingsFieldsProps {
  /** The group's accessible name. */
  label: string;
  fields: readonly EntryField[];
  /** What the document holds now (the form follows it: undo, reload). */
  values: EntryValues;
  readOnly: boolean;
  /** Called with every field's value once all of them are valid. */
  onCommit: (values: EntryValues) => void;
}

const errorsOf = (fields: readonly EntryField[], values: EntryValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const error = f.validate?.(String(values[f.name] ?? ''), values);
    if (error) errors[f.name] = error;
  }
  return errors;
};

/**
 * A section's own settings (the copy/paste defaults, the watermark's look, …) with Formik, each
 * field checked by its EntryField validator (built on common's validators). Switches and selects
 * reach the draft at once; text reaches it when the field is left and every field is valid, so
 * Ctrl+Z inside a text field stays the browser's own and one undo step is one field's change.
 */
export function SettingsFields({ label, fields, values, readOnly, onCommit }: SettingsFieldsProps) {
  return (
    <Formik<EntryValues>
      initialValues={values}
      enableReinitialize
      validate={(v) => errorsOf(fields, v)}
      onSubmit={() => undefined}
    >
      {(form) => {
        const { field, selectField, switchField } = formFields(form, {
          readOnly,
          testIdPrefix: webControlIds.setting,
          message: messageAsIs,
          onCommit: (next) => {
            if (Object.keys(errorsOf(fields, next)).length === 0) onCommit(next);
          },
        });
        return (
          <Box
            component="fieldset"
            aria-label={label}
            disabled={readOnly}
            sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
          >
            {fields.map((f) => {
              if (f.type === 'switch')
                return (
                  <Fragment key={f.name}>{switchField(f.name, f.label, { flexBasis: '100%' })}</Fragment>
                );
              const bound =
                f.type === 'select'
                  ? selectField(f.name, f.label, f.helperText)
                  : field(f.name, f.label, f.helperText);
              return (
                <TextField
                  key={f.name}
                  {...bound}
                  value={String(bound.value ?? '')}
                  fullWidth={false}
                  sx={{ flex: '1 1 240px', maxWidth: f.type === 'select' ? 360 : 480 }}
                >
                  {f.options?.map((o) => (
                    <MenuItem key={o.code} value={o.code}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
              );
            })}
          </Box>
        );
      }}
    </Formik>
  );
}
