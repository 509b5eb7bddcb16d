import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormHelperText,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Paper,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { componentIds } from '../../test-ids';
import {
  DUAL_LIST_HEIGHT,
  availableItems,
  dualListErrorText,
  itemKey,
  itemsFromGroups,
  moveToSelected,
  removeFromSelected,
  type DualListGroup,
  type DualListItem,
} from './dualListModel';

/**
 * Props of DualList (docs/shared-ui.md §5 Dual-list selector).
 *
 * Usage: `<DualList groups={[{ title: 'Groups', items: [{ name: 'Sales' }] }]} value={picked}
 * onChange={setPicked} max={10} />`. Controlled: `value` is the selected list. Check items on either
 * side and move them with the arrow buttons (or double-click one). The required error shows once
 * the user has changed the list (dirty) and it is empty, unless `allowEmpty`.
 */
export interface DualListProps {
  groups: readonly DualListGroup[];
  value: readonly DualListItem[];
  onChange: (selected: DualListItem[]) => void;
  allowEmpty?: boolean;
  max?: number;
  allowDuplicates?: boolean;
  availableTitle?: string;
  selectedTitle?: string;
  /** Start dirty (e.g. after a submit attempt) so the required error shows. */
  dirty?: boolean;
}

export function DualList({
  groups,
  value,
  onChange,
  allowEmpty,
  max,
  allowDuplicates,
  dirty: dirtyProp,
  availableTitle = 'Available',
  selectedTitle = 'Selected',
}: DualListProps) {
  const [checkedLeft, setCheckedLeft] = useState<Set<string>>(() => new Set());
  const [checkedRight, setCheckedRight] = useState<Set<number>>(() => new Set());
  const [dirty, setDirty] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const all = itemsFromGroups(groups);
  const offered = availableItems(all, value, allowDuplicates);
  const error = refused ?? dualListErrorText(value, dirty || Boolean(dirtyProp), allowEmpty);

  const add = (items: DualListItem[]) => {
    const outcome = moveToSelected(value, items, { max, allowDuplicates });
    setRefused(outcome.refused);
    if (outcome.selected.length !== value.length) {
      setDirty(true);
      onChange(outcome.selected);
      setCheckedLeft(new Set());
    }
  };
  const remove = (positions: Set<number>) => {
    if (positions.size === 0) return;
    setDirty(true);
    setRefused(null);
    onChange(removeFromSelected(value, positions));
    setCheckedRight(new Set());
  };

  const byCategory = new Map<string, DualListItem[]>();
  for (const item of offered)
    byCategory.set(item.category ?? '', [...(byCategory.get(item.category ?? '') ?? []), item]);

  const toggle = <K,>(set: Set<K>, key: K) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  };

  return (
    <Box data-testid={componentIds.dualList}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Paper
          variant="outlined"
          sx={{ flex: 1, height: DUAL_LIST_HEIGHT, overflow: 'auto' }}
          data-testid={componentIds.dualListAvailable}
        >
          <List dense aria-label={availableTitle} subheader={<ListSubheader>{availableTitle}</ListSubheader>}>
            {[...byCategory].map(([category, items]) => (
              <li key={category}>
                <ul style={{ padding: 0 }}>
                  {category && <ListSubheader sx={{ top: 40 }}>{category}</ListSubheader>}
                  {items.map((item) => (
                    <ListItemButton
                      key={itemKey(item)}
                      disabled={item.disabled}
                      onClick={() => setCheckedLeft((set) => toggle(set, itemKey(item)))}
                      onDoubleClick={() => add([item])}
                    >
                      <ListItemIcon>
                        <Checkbox
                          size="small"
                          edge="start"
                          tabIndex={-1}
                          disableRipple
                          checked={checkedLeft.has(itemKey(item))}
                          slotProps={{ input: { 'aria-label': item.name } }}
                        />
                      </ListItemIcon>
                      <ListItemText primary={item.name} secondary={item.description} />
                    </ListItemButton>
                  ))}
                </ul>
              </li>
            ))}
          </List>
        </Paper>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Button
            variant="outlined"
            size="small"
            aria-label="Add to selected"
            disabled={checkedLeft.size === 0}
            onClick={() => add(offered.filter((item) => checkedLeft.has(itemKey(item))))}
          >
            <ChevronRightIcon />
          </Button>
          <Button
            variant="outlined"
            size="small"
            aria-label="Remove from selected"
            disabled={checkedRight.size === 0}
            onClick={() => remove(checkedRight)}
          >
            <ChevronLeftIcon />
          </Button>
        </Box>
        <Paper
          variant="outlined"
          sx={{ flex: 1, height: DUAL_LIST_HEIGHT, overflow: 'auto' }}
          data-testid={componentIds.dualListSelected}
        >
          <List dense aria-label={selectedTitle} subheader={<ListSubheader>{selectedTitle}</ListSubheader>}>
            {value.map((item, index) => (
              <ListItemButton
                key={`${itemKey(item)}-${index}`}
                onClick={() => setCheckedRight((set) => toggle(set, index))}
                onDoubleClick={() => remove(new Set([index]))}
              >
                <ListItemIcon>
                  <Checkbox
                    size="small"
                    edge="start"
                    tabIndex={-1}
                    disableRipple
                    checked={checkedRight.has(index)}
                    slotProps={{ input: { 'aria-label': item.name } }}
                  />
                </ListItemIcon>
                <ListItemText primary={item.name} secondary={item.category} />
              </ListItemButton>
            ))}
            {value.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
                Nothing selected
              </Typography>
            )}
          </List>
        </Paper>
      </Box>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
