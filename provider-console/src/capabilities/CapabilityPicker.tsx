/**
 * Picks one of the capabilities the service knows (KNOWN_CAPABILITIES) with autocomplete: each
 * option shows its name, schema state and meaning, and the field's helper text says what the
 * chosen one gives the tenant. A name the service does not know cannot be picked (the server
 * refuses it too: 400 naming it). Used by the tenant's Capabilities tab and the rollout's change.
 */
import { Autocomplete, Box, TextField, Typography, createFilterOptions } from '@mui/material';
import {
  KNOWN_CAPABILITIES,
  capabilityMeaning,
  isKnownCapability,
  type KnownCapability,
} from '@workbench/common/api/contract/providerCapabilityStates';
import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { CapabilityStateChip } from './SchemaStateChip';

// Typed words find a capability by its name or by what it does ("firewall" finds fwaas).
const filterOptions = createFilterOptions<KnownCapability>({
  stringify: (c) => `${c} ${capabilityMeaning(c) ?? ''}`,
});

export interface CapabilityPickerProps {
  /** The chosen name ('' for none). */
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
  label: string;
  /** A refusal to show instead of the meaning. */
  error?: string;
  inputTestId: string;
  id?: string;
  name?: string;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** Names already chosen elsewhere (another row): not offered again. */
  exclude?: readonly string[];
}

export function CapabilityPicker({
  value,
  onChange,
  onBlur,
  label,
  error,
  inputTestId,
  id,
  name,
  required,
  fullWidth,
  size,
  exclude = [],
}: CapabilityPickerProps) {
  const chosen = isKnownCapability(value) ? value : null;
  const meaning = chosen ? capabilityMeaning(chosen) : undefined;
  return (
    <Autocomplete<KnownCapability>
      id={id}
      options={KNOWN_CAPABILITIES}
      value={chosen}
      onChange={(_e, c) => onChange(c ?? '')}
      onBlur={onBlur}
      filterOptions={filterOptions}
      getOptionDisabled={(c) => c !== chosen && exclude.includes(c)}
      autoHighlight
      // A typed name that matches is taken when the field is left, as if it had been clicked.
      autoSelect
      fullWidth={fullWidth}
      size={size}
      sx={fullWidth ? undefined : { minWidth: 280 }}
      renderOption={({ key, ...props }, c) => (
        <Box component="li" key={key} {...props} data-testid={`${capabilityStateIds.option}-${c}`}>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {c}
              </Typography>
              <CapabilityStateChip capability={c} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {capabilityMeaning(c)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={
            error ?? meaning ?? `One of the ${KNOWN_CAPABILITIES.length} capabilities the service knows.`
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': inputTestId },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {chosen && <CapabilityStateChip capability={chosen} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
