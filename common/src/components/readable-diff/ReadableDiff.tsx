import { useMemo } from 'react';
import { Box, List, ListItem, Typography } from '@mui/material';
import { capitalise, diffText, type DiffTextOptions } from '../../features/revision/diffText';
import type { DiffEntries } from '../../features/revision/revisionSlice';
import { publishBarIds } from '../../test-ids';
import type { PolicyDiff } from '../../api/contract/policy';

/**
 * A revision diff as sentences grouped under the kinds' titles (diffText). Used by the portal's
 * review of the staged changes and revision history (named from the tenant's category tree) and by
 * the console's tenant revision opened from a change marker. Without `categoryName`, or for an id
 * it does not know, a category reads "category 23"; without `entries`, a rule the diff gives by
 * key only reads by its key.
 */
export function ReadableDiff({
  diff,
  entries,
  categoryName,
  emptyText = 'No differences.',
}: {
  diff: PolicyDiff;
  entries?: DiffEntries;
  categoryName?: DiffTextOptions['categoryName'];
  emptyText?: string;
}) {
  const groups = useMemo(() => diffText(diff, { entries, categoryName }), [diff, entries, categoryName]);
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
