/**
 * Settings › API tokens (issue 33; docs/api-tokens.md): the tenant's tokens with their scope,
 * expiry, last use and maker; who may write (settings:api_tokens:write) creates one, its secret
 * shown once with a copy button, and revokes one after a confirmation. Loads and writes go through
 * the entity feature's requests (app/portalRequests.ts), never the HTTP client here.
 */
import { useState } from 'react';
import { Alert, Box, Chip, IconButton, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  API_TOKENS_READ_PERMISSION,
  API_TOKENS_WRITE_PERMISSION,
  API_TOKEN_AREA_REGISTRY,
  type ApiToken,
  type ApiTokenCreated,
} from '@workbench/common/api/contract/apiTokens';
import { AddButton, useConfirmAction } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { counted } from '@workbench/common/formatting/counted';
import { apiTokensIds as ids } from '@workbench/common/test-ids/apiTokensIds';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';
import { SecretOnceDialog } from '../../SecretOnceDialog';
import { utcMinute } from '../utcMinute';
import { ACCESS_LABELS, ApiTokenCreateDialog } from './ApiTokenCreateDialog';

export const API_TOKENS_TEXTS = {
  title: 'API Tokens',
  intro:
    'Scripts call the API with a token instead of a person’s session: Authorization: Bearer <token>. A token reaches only its areas, never more than its maker may do.',
  noPermission: 'You do not have permission to see the API tokens.',
  empty: 'No API tokens yet.',
  notUsed: 'Not used yet',
  secretTitle: 'Copy your new token',
  secretWarning: 'Copy it now and keep it somewhere safe: you will not see it again.',
  copy: 'Copy',
  done: 'Done',
  revokeTitle: (name: string) => `Revoke the API token ${name}?`,
  revokeBody: 'Scripts using it are refused from their next call. This cannot be undone.',
  revoked: (name: string) => `The API token ${name} was revoked.`,
} as const;

export function ApiTokensPage() {
  const dispatch = useAppDispatch();
  const canRead = useAppSelector(selectCan(API_TOKENS_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(API_TOKENS_WRITE_PERMISSION));
  const list = useEntityRead('listApiTokens', [], { enabled: canRead });
  const revokeApiToken = useEntityCall('revokeApiToken');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const confirm = useConfirmAction({
    dialog: ids.revokeDialog,
    confirm: ids.revokeConfirm,
    cancel: ids.revokeCancel,
  });

  const revoke = (t: ApiToken) =>
    confirm.ask({
      title: API_TOKENS_TEXTS.revokeTitle(t.name),
      body: API_TOKENS_TEXTS.revokeBody,
      confirmLabel: 'Revoke',
      run: () => {
        setRevokeError(null);
        revokeApiToken(t.id).then(
          () => {
            dispatch(
              snackbarShown({ kind: 'save', outcome: 'success', message: API_TOKENS_TEXTS.revoked(t.name) }),
            );
            list.reload();
          },
          (e: unknown) => {
            setRevokeError(toErrorInfo(e, 'revokeApiToken').message);
            list.reload();
          },
        );
      },
    });

  const now = Date.now();
  const columns: DataTableColumn<ApiToken>[] = [
    {
      name: 'name',
      header: 'Name',
      flex: 2,
      minWidth: 180,
      sortable: true,
      wrap: true,
      render: (t) => (
        <span>
          {t.name}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            …{t.last4}
          </Typography>
        </span>
      ),
      value: (t) => t.name,
    },
    { name: 'access', header: 'Scope', flex: 1, minWidth: 110, value: (t) => ACCESS_LABELS[t.access] },
    {
      name: 'areas',
      header: 'Areas',
      flex: 1.5,
      minWidth: 120,
      wrap: true,
      value: (t) => t.areas.map((a) => API_TOKEN_AREA_REGISTRY[a].label).join(', '),
    },
    {
      name: 'expires_at',
      header: 'Expires',
      flex: 1,
      minWidth: 120,
      sortable: true,
      value: (t) => t.expires_at ?? '',
      render: (t) =>
        t.expires_at === null ? (
          'Never'
        ) : Date.parse(t.expires_at) <= now ? (
          <Chip size="small" color="error" label={`Expired ${t.expires_at.slice(0, 10)}`} />
        ) : (
          t.expires_at.slice(0, 10)
        ),
    },
    {
      name: 'last_used_at',
      header: 'Last used',
      flex: 1.5,
      minWidth: 170,
      wrap: true,
      value: (t) =>
        t.last_used_at === null
          ? API_TOKENS_TEXTS.notUsed
          : `${utcMinute(t.last_used_at)} from ${t.last_used_ip ?? 'an unknown address'}`,
    },
    {
      name: 'created_by',
      header: 'Created by',
      flex: 1.5,
      minWidth: 160,
      wrap: true,
      value: (t) => `${t.created_by}, ${t.created_at.slice(0, 10)}`,
    },
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            center: true,
            pinned: 'right' as const,
            render: (t: ApiToken) => (
              <IconButton
                size="small"
                aria-label={`Revoke ${t.name}`}
                data-testid={`${ids.revokeButton}-${t.id}`}
                onClick={() => revoke(t)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            ),
          },
        ]
      : []),
  ];

  if (!canRead)
    return (
      <AreaPage title={API_TOKENS_TEXTS.title}>
        <Alert severity="info">{API_TOKENS_TEXTS.noPermission}</Alert>
      </AreaPage>
    );

  const tokens = list.data ?? [];
  return (
    <AreaPage title={API_TOKENS_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {API_TOKENS_TEXTS.intro}
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography color="text.secondary" data-testid={ids.total} aria-live="polite">
            {list.status === 'loading' && list.data === null
              ? 'Loading API tokens…'
              : counted(tokens.length, 'token')}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {canWrite && (
            <AddButton label="Create token" onClick={() => setCreating(true)} testId={ids.createButton} />
          )}
        </Stack>
        {list.status === 'failed' && (
          <LoadFailed
            sx={{ mb: 2 }}
            message={list.error?.message ?? 'The API tokens were not loaded.'}
            onRetry={list.reload}
          />
        )}
        {revokeError && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setRevokeError(null)}>
            {revokeError}
          </Alert>
        )}
        <Box data-testid={ids.table}>
          <DataTable<ApiToken>
            label="API tokens"
            rows={tokens}
            rowKey={(t) => t.id}
            columns={columns}
            initialSort={{ column: 'name', direction: 'asc' }}
            emptyText={API_TOKENS_TEXTS.empty}
          />
        </Box>
      </Box>
      {creating && (
        <ApiTokenCreateDialog
          onCancel={() => setCreating(false)}
          onCreated={(t) => {
            setCreating(false);
            setCreated(t);
            list.reload();
          }}
        />
      )}
      {created && (
        <SecretOnceDialog
          title={API_TOKENS_TEXTS.secretTitle}
          warning={API_TOKENS_TEXTS.secretWarning}
          label={`The token ${created.name}:`}
          subject="The token"
          secret={created.token}
          onDone={() => setCreated(null)}
          testIds={{
            dialog: ids.secretDialog,
            secret: ids.secret,
            copy: ids.copySecret,
            done: ids.secretDone,
          }}
        />
      )}
      {confirm.dialog}
    </AreaPage>
  );
}
