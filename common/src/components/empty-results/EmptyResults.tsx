import { Box, Button, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { componentIds } from '../../test-ids';

/** 'No <noun> were found to match your search/filters. Try modifying or resetting your criteria.' (docs/shared-ui.md §7 Empty results). */
export function emptyResultsText(noun: string): string {
  return `No ${noun} were found to match your search/filters. Try modifying or resetting your criteria.`;
}

/**
 * Props of EmptyResults.
 *
 * Usage: `<EmptyResults noun="users" onReset={clearFilters} />` where a search or filter leaves a
 * list empty; `onReset` adds a button that resets the criteria.
 */
export interface EmptyResultsProps {
  /** Plural noun of what was searched: 'users', 'events'. */
  noun: string;
  onReset?: () => void;
  resetLabel?: string;
}

export function EmptyResults({ noun, onReset, resetLabel = 'Reset filters' }: EmptyResultsProps) {
  return (
    <Box
      role="status"
      data-testid={componentIds.emptyResults}
      sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}
    >
      <SearchOffIcon aria-hidden />
      <Typography>{emptyResultsText(noun)}</Typography>
      {onReset && (
        <Button sx={{ mt: 1 }} onClick={onReset}>
          {resetLabel}
        </Button>
      )}
    </Box>
  );
}
