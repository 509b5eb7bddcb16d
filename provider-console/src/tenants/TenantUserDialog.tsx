/**
 * Edits one of a tenant's users (the user database the portal manages; docs/provider-console.md
 * §13): user name, names, e-mail, groups and status. The form checks with the server's own row
 * rule (endUserRowProblem), so the browser refuses what the server would; only the fields changed
 * are sent, and a refusal (a user name taken: 409 at username) is shown at its field.
 */
import { useFormik } from 'formik';
import { MenuItem, TextField } from '@mui/material';
import type { ApiCallErrorInfo } from '@workbench/common';
import {
  END_USER_STATUSES,
  endUserRowProblem,
  type EndUser,
  type EndUserChanges,
} from '@workbench/common/api/contract/udb';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';
import { TenantFormFrame, useTenantFormFields } from './tenantFormKit';

interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  /** Comma-separated. */
  groups: string;
  status: string;
}

const groupsOf = (text: string) =>
  text
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '');

/** The fields that differ from the user as read. */
export function userChanges(user: EndUser, v: UserFormValues): EndUserChanges {
  const next: EndUserChanges = {
    username: v.username.trim(),
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    email: v.email.trim(),
    groups: groupsOf(v.groups),
    status: v.status as EndUser['status'],
  };
  return Object.fromEntries(
    Object.entries(next).filter(
      ([k, value]) => JSON.stringify(value) !== JSON.stringify(user[k as keyof EndUser]),
    ),
  ) as EndUserChanges;
}

export function TenantUserDialog({
  user,
  busy,
  serverError,
  onCancel,
  onSubmit,
}: {
  user: EndUser;
  busy: boolean;
  serverError: ApiCallErrorInfo | null;
  onCancel(): void;
  onSubmit(changes: EndUserChanges): void;
}) {
  const form = useFormik<UserFormValues>({
    initialValues: {
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      groups: user.groups.join(', '),
      status: user.status,
    },
    validate: (v) => {
      const problem = endUserRowProblem(userChanges(user, v), { partial: true });
      return problem ? { [problem.field]: problem.reason } : {};
    },
    onSubmit: (v) => {
      const changes = userChanges(user, v);
      if (Object.keys(changes).length === 0) onCancel();
      else onSubmit(changes);
    },
  });
  const { props, formError } = useTenantFormFields(form, serverError, 'tenant-user-form');
  return (
    <TenantFormFrame
      title={`Edit the user ${user.username}`}
      testId={tenantOpsIds.userForm}
      submitTestId={tenantOpsIds.userSubmit}
      submitLabel="Save user"
      busy={busy}
      formError={formError}
      onCancel={onCancel}
      onSubmit={form.handleSubmit}
    >
      <TextField {...props('username', 'User name')} required autoFocus />
      <TextField {...props('first_name', 'First name')} />
      <TextField {...props('last_name', 'Last name')} />
      <TextField {...props('email', 'E-mail')} type="email" />
      <TextField {...props('groups', 'Groups (comma-separated)')} />
      <TextField {...props('status', 'Status')} select>
        {END_USER_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {s === 'active' ? 'Active' : 'Disabled'}
          </MenuItem>
        ))}
      </TextField>
    </TenantFormFrame>
  );
}
