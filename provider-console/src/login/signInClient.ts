/**
 * What the console's light sign-in page sends (issue 14): the sign-in chain (/idp/token →
 * oauth/login → session_cookie → me) through the shared HTTP client, loaded on demand at the
 * user's first move in the form or on submit, so axios is not in the sign-in page's first load.
 */
import { PROVIDER_XSRF_COOKIE } from '@workbench/common/api/contract/wire';
import { createHttpClient, type HttpClient } from '@workbench/common/api/http';
import { loginErrorOf, loginRejectionOf } from '@workbench/common/api/loginRejection';
import { providerSignIn, type ProviderSignedIn } from '@workbench/common/api/providerSignIn';

export interface ProviderSignInClient {
  /** Rejects with LoginPage's `{ msg }`, the chain's error as the session saga stores it. */
  signIn(username: string, password: string): Promise<ProviderSignedIn>;
}

export function signInClientOf(http: HttpClient): ProviderSignInClient {
  return {
    async signIn(username, password) {
      try {
        return await providerSignIn(http, { username, password });
      } catch (e) {
        throw loginRejectionOf(loginErrorOf(e));
      }
    },
  };
}

/** The browser's client: no session yet, so no hooks (the chain's 401 is the page's to show). */
export const createSignInClient = (): ProviderSignInClient =>
  signInClientOf(createHttpClient({ baseURL: '', xsrfCookie: PROVIDER_XSRF_COOKIE }));
