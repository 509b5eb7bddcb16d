/**
 * What the tenant's light sign-in pages send (issue 15): the login and the cloud login's
 * authentication parameters, through the shared HTTP client (no-cache and xsrf headers, time-out,
 * error handling). Loaded on demand, at the user's first move in the form or on submit, so axios
 * is not in a sign-in page's first load.
 */
import { authParams, login, loginMfa } from '@workbench/common/api/auth';
import type { AuthParams } from '@workbench/common/api/contract/auth';
import { XSRF_COOKIE } from '@workbench/common/api/contract/wire';
import { createHttpClient, type HttpClient } from '@workbench/common/api/http';
import { loginErrorOf, loginRejectionOf } from '@workbench/common/api/loginRejection';

export interface TenantSignInClient {
  /**
   * POST login (cloud /api/auth/v1/login, on-prem /api/v1/login); the server sets the session
   * cookies. Rejects with LoginPage's `{ msg, delay }`, worded as the session saga words it.
   */
  login(username: string, password: string): Promise<LoginNext>;
  /** The code step (after login answered a challenge); rejects as login does. */
  loginMfa(challenge: string, code: string): Promise<void>;
  /** The cloud login's authentication parameters (with force_udb when asked). */
  authParams(forceUdb: boolean | undefined): Promise<AuthParams>;
}

/** After the password: signed in, or the account's second factor is asked for (with its challenge). */
export type LoginNext = { status: 'ok' } | { status: 'mfa_required'; challenge: string };

export function signInClientOf(http: HttpClient): TenantSignInClient {
  return {
    async login(username, password) {
      try {
        const reply = await login(http, { username, password });
        return reply.status === 'mfa_required'
          ? { status: 'mfa_required', challenge: reply.challenge }
          : { status: 'ok' };
      } catch (e) {
        throw loginRejectionOf(loginErrorOf(e));
      }
    },
    async loginMfa(challenge, code) {
      try {
        await loginMfa(http, { challenge, code });
      } catch (e) {
        throw loginRejectionOf(loginErrorOf(e));
      }
    },
    authParams: (forceUdb) => authParams(http, forceUdb ? { force_udb: true } : {}),
  };
}

/** The browser's client: no session yet, so no hooks (a login call's 401 is the page's to show). */
export const createSignInHttp = (): HttpClient => createHttpClient({ baseURL: '', xsrfCookie: XSRF_COOKIE });

export const createSignInClient = (): TenantSignInClient => signInClientOf(createSignInHttp());
