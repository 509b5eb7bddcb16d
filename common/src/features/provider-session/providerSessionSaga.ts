import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import Cookies from 'js-cookie';
import type { ProviderUser, SessionKeyReply } from '../../api/contract/provider';
import { PROVIDER_XSRF_COOKIE } from '../../api/contract/wire';
import * as providerApi from '../../api/provider';
import { providerSignIn, type ProviderSignedIn } from '../../api/providerSignIn';
import type { HttpClient } from '../../api/http';
import { loginErrorOf } from '../../api/loginRejection';
import { toErrorInfo } from '../../api/ApiCallError';
import { snackbarShown } from '../snackbar/snackbarSlice';
import { failureSnackbar } from '../snackbar/failureSnackbar';
import {
  providerExtendFailed,
  providerExtendRequested,
  providerLoggedOut,
  providerLoginRequested,
  providerLogoutRequested,
  providerSessionExtended,
  providerSessionFailed,
  providerSessionStartRequested,
  providerSessionStarted,
} from './providerSessionSlice';

export const SESSION_EXTENDED_MESSAGE = 'The session has been extended.';

/** On load: me; 'Can not get user data.' unless status 'authenticated'. */
function* start(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const user: ProviderUser = yield call(providerApi.me, http);
    yield put(providerSessionStarted({ user }));
  } catch (e) {
    yield put(providerSessionFailed(toErrorInfo(e, 'me')));
  }
}

/** idpToken → oauthLogin (status must be 'Success') → sessionCookie → me. */
function* login(action: ReturnType<typeof providerLoginRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const signedIn: ProviderSignedIn = yield call(providerSignIn, http, action.payload);
    yield put(providerSessionStarted(signedIn));
  } catch (e) {
    // Worded as the login area words a failure (docs/shared-ui.md §1 Login), as the tenant's is.
    yield put(providerSessionFailed({ ...toErrorInfo(e, 'providerLogin'), message: loginErrorOf(e).msg }));
  }
}

function* extend(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const reply: SessionKeyReply = yield call(providerApi.extendKey, http);
    yield put(providerSessionExtended({ expires: reply.expires }));
    yield put(snackbarShown({ kind: 'save', outcome: 'success', message: SESSION_EXTENDED_MESSAGE }));
  } catch (e) {
    const info = toErrorInfo(e, 'extendKey');
    yield put(providerExtendFailed(info));
    yield call(failureSnackbar, info);
  }
}

function* logout(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    yield call(providerApi.logout, http);
  } catch {
    // Like the tenant session: logging out proceeds whatever the call answers.
  }
  Cookies.remove(PROVIDER_XSRF_COOKIE, { path: '/' });
  yield put(providerLoggedOut());
}

export function* providerSessionSaga(): SagaIterator {
  yield takeLatest(providerSessionStartRequested.type, start);
  yield takeLeading(providerLoginRequested.type, login);
  yield takeLeading(providerExtendRequested.type, extend);
  yield takeLeading(providerLogoutRequested.type, logout);
}
