/** Session side effects (docs/sessions.md §1): start, login, logout, the policy at start (§5). */
import type { SagaIterator } from 'redux-saga';
import { all, call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import Cookies from 'js-cookie';
import {
  CHANGE_PASSWORD_MSGS,
  PORTAL_VERSION_WRITE,
  type AuthParams,
  type LoginReply,
  type PortalVersion,
  type UserInfo,
} from '../../api/contract/auth';
import { selectAccessController, selectCan } from '../rbac/rbacSelectors';
import { REVISION_READ } from '../../api/contract/policyKindGroups';
import { XSRF_COOKIE } from '../../api/contract/wire';
import * as authApi from '../../api/auth';
import { getCapabilityDetails } from '../../api/capabilityDetails';
import {
  CAPABILITY_DETAIL_NAMES,
  type CapabilityDetailName,
  type CapabilityDetails,
} from '../../api/contract/capabilityDetails';
import type { HttpClient } from '../../api/http';
import { ApiCallError, toErrorInfo } from '../../api/ApiCallError';
import { loginErrorOf } from '../../api/loginRejection';
import { hasTenantSessionCookies } from '../login/signInVisit';
import { getRuntimeEnv, isCloud, isManagementStation, isOnPrem, type RuntimeEnv } from '../../env/runtimeEnv';
import { snackbarShown } from '../snackbar/snackbarSlice';
import { selectLoginChallenge, selectPendingStep } from './sessionSelectors';
import { revisionRequested } from '../revision/revisionSlice';
import {
  authParamsFailed,
  capabilityDetailsReceived,
  authParamsReceived,
  authParamsRequested,
  loggedOut,
  loginCodeAsked,
  loginCodeSubmitted,
  loginFailed,
  loginRequested,
  loginSucceeded,
  logoutRequested,
  passwordChangeFailed,
  passwordChangeRequested,
  passwordChanged,
  policyWelcomeShown,
  sessionStartFailed,
  sessionStartRequested,
  sessionStarted,
} from './sessionSlice';

export const NO_SESSION_MESSAGE = 'No session.';

/**
 * A session starts only if a user-id cookie exists, and on cloud and management station also a
 * non-empty xsrf cookie (the rule lives with the sign-in visit's, which the entries ask first).
 */
export function canStartSession(env: RuntimeEnv = getRuntimeEnv()): boolean {
  return hasTenantSessionCookies(env);
}

/** Removes every cookie scripts can see (httpOnly ones are the server's to clear). */
export function clearScriptCookies(): void {
  for (const name of Object.keys(Cookies.get())) {
    Cookies.remove(name, { path: '/' });
    Cookies.remove(name);
  }
}

/** Whether the portal version was switched to v2 (the revision is then read again). */
function* portalVersionAtStart(http: HttpClient): SagaIterator<boolean> {
  try {
    const version: PortalVersion = yield call(authApi.getPortalVersion, http);
    // A role that may not switch it (the logs-only one, the auditor) does not ask (issue 31: a
    // refused request at each of their sign-ins); the next administrator's sign-in switches it.
    const maySwitch: boolean = yield select(selectCan(PORTAL_VERSION_WRITE));
    if (version.portal_v2 || !maySwitch) return false;
    // Still with skip-403: the roles may have changed since the session started.
    yield call(authApi.setPortalVersion, http, { portal_v2: true }, { skip403: true });
    if (isOnPrem()) yield put(policyWelcomeShown());
    return true;
  } catch (e) {
    // Both calls are made with skip-403: a 403 is expected for some roles and stays silent.
    if (!(e instanceof ApiCallError && e.status === 403)) {
      yield put(snackbarShown({ kind: 'save', outcome: 'error', message: toErrorInfo(e).message }));
    }
    return false;
  }
}

/**
 * The policy at start, on the cloud and a management station (docs/sessions.md §5): the revision
 * is read at once, beside the portal version (not after it: each answer in a row delays the first
 * page), and read again once the portal version has been switched.
 */
function* policyAtStart(http: HttpClient): SagaIterator {
  if (!(isCloud() || isManagementStation())) return;
  // A role that may not read the revision (the logs alone) is not refused it at each sign-in.
  const mayReadRevision: boolean = yield select((state: Parameters<typeof selectAccessController>[0]) =>
    selectAccessController(state).allows(REVISION_READ),
  );
  if (mayReadRevision) yield put(revisionRequested());
  const switched: boolean = yield call(portalVersionAtStart, http);
  if (switched && mayReadRevision) yield put(revisionRequested());
}

/**
 * Reads a capability's details (docs/access.md §6) for the feature flags; a failed read leaves the
 * session's own entry in place (the session still starts).
 */
function* capabilityDetailsAtStart(http: HttpClient, name: CapabilityDetailName): SagaIterator {
  try {
    const reply: CapabilityDetails = yield call(getCapabilityDetails, http, name);
    yield put(capabilityDetailsReceived(reply));
  } catch {
    // The session's capabilities stand.
  }
}

function* startSession(): SagaIterator {
  if (!canStartSession()) {
    yield put(sessionStartFailed({ message: NO_SESSION_MESSAGE, callName: 'sessionStart' }));
    return;
  }
  const http: HttpClient = yield getContext('http');
  let user: UserInfo;
  try {
    user = yield call(authApi.userInfo, http);
  } catch (e) {
    yield put(sessionStartFailed(toErrorInfo(e, 'userInfo')));
    return;
  }
  yield put(sessionStarted(user, Cookies.get(XSRF_COOKIE) ?? null));
  // While a step is pending (a password someone else set, ...) the server refuses all else: the
  // start's calls wait until the steps are done and the session is read again.
  if (user.pending_steps.length > 0) return;
  // Side by side: neither waits for the other (each round trip in a row delays the first page).
  yield all([
    call(policyAtStart, http),
    ...CAPABILITY_DETAIL_NAMES.map((name) => call(capabilityDetailsAtStart, http, name)),
  ]);
}

function* loginWorker(action: ReturnType<typeof loginRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  let reply: LoginReply;
  try {
    // The server sets the user-id (and xsrf) cookie; the session then loads from it.
    reply = yield call(authApi.login, http, action.payload);
  } catch (e) {
    yield put(loginFailed(loginErrorOf(e)));
    return;
  }
  // Two-factor sign-in: no cookie yet; the code, sent with the challenge, completes the login.
  if (reply.status === 'mfa_required') {
    yield put(loginCodeAsked(reply.challenge));
    return;
  }
  yield put(loginSucceeded());
  yield put(sessionStartRequested());
}

function* loginCodeWorker(action: ReturnType<typeof loginCodeSubmitted>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  const challenge: string | null = yield select(selectLoginChallenge);
  try {
    if (challenge === null) throw new Error('No login asked for a code.');
    yield call(authApi.loginMfa, http, { challenge, code: action.payload.code });
  } catch (e) {
    yield put(loginFailed(loginErrorOf(e)));
    return;
  }
  yield put(loginSucceeded());
  yield put(sessionStartRequested());
}

function* authParamsWorker(action: ReturnType<typeof authParamsRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const params: AuthParams = yield call(
      authApi.authParams,
      http,
      action.payload.forceUdb ? { force_udb: true } : {},
    );
    yield put(authParamsReceived(params));
  } catch (e) {
    yield put(authParamsFailed(toErrorInfo(e, 'authParams')));
  }
}

