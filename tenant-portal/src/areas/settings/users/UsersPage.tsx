import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { SearchField, selectCan, useAppSelector } from '@workbench/common';
import { useEntityPage } from '../../../app/portalEntities';
import { useEntityRead } from '../settingsRequests';
import {
  UDB_READ_PERMISSION,
  UDB_WRITE_PERMISSION,
  type DomainCount,
  type EndUser,
  type EndUserStatus,
} from '@workbench/common/api/contract/udb';
import {
  AddButton,
  ConfirmDeleteDialog,
  DeleteSelectedButton,
} from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { usersIds } from '@workbench/common/test-ids/usersIds';
import { AreaPage } from '../../AreaPage';
import { MixedScriptsName } from './MixedScriptsName';
import { UserFormDialog } from './UserFormDialog';
import { UsersImportDialog } from './UsersImportDialog';
import { changesOf, createBodyOf, type UserFormValues } from './userForm';
import { RESET_PASSWORD } from './usersSource';
import type { PageProps } from '../../../routes/routeModel';
import { counted } from '@workbench/common/formatting/counted';

const NO_DOMAINS: readonly DomainCount[] = [];

/** The domain a search names when it is exactly `@<domain>` (the domain picker's search); else ''. */
export const domainOfSearch = (search: string): string => (/^@[^\s@]+$/.test(search) ? search.slice(1) : '');

export const USERS_EMPTY_TEXT =
  'No users were found to match your search/filters. Try modifying or resetting your criteria.';

/** A page of the route table (its title and path are fixed: 'Users'), or a test's render. */
export interface UsersPageProps extends Partial<PageProps> {
  /** The import dialog (default: the bulk import wizard); given the close callback. */
  renderImport?: (close: (imported: boolean) => void) => ReactNode;
}

const defaultImport = (close: (imported: boolean) => void): ReactNode => (
  <UsersImportDialog onClose={close} />
);

/**
 * Settings → Users: the tenant's end users (user database). Readers see the table only; writers
 * (settings:users:write) add, edit, delete and import. Search, sort and paging run on the server:
 * a click on a column header sorts by it (ascending, then descending), the table shows the sort.
 */
