import { useCallback, useEffect, useReducer, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { SearchField, selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import {
  bulkDeleteUsers,
  bulkModifyUsers,
  createUser,
  listUsers,
  resetUserPassword,
  updateUser,
} from '@workbench/common/api/udb';
import {
  UDB_BULK_LIMIT,
  UDB_READ_PERMISSION,
  UDB_WRITE_PERMISSION,
  type EndUser,
  type EndUserStatus,
} from '@workbench/common/api/contract/udb';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { usersIds } from '@workbench/common/test-ids/usersIds';
import { AreaPage } from '../../AreaPage';
import { useHttpClient } from '../../../app/httpContext';
import { DeleteUsersDialog } from './DeleteUsersDialog';
import { UserFormDialog } from './UserFormDialog';
import { UsersImportDialog } from './UsersImportDialog';
import { changesOf, createBodyOf, type UserFormValues } from './userForm';
import {
  initialUsersPageState,
  loadFailed,
  loadStarted,
  pageChanged,
  pageLoaded,
  searchChanged,
  selectionChanged,
  sortChanged,
  sortOfHeader,
  usersChanged,
  usersPageReducer,
} from './usersPageSlice';
import type { PageProps } from '../../../routes/areas';

export const USERS_EMPTY_TEXT =
  'No users were found to match your search/filters. Try modifying or resetting your criteria.';

/** Row key of the table (stable: the table keys its selection on it). */
const userKey = (u: EndUser): string => u.uid;

/** "1 user has been deleted." / "3 users have been deleted." */
export const usersChangedText = (count: number, verb: string): string =>
  count === 1 ? `1 user has been ${verb}.` : `${count} users have been ${verb}.`;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

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
  const http = useHttpClient();
  const appDispatch = useAppDispatch();
  const canRead = useAppSelector(selectCan(UDB_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(UDB_WRITE_PERMISSION));
  const [state, dispatch] = useReducer(usersPageReducer, initialUsersPageState);
  const [searchText, setSearchText] = useState('');
  const [editing, setEditing] = useState<EndUser | 'new' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const { query, generation } = state;

  useEffect(() => {
    if (!canRead) return;
    let current = true;
    dispatch(loadStarted());
    listUsers(http, {
      search: query.search || undefined,
      sort: query.sort,
      order: query.order,
      limit: query.pageSize,
      offset: query.page * query.pageSize,
    }).then(
      (reply) => current && dispatch(pageLoaded(reply)),
      (error: unknown) => current && dispatch(loadFailed(errorText(error))),
    );
    return () => {
      current = false;
    };
  }, [http, canRead, query, generation]);

  // The search applies shortly after typing stops (and at once on Enter).
  useEffect(() => {
    if (searchText === query.search) return;
    const timer = setTimeout(() => dispatch(searchChanged(searchText)), 300);
    return () => clearTimeout(timer);
  }, [searchText, query.search]);

  const saved = useCallback(
    (message: string) => {
      appDispatch(snackbarShown({ kind: 'save', outcome: 'success', message }));
      dispatch(usersChanged());
    },
    [appDispatch],
  );

  const submitForm = async (values: UserFormValues) => {
    if (editing === 'new') {
      const user = await createUser(http, createBodyOf(values));
      setEditing(null);
      saved(`The user ${user.username} has been added.`);
    } else if (editing) {
      const changes = changesOf(editing, values);
      if (Object.keys(changes).length > 0) await updateUser(http, editing.uid, changes);
      setEditing(null);
      saved(`The user ${values.username.trim()} has been saved.`);
    }
  };

  const deleteSelected = async () => {
    setDeleteBusy(true);
    try {
      let deleted = 0;
      for (let i = 0; i < state.selected.length; i += UDB_BULK_LIMIT) {
        const reply = await bulkDeleteUsers(http, state.selected.slice(i, i + UDB_BULK_LIMIT));
        deleted += reply.deleted;
      }
      setDeleting(false);
      dispatch(selectionChanged([]));
      saved(usersChangedText(deleted, 'deleted'));
    } catch (error) {
      appDispatch(snackbarShown({ kind: 'save', outcome: 'error', message: errorText(error) }));
    } finally {
      setDeleteBusy(false);
    }
  };

  /** Enables or disables the selected users (bulkusermodify, in batches of the bulk limit). */
  const setSelectedStatus = async (status: EndUserStatus) => {
    try {
      let modified = 0;
      for (let i = 0; i < state.selected.length; i += UDB_BULK_LIMIT) {
        const reply = await bulkModifyUsers(http, state.selected.slice(i, i + UDB_BULK_LIMIT), { status });
        modified += reply.modified;
      }
      saved(usersChangedText(modified, status === 'active' ? 'enabled' : 'disabled'));
    } catch (error) {
      appDispatch(snackbarShown({ kind: 'save', outcome: 'error', message: errorText(error) }));
    }
  };

  const columns: DataTableColumn<EndUser>[] = [
    { name: 'username', header: 'Username', flex: 2, minWidth: 200, sortable: true },
    { name: 'first_name', header: 'First name', flex: 1, sortable: true },
    { name: 'last_name', header: 'Last name', flex: 1, sortable: true },
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
      sortable: true,
      value: (u) => u.created_at.slice(0, 10),
    },
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            center: true,
            render: (u: EndUser) => (
              <IconButton
                size="small"
                aria-label={`Edit ${u.username}`}
                data-testid={`${usersIds.editButton}-${u.username}`}
                onClick={() => setEditing(u)}
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
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ mb: 2, alignItems: { md: 'center' } }}
        >
          <SearchField
            size="small"
            label="Search users"
            value={searchText}
            onChange={setSearchText}
            onSubmit={(text) => dispatch(searchChanged(text))}
            testId={usersIds.search}
          />
          <Box sx={{ flex: 1 }} />
          <Typography color="text.secondary" data-testid={usersIds.total} aria-live="polite">
            {state.status === 'loading' && state.users.length === 0
              ? 'Loading users…'
              : `${state.total} ${state.total === 1 ? 'user' : 'users'}`}
          </Typography>
          {canWrite && (
            <>
              <Button
                variant="outlined"
                disabled={state.selected.length === 0}
                onClick={() => void setSelectedStatus('active')}
                data-testid={usersIds.enableSelected}
              >
                Enable
              </Button>
              <Button
                variant="outlined"
                disabled={state.selected.length === 0}
                onClick={() => void setSelectedStatus('disabled')}
                data-testid={usersIds.disableSelected}
              >
                Disable
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                disabled={state.selected.length === 0}
                onClick={() => setDeleting(true)}
                data-testid={usersIds.deleteSelected}
              >
                Delete{state.selected.length > 0 ? ` (${state.selected.length})` : ''}
              </Button>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                onClick={() => setImporting(true)}
                data-testid={usersIds.importButton}
              >
                Import
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setEditing('new')}
                data-testid={usersIds.addButton}
              >
                Add user
              </Button>
            </>
          )}
        </Stack>
        {state.status === 'failed' && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={<Button onClick={() => dispatch(usersChanged())}>Retry</Button>}
          >
            {state.error}
          </Alert>
        )}
        <Box data-testid={usersIds.table}>
          <DataTable<EndUser>
            label="Users"
            rows={state.users}
            rowKey={userKey}
            columns={columns}
            selectable={canWrite}
            onSelectionChange={(rows) => dispatch(selectionChanged(rows.map((u) => u.uid)))}
            serverSort={{
              column: query.sort,
              direction: query.order,
              onChange: (column, direction) => {
                const sort = sortOfHeader(column, direction);
                if (sort) dispatch(sortChanged(sort));
              },
            }}
            serverPaging={{
              page: query.page,
              pageSize: query.pageSize,
              total: state.total,
              onChange: (page, pageSize) => dispatch(pageChanged({ page, pageSize })),
            }}
            emptyText={USERS_EMPTY_TEXT}
          />
        </Box>
      </Box>
      {editing && (
        <UserFormDialog
          user={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSubmit={submitForm}
          onResetPassword={
            editing === 'new'
              ? undefined
              : async () => (await resetUserPassword(http, editing.username)).password
          }
        />
      )}
      {deleting && (
        <DeleteUsersDialog
          count={state.selected.length}
          busy={deleteBusy}
          onCancel={() => setDeleting(false)}
          onConfirm={() => void deleteSelected()}
        />
      )}
      {importing &&
        renderImport((imported) => {
          setImporting(false);
          if (imported) dispatch(usersChanged());
        })}
    </AreaPage>
  );
}