function* logoutWorker(action: ReturnType<typeof logoutRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    yield call(authApi.logout, http);
  } catch {
    // Logout proceeds regardless of the call's outcome (docs/sessions.md §1).
  }
  clearScriptCookies();
  yield put(loggedOut({ timeout: action.payload?.timeout === true }));
}

function* changePasswordWorker(action: ReturnType<typeof passwordChangeRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  const wasPending = (yield select(selectPendingStep)) === 'change_password';
  try {
    yield call(authApi.changePassword, http, {
      current_password: action.payload.current,
      new_password: action.payload.next,
    });
  } catch (e) {
    yield put(passwordChangeFailed(toErrorInfo(e, 'changePassword')));
    return;
  }
  yield put(passwordChanged());
  yield put(snackbarShown({ kind: 'save', outcome: 'success', message: CHANGE_PASSWORD_MSGS.changed }));
  // The step is done: the session is read again (the next step, if any) and then starts as usual.
  if (wasPending) yield put(sessionStartRequested());
}

export function* sessionSaga(): SagaIterator {
  yield takeLatest(sessionStartRequested.type, startSession);
  yield takeLeading(loginRequested.type, loginWorker);
  yield takeLeading(loginCodeSubmitted.type, loginCodeWorker);
  yield takeLatest(authParamsRequested.type, authParamsWorker);
  yield takeLeading(logoutRequested.type, logoutWorker);
  yield takeLeading(passwordChangeRequested.type, changePasswordWorker);
}
