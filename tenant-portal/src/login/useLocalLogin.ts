import { useCallback } from 'react';
import {
  loginRejectionOf,
  selectSessionStarting,
  selectSessionStatus,
  sessionStartRequested,
  useLoginSubmit,
  type LoginOutcome,
  type TenantBaseState,
} from '@workbench/common';
import type { LoginCodeStep } from '@workbench/common/features/login/light';
import { useHttpClient } from '../app/httpContext';
import { signInClientOf } from './signInClient';

/**
 * The session after the login set the cookies: started, still starting, or not started (the
 * page's fallback text, as when the saga's login could not start it).
 */
const sessionOutcome = (state: TenantBaseState): LoginOutcome => {
  if (selectSessionStatus(state) === 'loggedIn') return 'loggedIn';
  if (selectSessionStarting(state)) return 'pending';
  return loginRejectionOf(null);
};
const startRequest = () => sessionStartRequested();

/**
 * LoginPage's onSubmit for the in-app login: the login call (with the code step when the account
 * has two-factor sign-in, issue 14), then the session starts as the session saga starts it after
 * a login; settles when the session is logged in or did not start. The calls are the light
 * page's (signInClient.ts), so both pages word failures alike.
 */
export function useLocalLogin(): (username: string, password: string) => Promise<void | LoginCodeStep> {
  const http = useHttpClient();
  const startSession = useLoginSubmit(startRequest, sessionOutcome);
  return useCallback(
    async (username: string, password: string) => {
      const client = signInClientOf(http);
      const next = await client.login(username, password);
      if (next.status === 'mfa_required') {
        return {
          verify: async (code: string) => {
            await client.loginMfa(next.challenge, code);
            await startSession('', '');
          },
        };
      }
      await startSession('', '');
    },
    [http, startSession],
  );
}