export function UsersPage({ renderImport = defaultImport }: UsersPageProps) {
  const canRead = useAppSelector(selectCan(UDB_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(UDB_WRITE_PERMISSION));
  const users = useEntityPage('users', { enabled: canRead });
  // The domain picker and the tenant's whole count (docs/sessions.md §9): GET /domains/full and /v2/tenants.
  const domains = useEntityRead('listUdbDomainCounts', [], { enabled: canRead });
  const tenants = useEntityRead('listUdbTenants', [], { enabled: canRead });
  const tenant = tenants.data?.[0];
  const domain = domainOfSearch(users.search.value);
  const [importing, setImporting] = useState(false);

  const editing = users.editing;
  const submitForm = (values: UserFormValues) => {
    if (editing === 'new') users.requestWrite({ op: 'create', body: createBodyOf(values) });
    else if (editing)
      users.requestWrite({
        op: 'update',
        id: editing.uid,
        changes: changesOf(editing, values),
        label: values.username.trim(),
      });
  };

  /** Enables or disables the selected users (bulkusermodify, in batches of the bulk limit). */
  const setSelectedStatus = (status: EndUserStatus) =>
    users.requestWrite({ op: 'modify', ids: users.selected, changes: { status } });

  const columns: DataTableColumn<EndUser>[] = [
    {
      name: 'username',
      header: 'Username',
      flex: 2,
      minWidth: 200,
      sortable: true,
      render: (u) => <MixedScriptsName name={u.username} />,
    },
    // In a narrow window the names and the creation date give way (the edit form shows them), so
    // E-mail, Groups and Status stay in view beside the row's actions (issue 31).
    {
      name: 'first_name',
      header: 'First name',
      flex: 1,
      sortable: true,
      optional: true,
      render: (u) => <MixedScriptsName name={u.first_name} />,
    },
    {
      name: 'last_name',
      header: 'Last name',
      flex: 1,
      sortable: true,
      optional: true,
      render: (u) => <MixedScriptsName name={u.last_name} />,
    },
    { name: 'email', header: 'E-mail', flex: 2, sortable: true },
    { name: 'groups', header: 'Groups', flex: 1.5, value: (u) => u.groups.join(', ') },
    {
      name: 'status',
      header: 'Status',
      flex: 1,
      sortable: true,
      render: (u) => (
        <Chip
          size="small"
          label={u.status === 'active' ? 'Active' : 'Disabled'}
          color={u.status === 'active' ? 'success' : 'default'}
        />
      ),
    },
    {
      name: 'created_at',
      header: 'Created',
      flex: 1,
      minWidth: 110,
      optional: true,
      sortable: true,
      value: (u) => u.created_at.slice(0, 10),
    },
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            center: true,
            // In reach also when a narrow window scrolls the table sideways.
            pinned: 'right' as const,
            render: (u: EndUser) => (
              <IconButton
                size="small"
                aria-label={`Edit ${u.username}`}
                data-testid={`${usersIds.editButton}-${u.username}`}
                onClick={() => users.openForm(u)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            ),
          },
        ]
      : []),
  ];

  if (!canRead) {
    return (
      <AreaPage title="Users">
        <Alert severity="info">You do not have permission to see the users.</Alert>
      </AreaPage>
    );
  }

  return (
    <AreaPage title="Users">
      <Box data-testid={usersIds.page}>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <SearchField size="small" label="Search users" {...users.search} testId={usersIds.search} />
          <TextField
            select
            size="small"
            label="Domain"
            value={domain}
            onChange={(e) => {
              // A domain is a search for its usernames' "@domain" part.
              const text = e.target.value ? `@${e.target.value}` : '';
              users.search.onChange(text);
              users.search.onSubmit(text);
            }}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': usersIds.domain } }}
          >
            <MenuItem value="">All domains</MenuItem>
            {(domains.data ?? NO_DOMAINS).map((d) => (
              <MenuItem key={d.domain} value={d.domain}>
                {`${d.domain} (${counted(d.users, 'user')})`}
              </MenuItem>
            ))}
            {domain && !(domains.data ?? NO_DOMAINS).some((d) => d.domain === domain) && (
              <MenuItem value={domain}>{domain}</MenuItem>
            )}
          </TextField>
          <Box sx={{ flex: 1 }} />
          <Typography color="text.secondary" data-testid={usersIds.total} aria-live="polite">
            {users.status === 'loading' && users.rows.length === 0
              ? 'Loading users…'
              : counted(users.total, 'user')}
            {tenant &&
              users.query.search.trim() !== '' &&
              ` of ${counted(tenant.users, 'user')} in ${tenant.name}`}
          </Typography>
          {canWrite && (
            <>
              <Button
                variant="outlined"
                disabled={users.selected.length === 0}
                onClick={() => setSelectedStatus('active')}
                data-testid={usersIds.enableSelected}
              >
                Enable
              </Button>
              <Button
                variant="outlined"
                disabled={users.selected.length === 0}
                onClick={() => setSelectedStatus('disabled')}
                data-testid={usersIds.disableSelected}
              >
                Disable
              </Button>
              <DeleteSelectedButton
                count={users.selected.length}
                onClick={users.openDelete}
                testId={usersIds.deleteSelected}
              />
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                onClick={() => setImporting(true)}
                data-testid={usersIds.importButton}
              >
                Import
              </Button>
              <AddButton label="Add user" onClick={() => users.openForm('new')} testId={usersIds.addButton} />
            </>
          )}
        </Stack>
        {users.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={users.reload}>Retry</Button>}>
            {users.error?.message}
          </Alert>
        )}
        <Box data-testid={usersIds.table}>
          <DataTable<EndUser>
            label="Users"
            {...users.tableProps}
            columns={columns}
            selectable={canWrite}
            emptyText={USERS_EMPTY_TEXT}
          />
        </Box>
      </Box>
      {editing && (
        <UserFormDialog
          user={editing === 'new' ? null : editing}
          onCancel={users.closeForm}
          onSubmit={submitForm}
          busy={users.busy}
          serverError={users.formError?.message ?? null}
          onResetPassword={
            editing === 'new'
              ? undefined
              : () => users.requestWrite({ op: 'command', id: editing.username, command: RESET_PASSWORD })
          }
          newPassword={
            users.write.op === 'command' && users.write.status === 'done' ? String(users.write.result) : null
          }
        />
      )}
      {users.deleting && (
        <ConfirmDeleteDialog
          title="Delete users"
          {...users.confirmDelete}
          testIds={{
            dialog: usersIds.deleteDialog,
            cancel: usersIds.deleteCancel,
            confirm: usersIds.deleteConfirm,
          }}
        />
      )}
      {importing &&
        renderImport((imported) => {
          setImporting(false);
          if (imported) users.reload();
        })}
    </AreaPage>
  );
}
