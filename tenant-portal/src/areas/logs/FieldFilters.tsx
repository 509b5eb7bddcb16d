/**
 * Filter in / filter out (issue 15) as the explorer offers it everywhere: the two buttons of a
 * value (details drawer, field sidebar), the grid cell's context menu, and the chips of the
 * filters the filter bar does not show (a value of a free-text field kept, any value excluded).
 * All of them write the URL through logView's withFieldFilter / withoutFieldFilter: the same
 * structured filter the bar's chips use (`<field>=<values>`), plus `<field>!=<values>` for "not".
 */
import { memo } from 'react';
import { Box, Chip, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/ZoomIn';
import RemoveCircleOutlineIcon from '@mui/icons-material/ZoomOut';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { fieldLabel, fieldText, LOG_ROUTE_FIELDS } from './logFields';
import type { LogView } from './logView';

export type FilterMode = 'in' | 'out';
export type OnFieldFilter = (field: string, value: string, mode: FilterMode) => void;

/**
 * Whether a value can be a filter: the API joins several values with commas (so a value with one
 * cannot be told apart) and trims them (so one with outer spaces would not match).
 */
export function canFilterOn(field: string, value: unknown): value is string | number {
  if (typeof value === 'number') return true;
  return (
    typeof value === 'string' &&
    value !== '' &&
    !value.includes(',') &&
    value.trim() === value &&
    LOG_ROUTE_FIELDS_ANY.has(field)
  );
}
const LOG_ROUTE_FIELDS_ANY = new Set(Object.values(LOG_ROUTE_FIELDS).flatMap((r) => r.fields));

/** What a user reads for "field is value". */
export const filterText = (field: string, value: string | number, mode: FilterMode): string =>
  `${fieldLabel(field)} ${mode === 'in' ? 'is' : 'is not'} ${fieldText(field, value) || String(value)}`;

export function FilterInOutButtons({
  field,
  value,
  onFilter,
  modes = ['in', 'out'],
}: {
  field: string;
  value: string | number;
  onFilter: OnFieldFilter;
  /** Which buttons (the sidebar's value filters in itself: only out). */
  modes?: readonly FilterMode[];
}) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0 }}>
      {modes.map((mode) => {
        const title = `Filter ${mode}: ${filterText(field, value, mode)}`;
        return (
          <Tooltip key={mode} title={title}>
            <IconButton
              size="small"
              aria-label={title}
              data-testid={`${mode === 'in' ? logsExplorerIds.filterIn : logsExplorerIds.filterOut}-${field}`}
              onClick={(e) => {
                e.stopPropagation();
                onFilter(field, String(value), mode);
              }}
            >
              {mode === 'in' ? (
                <AddCircleOutlineIcon fontSize="inherit" />
              ) : (
                <RemoveCircleOutlineIcon fontSize="inherit" />
              )}
            </IconButton>
          </Tooltip>
        );
      })}
    </Box>
  );
}

/** A cell's menu (right click, or the context-menu key / Shift+F10 on a focused cell). */
export interface CellMenuTarget {
  field: string;
  value: string | number;
  /** Where it opens: the pointer, or the cell's corner from the keyboard. */
  top: number;
  left: number;
}

export function CellFilterMenu({
  target,
  onClose,
  onFilter,
}: {
  target: CellMenuTarget | null;
  onClose: () => void;
  onFilter: OnFieldFilter;
}) {
  return (
    <Menu
      open={target !== null}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={target ? { top: target.top, left: target.left } : undefined}
    >
      {target &&
        (['in', 'out'] as const).map((mode) => (
          <MenuItem
            key={mode}
            data-testid={`${mode === 'in' ? logsExplorerIds.filterIn : logsExplorerIds.filterOut}-${target.field}`}
            onClick={() => {
              onClose();
              onFilter(target.field, String(target.value), mode);
            }}
          >
            <ListItemIcon>
              {mode === 'in' ? (
                <AddCircleOutlineIcon fontSize="small" />
              ) : (
                <RemoveCircleOutlineIcon fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{`Filter ${mode}: ${filterText(target.field, target.value, mode)}`}</ListItemText>
          </MenuItem>
        ))}
    </Menu>
  );
}

/**
 * Chips of the filters the bar does not show: values kept on a field outside the bar (filtered in
 * from a cell, the drawer or the sidebar) and every excluded value. Deleting one drops that value.
 * Memoised: it renders again when its props change, not with each render of the logs page.
 */
export const FieldFilterChips = memo(function FieldFilterChips({
  route,
  view,
  onRemove,
}: {
  route: LogRoute;
  view: Pick<LogView, 'filters' | 'exclude'>;
  onRemove: OnFieldFilter;
}) {
  const bar = LOG_ROUTE_FIELDS[route].filters;
  const chips: { field: string; value: string; mode: FilterMode }[] = [
    ...Object.entries(view.filters)
      .filter(([field]) => !bar.includes(field))
      .flatMap(([field, values]) => values.map((value) => ({ field, value, mode: 'in' as const }))),
    ...Object.entries(view.exclude).flatMap(([field, values]) =>
      values.map((value) => ({ field, value, mode: 'out' as const })),
    ),
  ];
  if (!chips.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Field filters" role="group">
      {chips.map(({ field, value, mode }) => {
        const text = filterText(field, value, mode);
        return (
          <Chip
            key={`${mode}-${field}-${value}`}
            size="small"
            label={text}
            color={mode === 'out' ? 'warning' : 'default'}
            variant="outlined"
            data-testid={`${mode === 'in' ? logsExplorerIds.filterChip : logsExplorerIds.excludeChip}-${field}-${value}`}
            onDelete={() => onRemove(field, value, mode)}
            sx={{ maxWidth: 360 }}
          />
        );
      })}
    </Box>
  );
});
