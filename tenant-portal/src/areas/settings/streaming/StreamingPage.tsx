/**
 * Settings › Log streaming (issue 40 point 3; docs/streaming.md): the tenant's SIEM destinations,
 * each with where it sends, the log types it sends and its health beside it (how far behind, the
 * last success, the last error with its time and the failures in a row, the next attempt, the
 * events delivered), read again every few seconds while the page is open. Who may write
 * (settings:streaming:write) adds, edits and deletes destinations and sends a test message; a
 * reader sees all of it. Loads and writes go through the entity feature's requests.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  STREAMING_READ_PERMISSION,
  STREAMING_WRITE_PERMISSION,
  type Destination,
  type TestSendResult,
} from '@workbench/common/api/contract/streaming';
import { AddButton, useConfirmAction } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { StatusChip } from '@workbench/common/components/status-chip/index';
import { counted } from '@workbench/common/formatting/counted';
import { localDateTime } from '@workbench/common/formatting/localTime';
import { LOG_TYPE_REGISTRY } from '@workbench/common/vocabularies/index';
import { streamingIds as ids } from '@workbench/common/test-ids/streamingIds';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';
import { RowAction } from '../pageActions';
import { DestinationDialog } from './DestinationDialog';
import { STREAM_KIND_LABELS, lagText } from './destinationForm';

export const STREAMING_TEXTS = {
  title: 'Log streaming',
  intro:
    'Streaming sends the tenant’s logs to your SIEM as they arrive: each destination receives the events of its log types that match its filter query, in batches, at least once, from where it last stopped.',
  noPermission: 'You do not have permission to see the log streaming destinations.',
  empty:
    'No destinations yet. Add one to send your logs to a SIEM or log collector: over HTTP (gzip NDJSON, e.g. Splunk HEC or an Elastic endpoint) or syslog over TCP or TLS.',
  emptyReadOnly: 'No destinations yet. Someone who may change streaming settings can add one.',
  noSuccess: 'Nothing delivered yet',
  noError: 'None',
  deleteTitle: (name: string) => `Delete the destination ${name}?`,
  deleteBody: 'Streaming to it stops and its position in the logs goes with it. This cannot be undone.',
} as const;

/** How often the page reads the destinations (and so their health) again while it is open. */
export const STREAMING_REFRESH_MS = 10_000;

const where = (d: Destination): string =>
  d.kind === 'http' ? (d.url ?? '') : `${d.host ?? ''}:${d.port ?? ''}`;
const orNone = (iso: string | null, none: string) => (iso ? localDateTime(iso) : none);

/** The outcome of a test message, as the test dialog shows it. */
export function testResultText(r: TestSendResult): string {
  if (r.delivered) return r.status === null ? 'Delivered.' : `Delivered: the receiver answered ${r.status}.`;
  const status = r.status === null ? '' : ` (the receiver answered ${r.status})`;
  return `Not delivered${status}: ${r.error ?? 'no reason given'}.`;
}

