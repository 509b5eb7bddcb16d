import type { SxProps, Theme } from '@mui/material';
import { FormControlLabel, Switch } from '@mui/material';
import { getIn, type FormikProps } from 'formik';

/**
 * The bindings the policy families' Formik dialogs share (firewall, private access): a field's
 * error once it was left or a save was tried, a TextField's props and an on/off switch, each
 * with the family's test id `<testIdPrefix>-<name>` and disabled for readers. A name may be a
 * dotted path into nested values (the kit's form of a kind, kit/kindForm.tsx), as Formik reads it.
 */
export function formFields<V extends object>(
  formik: FormikProps<V>,
  options: {
    readOnly: boolean;
    testIdPrefix: string;
    /** The family's wording of a validator's error key. */
    message: (error: unknown) => string | undefined;
  },
) {
  const { readOnly, testIdPrefix, message } = options;
  const errorOf = (name: keyof V & string): string | undefined => {
    const shown = Boolean(getIn(formik.touched, name)) || formik.submitCount > 0;
    return shown ? message(getIn(formik.errors, name)) : undefined;
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
    slotProps: { htmlInput: { 'data-testid': `${testIdPrefix}-${name}` } },
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
          slotProps={{ input: { 'data-testid': `${testIdPrefix}-${name}` } as object }}
        />
      }
      label={label}
    />
  );
  return { errorOf, field, switchField };
}
