import { Autocomplete, TextField } from '@mui/material';
import { getIn, type FormikProps } from 'formik';

/**
 * A multiple choice of another list's entries by name, bound to the Formik field that stores their
 * ids (a rule's cloud apps, a DLP rule's dictionaries and auditors). `labelOf` names an id the
 * options may no longer hold.
 */
export function IdListPicker<V>({
  form,
  name,
  label,
  ids,
  labelOf,
  error,
  testId,
  disabled,
}: {
  form: FormikProps<V>;
  name: string;
  label: string;
  ids: readonly string[];
  labelOf: (id: string) => string;
  error?: string;
  testId: string;
  disabled?: boolean;
}) {
  const value = (getIn(form.values, name) as string[] | undefined) ?? [];
  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={ids}
      getOptionLabel={labelOf}
      value={value}
      onChange={(_e, v) => void form.setFieldValue(name, v)}
      onBlur={() => void form.setFieldTouched(name, true)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
