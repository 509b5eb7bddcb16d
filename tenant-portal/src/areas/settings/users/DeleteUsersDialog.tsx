import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { deletionWarning } from '@workbench/common/components/import-wizard/index';
import { usersIds } from '@workbench/common/test-ids/usersIds';

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
