import { Box, Typography } from '@mui/material';

/** The product's name, shown beside the mark where a page names the product (the sign-in pages). */
export const PRODUCT_NAME = 'Workbench';

/**
 * The product mark and name: the drawing of the apps' icons (scripts/favicons.mjs), in the
 * theme's primary colour so it reads in light and dark. The mark is decoration: the name is the text.
 */
export function ProductMark() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden
        sx={{ width: 28, height: 28, flex: 'none', color: 'primary.main' }}
      >
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <Box
          component="polyline"
          points="7,10 11.5,23 16,13 20.5,23 25,10"
          fill="none"
          strokeWidth="3.4"
          strokeLinecap="round"
          strokeLinejoin="round"
          sx={{ stroke: (theme) => theme.palette.primary.contrastText }}
        />
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
