/**
 * The create-tenant form (issue 14): the tenant's name and, optionally, its first administrator
 * (issue 30: the spec's tenant has none; one can be added after, on the Users tab). Formik + yup
 * with the shared validators; the server's refusal shows at the field it names (a taken name, a
 * taken administrator).
 */
import { useFormik } from 'formik';
import * as yup from 'yup';
import { TextField } from '@mui/material';
import { providerPageIds, type ApiCallErrorInfo } from '@workbench/common';
import type { TenantCreateBody } from '@workbench/common/api/contract/providerTenants';
import { email, noLeadingTrailingSpaces, yupString } from '@workbench/common/validators/index';
import {
  AdminNameFields,
  TenantFormFrame,
  adminNameSchema,
  tenantFormText,
  useTenantFormFields,
} from './tenantFormKit';

const TENANT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;
export interface TenantFormValues {
  name: string;
  admin_username: string;
  admin_first_name: string;
  admin_last_name: string;
}

export const tenantFormSchema = yup.object({
  name: yupString(noLeadingTrailingSpaces)
    .required('required')
    .max(64, 'tenantName')
    .matches(TENANT_NAME_PATTERN, 'tenantName'),
  admin_username: yupString(email),
  ...adminNameSchema,
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
  const { props, formError } = useTenantFormFields(form, serverError, 'tenant-form');

  return (
    <TenantFormFrame
      title="Add tenant"
      testId={providerPageIds.tenantForm}
      submitTestId={providerPageIds.tenantFormSubmit}
      submitLabel="Create tenant"
      busy={busy}
      formError={formError}
      onCancel={onCancel}
      onSubmit={form.handleSubmit}
    >
      <TextField {...props('name', 'Tenant name')} required autoFocus />
      <TextField
        {...props('admin_username', 'First administrator (e-mail, optional)')}
        type="email"
        helperText={
          (form.touched.admin_username && tenantFormText(form.errors.admin_username)) ||
          'Signs in to the tenant portal with a one-time password shown after creation. Can also be added later, on the Users tab.'
        }
      />
      <AdminNameFields props={props} />
    </TenantFormFrame>
  );
}
