import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { shellIds } from '@workbench/common';

/**
 * An area's page: its title (test id shellIds.pageTitle) and, once the area's own issue lands,
 * its content. Until then the title is all it shows.
 */
export function AreaPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box>
      <Typography variant="h1" data-testid={shellIds.pageTitle} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
