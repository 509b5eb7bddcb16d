/**
 * A `references` field of an entity form: picks several tenants, SKUs, features, OVA versions or
 * categories by name with autocomplete (typing part of a name or of an id finds it) and holds
 * their ids, which are what the form sends. Each pick shows as a chip with its name, its id on
 * hover and to screen readers (as the list's names column shows them). An id the list no longer
 * has (a deleted tenant) stays as its id, marked, with a note under the field: never dropped
 * without the operator removing it.
 */
import { useMemo } from 'react';
import { Autocomplete, Box, Chip, TextField, Tooltip, Typography, createFilterOptions } from '@mui/material';
import {
  ENTITY_REFERENCE_LISTS,
  type EntityFormFieldDef,
  type EntityReferenceList,
} from '@workbench/common/api/contract/providerEntities';
import { useEntityRead } from '../app/consoleEntities';
import type { ReferenceOption } from './referenceLists';

interface Picked extends ReferenceOption {
  /** The list was read and does not hold the id. */
  missing?: boolean;
}

const filterOptions = createFilterOptions<ReferenceOption>({ stringify: (o) => `${o.name} ${o.id}` });

export interface ReferencePickerProps {
  field: EntityFormFieldDef & { references: EntityReferenceList };
  /** The ids picked, in order. */
  value: readonly string[];
  onChange(ids: string[]): void;
  onBlur(): void;
  disabled: boolean;
  /** A refusal of the value (the form's check or the server's), shown at the field. */
  error?: string;
  /** The names the server gave the stored ids (the row's `names`), shown until the list is read. */
  storedNames: ReadonlyMap<string, string>;
  testIds: { input: string; option: string; chip: string };
}

export function ReferencePicker({
  field,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  storedNames,
  testIds,
}: ReferencePickerProps) {
  const list = ENTITY_REFERENCE_LISTS[field.references];
  const options = useEntityRead('referenceOptions', [field.references]);
  const byId = useMemo(() => new Map((options.data ?? []).map((o) => [o.id, o])), [options.data]);
  const picked: Picked[] = value.map(
    (id) => byId.get(id) ?? { id, name: storedNames.get(id) ?? id, missing: options.data !== null },
  );
  const missing = picked.filter((p) => p.missing).map((p) => p.id);
  const notes = [
    error,
    missing.length > 0 && `Not found among the ${list.plural}: ${missing.join(', ')}.`,
    options.error && `The ${list.plural} could not be read: ${options.error.message}`,
  ].filter(Boolean);
  const hint = field.helperText ?? `Type part of a ${list.noun}'s name or ID.`;

  return (
    <Autocomplete<Picked, true, false, false>
      multiple
      options={options.data ?? []}
      value={picked}
      onChange={(_e, items) => onChange(items.map((i) => i.id))}
      onBlur={onBlur}
      disabled={disabled}
      loading={options.data === null && !options.error}
      loadingText={`Reading the ${list.plural}…`}
      noOptionsText={`No ${list.noun} matches.`}
      filterOptions={filterOptions}
      filterSelectedOptions
      isOptionEqualToValue={(o, v) => o.id === v.id}
      getOptionLabel={(o) => o.name}
      autoHighlight
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} data-testid={`${testIds.option}-${o.id}`}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span">{o.name}</Typography>
            {o.name !== o.id && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {o.id}
              </Typography>
            )}
            {o.detail && (
              <Typography variant="body2" color="text.secondary">
                {o.detail}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderValue={(items, getItemProps) =>
        items.map((p, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const about = p.missing
            ? `${p.id}: not found among the ${list.plural}`
            : p.name === p.id
              ? p.name
              : `${p.name} (ID ${p.id})`;
          return (
            // The span carries the hover for a disabled chip too (a disabled chip takes no pointer).
            <Tooltip
              key={key}
              describeChild
              title={p.missing ? `No ${list.noun} has the ID ${p.id}` : `ID ${p.id}`}
            >
              <span>
                <Chip
                  size="small"
                  label={p.missing ? `${p.id} (not found)` : p.name}
                  color={p.missing ? 'warning' : 'default'}
                  variant={p.missing ? 'outlined' : 'filled'}
                  aria-label={about}
                  data-testid={`${testIds.chip}-${p.id}`}
                  {...itemProps}
                />
              </span>
            </Tooltip>
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={field.label}
          error={Boolean(error)}
          helperText={notes.length > 0 ? notes.join(' ') : hint}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testIds.input },
          }}
        />
      )}
    />
  );
}

/** The names the server resolved for a field's stored ids (REFERENCE_NAMES), by id. */
export function storedNamesOf(row: Record<string, unknown> | null, field: string): Map<string, string> {
  const ids = (row?.[field] as unknown[] | undefined) ?? [];
  const names = (row?.names as Record<string, string[]> | undefined)?.[field] ?? [];
  return new Map(ids.flatMap((id, i) => (names[i] === undefined ? [] : [[String(id), names[i]]])));
}
