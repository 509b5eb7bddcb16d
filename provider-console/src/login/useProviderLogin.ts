import {
  loginRejectionOf,
  providerLoginRequested,
  selectProviderError,
  selectProviderStatus,
  useLoginSubmit,
  type LoginCodeStep,
  type LoginOutcome,
  type ProviderBaseState,
} from '@workbench/common';

/** The provider session's login: logged in, still logging in, or failed with the chain's error. */
const providerLoginOutcome = (state: ProviderBaseState): LoginOutcome => {
  const status = selectProviderStatus(state);
  if (status === 'loggedIn') return 'loggedIn';
  if (status === 'loggingIn') return 'pending';
  return loginRejectionOf(selectProviderError(state));
};

/**
 * LoginPage's onSubmit for the provider console: runs the provider login chain
 * (providerLoginRequested: /idp/token → oauth/login → session_cookie → me) and settles when the
 * session is logged in, or rejects with the chain's error message.
 */
export function useProviderLogin(): (username: string, password: string) => Promise<void | LoginCodeStep> {
  return useLoginSubmit(providerLoginRequested, providerLoginOutcome);
}
