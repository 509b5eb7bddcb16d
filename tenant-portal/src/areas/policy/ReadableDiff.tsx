import { useMemo } from 'react';
import { Box, List, ListItem, Typography } from '@mui/material';
import {
  capitalise,
  diffText,
  publishBarIds,
  useCategoryTree,
  type DiffEntries,
  type DiffTextOptions,
} from '@workbench/common';
import type { PolicyDiff } from '@workbench/common/api/contract/policy';

/**
 * A revision diff as sentences grouped under the kinds' titles (common's diffText). Used by the
 * review of the staged changes and by the revision history's comparison. Categories are named
 * from the tenant's category tree (the version its rules use: /cats or /cats_v2) once it is
 * loaded; until then, or for an id it does not know, they read "category 23".
 */
export function ReadableDiff({
  diff,
  entries,
  categoryName,
  emptyText = 'No differences.',
}: {
  diff: PolicyDiff;
  entries: DiffEntries;
  categoryName?: DiffTextOptions['categoryName'];
  emptyText?: string;
}) {
  const { tree } = useCategoryTree();
  const fromTree = useMemo(() => {
    const names = new Map((tree?.categories ?? []).map((c) => [c.id, c.name]));
    return (id: number) => names.get(id);
  }, [tree]);
  const names = categoryName ?? fromTree;
  const groups = useMemo(() => diffText(diff, { entries, categoryName: names }), [diff, entries, names]);
  if (groups.length === 0)
    return (
      <Typography color="text.secondary" data-testid={publishBarIds.diffEmpty}>
        {emptyText}
      </Typography>
    );
  return (
    <Box>
      {groups.map((group) => {
        const headingId = `diff-kind-${group.kind.replace(/[^A-Za-z0-9_-]/g, '-')}`;
        return (
          <Box key={group.kind} component="section" aria-labelledby={headingId} sx={{ mb: 1.5 }}>
            <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
              {group.title}
            </Typography>
            <List dense disablePadding data-testid={`${publishBarIds.diffKind}-${group.kind}`}>
              {group.lines.map((line, i) => (
                <ListItem
                  key={i}
                  data-testid={publishBarIds.diffLine}
                  sx={{ display: 'list-item', listStyleType: 'disc', ml: 2.5, py: 0.25, pl: 0.5 }}
                >
                  {capitalise(line)}
                </ListItem>
              ))}
            </List>
          </Box>
        );
      })}
    </Box>
  );
}
