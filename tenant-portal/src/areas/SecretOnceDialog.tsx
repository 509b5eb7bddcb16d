/**
 * A secret the server answers once (an API token, an alert webhook's signing secret): shown with
 * a warning that it will not be shown again, a copy button, and Done. The page forgets it on Done.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { snackbarShown, useAppDispatch } from '@workbench/common';

export function SecretOnceDialog({
  title,
  warning,
  label,
  subject,
  secret,
  onDone,
  testIds,
}: {
  title: string;
  warning: string;
  /** What the secret is of, above it, e.g. "The token CI:". */
  label: string;
  /** The snackbar's subject once copied, e.g. "The token". */
  subject: string;
  secret: string;
  onDone(): void;
  testIds: { dialog: string; secret: string; copy?: string; done: string };
}) {
  const dispatch = useAppDispatch();
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => dispatch(snackbarShown({ kind: 'copy', subject })),
      () =>
        dispatch(
          snackbarShown({
            kind: 'custom',
            severity: 'error',
            message: `${subject} could not be copied: select it and copy it by hand.`,
          }),
        ),
    );
  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="secret-once-title" data-testid={testIds.dialog}>
      <DialogTitle id="secret-once-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <DialogContentText sx={{ mb: 1 }}>{label}</DialogContentText>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            component="code"
            data-testid={testIds.secret}
            sx={{
              flex: 1,
              p: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              overflowWrap: 'anywhere',
              userSelect: 'all',
            }}
          >
            {secret}
          </Box>
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid={testIds.copy}>
            Copy
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone} data-testid={testIds.done}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
