/**
 * How a failed login reaches the shared LoginPage (docs/shared-ui.md §1 Login): its onSubmit rejects with
 * `{ msg?, delay? }`; the page shows msg (or 'An error occurred.') with $1 replaced by delay.
 */
import { ApiCallError } from './ApiCallError';
import type { LoginError } from '../features/session/sessionSlice';

/** What a login submit rejects with. */
export interface LoginRejection {
  msg?: string;
  /** Lockout wait in seconds (replaces $1 in msg). */
  delay?: number;
}

/** A failed login as stored by either session: the tenant's `{ msg, delay }` or the provider's `{ message }`. */
export interface LoginErrorLike {
  msg?: string;
  message?: string;
  delay?: number;
}

/**
 * The rejection for LoginPage from a failed login's stored error: its msg (or message) and delay.
 * No error (the login succeeded but the session did not start) gives `{}`: the page's fallback text.
 */
export function loginRejectionOf(error: LoginErrorLike | null | undefined): LoginRejection {
  const rejection: LoginRejection = {};
  if (!error) return rejection;
  const msg = error.msg ?? error.message;
  if (msg !== undefined) rejection.msg = msg;
  if (error.delay !== undefined) rejection.delay = error.delay;
  return rejection;
}

export const LOGIN_ERROR_FALLBACK = 'An error occurred.';

/**
 * The login page's error (docs/shared-ui.md §1): the error message, or the server's msg field, or
 * 'An error occurred.'; plus the lockout delay that replaces $1. Here, not in the session saga,
 * so the light sign-in pages (issues 14, 15) word a failure exactly as the saga does.
 */
export function loginErrorOf(error: unknown): LoginError {
  const data = error instanceof ApiCallError ? error.data : undefined;
  const d = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const msg =
    (typeof d.message === 'string' && d.message) ||
    (typeof d.msg === 'string' && d.msg) ||
    // The client's own words (a time-out, the provider chain's 'Can not set cookie.'), not axios's
    // "Request failed with status code 500" for a reply without any (an HTML error page).
    (error instanceof ApiCallError && !error.unexplained ? error.message : '') ||
    LOGIN_ERROR_FALLBACK;
  const result: LoginError = { msg };
  if (typeof d.delay === 'number') result.delay = d.delay;
  return result;
}
