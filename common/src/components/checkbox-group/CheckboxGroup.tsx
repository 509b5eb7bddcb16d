import { useId, useState } from 'react';
import { Box, Checkbox, Collapse, FormControlLabel, Link, Typography } from '@mui/material';
import { componentIds } from '../../test-ids';
import {
  expandLinkText,
  itemToggled,
  parentState,
  parentToggled,
  type CheckboxGroupItem,
} from './checkboxGroupModel';

/**
 * Props of CheckboxGroup (docs/shared-ui.md §8, §8 Checkbox group).
 *
 * Usage: `<CheckboxGroup title="Web" columns={['Read', 'Write']} items={items}
 * onHeaderChange={(items, column) => save(items)} onContentChange={(items, index) => save(items)} />`.
 * Controlled: every toggle calls exactly one of the two notifications with the updated sub-items
 * (a parent checkbox → onHeaderChange; a sub-item → onContentChange).
 */
export interface CheckboxGroupProps {
  title: string;
  /** Label of each parent checkbox (one column per entry; items carry one flag per column). */
  columns: readonly string[];
  items: readonly CheckboxGroupItem[];
  onHeaderChange: (items: CheckboxGroupItem[], column: number) => void;
  onContentChange: (items: CheckboxGroupItem[], index: number, column: number) => void;
  defaultExpanded?: boolean;
  disabled?: boolean;
}

export function CheckboxGroup({
  title,
  columns,
  items,
  onHeaderChange,
  onContentChange,
  defaultExpanded = false,
  disabled,
}: CheckboxGroupProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const regionId = useId();
  const link = expandLinkText(items, expanded);
  return (
    <Box data-testid={componentIds.checkboxGroup} sx={{ py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography sx={{ flex: 1, fontWeight: 500 }}>{title}</Typography>
        {columns.map((column, c) => {
          const state = parentState(items, c);
          return (
            <FormControlLabel
              key={column}
              label={column}
              disabled={disabled}
              control={
                <Checkbox
                  size="small"
                  checked={state === 'checked'}
                  indeterminate={state === 'indeterminate'}
                  slotProps={{ input: { 'aria-label': `${title}: ${column}` } }}
                  onChange={() => onHeaderChange(parentToggled(items, c), c)}
                />
              }
            />
          );
        })}
      </Box>
      {link && (
        <Link
          component="button"
          type="button"
          aria-expanded={expanded}
          aria-controls={regionId}
          onClick={() => setExpanded((e) => !e)}
        >
          {link}
        </Link>
      )}
      <Collapse in={expanded} unmountOnExit>
        <Box id={regionId} sx={{ pl: 3 }}>
          {items.map((item, index) =>
            item.isHide ? null : (
              <Box key={item.name} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                <Typography sx={{ flex: 1 }}>{item.name}</Typography>
                {columns.map((column, c) => (
                  <Checkbox
                    key={column}
                    size="small"
                    disabled={disabled}
                    checked={Boolean(item.checked[c])}
                    slotProps={{ input: { 'aria-label': `${item.name}: ${column}` } }}
                    onChange={() => onContentChange(itemToggled(items, index, c), index, c)}
                  />
                ))}
              </Box>
            ),
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
