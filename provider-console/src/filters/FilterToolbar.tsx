import type { ReactNode } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { TENANTS_MAX_LIMIT } from '@workbench/common/api/contract/providerTenantPaths';
import { useEntityRead } from '../app/consoleEntities';

/**
 * The row above a console table: its title, search field, filters, count and actions, in one line
 * that wraps in a narrow window (800 px) rather than overflowing.
 *
 * Usage: `<FilterToolbar><SearchField … /><SelectFilter … /><TenantFilter … /></FilterToolbar>`.
 */
export function FilterToolbar({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
}

export interface SelectFilterOption {
  readonly value: string;
  readonly label: string;
}

export interface SelectFilterProps {
  label: string;
  /** The chosen option's value; '' for the `allLabel` item. */
  value: string;
  options: readonly SelectFilterOption[];
  onChange(value: string): void;
  /**
   * The first item, value '' (no filter), shown under the raised label while nothing is chosen:
   * 'All states', 'Any action'. Without it the select has no empty item (a choice, not a filter).
   */
  allLabel?: string;
  /** On the select's button (what a user clicks; it carries the label as its name). */
  testId: string;
  minWidth?: number;
}

/** A labelled select filter of a FilterToolbar. */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
  allLabel,
  testId,
  minWidth = 180,
}: SelectFilterProps) {
  const withAll = allLabel !== undefined;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth }}
      slotProps={{
        select: { displayEmpty: withAll, SelectDisplayProps: { 'data-testid': testId } as object },
        inputLabel: withAll ? { shrink: true } : undefined,
      }}
    >
      {withAll && <MenuItem value="">{allLabel}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface TenantFilterProps {
  /** The chosen tenant's id; '' for all tenants. */
  value: string;
  onChange(tid: string): void;
  /** 'All tenants', 'Any tenant'. */
  allLabel: string;
  testId: string;
}

/**
 * The Tenant select of a FilterToolbar: every tenant by name (the first TENANTS_MAX_LIMIT), sent
 * as its id. Without the list (a failed load) it offers only `allLabel`.
 */
export function TenantFilter({ value, onChange, allLabel, testId }: TenantFilterProps) {
  const tenants = useEntityRead('listTenantPage', [{ limit: TENANTS_MAX_LIMIT, sort: 'name' }]);
  return (
    <SelectFilter
      label="Tenant"
      value={value}
      onChange={onChange}
      allLabel={allLabel}
      options={(tenants.data?.tenants ?? []).map((t) => ({ value: t.tid, label: t.name }))}
      testId={testId}
      minWidth={220}
    />
  );
}
