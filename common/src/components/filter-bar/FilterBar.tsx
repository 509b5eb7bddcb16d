import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  InputAdornment,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import SearchIcon from '@mui/icons-material/Search';
import { componentIds } from '../../test-ids';
import {
  FILTER_SEARCH_THRESHOLD,
  filterMenuItems,
  filterStateKey,
  readFilterValues,
  readToggle,
  withFilterValue,
  withToggle,
  type FilterSchema,
  type FilterSchemaEntry,
  type FilterValues,
} from './filterQuery';

/** The first item of a single-value menu (unless `required`): no filter. */
export const ANY_OPTION_LABEL = 'Any';

/** Height of a menu with more than FILTER_SEARCH_THRESHOLD options: it scrolls. */
export const FILTER_MENU_MAX_HEIGHT = 320;

/**
 * Props of FilterBar.
 *
 * Usage: `<FilterBar schema={{ action: { label: 'Action', options: FIREWALL_ACTIONS, multiple: true } }} />`
 * inside a router. The bar writes the choices to the query string (`?action=block,allow&page=0`);
 * read them with `useFilterValues(schema)`, which changes only when a filter changes (not page or
 * pageSize).
 */
export interface FilterBarProps {
  schema: FilterSchema;
  /** Icon of the search boxes unless the schema entry names its own (searchIcon); default a magnifier. */
  searchIcon?: ReactNode;
}

/**
 * Drop-down filter menus writing their state to the page's query string (docs/shared-ui.md §6 Filter bar).
 * Memoised: it renders again when the query string or its props change, not with each render of
 * a page whose data keeps arriving (the web logs' bar has fourteen menus).
 */
export const FilterBar = memo(function FilterBar({ schema, searchIcon }: FilterBarProps) {
  const [params, setParams] = useSearchParams();
  const values = readFilterValues(params, schema);
  return (
    <Box
      data-testid={componentIds.filterBar}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      {Object.entries(schema).map(([key, entry]) => (
        <FilterMenu
          key={key}
          filterKey={key}
          entry={entry}
          chosen={values[key]}
          params={params}
          searchIcon={searchIcon}
          onChange={(codes) => setParams(withFilterValue(params, schema, key, codes))}
          onToggle={(toggleKey, on) => setParams(withToggle(params, toggleKey, on))}
        />
      ))}
    </Box>
  );
});

interface FilterMenuProps {
  filterKey: string;
  entry: FilterSchemaEntry;
  chosen: string[];
  params: URLSearchParams;
  searchIcon?: ReactNode;
  onChange: (codes: string[]) => void;
  onToggle: (toggleKey: string, on: boolean) => void;
}

function FilterMenu({ filterKey, entry, chosen, params, searchIcon, onChange, onToggle }: FilterMenuProps) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // The menu mounts when first opened (it appears with its transition) and stays mounted, so it
  // closes with it: a page of fourteen filters does not render fourteen closed menus as it mounts.
  const opened = useRef(false);
  if (open) opened.current = true;
  const [search, setSearch] = useState('');
  const items = useMemo(() => filterMenuItems(entry), [entry]);
  const withSearch = items.length > FILTER_SEARCH_THRESHOLD;
  const needle = search.trim().toLowerCase();
  const shown = needle ? items.filter((item) => item.label.toLowerCase().includes(needle)) : items;
  const chosenSet = new Set(chosen);
  const isChosen = (codes: readonly string[]) => codes.every((code) => chosenSet.has(code));
  const chosenLabels = items.filter((item) => isChosen(item.codes)).map((item) => item.label);
  const summary =
    chosenLabels.length === 0
      ? ''
      : chosenLabels.length === 1
        ? `: ${chosenLabels[0]}`
        : ` (${chosenLabels.length})`;

  const choose = (codes: readonly string[]) => {
    if (!entry.multiple) {
      onChange([...codes]);
      setOpen(false);
      return;
    }
    const next = isChosen(codes)
      ? chosen.filter((code) => !codes.includes(code))
      : [...chosen, ...codes.filter((c) => !chosenSet.has(c))];
    onChange(next);
  };

  return (
    <>
      <Button
        ref={anchor}
        variant="outlined"
        size="small"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid={`${componentIds.filterMenuButton}-${filterKey}`}
        onClick={() => setOpen(true)}
      >
        {entry.label}
        {summary}
      </Button>
      {opened.current && (
        <Menu
          anchorEl={anchor.current}
          open={open}
          onClose={() => {
            setOpen(false);
            setSearch('');
          }}
          slotProps={{
            list: { dense: true, 'aria-label': entry.label },
            // Above FILTER_SEARCH_THRESHOLD options the menu scrolls (docs/shared-ui.md §13).
            paper: { sx: withSearch ? { maxHeight: FILTER_MENU_MAX_HEIGHT } : undefined },
          }}
          data-testid={`${componentIds.filterMenu}-${filterKey}`}
        >
          {entry.description && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1, maxWidth: 320 }}>
              {entry.description}
            </Typography>
          )}
          {entry.toggles?.map((toggle) => (
            <Box key={toggle.key} sx={{ px: 2 }}>
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={readToggle(params, toggle.key)}
                    onChange={(e) => onToggle(toggle.key, e.target.checked)}
                  />
                }
                label={toggle.label}
              />
            </Box>
          ))}
          {withSearch && (
            <Box
              sx={{ px: 2, py: 1 }}
              onKeyDown={(e) => {
                // Typing stays in the box (MenuList would jump to the item starting with the letter);
                // Escape and Tab still reach the menu.
                if (e.key !== 'Escape' && e.key !== 'Tab') e.stopPropagation();
              }}
            >
              <TextField
                size="small"
                autoFocus
                fullWidth
                value={search}
                placeholder={entry.searchPlaceholder ?? 'Search'}
                onChange={(e) => setSearch(e.target.value)}
                slotProps={{
                  htmlInput: {
                    'aria-label': `Search ${entry.label}`,
                    'data-testid': componentIds.filterSearch,
                  },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        {entry.searchIcon ?? searchIcon ?? <SearchIcon fontSize="small" />}
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Box>
          )}
          {!entry.multiple && !entry.required && (
            <MenuItem
              role="menuitemradio"
              aria-checked={chosen.length === 0}
              selected={chosen.length === 0}
              onClick={() => choose([])}
            >
              <ListItemText>{ANY_OPTION_LABEL}</ListItemText>
            </MenuItem>
          )}
          {shown.map((item) => (
            <MenuItem
              key={item.value}
              role={entry.multiple ? 'menuitemcheckbox' : 'menuitemradio'}
              aria-checked={isChosen(item.codes)}
              selected={!entry.multiple && isChosen(item.codes)}
              onClick={() => choose(item.codes)}
            >
              {entry.multiple && (
                <ListItemIcon>
                  <Checkbox
                    size="small"
                    edge="start"
                    checked={isChosen(item.codes)}
                    tabIndex={-1}
                    disableRipple
                  />
                </ListItemIcon>
              )}
              <ListItemText>{item.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

/**
 * The filter values of the current query (every schema key present). The returned object keeps its
 * identity while only page or pageSize change, so effects that fetch on filter change do not re-run.
 */
export function useFilterValues(schema: FilterSchema): FilterValues {
  const [params] = useSearchParams();
  const key = filterStateKey(params);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the canonical filter text on purpose
  return useMemo(() => readFilterValues(params, schema), [key, schema]);
}
