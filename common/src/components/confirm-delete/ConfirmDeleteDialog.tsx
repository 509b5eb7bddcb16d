import { DialogContentText } from '@mui/material';
import { counted } from '../../formatting/counted';
import { ConfirmActionDialog } from './ConfirmActionDialog';

/** The deletion warning of every bulk delete (docs/shared-ui.md §3). */
export function deletionWarning(count: number): string {
  return `If you choose to proceed ${counted(count, 'item')} will be deleted. This cannot be undone.`;
}

export interface ConfirmDeleteDialogProps {
  /** e.g. 'Delete users'. */
  title: string;
  count: number;
  /** What is deleted, by name (the selected rows' labels): listed under the warning. */
  names?: readonly string[];
  /** The deletion runs: both buttons wait. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testIds: { dialog: string; cancel: string; confirm: string };
}

/** How many names the dialog lists before it says how many more there are. */
const NAMES_SHOWN = 10;

/** Asks before a delete of the selected rows, with the deletion warning and what they are. */
export function ConfirmDeleteDialog({
  title,
  count,
  names = [],
  busy,
  onCancel,
  onConfirm,
  testIds,
}: ConfirmDeleteDialogProps) {
  return (
    <ConfirmActionDialog
      title={title}
      confirmLabel="Delete"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testIds={testIds}
    >
      <DialogContentText>{deletionWarning(count)}</DialogContentText>
      {names.length > 0 && (
        <DialogContentText component="ul" sx={{ mt: 1, mb: 0, pl: 3, overflowWrap: 'anywhere' }}>
          {names.slice(0, NAMES_SHOWN).map((n) => (
            <li key={n}>{n}</li>
          ))}
          {names.length > NAMES_SHOWN && (
            <li>and {(names.length - NAMES_SHOWN).toLocaleString('en-US')} more</li>
          )}
        </DialogContentText>
      )}
    </ConfirmActionDialog>
  );
}
