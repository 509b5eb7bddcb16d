/**
 * Settings › Administrators (docs/administrators.md §1, §5): the tenant's portal accounts, their
 * role, status, lock and second factor. Who holds `settings:admins:write` adds one (a one-time
 * password shown once), resets a password, disables or activates, unlocks and deletes; giving a
 * role also needs `settings:roles:read` (the server's rule). The writes beyond the spec are the
 * `administrators` extension: without it the page is read-only. Loads and writes go through the
 * entity feature's requests (app/portalRequests.ts); each write reads the list afresh.
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import {
  selectCan,
  selectUser,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
  useExtension,
} from '@workbench/common';
import {
  ADMINS_READ_PERMISSION,
  ADMINS_WRITE_PERMISSION,
  BUILTIN_ROLE_NAMES,
  ROLES_READ_PERMISSION,
  type Administrator,
} from '@workbench/common/api/contract/administrators';
import { AddButton } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { counted } from '@workbench/common/formatting/counted';
import { administratorsIds } from '@workbench/common/test-ids/administratorsIds';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import type { PageProps } from '../../../routes/routeModel';
import { AreaPage } from '../../AreaPage';
import { AdministratorActionDialog, ChangeRoleDialog } from './AdministratorDialogs';
import { AdministratorFormDialog } from './AdministratorFormDialog';
import { RowAction, useDialogWrite } from '../pageActions';
import { createBodyOf, type AdministratorFormValues } from './administratorForm';
import { OneTimePasswordDialog, type OneTimePassword } from './OneTimePasswordDialog';

type ActionKind = 'reset' | 'disable' | 'activate' | 'unlock' | 'delete';

interface PendingAction {
  kind: ActionKind;
  admin: Administrator;
}

const displayName = (a: Administrator): string => `${a.first_name} ${a.last_name}`.trim() || a.username;

/** What each confirmation asks and says (the server's rules in docs/administrators.md §1). */
const ACTION_TEXTS: Record<ActionKind, { title: (a: Administrator) => string; body: string; verb: string }> =
  {
    reset: {
      title: (a) => `Reset the password of ${a.username}?`,
      body: 'Their sessions end now. You get a one-time password to hand over; they choose their own at the next sign-in.',
      verb: 'Reset password',
    },
    disable: {
      title: (a) => `Disable ${a.username}?`,
      body: 'They can sign in no more, their sessions end at once, and the API tokens they made stop working until the account is active again.',
      verb: 'Disable',
    },
    activate: {
      title: (a) => `Activate ${a.username}?`,
      body: 'They can sign in again, and the API tokens they made work again.',
      verb: 'Activate',
    },
    unlock: {
      title: (a) => `Unlock ${a.username}?`,
      body: 'Their failed sign-ins are forgotten, from every address: they can try again at once.',
      verb: 'Unlock',
    },
    delete: {
      title: (a) => `Delete ${a.username}?`,
      body: 'The account goes with its sessions, its second factor and the API tokens it made. This cannot be undone.',
      verb: 'Delete',
    },
  };

const DONE_TEXTS: Record<Exclude<ActionKind, 'reset'>, (a: Administrator) => string> = {
  disable: (a) => `${a.username} has been disabled.`,
  activate: (a) => `${a.username} has been activated.`,
  unlock: (a) => `${a.username} has been unlocked.`,
  delete: (a) => `${a.username} has been deleted.`,
};

