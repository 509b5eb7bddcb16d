import { Box, Button, Paper, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { snackbarShown, useAppDispatch, usePolicyDocEditor } from '@workbench/common';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';

/**
 * Where users open their private applications (GET /api/policy/v1/mpa/user_portal_url, read-only):
 * shown above every tab with a Copy button (docs/shared-ui.md §2 Snackbar, copy: "… has been copied to the
 * clipboard."), so an administrator can hand it to users. A tenant without one is told so.
 */
export function UserPortalUrl() {
  const dispatch = useAppDispatch();
  const doc = usePolicyDocEditor('mpa/user_portal_url');
  const url = doc.draft?.url ?? '';
  if (doc.draft === null) return null;
  const copy = () => {
    void navigator.clipboard
      ?.writeText(url)
      .then(() => dispatch(snackbarShown({ kind: 'copy', subject: 'The user portal address' })))
      .catch(() =>
        dispatch(
          snackbarShown({
            kind: 'custom',
            severity: 'error',
            message: 'The address could not be copied: select it and copy it by hand.',
          }),
        ),
      );
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, mb: 2, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }} id="pa-portal-url-label">
        User portal
      </Typography>
      {url ? (
        <>
          <Box
            component="code"
            data-testid={privateAccessIds.portalUrl}
            aria-labelledby="pa-portal-url-label"
            sx={{ flex: '1 1 200px', overflowWrap: 'anywhere', fontSize: '0.875rem' }}
          >
            {url}
          </Box>
          <Button
            size="small"
            startIcon={<CopyIcon />}
            onClick={copy}
            data-testid={privateAccessIds.portalUrlCopy}
          >
            Copy
          </Button>
        </>
      ) : (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid={privateAccessIds.portalUrl}
          sx={{ flex: '1 1 200px' }}
        >
          No user portal address is set up for this tenant: users open private applications through their
          client.
        </Typography>
      )}
    </Paper>
  );
}
