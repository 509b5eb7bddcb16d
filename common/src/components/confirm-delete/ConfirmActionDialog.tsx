import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

export interface ConfirmActionDialogProps {
  /** A question naming the action and what it affects, e.g. 'Restart the node use1-a-node-3?'. */
  title: string;
  /** What happens to what it affects. */
  children: ReactNode;
  /** The confirm button's words: the action's own verb ('Restart', 'Disable tenant'), never 'OK'. */
  confirmLabel: string;
  /** The action runs: both buttons wait. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testIds: { dialog: string; cancel: string; confirm: string };
}

/**
 * Asks before a destructive action (a delete, a restart, a disable, a revoke): the title names
 * what it affects, the body says what follows, the confirm button repeats the action's verb.
 * Cancel has the focus, so Enter does not confirm by accident.
 */
export function ConfirmActionDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  onCancel,
  onConfirm,
  testIds,
}: ConfirmActionDialogProps) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-action-title"
      aria-describedby="confirm-action-body"
      data-testid={testIds.dialog}
    >
      <DialogTitle id="confirm-action-title">{title}</DialogTitle>
      <DialogContent id="confirm-action-body">{children}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus data-testid={testIds.cancel}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid={testIds.confirm}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
