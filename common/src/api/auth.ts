/**
 * Tenant auth calls (docs/sessions.md §8 Auth). On-prem uses the appliance dashboard API (/api/v1/*),
 * whose paths the spec does not show; docs/sessions.md §8 names POST /api/v1/login, and the others
 * follow the same pattern (ON_PREM_AUTH_PATHS).
 */
import type {
  AuthParams,
  AuthParamsRequest,
  ChangePasswordReply,
  ChangePasswordRequest,
  CookieRefreshReply,
  LoginMfaRequest,
  LoginReply,
  LoginRequest,
  LoginSignedIn,
  MfaCodeRequest,
  MfaEnrolment,
  MfaState,
  MfaUserList,
  PortalVersion,
  UserInfo,
} from './contract/auth';
import { AUTH_PATHS } from './contract/auth';
import { SKIP_403_HEADER } from './contract/wire';
import { CM_OWN_PATHS } from './contract/cmOwnPaths';
import { isManagementStation, isOnPrem } from '../env/runtimeEnv';
import type { HttpClient } from './http';

export const ON_PREM_AUTH_PATHS = {
  login: '/api/v1/login',
  logout: '/api/v1/logout',
  cookieRefresh: '/api/v1/cookie_refresh',
  userInfo: '/api/v1/userinfo',
  loginMfa: '/api/v1/login/mfa',
} as const;

const paths = () => (isOnPrem() ? ON_PREM_AUTH_PATHS : AUTH_PATHS);

export async function authParams(http: HttpClient, body: AuthParamsRequest = {}): Promise<AuthParams> {
  const r = await http.post<AuthParams>(AUTH_PATHS.authParams, body, {
    callName: 'authParams',
    loginCall: true,
  });
  return r.data;
}

export async function login(http: HttpClient, body: LoginRequest): Promise<LoginReply> {
  const r = await http.post<LoginReply>(paths().login, body, { callName: 'login', loginCall: true });
  return r.data;
}

/** Text reply; callers ignore its outcome (docs/sessions.md §1). */
export async function logout(http: HttpClient): Promise<string> {
  const r = await http.get<string>(paths().logout, {
    callName: 'logout',
    loginCall: true,
    responseType: 'text',
  });
  return typeof r.data === 'string' ? r.data : JSON.stringify(r.data);
}

export async function cookieRefresh(http: HttpClient): Promise<CookieRefreshReply> {
  const r = await http.post<CookieRefreshReply>(paths().cookieRefresh, {}, { callName: 'cookieRefresh' });
  return r.data;
}

export async function userInfo(http: HttpClient): Promise<UserInfo> {
  const r = await http.get<UserInfo>(paths().userInfo, { callName: 'userInfo' });
  return r.data;
}

/** Read with the skip-403 header: a 403 here shows no snackbar (docs/http-client.md §4). */
export async function getPortalVersion(http: HttpClient): Promise<PortalVersion> {
  const r = await http.get<PortalVersion>(AUTH_PATHS.portalVersion, {
    callName: 'getPortalVersion',
    headers: { [SKIP_403_HEADER]: '1' },
  });
  return r.data;
}

/**
 * `skip403`: the caller expects a 403 for some roles and handles it (the switch to v2 at session
 * start, which a read-only role may not make), so no permission snackbar shows.
 */
export async function setPortalVersion(
  http: HttpClient,
  body: PortalVersion,
  options: { skip403?: boolean } = {},
): Promise<PortalVersion> {
  const r = await http.put<PortalVersion>(AUTH_PATHS.portalVersion, body, {
    callName: 'setPortalVersion',
    headers: options.skip403 ? { [SKIP_403_HEADER]: '1' } : undefined,
  });
  return r.data;
}

/**
 * The signed-in user's own password change (400 names the field: current_password, new_password).
 * On a management station it is the station's own call (docs/central-manager.md §13), the same
 * change by the same handler.
 */
export async function changePassword(
  http: HttpClient,
  body: ChangePasswordRequest,
): Promise<ChangePasswordReply> {
  const path = isManagementStation() ? CM_OWN_PATHS.password : AUTH_PATHS.changePassword;
  const r = await http.post<ChangePasswordReply>(path, body, {
    callName: 'changePassword',
  });
  return r.data;
}

/** The code step of a sign-in with two-factor sign-in (after login answered mfa_required). */
export async function loginMfa(http: HttpClient, body: LoginMfaRequest): Promise<LoginSignedIn> {
  const r = await http.post<LoginSignedIn>(paths().loginMfa, body, { callName: 'loginMfa', loginCall: true });
  return r.data;
}

/** The signed-in user's own second factor (the user menu's Two-factor sign-in). */
export async function mfaState(http: HttpClient): Promise<MfaState> {
  return (await http.get<MfaState>(AUTH_PATHS.mfa, { callName: 'mfaState' })).data;
}
export async function mfaEnrol(http: HttpClient): Promise<MfaEnrolment> {
  return (await http.post<MfaEnrolment>(AUTH_PATHS.mfaEnrol, {}, { callName: 'mfaEnrol' })).data;
}
export async function mfaConfirm(http: HttpClient, body: MfaCodeRequest): Promise<MfaState> {
  return (await http.post<MfaState>(AUTH_PATHS.mfaConfirm, body, { callName: 'mfaConfirm' })).data;
}
export async function mfaDisable(http: HttpClient, body: MfaCodeRequest): Promise<MfaState> {
  return (await http.post<MfaState>(AUTH_PATHS.mfaDisable, body, { callName: 'mfaDisable' })).data;
}
export async function mfaUsers(http: HttpClient): Promise<MfaUserList> {
  return (await http.get<MfaUserList>(AUTH_PATHS.mfaUsers, { callName: 'mfaUsers' })).data;
}
