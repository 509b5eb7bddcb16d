import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { counted } from '../../formatting/counted';

/** The deletion warning of every bulk delete (shared-ui-and-validators §4). */
export function deletionWarning(count: number): string {
  return `If you choose to proceed ${counted(count, 'item')} will be deleted. This cannot be undone.`;
}

export interface ConfirmDeleteDialogProps {
  /** e.g. 'Delete users'. */
  title: string;
  count: number;
  /** The deletion runs: both buttons wait. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testIds: { dialog: string; cancel: string; confirm: string };
}

/** Asks before a delete of the selected rows, with the deletion warning. */
export function ConfirmDeleteDialog({
  title,
  count,
  busy,
  onCancel,
  onConfirm,
  testIds,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-delete-title"
      data-testid={testIds.dialog}
    >
      <DialogTitle id="confirm-delete-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{deletionWarning(count)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid={testIds.cancel}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid={testIds.confirm}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
