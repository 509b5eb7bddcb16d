import { useFormik } from 'formik';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { administratorsIds } from '@workbench/common/test-ids/administratorsIds';
import type { ServerRefusal } from '../pageActions';
import {
  ADMINISTRATOR_FORM_MESSAGES,
  administratorFormSchema,
  emptyAdministratorForm,
  type AdministratorFormValues,
} from './administratorForm';

export interface AdministratorFormDialogProps {
  /** The roles that can be given, by name, built-in first. */
  roles: readonly string[];
  onCancel: () => void;
  onSubmit: (values: AdministratorFormValues) => void;
  busy: boolean;
  serverError: ServerRefusal | null;
}

const FIELDS: { name: 'username' | 'first_name' | 'last_name'; label: string; testId: string }[] = [
  { name: 'username', label: 'E-mail (user name)', testId: administratorsIds.formUsername },
  { name: 'first_name', label: 'First name', testId: administratorsIds.formFirstName },
  { name: 'last_name', label: 'Last name', testId: administratorsIds.formLastName },
];

/** Adds an administrator: e-mail, name and role; the server answers a one-time password. */
export function AdministratorFormDialog({
  roles,
  onCancel,
  onSubmit,
  busy,
  serverError,
}: AdministratorFormDialogProps) {
  const formik = useFormik<AdministratorFormValues>({
    initialValues: emptyAdministratorForm(roles[0] ?? ''),
    validationSchema: administratorFormSchema,
    onSubmit: (values) => onSubmit(values),
  });
  const errorOf = (name: keyof AdministratorFormValues): string | undefined => {
    const key = formik.touched[name] ? formik.errors[name] : undefined;
    if (key) return ADMINISTRATOR_FORM_MESSAGES[key] ?? key;
    return serverError?.field === name ? serverError.message : undefined;
  };
  // A refusal of a field the form shows is at that field; any other above the fields.
  const atField = serverError?.field !== undefined && serverError.field in formik.values;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="admin-form-title"
      data-testid={administratorsIds.formDialog}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id="admin-form-title">Add administrator</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            The new administrator gets a one-time password, shown once when you add them.
          </DialogContentText>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && !atField && (
              <Alert severity="error" data-testid={administratorsIds.formError}>
                {serverError.message}
              </Alert>
            )}
            {FIELDS.map((f) => (
              <TextField
                key={f.name}
                id={`admin-${f.name}`}
                name={f.name}
                label={f.label}
                required
                type={f.name === 'username' ? 'email' : 'text'}
                autoComplete="off"
                value={formik.values[f.name]}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={Boolean(errorOf(f.name))}
                helperText={errorOf(f.name)}
                slotProps={{ htmlInput: { 'data-testid': f.testId } }}
              />
            ))}
            <TextField
              select
              id="admin-role"
              name="role"
              label="Role"
              required
              value={formik.values.role}
              onChange={formik.handleChange}
              error={Boolean(errorOf('role'))}
              helperText={errorOf('role')}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': administratorsIds.formRole } as object },
              }}
            >
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {role}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} data-testid={administratorsIds.formCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            data-testid={administratorsIds.formSubmit}
          >
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
