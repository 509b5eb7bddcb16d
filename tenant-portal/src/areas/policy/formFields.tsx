import type { ChangeEvent, FocusEvent } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { FormControlLabel, Switch } from '@mui/material';
import { getIn, setIn, type FormikProps } from 'formik';

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
 * kit/kindForm.tsx). A form saved as it is edited (no Apply: web/SettingsFields.tsx) gives
 * `onCommit`: it gets the form's values after a switch or `selectField` changes and when a text
 * field is left, so one commit is one field's change and Ctrl+Z inside a text field stays the
 * browser's own.
 */
export function formFields<V extends object>(
  formik: BoundForm<V>,
  options: {
    readOnly: boolean;
    testIdPrefix?: string;
    /** Test ids that are not `<testIdPrefix>-<name>` (ids are never renamed). */
    testIds?: Partial<Record<keyof V & string, string>>;
    /** The family's wording of a validator's error key. */
    message: (error: unknown) => string | undefined;
    /** The server's message for one field (a 400 on the last save), shown while the field is unchanged. */
    serverError?: { field: string; message: string } | null;
    /** Saved as edited: the values to commit after a switch or a select changed, or a text field was left. */
    onCommit?: (values: V) => void;
    /**
     * A field's error shows as soon as its value changed, not only once it is left: a form whose
     * valid values reach the draft as they are typed (the inspection and e-mail settings).
     */
    live?: boolean;
  },
) {
  const { readOnly, testIdPrefix, testIds, message, serverError, onCommit, live = false } = options;
  const testId = (name: keyof V & string) => {
    const id = testIds?.[name] ?? (testIdPrefix === undefined ? undefined : `${testIdPrefix}-${name}`);
    return id === undefined ? {} : { 'data-testid': id };
  };
  const commit = (name: string, value: unknown) => onCommit?.(setIn(formik.values, name, value) as V);
  const errorOf = (name: keyof V & string): string | undefined => {
    const unchanged = getIn(formik.values, name) === getIn(formik.initialValues, name);
    const shown =
      (live && !unchanged) || Boolean(getIn(formik.touched, name)) || (formik.submitCount ?? 0) > 0;
    const error = shown ? message(getIn(formik.errors, name)) : undefined;
    if (error !== undefined || !serverError || serverError.field !== name) return error;
    return unchanged ? serverError.message : undefined;
  };
  const field = (name: keyof V & string, label: string, helper?: string) => ({
    name,
    label,
    value: getIn(formik.values, name) as unknown,
    onChange: formik.handleChange,
    onBlur: onCommit
      ? (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
          formik.handleBlur(e);
          onCommit(formik.values);
        }
      : formik.handleBlur,
    error: Boolean(errorOf(name)),
    helperText: errorOf(name) ?? helper,
    disabled: readOnly,
    fullWidth: true,
    slotProps: { htmlInput: testId(name) },
  });
  /** A choice among options (a TextField with `select`), committed as soon as it changes. */
  const selectField = (name: keyof V & string, label: string, helper?: string) => ({
    ...field(name, label, helper),
    select: true,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      formik.handleChange(e);
      commit(name, e.target.value);
    },
    onBlur: formik.handleBlur,
  });
  const switchField = (name: keyof V & string, label: string, sx?: SxProps<Theme>) => (
    <FormControlLabel
      sx={sx}
      control={
        <Switch
          name={name}
          // Formik reads a checkbox whose value is "true" as a boolean, whatever the field held.
          value="true"
          checked={Boolean(getIn(formik.values, name))}
          onChange={(e) => {
            formik.handleChange(e);
            commit(name, e.target.checked);
          }}
          disabled={readOnly}
          slotProps={{ input: testId(name) as object }}
        />
      }
      label={label}
    />
  );
  return { errorOf, field, selectField, switchField };
}

/** The wording of a form whose validate returns its messages already. */
export const messageAsIs = (error: unknown): string | undefined =>
  typeof error === 'string' ? error : undefined;
