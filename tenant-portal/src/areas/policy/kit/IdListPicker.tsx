import { Autocomplete, TextField } from '@mui/material';
import type { AutocompleteBinding } from '../formFields';

/**
 * A multiple choice of another list's entries by name, bound (`bound`: formFields'
 * `autocompleteField`) to the Formik field that stores their ids (a rule's cloud apps, a DLP
 * rule's dictionaries and auditors). `labelOf` names an id the options may no longer hold.
 */
export function IdListPicker({
  bound,
  label,
  ids,
  labelOf,
  error,
  testId,
  disabled,
}: {
  bound: AutocompleteBinding<string[]>;
  label: string;
  ids: readonly string[];
  labelOf: (id: string) => string;
  error?: string;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Autocomplete
      multiple
      {...bound}
      disabled={disabled ?? bound.disabled}
      options={ids}
      getOptionLabel={labelOf}
      value={bound.value ?? []}
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
