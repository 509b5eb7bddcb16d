/**
 * What the tenant forms share (the Add-tenant dialog and Add administrator): their texts, a
 * server refusal shown at the field it names (any other above the form), text-field props wired
 * to Formik, and the administrator's name fields.
 */
import { useEffect, type FormEvent, type ReactNode } from 'react';
import type { FormikProps } from 'formik';
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
import type { ApiCallErrorInfo } from '@workbench/common';
import type { ValidationErrorKey } from '@workbench/common/validators/index';

export const TENANT_FORM_TEXTS: Partial<Record<ValidationErrorKey, string>> & Record<string, string> = {
  required: 'Required.',
  invalidEmail: 'Enter an e-mail address like name@example.com.',
  noLeadingTrailingSpaces: 'No spaces at the start or the end.',
  tenantName: 'Letters, digits, spaces and . _ - (starting with a letter or digit), up to 64.',
};

/** A form key's text (an unknown key is shown as it is: the server's own message). */
export const tenantFormText = (key: string | undefined) =>
  key ? (TENANT_FORM_TEXTS[key] ?? key) : undefined;

/** The administrator's optional names, as the server takes them. */
export const adminNameSchema = {
  admin_first_name: yup.string().max(100),
  admin_last_name: yup.string().max(100),
};

export function useTenantFormFields<V extends { [K in keyof V]: string }>(
  form: FormikProps<V>,
  serverError: ApiCallErrorInfo | null,
  idPrefix: string,
) {
  const { setFieldError, setFieldTouched } = form;
  const field = serverError?.field;
  const known = field && field in form.initialValues ? (field as keyof V & string) : null;
  useEffect(() => {
    if (known && serverError) {
      void setFieldTouched(known, true, false);
      setFieldError(known, serverError.message);
    }
  }, [known, serverError, setFieldError, setFieldTouched]);

  const props = (name: keyof V & string, label: string) => ({
    id: `${idPrefix}-${name}`,
    name,
    label,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(form.touched[name] && form.errors[name]),
    helperText: form.touched[name] ? tenantFormText(form.errors[name] as string | undefined) : undefined,
    fullWidth: true,
  });
  /** The refusal when it names no field of this form. */
  const formError = serverError && !known ? serverError.message : null;
  return { props, formError };
}

export function AdminNameFields({
  props,
}: {
  props: (name: 'admin_first_name' | 'admin_last_name', label: string) => object;
}) {
  return (
    <Stack direction="row" spacing={2}>
      <TextField {...props('admin_first_name', 'First name')} />
      <TextField {...props('admin_last_name', 'Last name')} />
    </Stack>
  );
}

/** A tenant form's dialog: its title, the refusal that names no field, the fields, Cancel and submit. */
export function TenantFormFrame({
  title,
  testId,
  submitTestId,
  submitLabel,
  busy,
  formError,
  onCancel,
  onSubmit,
  children,
}: {
  title: ReactNode;
  testId: string;
  submitTestId: string;
  submitLabel: string;
  busy: boolean;
  formError: string | null;
  onCancel(): void;
  onSubmit(event?: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="sm" data-testid={testId}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A tenant action's dialog that is no form (a move, a command): its title, the error above its content, its buttons. */
export function TenantActionFrame({
  title,
  testId,
  busy,
  error,
  onClose,
  actions,
  children,
}: {
  title: ReactNode;
  testId: string;
  busy: boolean;
  error: string | null;
  onClose(): void;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}
