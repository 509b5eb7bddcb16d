/**
 * The provider console's sign-in chain (docs/http-client.md §6, docs/provider-console.md §2 Provider console): /idp/token →
 * oauth/login (status must be 'Success') → session_cookie with the session key → me. One function
 * for both callers: the session saga and the console's light sign-in page (issue 14), which runs
 * it before the store exists.
 */
import type { IdpTokenRequest, ProviderUser } from './contract/provider';
import type { HttpClient } from './http';
import { idpToken, me, oauthLogin, sessionCookie } from './provider';

export interface ProviderSignedIn {
  user: ProviderUser;
  /** When the session key expires (the oauth/login reply's `expires`), null when not given. */
  expires: string | null;
}

export async function providerSignIn(
  http: HttpClient,
  credentials: IdpTokenRequest,
): Promise<ProviderSignedIn> {
  const token = await idpToken(http, credentials);
  const reply = await oauthLogin(http, token.access_token);
  await sessionCookie(http, reply.Authorization);
  const user = await me(http);
  return { user, expires: reply.expires ?? null };
}
