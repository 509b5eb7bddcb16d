import type { SxProps, Theme } from '@mui/material';
import { Alert, Button } from '@mui/material';

/** A read that failed: the error's message (or what was not loaded) and Retry. */
export function LoadFailed({
  message,
  onRetry,
  sx,
}: {
  message: string;
  onRetry(): void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
