import type { ChangeEvent, FocusEvent, SyntheticEvent } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { Box, Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel, Switch } from '@mui/material';
import { getIn, setIn, type FormikProps } from 'formik';

/** What the bindings read of a Formik form (a rule form's shared panels take any family's form). */
export type BoundForm<V> = Pick<
  FormikProps<V>,
  | 'values'
  | 'initialValues'
  | 'errors'
  | 'touched'
  | 'handleChange'
  | 'handleBlur'
  | 'setFieldValue'
  | 'setFieldTouched'
> &
  Partial<Pick<FormikProps<V>, 'submitCount'>>;

/** What `autocompleteField` gives an MUI Autocomplete (or a picker built on one, kit/IdListPicker.tsx). */
export type AutocompleteBinding<T> = {
  value: T;
  onChange: (event: SyntheticEvent, next: T) => void;
  onBlur: () => void;
  disabled: boolean;
};

/** A field's name: a key of the values, or a dotted path into one (`config.link_expiry_days`). */
export type FieldPath<V> = (keyof V & string) | `${keyof V & string}.${string}`;

/**
 * The bindings every policy Formik dialog shares (rule dialogs, entry dialogs, firewall, private
 * access): a field's error once it was left or a save was tried (else the last save's 400 for it,
 * until the user changes the field), a TextField's props and an on/off switch, each with the
 * family's test id `<testIdPrefix>-<name>` (none without a prefix) and disabled for readers.
 * Names may be paths (`own.site`), as Formik reads them (the kit's form of a kind,
 * kit/kindForm.tsx). A form saved as it is edited (no Apply: web/SettingsFields.tsx) gives
 * `onCommit`: it gets the form's values after a switch or `selectField` changes and when a text
 * field is left, so one commit is one field's change and Ctrl+Z inside a text field stays the
 * browser's own; a form whose text reaches the draft at each keystroke (the e-mail settings, with
 * `live` errors) gives `commitText: 'change'`. A select stores its option's value as it is (a
 * `MenuItem` whose value is a number stores a number).
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
    /** When a text field commits: once it is left (the default), or at each change. */
    commitText?: 'blur' | 'change';
  },
) {
  const {
    readOnly,
    testIdPrefix,
    testIds,
    message,
    serverError,
    onCommit,
    live = false,
    commitText = 'blur',
  } = options;
  const testId = (name: FieldPath<V>) => {
    const id =
      testIds?.[name as keyof V & string] ??
      (testIdPrefix === undefined ? undefined : `${testIdPrefix}-${name}`);
    return id === undefined ? {} : { 'data-testid': id };
  };
  const commit = (name: string, value: unknown) => onCommit?.(setIn(formik.values, name, value) as V);
  const errorOf = (name: FieldPath<V>): string | undefined => {
    const unchanged = getIn(formik.values, name) === getIn(formik.initialValues, name);
    const shown =
      (live && !unchanged) || Boolean(getIn(formik.touched, name)) || (formik.submitCount ?? 0) > 0;
    const error = shown ? message(getIn(formik.errors, name)) : undefined;
    if (error !== undefined || !serverError || serverError.field !== name) return error;
    return unchanged ? serverError.message : undefined;
  };
  const field = (name: FieldPath<V>, label: string, helper?: string) => ({
    name,
    label,
    value: getIn(formik.values, name) as unknown,
    onChange:
      onCommit && commitText === 'change'
        ? (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            formik.handleChange(e);
            commit(name, e.target.value);
          }
        : formik.handleChange,
    onBlur:
      onCommit && commitText === 'blur'
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
  const selectField = (name: FieldPath<V>, label: string, helper?: string) => ({
    ...field(name, label, helper),
    select: true,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      formik.handleChange(e);
      commit(name, e.target.value);
    },
    onBlur: formik.handleBlur,
  });
  /**
   * A value chosen or edited as a whole (one or many of options in a picker, a list of rows): its
   * value, and a change that stores it, marks the field touched (its error shows at once) and
   * commits. Its error is `errorOf(name)`, drawn where the picker draws one.
   */
  const choiceField = <T,>(name: FieldPath<V>) => ({
    value: getIn(formik.values, name) as T,
    onChange: (next: T) => {
      void formik.setFieldValue(name, next);
      void formik.setFieldTouched(name, true, false);
      commit(name, next);
    },
  });
  /**
   * An MUI Autocomplete's props over the field that stores its choice (`multiple`: an array of
   * options), as `choiceField` binds it; touched when left too, and disabled for readers.
   */
  const autocompleteField = <T,>(name: FieldPath<V>): AutocompleteBinding<T> => {
    const { value, onChange } = choiceField<T>(name);
    return {
      value,
      onChange: (_e: SyntheticEvent, next: T) => onChange(next),
      onBlur: () => void formik.setFieldTouched(name, true),
      disabled: readOnly,
    };
  };
  /** `disabled`: off for writers too (a switch that means nothing while another is off). */
  const switchField = (name: FieldPath<V>, label: string, sx?: SxProps<Theme>, disabled = false) => (
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
          disabled={readOnly || disabled}
          slotProps={{ input: testId(name) as object }}
        />
      }
      label={label}
    />
  );
  /**
   * Checkboxes over one array value (platforms, weekdays, inspection types): ticking adds the
   * option's value at the end, unticking removes it; committed as soon as it changes. Test ids per
   * option come from the caller (`testId`), since lists name them their own way.
   */
  const checkboxListField = <T extends string | number>(
    name: FieldPath<V>,
    legend: string,
    options: readonly { value: T; label: string; testId?: string }[],
  ) => {
    const { value, onChange: choose } = choiceField<readonly T[] | undefined>(name);
    const chosen = value ?? [];
    const error = errorOf(name);
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{legend}</FormLabel>
        <FormGroup row>
          {options.map((o) => (
            <FormControlLabel
              key={o.value}
              label={o.label}
              control={
                <Checkbox
                  checked={chosen.includes(o.value)}
                  disabled={readOnly}
                  onChange={(e) =>
                    choose(e.target.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value))
                  }
                  slotProps={{ input: (o.testId ? { 'data-testid': o.testId } : {}) as object }}
                />
              }
            />
          ))}
        </FormGroup>
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Box>
    );
  };
  return { errorOf, field, selectField, switchField, checkboxListField, choiceField, autocompleteField };
}

/** The wording of a form whose validate returns its messages already. */
export const messageAsIs = (error: unknown): string | undefined =>
  typeof error === 'string' ? error : undefined;
