import { Formik } from 'formik';
import { Fragment } from 'react';
import { Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { ApplyActions } from '../kit/ApplyActions';
import { formFields, messageAsIs } from '../formFields';

export type EntryValues = Record<string, string | boolean>;

/** A field of an entry form: text (one line), select, or on/off. */
export interface EntryField {
  name: string;
  label: string;
  type: 'text' | 'select' | 'switch';
  options?: ReadonlyArray<{ code: string; label: string }>;
  /** The field shows only when this holds for the values. */
  shown?: (values: EntryValues) => boolean;
  /** An error text, or undefined when the value is fine (built on common's validators). */
  validate?: (value: string, values: EntryValues) => string | undefined;
  helperText?: string;
  /** A text field of several lines (one value per line). */
  multiline?: boolean;
}

export interface EntryDialogProps {
  title: string;
  fields: readonly EntryField[];
  initialValues: EntryValues;
  canWrite: boolean;
  onApply: (values: EntryValues) => void;
  onClose: () => void;
}

/**
 * Adds or edits one entry of a simple list (browser rule, user-agent rule, hash, SSL bypass
 * entry) with Formik. Apply puts it in the section's draft; the section's Save stores it.
 */
export function EntryDialog({ title, fields, initialValues, canWrite, onApply, onClose }: EntryDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="entry-dialog-title"
      data-testid={webPolicyIds.ruleDialog}
    >
      <Formik<EntryValues>
        initialValues={initialValues}
        validateOnMount
        validate={(values) => {
          const errors: Record<string, string> = {};
          for (const f of fields) {
            if (f.shown && !f.shown(values)) continue;
            const error = f.validate?.(String(values[f.name] ?? ''), values);
            if (error) errors[f.name] = error;
          }
          return errors;
        }}
        onSubmit={(values) => onApply(values)}
      >
        {(form) => (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              form.handleSubmit();
            }}
          >
            <DialogTitle id="entry-dialog-title">{title}</DialogTitle>
            <DialogContent>
              <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  {fields
                    .filter((f) => !f.shown || f.shown(form.values))
                    .map((f) => {
                      const bound = formFields(form, {
                        readOnly: false,
                        testIdPrefix: webPolicyIds.ruleDialog,
                        message: messageAsIs,
                      });
                      if (f.type === 'switch')
                        return <Fragment key={f.name}>{bound.switchField(f.name, f.label)}</Fragment>;
                      const field = bound.field(f.name, f.label, f.helperText);
                      return (
                        <TextField
                          key={f.name}
                          select={f.type === 'select'}
                          multiline={f.multiline}
                          minRows={f.multiline ? 3 : undefined}
                          {...field}
                          value={String(field.value ?? '')}
                        >
                          {f.options?.map((o) => (
                            <MenuItem key={o.code} value={o.code}>
                              {o.label}
                            </MenuItem>
                          ))}
                        </TextField>
                      );
                    })}
                </Stack>
              </fieldset>
            </DialogContent>
            <ApplyActions canWrite={canWrite} valid={form.isValid} onClose={onClose} />
          </form>
        )}
      </Formik>
    </Dialog>
  );
}
