/**
 * Change password (issue 15): the user menu offers it to every account; the form and its rules
 * are useChangePasswordForm's, shared with the page a password someone else set opens on.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { changePasswordIds } from '@workbench/common/test-ids/index';
import { CHANGE_PASSWORD_TEXTS, useChangePasswordForm } from './useChangePasswordForm';

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { formik, field, saving, formError } = useChangePasswordForm(onClose);
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      data-testid={changePasswordIds.dialog}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle>{CHANGE_PASSWORD_TEXTS.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <TextField {...field('current', 'current-password')} autoFocus />
            <TextField {...field('next', 'new-password')} />
            <TextField {...field('confirm', 'new-password')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid={changePasswordIds.submit}>
            {CHANGE_PASSWORD_TEXTS.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
