/**
 * A one-time password the server answers once (a tenant's first administrator, a reset): shown
 * once, selectable in one click, with what its holder must do next. Nothing keeps it after Done.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

export interface OneTimePasswordDialogProps {
  title: ReactNode;
  /** Who signs in with it, and what they must do. */
  children: ReactNode;
  password: string;
  testId: string;
  passwordTestId: string;
  onClose: () => void;
}

export function OneTimePasswordDialog({
  title,
  children,
  password,
  testId,
  passwordTestId,
  onClose,
}: OneTimePasswordDialogProps) {
  return (
    <Dialog open onClose={onClose} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{children} It is shown only now.</Typography>
        <Typography
          component="code"
          data-testid={passwordTestId}
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', userSelect: 'all' }}
        >
          {password}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
