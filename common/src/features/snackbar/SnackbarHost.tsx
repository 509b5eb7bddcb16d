/** Shows the store's bottom and top snackbars (shared-ui §2 Snackbar) with a Close button. */
import { Alert, IconButton, Snackbar } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useDispatch, useSelector } from 'react-redux';
import { snackbarIds } from '../../test-ids';
import { selectBottomSnackbar, selectTopSnackbar } from './snackbarSelectors';
import { snackbarClosed, type SnackbarMessage } from './snackbarSlice';

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

interface WithSnackbarState {
  snackbar: Parameters<typeof selectBottomSnackbar>[0]['snackbar'];
}

export function SnackbarHost() {
  const dispatch = useDispatch();
  const bottom = useSelector((s: WithSnackbarState) => selectBottomSnackbar(s));
  const top = useSelector((s: WithSnackbarState) => selectTopSnackbar(s));
  return (
    <>
      {bottom && (
        <SnackbarView
          message={bottom}
          onClose={(id) => dispatch(snackbarClosed({ position: 'bottom', id }))}
        />
      )}
      {top && (
        <SnackbarView message={top} onClose={(id) => dispatch(snackbarClosed({ position: 'top', id }))} />
      )}
    </>
  );
}
