import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';

/**
 * Deleting an entry that others refer to (an application that rules or catalogs name, a cluster
 * that applications or catalogs name) asks first and names them; what refers to it keeps the id
 * and shows it as deleted until edited (see the README).
 */
export function DeleteUsedDialog({
  title,
  usedBy,
  consequence,
  onConfirm,
  onClose,
}: {
  title: string;
  /** "It is used by the access rule Engineers to Git and the catalog Tools." */
  usedBy: string;
  consequence: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="pa-delete-title"
      data-testid={privateAccessIds.deleteDialog}
    >
      <DialogTitle id="pa-delete-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid={privateAccessIds.deleteUsedBy}>{usedBy}</DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>{consequence}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus data-testid={privateAccessIds.deleteCancel}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          data-testid={privateAccessIds.deleteConfirm}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "the access rule A" / "2 access rules: A, B" (empty when none). */
export function namedList(noun: string, plural: string, names: readonly string[]): string {
  if (names.length === 0) return '';
  return names.length === 1 ? `the ${noun} ${names[0]}` : `${names.length} ${plural}: ${names.join(', ')}`;
}

/** "It is used by X and Y." from the non-empty parts. */
export const usedByText = (parts: readonly string[]): string =>
  `It is used by ${parts.filter((p) => p !== '').join(' and ')}.`;
