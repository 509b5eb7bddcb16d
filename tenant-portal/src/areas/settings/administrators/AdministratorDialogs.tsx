import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { ConfirmActionDialog } from '@workbench/common/components/confirm-delete/index';
import { administratorsIds } from '@workbench/common/test-ids/administratorsIds';
import type { Administrator } from '@workbench/common/api/contract/administrators';

/**
 * A confirmation that stays open while its write runs and shows the server's refusal in place
 * (e.g. the 409 for the last full administrator), so the reason is read where it was asked.
 */
export function AdministratorActionDialog({
  title,
  body,
  confirmLabel,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmActionDialog
      title={title}
      confirmLabel={confirmLabel}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testIds={{
        dialog: administratorsIds.confirmDialog,
        cancel: administratorsIds.confirmCancel,
        confirm: administratorsIds.confirmOk,
      }}
    >
      <DialogContentText>{body}</DialogContentText>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid={administratorsIds.confirmError} role="alert">
          {error}
        </Alert>
      )}
    </ConfirmActionDialog>
  );
}

/** Gives an administrator another role (policy v1 rbac); it holds from their next request. */
export function ChangeRoleDialog({
  admin,
  roles,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  admin: Administrator;
  roles: readonly string[];
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (role: string) => void;
}) {
  const [role, setRole] = useState(roles.includes(admin.role) ? admin.role : (roles[0] ?? ''));
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="admin-role-title"
      data-testid={administratorsIds.roleDialog}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="admin-role-title">Change the role of {admin.username}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The new role holds from their next request: pages it does not open close at once.
        </DialogContentText>
        <TextField
          select
          fullWidth
          id="admin-role-choice"
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': administratorsIds.roleSelect } as object },
          }}
        >
          {roles.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid={administratorsIds.roleError} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy || role === '' || role === admin.role}
          onClick={() => onSubmit(role)}
          data-testid={administratorsIds.roleSubmit}
        >
          Change role
        </Button>
      </DialogActions>
    </Dialog>
  );
}
