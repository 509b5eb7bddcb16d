/**
 * The kit's drawer of schema fields (`schemaFields.ts`) on a Formik form, bound with
 * `../formFields.tsx`: the form kinds' editor (`kindForm.tsx`) and the list editors' entry
 * dialogs (`kindList.tsx`) draw their fields with it.
 */
import type { ChangeEvent, ReactNode } from 'react';
import type { FormikProps } from 'formik';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { formFields, messageAsIs } from '../formFields';
import type { FormValues, KitField } from './schemaFields';

export interface KitFieldsOptions {
  readOnly: boolean;
  /** A field's test id is `<testIdPrefix>-<path>`, unless `testIds` names it. */
  testIdPrefix: string;
  testIds?: Readonly<Record<string, string>>;
  /** The last save's refusal at one field, shown there while the field is unchanged. */
  serverError?: { field: string; message: string } | null;
}

/** The controls of `fields`, one element each, keyed by path. */
export function kitFieldControls(
  formik: FormikProps<FormValues>,
  fields: readonly KitField[],
  { readOnly, testIdPrefix, testIds = {}, serverError = null }: KitFieldsOptions,
): ReactNode[] {
  const { field, switchField, errorOf, choiceField } = formFields(formik, {
    readOnly,
    testIdPrefix,
    message: messageAsIs,
    serverError,
  });
  const testId = (path: string) => testIds[path] ?? `${testIdPrefix}-${path}`;
  // Touched at the first change: the error shows while typing, not only after leaving.
  const touch = (path: string) => void formik.setFieldTouched(path, true, false);
  return fields.map((f) => {
    if (f.type === 'switch') return <div key={f.path}>{switchField(f.path, f.label)}</div>;
    if (f.type === 'choices') {
      const { value, onChange: choose } = choiceField<string[] | undefined>(f.path);
      const chosen = value ?? [];
      const error = errorOf(f.path);
      return (
        <FormControl key={f.path} component="fieldset" error={Boolean(error)} disabled={readOnly}>
          <FormLabel component="legend">{f.label}</FormLabel>
          <FormGroup row>
            {f.options.map((o) => (
              <FormControlLabel
                key={o.code}
                label={o.label}
                control={
                  <Checkbox
                    checked={chosen.includes(o.code)}
                    slotProps={{ input: { 'data-testid': `${testId(f.path)}-${o.code}` } as object }}
                    onChange={(e) =>
                      choose(e.target.checked ? [...chosen, o.code] : chosen.filter((c) => c !== o.code))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    }
    const props = field(f.path, f.type === 'lines' ? `${f.label} (one per line)` : f.label);
    const shown = {
      ...props,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        touch(f.path);
        props.onChange(e);
      },
      slotProps: {
        htmlInput: {
          'data-testid': testId(f.path),
          ...(f.type === 'number' ? { inputMode: 'numeric' } : {}),
        },
      },
    };
    if (f.type === 'select')
      return (
        <TextField key={f.path} select {...shown}>
          {f.optional && <MenuItem value="">None</MenuItem>}
          {f.options.map((o) => (
            <MenuItem key={o.code} value={o.code}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    if (f.type === 'lines') return <TextField key={f.path} {...shown} multiline minRows={3} />;
    return <TextField key={f.path} {...shown} />;
  });
}
