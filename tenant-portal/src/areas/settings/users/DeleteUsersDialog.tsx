import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { usersIds } from '@workbench/common/test-ids/usersIds';

/** The deletion warning of shared-ui §8, with the count filled in. */
export const deletionWarning = (count: number): string =>
  `If you choose to proceed ${count} items will be deleted. This cannot be undone.`;

export function DeleteUsersDialog({
  count,
  busy,
  onCancel,
  onConfirm,
}: {
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="users-delete-title"
      data-testid={usersIds.deleteDialog}
    >
      <DialogTitle id="users-delete-title">Delete users</DialogTitle>
      <DialogContent>
        <DialogContentText>{deletionWarning(count)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid={usersIds.deleteCancel}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid={usersIds.deleteConfirm}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
