/**
 * The shared login page (docs/shared-ui.md §1 Login page, §1 Login, §1 Login form, §1). Heading = app
 * name (default 'Portal'), under the product's mark and name (issue 31: the page named no product), fields User and Password, a Login button and a progress bar while
 * signing in. No client-side rules on the form: whatever is typed goes to onSubmit. On failure a
 * top snackbar shows for 3 s; on success onSuccess gets the returnUrl query parameter (or null),
 * and by default navigates there or to the root.
 */
import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  FormControl,
  InputLabel,
  LinearProgress,
  OutlinedInput,
  Paper,
  Typography,
} from '@mui/material';
import { loginIds } from '../../test-ids';
import { returnUrlOf } from '../../api/contract/returnUrl';
import { hashQuery } from './signInVisit';
import { ProductMark } from '../../components/product-mark/ProductMark';
// The view and the default time alone, not the snackbar's store (issues 14, 15: first load).
import { SnackbarView } from '../snackbar/SnackbarView';
import type { SnackbarMessage } from '../snackbar/snackbarSlice';
import { SNACKBAR_DEFAULT_MS } from '../snackbar/snackbarTiming';

export const DEFAULT_APP_NAME = 'Portal';
export const LOGIN_FAILURE_FALLBACK = 'An error occurred.';
export const LOGIN_ERROR_MS = SNACKBAR_DEFAULT_MS;

/** What onSubmit rejects with: an ApiCallError-like error or a plain {msg, delay, message}. */
export interface LoginFailureLike {
  message?: string;
  msg?: string;
  delay?: number;
  data?: unknown;
}

/**
 * Login failure text: the error message, or the server's msg field, or 'An error occurred.';
 * a $1 placeholder is replaced with the server's delay value.
 */
export function loginFailureText(error: unknown): string {
  const e = (error && typeof error === 'object' ? error : {}) as LoginFailureLike;
  const data = (e.data && typeof e.data === 'object' ? e.data : {}) as LoginFailureLike;
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  // A reply body (ApiCallError.data) is the server's own words; prefer it to a decorated message.
  const text =
    str(data.message) ||
    str(data.msg) ||
    str(e.message) ||
    str(e.msg) ||
    (typeof error === 'string' ? error : '');
  const delay = typeof data.delay === 'number' ? data.delay : e.delay;
  const message = text || LOGIN_FAILURE_FALLBACK;
  return delay !== undefined ? message.split('$1').join(String(delay)) : message;
}

/**
 * The returnUrl query parameter of a hash route (`#/login?returnUrl=...`) or of the page URL,
 * when it is a path on this origin.
 */
export function returnUrlFromLocation(
  loc: Pick<Location, 'hash' | 'search'> = window.location,
): string | null {
  return returnUrlOf(hashQuery(loc.hash)) ?? returnUrlOf(loc.search);
}

/**
 * What onSubmit answers when the password was right but the account has two-factor sign-in: the
 * page then asks for the code and signs in with `verify` (which rejects as onSubmit does).
 */
export interface LoginCodeStep {
  verify(code: string): Promise<void>;
}
export const LOGIN_CODE_TEXTS = {
  prompt: 'Enter the 6-digit code from your authenticator app.',
  label: 'Code',
  submit: 'Verify',
  back: 'Back',
} as const;

export interface LoginPageProps {
  /** The heading; default 'Portal'. */
  appName?: string;
  /**
   * Rejects with {msg?, delay?, message?} (or an ApiCallError) on failure; answers a code step
   * when the account needs its second factor.
   */
  onSubmit(username: string, password: string): Promise<void | LoginCodeStep>;
  /** Called after a successful login with the returnUrl (null when absent). */
  onSuccess?(returnUrl: string | null): void;
  /** Overrides the returnUrl read from the location. */
  returnUrl?: string | null;
}

function defaultOnSuccess(returnUrl: string | null): void {
  window.location.hash = returnUrl ?? '/';
}

