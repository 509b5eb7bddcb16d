/**
 * Adds an administrator to a tenant that has none yet, or one more (issue 30: a tenant is created
 * without one as the spec's tenant is; the one-step "tenant with its first administrator" is an
 * option of the Add-tenant dialog). The server answers the one-time password once; the dialog
 * shows it and the administrator chooses a new one at the first sign-in.
 */
import { useFormik } from 'formik';
import * as yup from 'yup';
import { TextField } from '@mui/material';
import { providerPageIds, type ApiCallErrorInfo } from '@workbench/common';
import type { TenantAdminBody, TenantAdminCreated } from '@workbench/common/api/contract/providerTenants';
import { email, yupString } from '@workbench/common/validators/index';
import { AdminNameFields, TenantFormFrame, adminNameSchema, useTenantFormFields } from './tenantFormKit';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';

interface AdminFormValues {
  admin_username: string;
  admin_first_name: string;
  admin_last_name: string;
}

const schema = yup.object({
  admin_username: yupString(email).required('required'),
  ...adminNameSchema,
});

export function AddTenantAdminDialog({
  tenantName,
  busy,
  serverError,
  created,
  onCancel,
  onSubmit,
}: {
  tenantName: string;
  busy: boolean;
  serverError: ApiCallErrorInfo | null;
  /** The server's answer: the dialog then shows the one-time password. */
  created: TenantAdminCreated | null;
  onCancel(): void;
  onSubmit(body: TenantAdminBody): void;
}) {
  const form = useFormik<AdminFormValues>({
    initialValues: { admin_username: '', admin_first_name: '', admin_last_name: '' },
    validationSchema: schema,
    onSubmit: (v) => onSubmit({ ...v, admin_username: v.admin_username.trim().toLowerCase() }),
  });
  const { props, formError } = useTenantFormFields(form, serverError, 'tenant-admin-form');

  if (created)
    return (
      <OneTimePasswordDialog
        title={`Administrator ${created.admin_username} added`}
        password={created.admin_password}
        testId={providerPageIds.tenantAdminForm}
        passwordTestId={providerPageIds.tenantAdminPassword}
        onClose={onCancel}
      >
        {created.admin_username} signs in to the tenant portal with this one-time password and must choose a
        new one before anything else opens.
      </OneTimePasswordDialog>
    );
  return (
    <TenantFormFrame
      title={`Add an administrator to ${tenantName}`}
      testId={providerPageIds.tenantAdminForm}
      submitTestId={providerPageIds.tenantAdminSubmit}
      submitLabel="Add administrator"
      busy={busy}
      formError={formError}
      onCancel={onCancel}
      onSubmit={form.handleSubmit}
    >
      <TextField {...props('admin_username', 'Administrator (e-mail)')} required type="email" autoFocus />
      <AdminNameFields props={props} />
    </TenantFormFrame>
  );
}
