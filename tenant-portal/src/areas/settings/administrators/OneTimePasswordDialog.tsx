import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import { administratorsIds } from '@workbench/common/test-ids/administratorsIds';

export interface OneTimePassword {
  username: string;
  password: string;
  /** Created or reset: the words around it. */
  kind: 'created' | 'reset';
}

/**
 * The one-time password of a new or reset administrator, shown this once (the server answers it
 * to the create or reset call only and keeps a digest): a Copy button, and what the holder does
 * with it (they must choose their own at the first sign-in). Closing it forgets it.
 */
export function OneTimePasswordDialog({ secret, onClose }: { secret: OneTimePassword; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const copy = () => {
    void navigator.clipboard
      ?.writeText(secret.password)
      .then(() => dispatch(snackbarShown({ kind: 'copy', subject: 'The one-time password' })))
      .catch(() =>
        dispatch(
          snackbarShown({
            kind: 'custom',
            severity: 'error',
            message: 'The password could not be copied: select it and copy it by hand.',
          }),
        ),
      );
  };
  return (
    <Dialog
      open
      // Only the Done button closes it: a stray click outside must not lose the password.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="admin-password-title"
      data-testid={administratorsIds.passwordDialog}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="admin-password-title">
        {secret.kind === 'created' ? 'Administrator added' : 'Password reset'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {secret.kind === 'created'
            ? `${secret.username} signs in with this one-time password and must choose their own before anything else opens.`
            : `${secret.username}’s sessions have ended. They sign in with this one-time password and must choose their own before anything else opens.`}
        </DialogContentText>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Box
            component="code"
            data-testid={administratorsIds.password}
            aria-label="One-time password"
            sx={{
              flex: '1 1 200px',
              p: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: '1rem',
              fontWeight: 600,
              overflowWrap: 'anywhere',
            }}
          >
            {secret.password}
          </Box>
          <Button startIcon={<CopyIcon />} onClick={copy} data-testid={administratorsIds.passwordCopy}>
            Copy
          </Button>
        </Box>
        <Alert severity="warning" sx={{ mt: 2 }}>
          It is shown only now: copy it and hand it over safely. A lost one is replaced with Reset password.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid={administratorsIds.passwordDone}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