export function LoginPage({
  appName = DEFAULT_APP_NAME,
  onSubmit,
  onSuccess = defaultOnSuccess,
  returnUrl,
}: LoginPageProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SnackbarMessage | null>(null);
  const [codeStep, setCodeStep] = useState<LoginCodeStep | null>(null);
  const [code, setCode] = useState('');

  const run = async (work: () => Promise<void | LoginCodeStep>): Promise<void> => {
    if (busy) return;
    setBusy(true);
    setError(null);
    let next: void | LoginCodeStep;
    try {
      next = await work();
    } catch (e) {
      setBusy(false);
      setError({
        id: Date.now(),
        kind: 'custom',
        text: loginFailureText(e),
        severity: 'error',
        duration: LOGIN_ERROR_MS,
        position: 'top',
      });
      return;
    }
    setBusy(false);
    if (next) {
      setCode('');
      setCodeStep(next);
      return;
    }
    onSuccess(returnUrl !== undefined ? returnUrl : returnUrlFromLocation());
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => (codeStep ? codeStep.verify(code.trim()) : onSubmit(username, password)));
  };

  return (
    <Box
      component="main"
      data-testid={loginIds.page}
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {busy && <LinearProgress data-testid={loginIds.progress} aria-label="Signing in" />}
        </Box>
        <Box
          component="form"
          noValidate
          onSubmit={(e: FormEvent<HTMLFormElement>) => void submit(e)}
          aria-labelledby="login-heading"
          sx={{ p: 4, display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <ProductMark />
          <Typography id="login-heading" variant="h5" component="h1" data-testid={loginIds.heading}>
            {appName}
          </Typography>
          {codeStep ? (
            <>
              <Typography id="login-code-prompt">{LOGIN_CODE_TEXTS.prompt}</Typography>
              <FormControl>
                <InputLabel htmlFor="login-code">{LOGIN_CODE_TEXTS.label}</InputLabel>
                <OutlinedInput
                  id="login-code"
                  label={LOGIN_CODE_TEXTS.label}
                  name="code"
                  autoComplete="one-time-code"
                  autoFocus
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  inputProps={{
                    'data-testid': loginIds.code,
                    inputMode: 'numeric',
                    maxLength: 6,
                    'aria-describedby': 'login-code-prompt',
                  }}
                />
              </FormControl>
              <Button type="submit" variant="contained" disabled={busy} data-testid={loginIds.codeSubmit}>
                {LOGIN_CODE_TEXTS.submit}
              </Button>
              <Button
                disabled={busy}
                onClick={() => {
                  // Back to the password: the challenge is dropped, a new sign-in starts over.
                  setCodeStep(null);
                  setPassword('');
                }}
                data-testid={loginIds.codeBack}
              >
                {LOGIN_CODE_TEXTS.back}
              </Button>
            </>
          ) : (
            <>
              {/* TextField's own parts, not TextField: it brings Select, menus and popovers into the
              sign-in page's first load (issues 14, 15: first load within 170 KB gzipped). */}
              <FormControl>
                <InputLabel htmlFor="login-user">User</InputLabel>
                <OutlinedInput
                  id="login-user"
                  label="User"
                  name="username"
                  autoComplete="username"
                  autoFocus
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  inputProps={{ 'data-testid': loginIds.user }}
                />
              </FormControl>
              <FormControl>
                <InputLabel htmlFor="login-password">Password</InputLabel>
                <OutlinedInput
                  id="login-password"
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  inputProps={{ 'data-testid': loginIds.password }}
                />
              </FormControl>
              <Button type="submit" variant="contained" disabled={busy} data-testid={loginIds.submit}>
                Login
              </Button>
            </>
          )}
        </Box>
      </Paper>
      {error && <SnackbarView message={error} onClose={() => setError(null)} />}
    </Box>
  );
}
