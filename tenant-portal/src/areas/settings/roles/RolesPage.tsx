/**
 * Settings › Roles (docs/administrators.md §2, §5): the tenant's roles with their holders; who
 * holds `settings:roles:write` creates, copies, edits and deletes them (built-in roles are copied,
 * never changed). The editor shows what a role opens, computed from the route table the table's
 * loader hands over (rolesPageOf) and the session's environment. Loads and writes go through the
 * entity feature's requests (app/portalRequests.ts); each write reads the list afresh.
 */
import { useState, type ComponentType } from 'react';
import { Alert, Box, Button, Chip, DialogContentText, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector, useExtension } from '@workbench/common';
import {
  ROLES_READ_PERMISSION,
  ROLES_WRITE_PERMISSION,
  type Role,
} from '@workbench/common/api/contract/administrators';
import { AddButton, ConfirmActionDialog } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { counted } from '@workbench/common/formatting/counted';
import { rolesIds } from '@workbench/common/test-ids/administratorsIds';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import type { RouteTable } from '../../../routes/roleReach';
import type { PageProps } from '../../../routes/routeModel';
import { useRouteContext } from '../../../routes/useRouteContext';
import { AreaPage } from '../../AreaPage';
import { RowAction, useDialogWrite } from '../pageActions';
import { RoleEditorDialog, type RoleEditorMode } from './RoleEditorDialog';
import { copyFormOf, emptyRoleForm, formOfRole, saveBodyOf, type RoleFormValues } from './roleForm';

interface Editing {
  mode: RoleEditorMode;
  initial: RoleFormValues;
  readOnlyReason?: string;
}

const entriesText = (entries: readonly string[]): string => (entries.length === 0 ? '—' : entries.join(', '));