function TestDialog({ destination, onClose }: { destination: Destination; onClose(): void }) {
  const testStreamDestination = useEntityCall('testStreamDestination');
  const [result, setResult] = useState<TestSendResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    testStreamDestination(destination.id).then(
      (r) => live && setResult(r),
      (e: unknown) => live && setError(toErrorInfo(e, 'testStreamDestination').message),
    );
    return () => {
      live = false;
    };
  }, [testStreamDestination, destination.id]);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="streaming-test-title"
      data-testid={ids.testDialog}
    >
      <DialogTitle id="streaming-test-title">Test message to {destination.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          One message is sent now, outside the stream: it moves no position and is not counted as delivered.
        </DialogContentText>
        <Box data-testid={ids.testResult} aria-live="polite">
          {result === null && error === null && <Typography>Sending…</Typography>}
          {result && (
            <Alert severity={result.delivered ? 'success' : 'error'}>{testResultText(result)}</Alert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={ids.testClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function StreamingPage() {
  const dispatch = useAppDispatch();
  const canRead = useAppSelector(selectCan(STREAMING_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(STREAMING_WRITE_PERMISSION));
  const list = useEntityRead('listStreamDestinations', [], { enabled: canRead });
  const deleteStreamDestination = useEntityCall('deleteStreamDestination');
  const [editing, setEditing] = useState<Destination | 'new' | null>(null);
  const [testing, setTesting] = useState<Destination | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const confirm = useConfirmAction({
    dialog: ids.confirmDialog,
    confirm: ids.confirm,
    cancel: ids.confirmCancel,
  });
  const { reload } = list;

  // The health moves by itself: read it again while the page is open.
  useEffect(() => {
    if (!canRead) return undefined;
    const timer = setInterval(reload, STREAMING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [canRead, reload]);

  const done = (message: string) => dispatch(snackbarShown({ kind: 'save', outcome: 'success', message }));

  const columns: DataTableColumn<Destination>[] = [
    {
      name: 'name',
      header: 'Name',
      flex: 1.2,
      minWidth: 140,
      sortable: true,
      wrap: true,
      value: (d) => d.name,
    },
    {
      name: 'where',
      header: 'Sends to',
      flex: 1.8,
      minWidth: 200,
      wrap: true,
      // The kind leads: a syslog host and an HTTP URL read apart at a glance.
      value: (d) =>
        `${STREAM_KIND_LABELS[d.kind]}: ${d.kind === 'syslog' && d.tls ? `${where(d)} (TLS)` : where(d)}`,
    },
    {
      name: 'log_types',
      header: 'Log types',
      flex: 1.2,
      minWidth: 150,
      wrap: true,
      value: (d) => d.log_types.map((r) => LOG_TYPE_REGISTRY[r].title).join(', '),
    },
    {
      name: 'enabled',
      header: 'State',
      minWidth: 110,
      value: (d) => (d.enabled ? 'Enabled' : 'Disabled'),
      render: (d) => (
        <StatusChip label={d.enabled ? 'Enabled' : 'Disabled'} colour={d.enabled ? 'success' : 'default'} />
      ),
    },
    {
      // One column for the health, so all of it is in view beside the destination at 1400 px
      // (six columns put last success, the error and the next attempt behind the grid's scroll).
      name: 'health',
      header: 'Health',
      flex: 2.4,
      minWidth: 280,
      sortable: true,
      wrap: true,
      value: (d) => d.health.lag_seconds,
      render: (d) => (
        <Stack spacing={0.25} sx={{ py: 0.75, alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StatusChip
              label={lagText(d.health.lag_seconds)}
              colour={d.health.failures > 0 ? 'error' : d.health.lag_seconds > 60 ? 'warning' : 'success'}
              data-testid={`${ids.lag}-${d.id}`}
            />
            <Typography variant="body2" data-testid={`${ids.delivered}-${d.id}`}>
              {counted(d.health.delivered, 'event')}
            </Typography>
          </Stack>
          <Typography variant="body2">
            Last success:{' '}
            <span data-testid={`${ids.lastSuccess}-${d.id}`}>
              {orNone(d.health.last_success_at, STREAMING_TEXTS.noSuccess)}
            </span>
          </Typography>
          {d.health.last_error ? (
            <Stack data-testid={`${ids.lastError}-${d.id}`}>
              <Typography variant="body2" color="error">
                {d.health.last_error}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {d.health.last_error_at ? localDateTime(d.health.last_error_at) : ''}
                {d.health.failures > 0 ? ` · ${counted(d.health.failures, 'failure')} in a row` : ''}
              </Typography>
            </Stack>
          ) : (
            <Typography variant="body2">
              Last error: <span data-testid={`${ids.lastError}-${d.id}`}>{STREAMING_TEXTS.noError}</span>
            </Typography>
          )}
          {d.health.next_attempt_at && (
            <Typography variant="body2">
              Next attempt:{' '}
              <span data-testid={`${ids.nextAttempt}-${d.id}`}>
                {localDateTime(d.health.next_attempt_at)}
              </span>
            </Typography>
          )}
        </Stack>
      ),
    },
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            center: true,
            pinned: 'right' as const,
            minWidth: 140,
            render: (d: Destination) => (
              <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
                <RowAction
                  label={`Send a test message to ${d.name}`}
                  testId={`${ids.test}-${d.id}`}
                  onClick={() => setTesting(d)}
                >
                  <SendIcon fontSize="small" />
                </RowAction>
                <RowAction
                  label={`Edit ${d.name}`}
                  testId={`${ids.edit}-${d.id}`}
                  onClick={() => setEditing(d)}
                >
                  <EditIcon fontSize="small" />
                </RowAction>
                <RowAction
                  label={`Delete ${d.name}`}
                  testId={`${ids.delete}-${d.id}`}
                  onClick={() =>
                    confirm.ask({
                      title: STREAMING_TEXTS.deleteTitle(d.name),
                      body: STREAMING_TEXTS.deleteBody,
                      confirmLabel: 'Delete',
                      run: () => {
                        setActionError(null);
                        deleteStreamDestination(d.id).then(
                          () => {
                            done(`The destination ${d.name} was deleted.`);
                            reload();
                          },
                          (e: unknown) => setActionError(toErrorInfo(e, 'deleteStreamDestination').message),
                        );
                      },
                    })
                  }
                >
                  <DeleteIcon fontSize="small" />
                </RowAction>
              </Stack>
            ),
          },
        ]
      : []),
  ];

  if (!canRead)
    return (
      <AreaPage title={STREAMING_TEXTS.title}>
        <Alert severity="info">{STREAMING_TEXTS.noPermission}</Alert>
      </AreaPage>
    );

  const rows = list.data ?? [];
  const add = canWrite && (
    <AddButton label="Add destination" onClick={() => setEditing('new')} testId={ids.add} />
  );
  return (
    <AreaPage title={STREAMING_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {STREAMING_TEXTS.intro}
        </Typography>
        {actionError && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setActionError(null)}>
            {actionError}
          </Alert>
        )}
        {list.status === 'failed' && (
          <LoadFailed
            sx={{ mb: 2 }}
            message={list.error?.message ?? 'The destinations were not loaded.'}
            onRetry={reload}
          />
        )}
        {list.data !== null && rows.length === 0 ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid={ids.empty}>
            <Typography>{canWrite ? STREAMING_TEXTS.empty : STREAMING_TEXTS.emptyReadOnly}</Typography>
            {add}
          </Stack>
        ) : (
          <>
            <Stack
              direction="row"
              spacing={1.5}
              useFlexGap
              sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography color="text.secondary" data-testid={ids.total} aria-live="polite">
                {list.data === null ? 'Loading destinations…' : counted(rows.length, 'destination')}
              </Typography>
              <Box sx={{ flex: 1 }} />
              <Button onClick={reload} data-testid={ids.refresh}>
                Refresh
              </Button>
              {add}
            </Stack>
            <Box data-testid={ids.table}>
              <DataTable<Destination>
                label="Streaming destinations"
                rows={rows}
                rowKey={(d) => d.id}
                columns={columns}
                initialSort={{ column: 'name', direction: 'asc' }}
                emptyText="Loading…"
              />
            </Box>
          </>
        )}
      </Box>
      {editing && (
        <DestinationDialog
          destination={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(null)}
          onSaved={(d) => {
            setEditing(null);
            done(
              editing === 'new'
                ? `The destination ${d.name} was added.`
                : `The destination ${d.name} was saved.`,
            );
            reload();
          }}
        />
      )}
      {testing && <TestDialog destination={testing} onClose={() => setTesting(null)} />}
      {confirm.dialog}
    </AreaPage>
  );
}
