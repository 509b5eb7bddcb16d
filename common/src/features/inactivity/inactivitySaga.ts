import type { SagaIterator, EventChannel } from 'redux-saga';
import { eventChannel } from 'redux-saga';
import { call, delay, fork, getContext, put, race, take } from 'redux-saga/effects';
import * as authApi from '../../api/auth';
import type { HttpClient } from '../../api/http';
import { toErrorInfo } from '../../api/ApiCallError';
import { getRuntimeEnv } from '../../env/runtimeEnv';
import type { Navigation } from '../../store/navigation';
import { loggedOut, logoutRequested, sessionStarted } from '../session/sessionSlice';
import {
  ACTIVITY_EVENTS,
  ACTIVITY_THROTTLE_MS,
  INACTIVITY_WARNING_MS,
  MS_PER_DAY,
  cookieRefreshFailed,
  cookieRefreshed,
  inactivityCountdownTicked,
  inactivityTimedOut,
  inactivityWarningShown,
  inactivityWatchStarted,
  inactivityWatchStopped,
  staySignedInClicked,
  userActivityDetected,
} from './inactivitySlice';

/** The logout page with the timeout flag (docs/sessions.md §6 logout route). */
export const LOGOUT_TIMEOUT_PATH = '/logout?timeout=true';

export function inactivityTimeoutMs(): number {
  return Math.max(1000, Math.round(getRuntimeEnv().inactivityTimeoutDays * MS_PER_DAY));
}

/** Emits once per DOM activity event on window (keys, clicks, scroll, touch). */
export function activityChannel(target: Window = window): EventChannel<true> {
  return eventChannel<true>((emit) => {
    const handler = (): void => emit(true);
    for (const name of ACTIVITY_EVENTS)
      target.addEventListener(name, handler, { passive: true, capture: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, handler, { capture: true });
    };
  });
}

/** Activity events are throttled to once per 60000 ms. */
function* forwardActivity(): SagaIterator {
  const channel: EventChannel<true> = yield call(activityChannel);
  let last = Number.NEGATIVE_INFINITY;
  try {
    while (true) {
      yield take(channel);
      const now = Date.now();
      if (now - last >= ACTIVITY_THROTTLE_MS) {
        last = now;
        yield put(userActivityDetected());
      }
    }
  } finally {
    channel.close();
  }
}

function* refreshCookie(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    yield call(authApi.cookieRefresh, http);
    yield put(cookieRefreshed());
  } catch (e) {
    yield put(cookieRefreshFailed(toErrorInfo(e, 'cookieRefresh')));
  }
}

const ACTIVITY = [userActivityDetected.type, staySignedInClicked.type];

/** Runs while the session lives; returns when the inactivity time-out fires. */
function* watchInactivity(): SagaIterator {
  const timeoutMs = inactivityTimeoutMs();
  const quietMs = Math.max(0, timeoutMs - INACTIVITY_WARNING_MS);
  const warningMs = timeoutMs - quietMs;
  yield put(inactivityWatchStarted());
  while (true) {
    const quiet: { activity?: unknown } = yield race({ activity: take(ACTIVITY), elapsed: delay(quietMs) });
    if (quiet.activity) {
      // Each activity resets the timer and refreshes the cookie.
      yield fork(refreshCookie);
      continue;
    }
    let secondsLeft = Math.ceil(warningMs / 1000);
    let remainingMs = warningMs;
    yield put(inactivityWarningShown({ secondsLeft }));
    let resumed = false;
    while (remainingMs > 0) {
      const step = Math.min(1000, remainingMs);
      const tick: { activity?: unknown } = yield race({ activity: take(ACTIVITY), tick: delay(step) });
      if (tick.activity) {
        resumed = true;
        yield fork(refreshCookie);
        break;
      }
      remainingMs -= step;
      secondsLeft = Math.ceil(remainingMs / 1000);
      if (remainingMs > 0) yield put(inactivityCountdownTicked({ secondsLeft }));
    }
    if (resumed) continue;
    yield put(inactivityTimedOut());
    return true;
  }
}

export function* inactivitySaga(): SagaIterator {
  while (true) {
    yield take(sessionStarted.type);
    const result: { timedOut?: boolean } = yield race({
      timedOut: call(watchInactivity),
      activity: call(forwardActivity),
      ended: take(loggedOut.type),
    });
    if (result.timedOut === true) {
      const navigation: Navigation = yield getContext('navigation');
      yield put(logoutRequested({ timeout: true }));
      yield take(loggedOut.type);
      navigation.navigate(LOGOUT_TIMEOUT_PATH);
    }
    yield put(inactivityWatchStopped());
  }
}
