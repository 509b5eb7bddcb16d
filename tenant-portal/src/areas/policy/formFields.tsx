import type { SxProps, Theme } from '@mui/material';
import { FormControlLabel, Switch } from '@mui/material';
import { getIn, type FormikProps } from 'formik';

/** What the bindings read of a Formik form (a rule form's shared panels take any family's form). */
export type BoundForm<V> = Pick<
  FormikProps<V>,
  'values' | 'initialValues' | 'errors' | 'touched' | 'handleChange' | 'handleBlur'
> &
  Partial<Pick<FormikProps<V>, 'submitCount'>>;

/**
 * The bindings every policy Formik dialog shares (rule dialogs, entry dialogs, firewall, private
 * access): a field's error once it was left or a save was tried (else the last save's 400 for it,
 * until the user changes the field), a TextField's props and an on/off switch, each with the
 * family's test id `<testIdPrefix>-<name>` (none without a prefix) and disabled for readers.
 * Names may be paths (`own.site`), as Formik reads them (the kit's form of a kind,
 * kit/kindForm.tsx).
 */
export function formFields<V extends object>(
  formik: BoundForm<V>,
  options: {
    readOnly: boolean;
    testIdPrefix?: string;
    /** The family's wording of a validator's error key. */
    message: (error: unknown) => string | undefined;
    /** The server's message for one field (a 400 on the last save), shown while the field is unchanged. */
    serverError?: { field: string; message: string } | null;
  },
) {
  const { readOnly, testIdPrefix, message, serverError } = options;
  const testId = (name: string) =>
    testIdPrefix === undefined ? {} : { 'data-testid': `${testIdPrefix}-${name}` };
  const errorOf = (name: keyof V & string): string | undefined => {
    const shown = Boolean(getIn(formik.touched, name)) || (formik.submitCount ?? 0) > 0;
    const error = shown ? message(getIn(formik.errors, name)) : undefined;
    if (error !== undefined || !serverError || serverError.field !== name) return error;
    const unchanged = getIn(formik.values, name) === getIn(formik.initialValues, name);
    return unchanged ? serverError.message : undefined;
  };
  const field = (name: keyof V & string, label: string, helper?: string) => ({
    name,
    label,
    value: getIn(formik.values, name) as unknown,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(errorOf(name)),
    helperText: errorOf(name) ?? helper,
    disabled: readOnly,
    fullWidth: true,
    slotProps: { htmlInput: testId(name) },
  });
  const switchField = (name: keyof V & string, label: string, sx?: SxProps<Theme>) => (
    <FormControlLabel
      sx={sx}
      control={
        <Switch
          name={name}
          checked={Boolean(getIn(formik.values, name))}
          onChange={formik.handleChange}
          disabled={readOnly}
          slotProps={{ input: testId(name) as object }}
        />
      }
      label={label}
    />
  );
  return { errorOf, field, switchField };
}

/** The wording of a form whose validate returns its messages already. */
export const messageAsIs = (error: unknown): string | undefined =>
  typeof error === 'string' ? error : undefined;
