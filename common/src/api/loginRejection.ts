/**
 * How a failed login reaches the shared LoginPage (shared-ui §4 Login): its onSubmit rejects with
 * `{ msg?, delay? }`; the page shows msg (or 'An error occurred.') with $1 replaced by delay.
 */

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