export function RolesPage({ table }: { table: RouteTable }) {
  const dispatch = useAppDispatch();
  const ctx = useRouteContext();
  const canRead = useAppSelector(selectCan(ROLES_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(ROLES_WRITE_PERMISSION));
  // Deleting a role is the cloud's extension (docs/api.md): offered where the server lists it.
  const canDelete = useExtension('role-delete') && canWrite;
  const roles = useEntityRead('listRoles', [], { enabled: canRead });
  const saveRole = useEntityCall('saveRole');
  const deleteRole = useEntityCall('deleteRole');

  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const { busy, refusal, clearRefusal, run } = useDialogWrite(roles.reload);

  const rows = roles.data?.roles ?? [];
  const names = rows.map((r) => r.name);

  const open = (next: Editing) => {
    clearRefusal();
    setEditing(next);
  };
  const openRole = (role: Role) =>
    open(
      role.builtin || !canWrite
        ? {
            mode: 'view',
            initial: formOfRole(role),
            readOnlyReason: role.builtin
              ? 'A built-in role cannot be changed: copy it to make one of your own.'
              : 'You may view roles, not change them.',
          }
        : { mode: 'edit', initial: formOfRole(role) },
    );

  const submit = (values: RoleFormValues) => {
    if (!editing) return;
    const creating = editing.mode === 'create';
    void run(
      () => saveRole(saveBodyOf(values, creating)),
      () => {
        setEditing(null);
        dispatch(
          snackbarShown({
            kind: 'save',
            outcome: 'success',
            message: creating
              ? `The role ${values.name.trim()} has been created.`
              : `The role ${values.name.trim()} has been saved: its holders have it from their next request.`,
          }),
        );
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const role = deleting;
    void run(
      () => deleteRole(role.name),
      () => {
        setDeleting(null);
        dispatch(
          snackbarShown({
            kind: 'save',
            outcome: 'success',
            message: `The role ${role.name} has been deleted.`,
          }),
        );
      },
    );
  };

  const columns: DataTableColumn<Role>[] = [
    {
      name: 'name',
      header: 'Role',
      flex: 1.5,
      minWidth: 160,
      sortable: true,
      render: (r) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3 }}>
          <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
            {r.name}
            {r.builtin && <Chip size="small" label="Built-in" sx={{ ml: 1 }} />}
          </Typography>
          {r.description && (
            <Typography variant="body2" color="text.secondary">
              {r.description}
            </Typography>
          )}
        </Box>
      ),
      wrap: true,
    },
    {
      name: 'read',
      header: 'May view',
      flex: 1.5,
      optional: true,
      wrap: true,
      value: (r) => entriesText(r.read),
    },
    {
      name: 'write',
      header: 'May change',
      flex: 1.5,
      optional: true,
      wrap: true,
      value: (r) => entriesText(r.write),
    },
    {
      name: 'holders',
      header: 'Held by',
      flex: 1.5,
      minWidth: 140,
      wrap: true,
      value: (r) => (r.holders.length === 0 ? 'Nobody' : r.holders.join(', ')),
    },
    {
      name: 'actions',
      header: 'Actions',
      minWidth: 140,
      pinned: 'right',
      render: (r) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {r.builtin || !canWrite ? (
            <RowAction
              label={`View ${r.name}`}
              testId={`${rolesIds.view}-${r.name}`}
              onClick={() => openRole(r)}
            >
              <VisibilityIcon fontSize="small" />
            </RowAction>
          ) : (
            <RowAction
              label={`Edit ${r.name}`}
              testId={`${rolesIds.edit}-${r.name}`}
              onClick={() => openRole(r)}
            >
              <EditIcon fontSize="small" />
            </RowAction>
          )}
          {canWrite && (
            <RowAction
              label={`Copy ${r.name}`}
              testId={`${rolesIds.copy}-${r.name}`}
              onClick={() => open({ mode: 'create', initial: copyFormOf(r, names) })}
            >
              <ContentCopyIcon fontSize="small" />
            </RowAction>
          )}
          {canDelete && !r.builtin && (
            <RowAction
              label={`Delete ${r.name}`}
              testId={`${rolesIds.remove}-${r.name}`}
              onClick={() => {
                clearRefusal();
                setDeleting(r);
              }}
            >
              <DeleteIcon fontSize="small" />
            </RowAction>
          )}
        </Box>
      ),
    },
  ];

  if (!canRead) {
    return (
      <AreaPage title="Roles">
        <Alert severity="info">You do not have permission to see the roles.</Alert>
      </AreaPage>
    );
  }

  return (
    <AreaPage title="Roles">
      <Box data-testid={rolesIds.page}>
        {roles.data && !roles.data.enforced && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid={rolesIds.notEnforced}>
            Roles are not enforced in this tenant: every administrator may do everything. What each role opens
            applies once the tenant’s rbac capability is on.
          </Alert>
        )}
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
            What each administrator may view and change. A change holds from the holder’s next request.
          </Typography>
          <Typography color="text.secondary" aria-live="polite">
            {roles.status === 'loading' && roles.data === null
              ? 'Loading roles…'
              : counted(rows.length, 'role')}
          </Typography>
          {canWrite && (
            <AddButton
              label="New role"
              onClick={() => open({ mode: 'create', initial: emptyRoleForm })}
              testId={rolesIds.addButton}
            />
          )}
        </Stack>
        {roles.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={roles.reload}>Retry</Button>}>
            {roles.error?.message}
          </Alert>
        )}
        <Box data-testid={rolesIds.table}>
          <DataTable<Role>
            label="Roles"
            rows={rows}
            rowKey={(r) => r.name}
            columns={columns}
            emptyText="No roles were found."
          />
        </Box>
      </Box>
      {editing && (
        <RoleEditorDialog
          mode={editing.mode}
          initial={editing.initial}
          readOnlyReason={editing.readOnlyReason}
          taken={names}
          table={table}
          ctx={ctx}
          busy={busy}
          serverError={refusal}
          onCancel={() => setEditing(null)}
          onSubmit={submit}
        />
      )}
      {deleting && (
        <ConfirmActionDialog
          title={`Delete the role ${deleting.name}?`}
          confirmLabel="Delete"
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
          testIds={{
            dialog: rolesIds.deleteDialog,
            cancel: rolesIds.deleteCancel,
            confirm: rolesIds.deleteConfirm,
          }}
        >
          <DialogContentText>
            The role goes for good. A role someone holds cannot be deleted: give them another role first.
          </DialogContentText>
          {refusal && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid={rolesIds.deleteError} role="alert">
              {refusal.message}
            </Alert>
          )}
        </ConfirmActionDialog>
      )}
    </AreaPage>
  );
}

/** The route table's page for Settings › Roles, given the table (a page never imports it). */
export function rolesPageOf(table: RouteTable): ComponentType<PageProps> {
  return function RolesRoutePage() {
    return <RolesPage table={table} />;
  };
}
