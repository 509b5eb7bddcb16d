import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';

/**
 * The line above a rule table or a named list of the policy pages: how the list applies, and Add
 * for writers (issue 32 point 1: the sections each drew it).
 */
export function ListHeader({
  intro,
  readOnly,
  addLabel,
  addTestId,
  onAdd,
}: {
  intro: ReactNode;
  readOnly: boolean;
  addLabel: ReactNode;
  addTestId: string;
  onAdd: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
        {intro}
      </Typography>
      {!readOnly && (
        <Button startIcon={<AddIcon />} variant="outlined" onClick={onAdd} data-testid={addTestId}>
          {addLabel}
        </Button>
      )}
    </Box>
  );
}
