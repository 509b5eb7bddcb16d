import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';

/**
 * The dialog of a service or a feed: its fields and Cancel / the apply button; readers get Close
 * only. Applying changes the section's draft: the section's Save stores it.
 */
export function EntryDialog({
  title,
  testId,
  readOnly,
  applyLabel,
  canApply,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  readOnly: boolean;
  applyLabel: string;
  canApply: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={firewallIds.dialogCancel}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button
              type="submit"
              variant="contained"
              disabled={!canApply}
              data-testid={firewallIds.dialogSave}
            >
              {applyLabel}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
