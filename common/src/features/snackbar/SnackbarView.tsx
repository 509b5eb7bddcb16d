/**
 * One snackbar (docs/shared-ui.md §2 Snackbar) without a store: SnackbarHost shows the store's with it, and
 * the login page its own failure, which keeps the store out of a sign-in page's first load
 * (issues 14, 15).
 */
import { Alert, IconButton, Snackbar } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { snackbarIds } from '../../test-ids';
import type { SnackbarMessage } from './snackbarSlice';

export interface SnackbarViewProps {
  message: SnackbarMessage | null;
  onClose(id: number): void;
}

/** One positioned snackbar; a presentational piece that the login page reuses without a store. */
export function SnackbarView({ message, onClose }: SnackbarViewProps) {
  const position = message?.position ?? 'bottom';
  return (
    <Snackbar
      key={message?.id}
      open={message !== null}
      autoHideDuration={message?.duration ?? null}
      anchorOrigin={{ vertical: position, horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway' && message) onClose(message.id);
      }}
      data-testid={position === 'top' ? snackbarIds.top : snackbarIds.bottom}
    >
      <Alert
        severity={message?.severity ?? 'info'}
        variant="filled"
        role={message?.severity === 'error' ? 'alert' : 'status'}
        action={
          <IconButton
            aria-label="Close"
            color="inherit"
            size="small"
            data-testid={snackbarIds.close}
            onClick={() => message && onClose(message.id)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        <span data-testid={snackbarIds.message}>{message?.text}</span>
      </Alert>
    </Snackbar>
  );
}
