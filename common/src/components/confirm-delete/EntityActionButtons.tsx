/**
 * The action buttons of a data page (users, provider entities, scheduled reports): delete the
 * selected rows (with their count; the ConfirmDeleteDialog asks next) and add one.
 */
import { Button } from '@mui/material';
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
