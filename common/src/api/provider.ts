/** Provider console calls (docs/http-client.md §6, docs/provider-console.md §6 Provider console, docs/http-client.md §8). */
import type {
  IdpTokenReply,
  IdpTokenRequest,
  MeReply,
  OauthLoginReply,
  ProviderTenantList,
  ProviderUser,
  SessionKeyReply,
} from './contract/provider';
import { PROVIDER_ERRORS, PROVIDER_PATHS } from './contract/provider';
import { ApiCallError } from './ApiCallError';
import type { HttpClient } from './http';

/** The identity provider the reference server ships (POST /idp/token). */
export const LOCAL_IDENTITY_PROVIDER = 'local';

export async function idpToken(http: HttpClient, body: IdpTokenRequest): Promise<IdpTokenReply> {
  const r = await http.post<IdpTokenReply>(PROVIDER_PATHS.idpToken, body, {
    callName: 'idpToken',
    loginCall: true,
  });
  return r.data;
}

/** The login reply must have status 'Success'; otherwise an error carrying that status is raised. */
export async function oauthLogin(
  http: HttpClient,
  accessToken: string,
  identityProvider: string = LOCAL_IDENTITY_PROVIDER,
): Promise<OauthLoginReply> {
  let data: OauthLoginReply;
  try {
    const r = await http.get<OauthLoginReply>(PROVIDER_PATHS.oauthLogin, {
      callName: 'oauthLogin',
      loginCall: true,
      params: { identity_provider: identityProvider, access_token: accessToken },
    });
    data = r.data;
  } catch (e) {
    const status = e instanceof ApiCallError ? statusText(e.data) : undefined;
    if (status && e instanceof ApiCallError) {
      throw new ApiCallError({ message: status, callName: 'oauthLogin', status: e.status, data: e.data });
    }
    throw e;
  }
  if (data.status !== 'Success') {
    throw new ApiCallError({ message: data.status || 'Login failed.', callName: 'oauthLogin', data });
  }
  return data;
}

function statusText(data: unknown): string | undefined {
  if (data && typeof data === 'object' && typeof (data as Record<string, unknown>).status === 'string') {
    return (data as Record<string, string>).status;
  }
  return undefined;
}

/**
 * Turns the session key (oauthLogin's `Authorization`, sent as that header) into the console's
 * cookies. Fails with 'Can not set cookie.' whatever went wrong.
 */
export async function sessionCookie(http: HttpClient, authorization?: string): Promise<void> {
  try {
    await http.get(PROVIDER_PATHS.sessionCookie, {
      callName: 'sessionCookie',
      loginCall: true,
      headers: authorization ? { Authorization: authorization } : undefined,
    });
  } catch (e) {
    throw new ApiCallError({
      message: PROVIDER_ERRORS.sessionCookie,
      callName: 'sessionCookie',
      status: e instanceof ApiCallError ? e.status : undefined,
    });
  }
}

/** The user data must have status 'authenticated'; otherwise 'Can not get user data.'. */
export async function me(http: HttpClient): Promise<ProviderUser> {
  let data: MeReply | undefined;
  let status: number | undefined;
  try {
    // A loginCall: at start a 401 only means "not signed in", not "log out".
    const r = await http.get<MeReply>(PROVIDER_PATHS.me, { callName: 'me', loginCall: true });
    data = r.data;
  } catch (e) {
    status = e instanceof ApiCallError ? e.status : undefined;
  }
  if (!data || data.status !== 'authenticated' || !data.user) {
    throw new ApiCallError({ message: PROVIDER_ERRORS.me, callName: 'me', status });
  }
  return data.user;
}

export async function extendKey(http: HttpClient): Promise<SessionKeyReply> {
  const r = await http.post<SessionKeyReply>(PROVIDER_PATHS.extendKey, {}, { callName: 'extendKey' });
  return r.data;
}

export async function logout(http: HttpClient): Promise<void> {
  await http.get(PROVIDER_PATHS.logout, { callName: 'providerLogout', loginCall: true });
}

export interface ListTenantsQuery {
  limit?: number;
  offset?: number;
  search?: string;
}

export async function listTenants(
  http: HttpClient,
  query: ListTenantsQuery = {},
): Promise<ProviderTenantList> {
  const r = await http.get<ProviderTenantList>(PROVIDER_PATHS.tenants, {
    callName: 'listTenants',
    params: query,
  });
  return r.data;
}