export function AdministratorsPage(_props: Partial<PageProps>) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const canRead = useAppSelector(selectCan(ADMINS_READ_PERMISSION));
  const canReadRoles = useAppSelector(selectCan(ROLES_READ_PERMISSION));
  // The writes beyond the spec's calls exist only where the server lists them (docs/api.md).
  const served = useExtension('administrators');
  const canWrite = useAppSelector(selectCan(ADMINS_WRITE_PERMISSION)) && served;
  const canGiveRoles = useAppSelector(selectCan(ADMINS_WRITE_PERMISSION)) && canReadRoles;

  const admins = useEntityRead('listAdministrators', [], { enabled: canRead });
  const roleList = useEntityRead('listRoles', [], { enabled: canRead && canReadRoles });
  const roleNames = roleList.data?.roles.map((r) => r.name) ?? [...BUILTIN_ROLE_NAMES];

  const createAdministrator = useEntityCall('createAdministrator');
  const resetPassword = useEntityCall('resetAdministratorPassword');
  const setStatus = useEntityCall('setAdministratorStatus');
  const unlock = useEntityCall('unlockAdministrator');
  const remove = useEntityCall('deleteAdministrator');
  const assignRole = useEntityCall('assignRole');

  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [roleOf, setRoleOf] = useState<Administrator | null>(null);
  // Done, a write reads the list afresh (and the roles' holders).
  const { busy, refusal, clearRefusal, run } = useDialogWrite(() => {
    admins.reload();
    if (canReadRoles) roleList.reload();
  });
  const [secret, setSecret] = useState<OneTimePassword | null>(null);

  const submitNew = (values: AdministratorFormValues) =>
    void run(
      () => createAdministrator(createBodyOf(values)),
      (answer) => {
        setAdding(false);
        setSecret({ username: answer.user.username, password: answer.password, kind: 'created' });
      },
    );

  const confirmPending = () => {
    if (!pending) return;
    const { kind, admin } = pending;
    const close = () => setPending(null);
    const notice = (message: string) =>
      dispatch(snackbarShown({ kind: 'save', outcome: 'success', message }));
    if (kind === 'reset')
      void run(
        () => resetPassword(admin.uid),
        (answer) => {
          close();
          setSecret({ username: admin.username, password: answer.password, kind: 'reset' });
        },
      );
    else
      void run(
        (): Promise<unknown> =>
          kind === 'delete'
            ? remove(admin.uid)
            : kind === 'unlock'
              ? unlock(admin.uid)
              : setStatus(admin.uid, kind === 'disable' ? 'disabled' : 'active'),
        () => {
          close();
          notice(DONE_TEXTS[kind](admin));
        },
      );
  };

  const submitRole = (role: string) => {
    if (!roleOf) return;
    const admin = roleOf;
    void run(
      () => assignRole(admin.uid, role),
      () => {
        setRoleOf(null);
        dispatch(
          snackbarShown({
            kind: 'save',
            outcome: 'success',
            message: `${admin.username} now holds ${role}.`,
          }),
        );
      },
    );
  };

  const ask = (kind: ActionKind, admin: Administrator) => {
    clearRefusal();
    setPending({ kind, admin });
  };

  const rows = admins.data ?? [];
  const isMe = (a: Administrator) => a.uid === me?.uid;

  const columns: DataTableColumn<Administrator>[] = [
    {
      name: 'username',
      header: 'Administrator',
      flex: 2.5,
      minWidth: 220,
      sortable: true,
      // Two lines (name, e-mail): the row grows to show both.
      wrap: true,
      render: (a) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
          <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
            {displayName(a)}
            {isMe(a) && <Chip size="small" label="You" sx={{ ml: 1 }} />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {a.username}
          </Typography>
        </Box>
      ),
    },
    { name: 'role', header: 'Role', flex: 1, minWidth: 110, sortable: true, wrap: true },
    {
      name: 'status',
      header: 'Status',
      flex: 1,
      minWidth: 110,
      sortable: true,
      render: (a) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip
            size="small"
            label={a.status === 'active' ? 'Active' : 'Disabled'}
            color={a.status === 'active' ? 'success' : 'default'}
          />
          {a.locked && <Chip size="small" label="Locked" color="warning" />}
        </Stack>
      ),
    },
    {
      name: 'mfa_enrolled_since',
      header: 'Two-factor',
      flex: 1,
      minWidth: 120,
      optional: true,
      value: (a) => (a.mfa_enrolled_since ? `Since ${a.mfa_enrolled_since.slice(0, 10)}` : 'Password only'),
    },
    {
      name: 'show_change_password',
      header: 'Password',
      flex: 1,
      minWidth: 130,
      optional: true,
      value: (a) => (a.show_change_password ? 'One-time, to change' : 'Own'),
    },
    ...(canWrite || canGiveRoles
      ? [
          {
            name: 'actions',
            header: 'Actions',
            minWidth: 200,
            pinned: 'right' as const,
            render: (a: Administrator) => (
              <Box data-testid={`${administratorsIds.row}-${a.username}`} sx={{ whiteSpace: 'nowrap' }}>
                {canGiveRoles && (
                  <RowAction
                    label={`Change the role of ${a.username}`}
                    testId={`${administratorsIds.changeRole}-${a.username}`}
                    onClick={() => {
                      clearRefusal();
                      setRoleOf(a);
                    }}
                  >
                    <ManageAccountsIcon fontSize="small" />
                  </RowAction>
                )}
                {canWrite && a.locked && (
                  <RowAction
                    label={`Unlock ${a.username}`}
                    testId={`${administratorsIds.unlock}-${a.username}`}
                    onClick={() => ask('unlock', a)}
                  >
                    <LockOpenIcon fontSize="small" />
                  </RowAction>
                )}
                {/* One's own account is not reset, disabled or deleted here (the server says 409). */}
                {canWrite && !isMe(a) && (
                  <>
                    <RowAction
                      label={`Reset the password of ${a.username}`}
                      testId={`${administratorsIds.resetPassword}-${a.username}`}
                      onClick={() => ask('reset', a)}
                    >
                      <LockResetIcon fontSize="small" />
                    </RowAction>
                    {a.status === 'active' ? (
                      <RowAction
                        label={`Disable ${a.username}`}
                        testId={`${administratorsIds.disable}-${a.username}`}
                        onClick={() => ask('disable', a)}
                      >
                        <BlockIcon fontSize="small" />
                      </RowAction>
                    ) : (
                      <RowAction
                        label={`Activate ${a.username}`}
                        testId={`${administratorsIds.activate}-${a.username}`}
                        onClick={() => ask('activate', a)}
                      >
                        <CheckCircleIcon fontSize="small" />
                      </RowAction>
                    )}
                    <RowAction
                      label={`Delete ${a.username}`}
                      testId={`${administratorsIds.remove}-${a.username}`}
                      onClick={() => ask('delete', a)}
                    >
                      <DeleteIcon fontSize="small" />
                    </RowAction>
                  </>
                )}
              </Box>
            ),
          },
        ]
      : []),
  ];

  if (!canRead) {
    return (
      <AreaPage title="Administrators">
        <Alert severity="info">You do not have permission to see the administrators.</Alert>
      </AreaPage>
    );
  }

  const texts = pending ? ACTION_TEXTS[pending.kind] : null;
  return (
    <AreaPage title="Administrators">
      <Box data-testid={administratorsIds.page}>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
            The accounts that sign in to this portal, each with one role.
          </Typography>
          <Typography color="text.secondary" data-testid={administratorsIds.total} aria-live="polite">
            {admins.status === 'loading' && admins.data === null
              ? 'Loading administrators…'
              : counted(rows.length, 'administrator')}
          </Typography>
          {canWrite && (
            <AddButton
              label="Add administrator"
              onClick={() => {
                clearRefusal();
                setAdding(true);
              }}
              testId={administratorsIds.addButton}
            />
          )}
        </Stack>
        {admins.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={admins.reload}>Retry</Button>}>
            {admins.error?.message}
          </Alert>
        )}
        <Box data-testid={administratorsIds.table}>
          <DataTable<Administrator>
            label="Administrators"
            rows={rows}
            rowKey={(a) => a.uid}
            columns={columns}
            initialSort={{ column: 'username', direction: 'asc' }}
            emptyText="No administrators were found."
          />
        </Box>
      </Box>
      {adding && (
        <AdministratorFormDialog
          roles={roleNames}
          onCancel={() => setAdding(false)}
          onSubmit={submitNew}
          busy={busy}
          serverError={refusal}
        />
      )}
      {pending && texts && (
        <AdministratorActionDialog
          title={texts.title(pending.admin)}
          body={texts.body}
          confirmLabel={texts.verb}
          busy={busy}
          error={refusal?.message ?? null}
          onCancel={() => setPending(null)}
          onConfirm={confirmPending}
        />
      )}
      {roleOf && (
        <ChangeRoleDialog
          admin={roleOf}
          roles={roleNames}
          busy={busy}
          error={refusal?.message ?? null}
          onCancel={() => setRoleOf(null)}
          onSubmit={submitRole}
        />
      )}
      {secret && <OneTimePasswordDialog secret={secret} onClose={() => setSecret(null)} />}
    </AreaPage>
  );
}
