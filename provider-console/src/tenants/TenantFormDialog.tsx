/**
 * The create-tenant form (issue 14): the tenant's name and, optionally, its first administrator
 * (issue 30: the spec's tenant has none; one can be added after, on the Users tab). Formik + yup
 * with the shared validators; the server's refusal shows at the field it names (a taken name, a
 * taken administrator).
 */
import { useEffect } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
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
import { providerPageIds, type ApiCallErrorInfo } from '@workbench/common';
import type { TenantCreateBody } from '@workbench/common/api/contract/providerTenants';
import {
  email,
  noLeadingTrailingSpaces,
  yupString,
  type ValidationErrorKey,
} from '@workbench/common/validators/index';

const TENANT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;
export const TENANT_FORM_TEXTS: Partial<Record<ValidationErrorKey, string>> & Record<string, string> = {
  required: 'Required.',
  invalidEmail: 'Enter an e-mail address like name@example.com.',
  noLeadingTrailingSpaces: 'No spaces at the start or the end.',
  tenantName: 'Letters, digits, spaces and . _ - (starting with a letter or digit), up to 64.',
};

export interface TenantFormValues {
  name: string;
  admin_username: string;
  admin_first_name: string;
  admin_last_name: string;
}

const text = (key: string | undefined) => (key ? (TENANT_FORM_TEXTS[key] ?? key) : undefined);

export const tenantFormSchema = yup.object({
  name: yupString(noLeadingTrailingSpaces)
    .required('required')
    .max(64, 'tenantName')
    .matches(TENANT_NAME_PATTERN, 'tenantName'),
  admin_username: yupString(email),
  admin_first_name: yup.string().max(100),
  admin_last_name: yup.string().max(100),
});

export function TenantFormDialog({
  busy,
  serverError,
  onCancel,
  onSubmit,
}: {
  busy: boolean;
  serverError: ApiCallErrorInfo | null;
  onCancel(): void;
  onSubmit(body: TenantCreateBody): void;
}) {
  const form = useFormik<TenantFormValues>({
    initialValues: { name: '', admin_username: '', admin_first_name: '', admin_last_name: '' },
    validationSchema: tenantFormSchema,
    onSubmit: (v) => {
      const admin = v.admin_username.trim().toLowerCase();
      // Without an administrator the tenant is created alone (no admin fields are sent).
      onSubmit({
        name: v.name.trim(),
        ...(admin ? { ...v, name: v.name.trim(), admin_username: admin } : {}),
      });
    },
  });
  const { setFieldError, setFieldTouched } = form;
  // A refusal naming a field shows at it; any other shows above the form.
  const field = serverError?.field;
  const known = field && field in form.initialValues ? (field as keyof TenantFormValues) : null;
  useEffect(() => {
    if (known && serverError) {
      void setFieldTouched(known, true, false);
      setFieldError(known, serverError.message);
    }
  }, [known, serverError, setFieldError, setFieldTouched]);

  const props = (name: keyof TenantFormValues, label: string) => ({
    id: `tenant-form-${name}`,
    name,
    label,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(form.touched[name] && form.errors[name]),
    helperText: form.touched[name] ? text(form.errors[name]) : undefined,
    fullWidth: true,
  });

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      data-testid={providerPageIds.tenantForm}
    >
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogTitle>Add tenant</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && !known && <Alert severity="error">{serverError.message}</Alert>}
            <TextField {...props('name', 'Tenant name')} required autoFocus />
            <TextField
              {...props('admin_username', 'First administrator (e-mail, optional)')}
              type="email"
              helperText={
                (form.touched.admin_username && text(form.errors.admin_username)) ||
                'Signs in to the tenant portal with a one-time password shown after creation. Can also be added later, on the Users tab.'
              }
            />
            <Stack direction="row" spacing={2}>
              <TextField {...props('admin_first_name', 'First name')} />
              <TextField {...props('admin_last_name', 'Last name')} />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            data-testid={providerPageIds.tenantFormSubmit}
          >
            Create tenant
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
