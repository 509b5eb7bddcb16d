/**
 * Notification channels (docs/alerts.md "Notifications"): create one (e-mail addresses, or a
 * webhook whose signing secret is shown once, in the creation's answer, and never again), and a
 * channel's delivery log (each attempt with its status code or error).
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  ALERT_NAME_MAX,
  CHANNEL_EMAILS_MAX,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type Channel,
  type ChannelInput,
  type ChannelKind,
  type CreatedChannel,
  type Delivery,
} from '@workbench/common/api/contract/alerts';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { StatusChip } from '@workbench/common/components/status-chip/index';
import { alertsIds as ids } from '@workbench/common/test-ids/alertsIds';
import { useEntityCall, useEntityRead } from './alertsRequests';
import { SecretOnceDialog } from '../SecretOnceDialog';
import { utcMinute } from '../settings/utcMinute';

export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = { email: 'E-mail', webhook: 'Webhook' };

type ChannelField = 'name' | 'addresses' | 'url';
const fieldId = (f: string) => `${ids.channelField}-${f}`;

/** The addresses as typed: split at commas, semicolons, spaces and line ends. */
export const addressesOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');

export function channelFormErrors(
  kind: ChannelKind,
  name: string,
  addresses: string,
  url: string,
): Partial<Record<ChannelField, string>> {
  const errors: Partial<Record<ChannelField, string>> = {};
  if (name.trim() === '') errors.name = 'Enter a name for the channel.';
  if (kind === 'email') {
    const list = addressesOf(addresses);
    if (list.length === 0) errors.addresses = 'Enter at least one e-mail address.';
    else if (list.length > CHANNEL_EMAILS_MAX)
      errors.addresses = `Enter at most ${CHANNEL_EMAILS_MAX} addresses.`;
    else {
      const bad = list.find((a) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a));
      if (bad) errors.addresses = `${bad} is not an e-mail address.`;
    }
  } else if (!/^https?:\/\/\S+$/i.test(url.trim()))
    errors.url = 'Enter the webhook’s http:// or https:// address.';
  return errors;
}

/** The field a server's refusal names (`addresses.2` is the addresses'), or null for the form. */
export function channelFieldOf(field: string | undefined): ChannelField | null {
  const head = field?.split('.')[0];
  return head === 'name' || head === 'addresses' || head === 'url' ? head : null;
}

export function ChannelCreateDialog({
  onCancel,
  onCreated,
}: {
  onCancel(): void;
  onCreated(channel: CreatedChannel): void;
}) {
  const createAlertChannel = useEntityCall('createAlertChannel');
  const [kind, setKind] = useState<ChannelKind>('email');
  const [name, setName] = useState('');
  const [addresses, setAddresses] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ChannelField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = channelFormErrors(kind, name, addresses, url);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    const body: ChannelInput =
      kind === 'email'
        ? { kind, name: name.trim(), addresses: addressesOf(addresses) }
        : { kind, name: name.trim(), url: url.trim() };
    setBusy(true);
    try {
      onCreated(await createAlertChannel(body));
    } catch (e) {
      const info = toErrorInfo(e, 'createAlertChannel');
      const field = channelFieldOf(info.field);
      if (field) setErrors({ [field]: info.message });
      else setFormError(info.message);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="alert-channel-form-title"
      data-testid={ids.channelDialog}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="alert-channel-form-title">Add notification channel</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid={ids.channelError}>
                {formError}
              </Alert>
            )}
            <TextField
              select
              label="Kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as ChannelKind)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': fieldId('kind') } as object } }}
            >
              {(Object.keys(CHANNEL_KIND_LABELS) as ChannelKind[]).map((k) => (
                <MenuItem key={k} value={k}>
                  {CHANNEL_KIND_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Name"
              required
              autoFocus
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'e.g. "Security team" or "SOAR".'}
              slotProps={{ htmlInput: { maxLength: ALERT_NAME_MAX + 20, 'data-testid': fieldId('name') } }}
            />
            {kind === 'email' ? (
              <TextField
                label="Addresses"
                required
                multiline
                minRows={2}
                value={addresses}
                onChange={(e) => setAddresses(e.target.value)}
                error={Boolean(errors.addresses)}
                helperText={errors.addresses ?? `Up to ${CHANNEL_EMAILS_MAX}, separated by commas or lines.`}
                slotProps={{ htmlInput: { 'data-testid': fieldId('addresses') } }}
              />
            ) : (
              <TextField
                label="URL"
                required
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                error={Boolean(errors.url)}
                helperText={
                  errors.url ??
                  `Receives a signed JSON POST: ${WEBHOOK_SIGNATURE_HEADER} is sha256= and the HMAC-SHA256 of "<${WEBHOOK_TIMESTAMP_HEADER}>.<body>".`
                }
                slotProps={{ htmlInput: { 'data-testid': fieldId('url'), spellCheck: false } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} data-testid={ids.channelCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={ids.channelSubmit}>
            Add channel
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A new webhook's signing secret: shown this once. */
export function ChannelSecretDialog({ channel, onDone }: { channel: CreatedChannel; onDone(): void }) {
  return (
    <SecretOnceDialog
      title="Copy the webhook’s signing secret"
      warning="Copy it now and give it to the receiver: you will not see it again."
      label={`The signing secret of ${channel.name}:`}
      subject="The secret"
      secret={channel.secret ?? ''}
      onDone={onDone}
      testIds={{ dialog: ids.secretDialog, secret: ids.secret, done: ids.secretDone }}
    />
  );
}

const deliveryColumns: DataTableColumn<Delivery>[] = [
  { name: 'at', header: 'When', flex: 1.2, minWidth: 150, sortable: true, value: (d) => utcMinute(d.at) },
  { name: 'subject', header: 'Subject', flex: 2, minWidth: 180, wrap: true, value: (d) => d.subject },
  { name: 'attempt', header: 'Attempt', minWidth: 90, value: (d) => String(d.attempt) },
  {
    name: 'status',
    header: 'Status',
    minWidth: 110,
    value: (d) => (d.status === null ? 'No answer' : String(d.status)),
    render: (d) => (
      <StatusChip
        label={d.status === null ? 'No answer' : String(d.status)}
        colour={d.error === null && d.status !== null ? 'success' : 'error'}
      />
    ),
  },
  { name: 'error', header: 'Error', flex: 2, minWidth: 160, wrap: true, value: (d) => d.error ?? '' },
];

export function DeliveriesDialog({ channel, onClose }: { channel: Channel; onClose(): void }) {
  const list = useEntityRead('listChannelDeliveries', [channel.id]);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="alert-deliveries-title"
      data-testid={ids.deliveriesDialog}
    >
      <DialogTitle id="alert-deliveries-title">Delivery log of {channel.name}</DialogTitle>
      <DialogContent>
        {list.status === 'failed' && (
          <LoadFailed
            sx={{ mb: 2 }}
            message={list.error?.message ?? 'The delivery log was not loaded.'}
            onRetry={list.reload}
          />
        )}
        <Box data-testid={ids.deliveriesTable}>
          <DataTable<Delivery>
            label={`Deliveries of ${channel.name}`}
            rows={list.data ?? []}
            rowKey={(d) => d.id}
            columns={deliveryColumns}
            initialSort={{ column: 'at', direction: 'desc' }}
            emptyText={list.status === 'loading' ? 'Loading…' : 'Nothing was sent through this channel yet.'}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={ids.deliveriesClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
