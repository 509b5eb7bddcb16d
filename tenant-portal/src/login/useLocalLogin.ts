import {
  loginCodeSubmitted,
  loginRejectionOf,
  loginRequested,
  selectIsLoggingIn,
  selectLoginChallenge,
  selectLoginError,
  selectSessionStarting,
  selectSessionStatus,
  useLoginSubmit,
  type LoginCodeStep,
  type LoginOutcome,
  type TenantBaseState,
} from '@workbench/common';

/**
 * Where the in-app login stands: the session saga runs the login (and the code step of an account
 * with two-factor sign-in), then starts the session; a session that did not start is refused with
 * the page's fallback text, as when the saga's login could not start it.
 */
const loginOutcome = (state: TenantBaseState): LoginOutcome => {
  if (selectSessionStatus(state) === 'loggedIn') return 'loggedIn';
  if (selectIsLoggingIn(state) || selectSessionStarting(state)) return 'pending';
  const error = selectLoginError(state);
  if (error) return loginRejectionOf(error);
  if (selectLoginChallenge(state) !== null) return 'codeAsked';
  return loginRejectionOf(null);
};

/**
 * LoginPage's onSubmit for the in-app login: the session saga's login (with the code step when
 * the account has two-factor sign-in, issue 14); settles when the session is logged in or did not
 * start. Failures are worded by loginErrorOf, the rule the light page's calls (signInClient.ts) use.
 */
export function useLocalLogin(): (username: string, password: string) => Promise<void | LoginCodeStep> {
  return useLoginSubmit(loginRequested, loginOutcome, loginCodeSubmitted);
}
