/**
 * Adding an appliance (docs/central-manager.md §1): the administrator gives its address and one of
 * its administrators' sign-in, the manager fetches its certificate (get_sv_cert) and shows it; the
 * administrator approves that certificate (approve_sv pins its fingerprint). Changing the address
 * or sign-in after the fetch asks for it again. A refusal shows the appliance's own reason, or
 * "Could not fetch appliance certificate" with why.
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
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  APPLIANCE_PORT,
  type ManagedSystem,
  type SvCert,
} from '@workbench/common/api/contract/centralManager';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityCall } from './centralManagerRequests';

export const ADD_APPLIANCE_TEXTS = {
  title: 'Add an appliance',
  intro:
    'The manager signs in to the appliance with one of its administrators and shows the certificate it presents. Approve it only if it is the appliance’s own: its fingerprint is pinned, and a later change is shown as such.',
  required: (label: string) => `${label} is required.`,
  port: 'The port is a number from 1 to 65535.',
  fetching: 'Fetching the certificate…',
  approving: 'Approving…',
} as const;

type Field = 'host' | 'port' | 'username' | 'password' | 'name';
const LABELS: Record<Field, string> = {
  host: 'Host',
  port: 'Port',
  username: 'Administrator',
  password: 'Password',
  name: 'Name',
};

/** The field errors of the form as it stands (the server checks the same and says which). */
export function addApplianceErrors(
  v: Record<Field, string>,
  step: 'fetch' | 'approve',
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const f of ['host', 'username', 'password'] as const)
    if (!v[f].trim()) errors[f] = ADD_APPLIANCE_TEXTS.required(LABELS[f]);
  const port = Number(v.port);
  if (!/^\d+$/.test(v.port.trim()) || port < 1 || port > 65535) errors.port = ADD_APPLIANCE_TEXTS.port;
  if (step === 'approve' && !v.name.trim()) errors.name = ADD_APPLIANCE_TEXTS.required(LABELS.name);
  return errors;
}

export function AddApplianceDialog({
  onCancel,
  onApproved,
}: {
  onCancel: () => void;
  onApproved: (system: ManagedSystem) => void;
}) {
  const getSvCert = useEntityCall('getSvCert');
  const approveSv = useEntityCall('approveSv');
  const [values, setValues] = useState<Record<Field, string>>({
    host: '',
    port: String(APPLIANCE_PORT),
    username: '',
    password: '',
    name: '',
  });
  const [cert, setCert] = useState<(SvCert & { cert: string }) | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'fetch' | 'approve' | null>(null);

  const set = (f: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    // The certificate shown is the one of the address and sign-in it was fetched with.
    if (f !== 'name') setCert(null);
  };
  const login = () => ({
    host: values.host.trim(),
    port: Number(values.port),
    username: values.username.trim(),
    password: values.password,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const step = cert ? 'approve' : 'fetch';
    const found = addApplianceErrors(values, step);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy(step);
    if (!cert) {
      getSvCert(login()).then(
        (c) => {
          setBusy(null);
          setCert(c);
          if (!values.name.trim()) setValues((v) => ({ ...v, name: c.subject ?? v.host }));
        },
        (error: unknown) => {
          setBusy(null);
          setRefusal(toErrorInfo(error, 'getSvCert').message);
        },
      );
      return;
    }
    approveSv({
      ...login(),
      name: values.name.trim(),
      fingerprint_sha256: cert.fingerprint_sha256 ?? '',
    }).then(
      (system) => {
        setBusy(null);
        onApproved(system);
      },
      (error: unknown) => {
        setBusy(null);
        setRefusal(toErrorInfo(error, 'approveSv').message);
      },
    );
  };

  const text = (f: Field, extra: Record<string, unknown> = {}) => (
    <TextField
      label={LABELS[f]}
      value={values[f]}
      onChange={set(f)}
      error={Boolean(errors[f])}
      helperText={errors[f]}
      disabled={busy !== null}
      slotProps={{ htmlInput: { 'data-testid': `${ids.field}-${f}` } }}
      {...extra}
    />
  );

  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="cm-add-title"
      data-testid={ids.addDialog}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="cm-add-title">{ADD_APPLIANCE_TEXTS.title}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {ADD_APPLIANCE_TEXTS.intro}
          </Typography>
          <Stack spacing={2}>
            <Stack direction="row" spacing={2}>
              {text('host', { sx: { flex: 1 }, autoFocus: true })}
              {text('port', { sx: { width: 120 } })}
            </Stack>
            {text('username')}
            {text('password', { type: 'password', autoComplete: 'off' })}
            {cert && (
              <Box data-testid={ids.certificate}>
                <Typography variant="subtitle2">Certificate presented</Typography>
                <Typography variant="body2">Subject: {cert.subject}</Typography>
                <Typography variant="body2">Valid until: {cert.not_after}</Typography>
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                  SHA-256 fingerprint: <span data-testid={ids.fingerprint}>{cert.fingerprint_sha256}</span>
                </Typography>
                <Box
                  component="pre"
                  sx={{ fontSize: 11, maxHeight: 160, overflow: 'auto', bgcolor: 'action.hover', p: 1 }}
                >
                  {cert.cert}
                </Box>
              </Box>
            )}
            {cert && text('name')}
            {refusal && (
              <Alert severity="error" data-testid={ids.addError}>
                {refusal}
              </Alert>
            )}
            {busy && (
              <Typography aria-live="polite">
                {ADD_APPLIANCE_TEXTS[busy === 'fetch' ? 'fetching' : 'approving']}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} data-testid={ids.addCancel}>
            Cancel
          </Button>
          {cert ? (
            <Button type="submit" variant="contained" disabled={busy !== null} data-testid={ids.approve}>
              Approve
            </Button>
          ) : (
            <Button type="submit" variant="contained" disabled={busy !== null} data-testid={ids.fetchCert}>
              Fetch certificate
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
