/**
 * The action buttons of a data page (users, provider entities, scheduled reports): delete the
 * selected rows (with their count; the ConfirmDeleteDialog asks next) and add one; and the Cancel
 * and submit buttons of the add or edit form.
 */
import { Button, DialogActions } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';

export function DeleteSelectedButton({
  count,
  onClick,
  testId,
}: {
  /** Rows selected; none disables the button. */
  count: number;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      variant="outlined"
      color="error"
      startIcon={<DeleteIcon />}
      disabled={count === 0}
      onClick={onClick}
      data-testid={testId}
    >
      Delete{count > 0 ? ` (${count})` : ''}
    </Button>
  );
}

export function AddButton({
  label,
  onClick,
  testId,
}: {
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}

/** The Cancel and submit buttons of an entity's add or edit form (the form's submit, type="submit"). */
export function FormDialogActions({
  busy,
  onCancel,
  submitLabel,
  testIds,
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
  testIds: { cancel: string; submit: string };
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy} data-testid={testIds.cancel}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={busy} data-testid={testIds.submit}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
