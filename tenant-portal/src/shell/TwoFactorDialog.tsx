/**
 * Two-factor sign-in of the signed-in user (issue 14; the user menu): set up an authenticator app
 * (the secret as a QR code and as text, confirmed with a first code), or turn it off with a
 * current code. As Zscaler and Cloudflare do: the secret is shown only while setting up (the
 * server never answers it again), and turning off needs a code, not only the session.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { MfaEnrolment, MfaState } from '@workbench/common/api/contract/auth';
import { twoFactorIds } from '@workbench/common/test-ids/index';
import { useEntityCall } from './shellRequests';

export const TWO_FACTOR_TEXTS = {
  title: 'Two-factor sign-in',
  off: 'Two-factor sign-in is off. Turn it on to sign in with a code from an authenticator app as well as your password.',
  on: (since: string) => `Two-factor sign-in is on since ${since}.`,
  start: 'Set up',
  scan: 'Scan the QR code with your authenticator app, or enter the key by hand. Then enter the code it shows.',
  key: 'Key',
  qrAlt: 'QR code for your authenticator app',
  code: 'Code',
  codeFormat: 'Enter the 6 digits of the code.',
  confirm: 'Turn on',
  turnOffHint: 'To turn it off, enter a current code from your authenticator app.',
  turnOff: 'Turn off',
  close: 'Close',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
} as const;

/** The key in groups of four, as authenticator apps show it (easier to type by hand). */
export const groupedKey = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

const CODE = /^[0-9]{6}$/;

export function TwoFactorDialog({ onClose }: { onClose(): void }) {
  const mfaState = useEntityCall('mfaState');
  const mfaEnrol = useEntityCall('mfaEnrol');
  const mfaConfirm = useEntityCall('mfaConfirm');
  const mfaDisable = useEntityCall('mfaDisable');
  const [state, setState] = useState<MfaState | null>(null);
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    mfaState().then(
      (s) => live && setState(s),
      (e: unknown) => live && setError(toErrorInfo(e, 'mfaState').message),
    );
    return () => {
      live = false;
    };
  }, [mfaState]);

  const call = async <T,>(work: () => Promise<T>, then: (value: T) => void) => {
    setBusy(true);
    setError(null);
    setCodeError(null);
    try {
      then(await work());
    } catch (e) {
      const info = toErrorInfo(e);
      // A wrong code belongs at the field; anything else above the form.
      if (info.field === 'code') setCodeError(info.message);
      else setError(info.message);
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    void call(
      () => mfaEnrol(),
      (e) => {
        setDone(null);
        setCode('');
        setEnrolment(e);
      },
    );

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!CODE.test(value)) {
      setCodeError(TWO_FACTOR_TEXTS.codeFormat);
      return;
    }
    const on = Boolean(state?.enrolled);
    void call(
      () => (on ? mfaDisable({ code: value }) : mfaConfirm({ code: value })),
      (next) => {
        setState(next);
        setEnrolment(null);
        setCode('');
        setDone(on ? TWO_FACTOR_TEXTS.turnedOff : TWO_FACTOR_TEXTS.turnedOn);
      },
    );
  };

  const codeField = (
    <TextField
      label={TWO_FACTOR_TEXTS.code}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      error={codeError !== null}
      helperText={codeError ?? ' '}
      autoComplete="one-time-code"
      autoFocus
      slotProps={{ htmlInput: { 'data-testid': twoFactorIds.code, inputMode: 'numeric', maxLength: 6 } }}
    />
  );

  let body;
  if (!state) {
    body = error ? null : <CircularProgress aria-label="Loading" />;
  } else if (state.enrolled) {
    body = (
      <Stack component="form" id="two-factor-form" onSubmit={submitCode} spacing={2} noValidate>
        <Typography data-testid={twoFactorIds.status}>
          {TWO_FACTOR_TEXTS.on(new Date(state.enrolled_since ?? '').toLocaleString())}
        </Typography>
        <Typography color="text.secondary">{TWO_FACTOR_TEXTS.turnOffHint}</Typography>
        {codeField}
      </Stack>
    );
  } else if (enrolment) {
    body = (
      <Stack component="form" id="two-factor-form" onSubmit={submitCode} spacing={2} noValidate>
        <Typography>{TWO_FACTOR_TEXTS.scan}</Typography>
        {/* The QR code on white in both themes: authenticator apps read dark on light. */}
        <Box
          component="img"
          data-testid={twoFactorIds.qr}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
          alt={TWO_FACTOR_TEXTS.qrAlt}
          sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff', borderRadius: 1 }}
        />
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {TWO_FACTOR_TEXTS.key}
          </Typography>
          <Typography
            data-testid={twoFactorIds.secret}
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {groupedKey(enrolment.secret)}
          </Typography>
        </Box>
        {codeField}
      </Stack>
    );
  } else {
    body = <Typography data-testid={twoFactorIds.status}>{TWO_FACTOR_TEXTS.off}</Typography>;
  }

  return (
    <Dialog
      open
      onClose={onClose}
      data-testid={twoFactorIds.dialog}
      aria-labelledby="two-factor-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="two-factor-title">{TWO_FACTOR_TEXTS.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {done && <Alert severity="success">{done}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {body}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{TWO_FACTOR_TEXTS.close}</Button>
        {state && !state.enrolled && !enrolment && (
          <Button variant="contained" onClick={start} disabled={busy} data-testid={twoFactorIds.start}>
            {TWO_FACTOR_TEXTS.start}
          </Button>
        )}
        {state && !state.enrolled && enrolment && (
          <Button
            type="submit"
            form="two-factor-form"
            variant="contained"
            disabled={busy}
            data-testid={twoFactorIds.confirm}
          >
            {TWO_FACTOR_TEXTS.confirm}
          </Button>
        )}
        {state?.enrolled && (
          <Button
            type="submit"
            form="two-factor-form"
            color="error"
            variant="contained"
            disabled={busy}
            data-testid={twoFactorIds.turnOff}
          >
            {TWO_FACTOR_TEXTS.turnOff}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
