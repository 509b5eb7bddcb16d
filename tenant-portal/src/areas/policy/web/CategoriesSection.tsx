import { useMemo, useState } from 'react';
import { Alert, Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { CheckboxGroup } from '@workbench/common';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import type { WebRuleAction } from '@workbench/common/api/contract/policy-kinds/webKinds';
import {
  ACTION_COLUMNS,
  CATEGORY_ACTIONS,
  actionsById,
  applyGroupChange,
  groupItems,
  groupShown,
  setCategoryAction,
  withUnknownCategories,
  type CatsDoc,
  type CategoryGroupOption,
} from './categoryModel';

export interface CategoriesSectionProps {
  doc: CatsDoc;
  onChange: (doc: CatsDoc) => void;
  readOnly: boolean;
  /** The category tree grouped by parent (reference data); empty while it is not known. */
  groups: readonly CategoryGroupOption[];
  /** A category to show first (?category=<id>, the logs explorer's link). */
  focusId: number | null;
}

/**
 * Categories (docs/policy.md §4 cats): one checkbox group per parent of the category tree, a Block
 * and an Isolate column; a category with neither is allowed. A filter narrows the list.
 */
export function CategoriesSection({ doc, onChange, readOnly, groups, focusId }: CategoriesSectionProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => withUnknownCategories(groups, doc), [groups, doc]);
  const actions = useMemo(() => actionsById(doc), [doc]);
  const focusGroup =
    focusId === null ? null : (shown.find((g) => g.categories.some((c) => c.id === focusId)) ?? null);
  const focus = focusGroup?.categories.find((c) => c.id === focusId) ?? null;

  return (
    <Box>
      {focusId !== null && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          {focus ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography sx={{ flex: 1, minWidth: 200 }}>
                <strong>{focus.name}</strong> ({focusGroup?.name})
              </Typography>
              <TextField
                select
                size="small"
                label={`Action for ${focus.name}`}
                value={actions.get(focus.id) ?? 'allow'}
                disabled={readOnly}
                onChange={(e) => onChange(setCategoryAction(doc, focus.id, e.target.value as WebRuleAction))}
                sx={{ minWidth: 180 }}
                slotProps={{ htmlInput: { 'data-testid': `${webPolicyIds.categoryAction}-${focus.id}` } }}
              >
                {CATEGORY_ACTIONS.map((a) => (
                  <MenuItem key={a.code} value={a.code}>
                    {a.label}
                  </MenuItem>
                ))}
                {!CATEGORY_ACTIONS.some((a) => a.code === actions.get(focus.id)) && (
                  <MenuItem value={actions.get(focus.id)}>{actions.get(focus.id)}</MenuItem>
                )}
              </TextField>
            </Box>
          ) : (
            <Alert severity="info">Category {focusId} is not in the category list; it is allowed.</Alert>
          )}
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Check Block or Isolate for a category; categories with neither are allowed.
      </Typography>
      <TextField
        size="small"
        label="Filter categories"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        sx={{ mb: 1, width: '100%', maxWidth: 360 }}
        slotProps={{ htmlInput: { 'data-testid': webPolicyIds.categoryFilter } }}
      />
      {shown.length === 0 && (
        <Typography color="text.secondary">No categories are blocked or isolated.</Typography>
      )}
      {shown
        .filter((group) => groupShown(group, query))
        .map((group) => {
          const items = groupItems(group, actions, query);
          const expanded = group === focusGroup || query.trim() !== '';
          return (
            <CheckboxGroup
              // Remount to open the group a deep link or the filter points into.
              key={`${group.name}-${expanded}`}
              title={group.name}
              columns={ACTION_COLUMNS}
              items={items}
              defaultExpanded={expanded}
              disabled={readOnly}
              onHeaderChange={(after, column) => onChange(applyGroupChange(doc, group, items, after, column))}
              onContentChange={(after, _index, column) =>
                onChange(applyGroupChange(doc, group, items, after, column))
              }
            />
          );
        })}
    </Box>
  );
}
