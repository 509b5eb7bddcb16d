import { Box, CircularProgress } from '@mui/material';

/** A page or a route's code still loading: a labelled spinner where the page will be. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
