import { useState } from 'react';
import { useFormik } from 'formik';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { END_USER_PASSWORD_MIN, type EndUser } from '@workbench/common/api/contract/udb';
import { generatePassword } from '@workbench/common/formatting/generatePassword';
import { usersIds } from '@workbench/common/test-ids/usersIds';
import {
  USER_FORM_MESSAGES,
  emptyUserForm,
  formOfUser,
  userFormSchema,
  type UserFormValues,
} from './userForm';

export interface UserFormDialogProps {
  /** The user to edit; null to create one. */
  user: EndUser | null;
  onCancel: () => void;
  /** Saves (the page's write); the dialog stays open until the page closes it. */
  onSubmit: (values: UserFormValues) => void;
  /** A save or password reset is running. */
  busy: boolean;
  /** The server's refusal of the last save or reset (shown in the dialog, which stays open). */
  serverError: string | null;
  /** Edit mode: gives the user a new generated password. */
  onResetPassword?: () => void;
  /** The new password of the last reset (shown once). */
  newPassword?: string | null;
}

const FIELDS: { name: keyof UserFormValues; label: string; helper?: string; type?: string }[] = [
  { name: 'username', label: 'Username' },
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'email', label: 'E-mail' },
  { name: 'groups', label: 'Groups', helper: 'Separate groups with commas.' },
];

/** Long enough to be strong, twice the end-user minimum. */
const GENERATED_PASSWORD_LENGTH = Math.max(16, END_USER_PASSWORD_MIN * 2);

/** Create or edit an end user (Formik + yup rules from common's validators). */
export function UserFormDialog({
  user,
  onCancel,
  onSubmit,
  busy,
  serverError,
  onResetPassword,
  newPassword = null,
}: UserFormDialogProps) {
  const mode = user ? 'edit' : 'create';
  const [showPassword, setShowPassword] = useState(false);
  const formik = useFormik<UserFormValues>({
    initialValues: user ? formOfUser(user) : emptyUserForm,
    validationSchema: userFormSchema(mode),
    onSubmit: (values) => onSubmit(values),
  });
  const errorOf = (name: keyof UserFormValues): string | undefined => {
    const key = formik.touched[name] ? formik.errors[name] : undefined;
    return key ? (USER_FORM_MESSAGES[key] ?? key) : undefined;
  };
  const title = user ? `Edit ${user.username}` : 'Add user';
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby="user-form-title"
      data-testid={usersIds.formDialog}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id="user-form-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            {newPassword && (
              <Alert severity="success">
                The new password of {user?.username} is{' '}
                <Box component="code" data-testid={usersIds.newPassword} sx={{ fontWeight: 600 }}>
                  {newPassword}
                </Box>
                . It is shown only now.
              </Alert>
            )}
            {FIELDS.map((f) => (
              <TextField
                key={f.name}
                id={`user-${f.name}`}
                name={f.name}
                label={f.label}
                required={f.name === 'username'}
                value={formik.values[f.name]}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={Boolean(errorOf(f.name))}
                helperText={errorOf(f.name) ?? f.helper}
              />
            ))}
            <TextField
              select
              id="user-status"
              name="status"
              label="Status"
              value={formik.values.status}
              onChange={formik.handleChange}
            >
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="disabled">Disabled</MenuItem>
            </TextField>
            <TextField
              id="user-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              label={user ? 'New password (leave empty to keep)' : 'Password'}
              required={!user}
              autoComplete="new-password"
              value={formik.values.password}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(errorOf('password'))}
              helperText={errorOf('password')}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={showPassword ? 'Hide password' : 'Show password'}
                        onClick={() => setShowPassword((shown) => !shown)}
                        edge="end"
                        size="small"
                      >
                        {showPassword ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                      <Button
                        size="small"
                        sx={{ ml: 1 }}
                        data-testid={usersIds.generatePassword}
                        onClick={() => {
                          // Shown, so the administrator can pass it on before saving.
                          void formik.setFieldValue('password', generatePassword(GENERATED_PASSWORD_LENGTH));
                          setShowPassword(true);
                        }}
                      >
                        Generate
                      </Button>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          {user && onResetPassword && (
            <Button
              onClick={onResetPassword}
              disabled={busy}
              data-testid={usersIds.resetPassword}
              sx={{ mr: 'auto' }}
            >
              Reset password
            </Button>
          )}
          <Button onClick={onCancel} data-testid={usersIds.formCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={usersIds.formSubmit}>
            {user ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
