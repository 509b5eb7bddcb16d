import {
  loginRejectionOf,
  loginRequested,
  selectIsLoggingIn,
  selectLoginError,
  selectSessionStatus,
  useLoginSubmit,
  type LoginOutcome,
  type TenantBaseState,
} from '@workbench/common';

/** The tenant session's login: logged in, still logging in, or failed (also when the session did not start). */
const localLoginOutcome = (state: TenantBaseState): LoginOutcome => {
  if (selectSessionStatus(state) === 'loggedIn') return 'loggedIn';
  if (selectIsLoggingIn(state)) return 'pending';
  return loginRejectionOf(selectLoginError(state));
};

/**
 * LoginPage's onSubmit for the in-app login: dispatches loginRequested (the session saga logs in,
 * then loads the session) and settles when the session is logged in or the login failed.
 */
export function useLocalLogin(): (username: string, password: string) => Promise<void> {
  return useLoginSubmit(loginRequested, localLoginOutcome);
}
