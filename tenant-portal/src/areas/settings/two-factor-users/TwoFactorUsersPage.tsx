/**
 * Settings › Two-factor users (issue 33 point 2; docs/administrators.md §4): the tenant's
 * administrators and whether each signs in with a second factor, since when. An administrator who
 * may write administrators (settings:admins:write) resets the factor of an account that lost its
 * authenticator, after a confirmation; the account then signs in with its password alone until it
 * sets one up again. The route is offered with the tenant's `tfa` feature, as enrolment is; Reset
 * only where the server lists the `mfa-reset` extension.
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { SearchField, selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import { ADMINS_WRITE_PERMISSION } from '@workbench/common/api/contract/administrators';
import type { MfaUser } from '@workbench/common/api/contract/auth';
import { UDB_READ_PERMISSION } from '@workbench/common/api/contract/udb';
import { useConfirmAction } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { useExtension } from '@workbench/common/features/extensions/useExtension';
import { counted } from '@workbench/common/formatting/counted';
import { twoFactorUsersIds as ids } from '@workbench/common/test-ids/twoFactorUsersIds';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';
import { utcMinute } from '../utcMinute';

export const TWO_FACTOR_USERS_TEXTS = {
  title: 'Two-factor Users',
  intro:
    'Who signs in with a code from an authenticator app as well as a password. Each administrator sets it up from the user menu.',
  noPermission: 'You do not have permission to see the administrators.',
  on: 'On',
  off: 'Password only',
  resetTitle: (username: string) => `Reset the second factor of ${username}?`,
  resetBody:
    'Their authenticator stops working for this account: they sign in with their password alone until they set up two-factor sign-in again. Do this when they lost their phone.',
  reset: (username: string) => `The second factor of ${username} was reset.`,
} as const;

const fullName = (u: MfaUser) => [u.first_name, u.last_name].filter(Boolean).join(' ');

export function TwoFactorUsersPage() {
  const dispatch = useAppDispatch();
  const canRead = useAppSelector(selectCan(UDB_READ_PERMISSION));
  const canWriteAdmins = useAppSelector(selectCan(ADMINS_WRITE_PERMISSION));
  const resetOffered = useExtension('mfa-reset');
  const canReset = canWriteAdmins && resetOffered;
  const list = useEntityRead('mfaUsers', [], { enabled: canRead });
  const resetMfa = useEntityCall('resetAdministratorMfa');
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const confirm = useConfirmAction({
    dialog: ids.resetDialog,
    confirm: ids.resetConfirm,
    cancel: ids.resetCancel,
  });

  const reset = (u: MfaUser) =>
    confirm.ask({
      title: TWO_FACTOR_USERS_TEXTS.resetTitle(u.username),
      body: TWO_FACTOR_USERS_TEXTS.resetBody,
      confirmLabel: 'Reset',
      run: () => {
        setError(null);
        resetMfa(u.uid).then(
          () => {
            dispatch(
              snackbarShown({
                kind: 'save',
                outcome: 'success',
                message: TWO_FACTOR_USERS_TEXTS.reset(u.username),
              }),
            );
            list.reload();
          },
          (e: unknown) => {
            // A 409 says the row was stale (no factor any more): the list is read again.
            setError(toErrorInfo(e, 'resetAdministratorMfa').message);
            list.reload();
          },
        );
      },
    });

  const users = list.data?.users ?? [];
  const enrolled = users.filter((u) => u.mfa_enrolled_since !== null).length;
  const columns: DataTableColumn<MfaUser>[] = [
    { name: 'username', header: 'User name', flex: 2, minWidth: 200, sortable: true },
    { name: 'name', header: 'Name', flex: 1.5, minWidth: 140, sortable: true, value: fullName },
    {
      name: 'mfa_enrolled_since',
      header: 'Two-factor sign-in',
      flex: 1,
      minWidth: 150,
      sortable: true,
      value: (u) => (u.mfa_enrolled_since === null ? '' : u.mfa_enrolled_since),
      render: (u) =>
        u.mfa_enrolled_since === null ? (
          <Chip size="small" label={TWO_FACTOR_USERS_TEXTS.off} />
        ) : (
          <Chip size="small" color="success" label={TWO_FACTOR_USERS_TEXTS.on} />
        ),
    },
    {
      name: 'since',
      header: 'Since',
      flex: 1.5,
      minWidth: 170,
      value: (u) => (u.mfa_enrolled_since === null ? '—' : utcMinute(u.mfa_enrolled_since)),
    },
    // Reset is offered on the rows with a factor: no column while nobody has one.
    ...(canReset && enrolled > 0
      ? [
          {
            name: 'actions',
            header: 'Actions',
            center: true,
            minWidth: 100,
            pinned: 'right' as const,
            render: (u: MfaUser) =>
              u.mfa_enrolled_since === null ? null : (
                <Button
                  size="small"
                  color="error"
                  aria-label={`Reset the second factor of ${u.username}`}
                  data-testid={`${ids.resetButton}-${u.username}`}
                  onClick={() => reset(u)}
                >
                  Reset
                </Button>
              ),
          },
        ]
      : []),
  ];

  if (!canRead)
    return (
      <AreaPage title={TWO_FACTOR_USERS_TEXTS.title}>
        <Alert severity="info">{TWO_FACTOR_USERS_TEXTS.noPermission}</Alert>
      </AreaPage>
    );

  // The whole list is one answer (a tenant's administrators are few): the search filters it here.
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? users.filter((u) => `${u.username} ${fullName(u)}`.toLowerCase().includes(needle))
    : users;
  return (
    <AreaPage title={TWO_FACTOR_USERS_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {TWO_FACTOR_USERS_TEXTS.intro}
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <SearchField
            size="small"
            label="Search administrators"
            value={search}
            onChange={setSearch}
            testId={ids.search}
          />
          <Box sx={{ flex: 1 }} />
          <Typography color="text.secondary" data-testid={ids.total} aria-live="polite">
            {list.status === 'loading' && list.data === null
              ? 'Loading administrators…'
              : `${counted(users.length, 'administrator')}, ${enrolled.toLocaleString('en-US')} with two-factor sign-in`}
          </Typography>
        </Stack>
        {list.status === 'failed' && (
          <LoadFailed
            sx={{ mb: 2 }}
            message={list.error?.message ?? 'The administrators were not loaded.'}
            onRetry={list.reload}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)} data-testid={ids.error}>
            {error}
          </Alert>
        )}
        <Box data-testid={ids.table}>
          <DataTable<MfaUser>
            label="Two-factor users"
            rows={shown}
            rowKey={(u) => u.uid}
            columns={columns}
            initialSort={{ column: 'username', direction: 'asc' }}
            emptyText="No administrators were found to match your search/filters. Try modifying or resetting your criteria."
          />
        </Box>
      </Box>
      {confirm.dialog}
    </AreaPage>
  );
}
