import { Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { notFoundIds, pageLocationAttribute } from '../../test-ids';

export const NOT_FOUND_TEXTS = {
  heading: 'Oops!',
  subheading: 'Error 404 - Page Not Found',
  text: 'The page you are looking for does not exist or another error occurred.',
} as const;

/**
 * Any unknown path of either app, and the tenant portal's 404-not-found route an
 * environment-disallowed route goes to (docs/sessions.md §7). The button goes to the app's start page.
 */
export function NotFoundPage() {
  const { pathname, search } = useLocation();
  return (
    <Box
      component="main"
      data-testid={notFoundIds.page}
      {...{ [pageLocationAttribute]: pathname + search }}
      sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 3 }}
    >
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h1" data-testid={notFoundIds.heading} gutterBottom>
          {NOT_FOUND_TEXTS.heading}
        </Typography>
        <Typography variant="h2" data-testid={notFoundIds.subheading} gutterBottom>
          {NOT_FOUND_TEXTS.subheading}
        </Typography>
        <Typography data-testid={notFoundIds.text} sx={{ mb: 2 }}>
          {NOT_FOUND_TEXTS.text}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/">
          Go to the start page
        </Button>
      </Paper>
    </Box>
  );
}
