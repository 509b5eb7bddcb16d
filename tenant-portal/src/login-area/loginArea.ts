/**
 * The separately loaded login area (/login/): the shared LoginPage submitting to the login API
 * (cloud POST /api/auth/v1/login, on-prem /api/v1/login — common's `login` picks the path), then
 * a full page load to the returnUrl from the hash query (`#/?returnUrl=…`), same-origin paths only.
 */
import { login, loginMfa } from '@workbench/common/api/auth';
import type { LoginCodeStep } from '@workbench/common/features/login/light';
import type { HttpClient } from '@workbench/common/api/http';
import { returnUrlOf } from '@workbench/common/api/contract/returnUrl';
import { hashQuery } from '@workbench/common/features/login/light';

/** The returnUrl of a hash like '#/?returnUrl=%2F%23%2Flogs' (null when absent or not same-origin). */
export const returnUrlFromHash = (hash: string): string | null => returnUrlOf(hashQuery(hash));

/**
 * LoginPage's onSubmit: resolves when the server accepted the credentials, with the code step
 * when the account has two-factor sign-in; rejects with the ApiCallError, whose reply body (msg,
 * delay) the login page shows.
 */
export async function submitLogin(
  http: HttpClient,
  username: string,
  password: string,
): Promise<void | LoginCodeStep> {
  const reply = await login(http, { username, password });
  if (reply.status !== 'mfa_required') return;
  return {
    verify: async (code) => {
      await loginMfa(http, { challenge: reply.challenge, code });
    },
  };
}
