/**
 * Watching a rollout (issue 14 staged rollouts), as job polling does a job (docs/http-client.md §7):
 * the rollout is read, and read again every second while it runs; polling ends when it settles
 * (completed, failed, stopped, paused, rolled back, or a draft) or the page closes it. An action
 * (start, stop, resume, roll back) answers the rollout; one that leaves it running is watched again.
 */
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, take, takeLatest } from 'redux-saga/effects';
import type { HttpClient } from '../../api/http';
import { getRollout, rolloutAction } from '../../api/providerRollouts';
import { JOB_POLL_INTERVAL_MS } from '../../api/contract/jobs';
import { ROLLOUT_SETTLED_STATES } from '../../api/contract/providerRolloutPaths';
import type { Rollout } from '../../api/contract/providerRollouts';
import { toErrorInfo } from '../../api/ApiCallError';
import {
  rolloutActionDone,
  rolloutActionFailed,
  rolloutActionRequested,
  rolloutClosed,
  rolloutOpened,
  rolloutPollFailed,
  rolloutPolled,
  rolloutSettled,
} from './rolloutsSlice';

/** The rollout polling interval: the job polling's 1 s (docs/http-client.md §7, §7). */
export const ROLLOUT_POLL_INTERVAL_MS = JOB_POLL_INTERVAL_MS;

export const rolloutSettles = (r: Rollout): boolean => ROLLOUT_SETTLED_STATES.includes(r.state);

/** Polls rollout `id` until it settles; answers it settled. */
export function* pollRollout(http: HttpClient, id: string): SagaIterator<Rollout> {
  for (;;) {
    const r: Rollout = yield call(getRollout, http, id);
    if (rolloutSettles(r)) return r;
    yield put(rolloutPolled(r));
    yield delay(ROLLOUT_POLL_INTERVAL_MS);
  }
}

function* watch(id: string): SagaIterator {
  const http: HttpClient = yield getContext('http');
  function* run(): SagaIterator {
    try {
      const settled: Rollout = yield call(pollRollout, http, id);
      yield put(rolloutSettled(settled));
    } catch (e) {
      yield put(rolloutPollFailed({ id, error: toErrorInfo(e, 'getRollout').message }));
    }
  }
  // Closing the detail (or opening another rollout) stops the polling.
  yield race({
    run: call(run),
    closed: take((a: unknown) => rolloutClosed.match(a) || rolloutOpened.match(a)),
  });
}

function* opened(action: ReturnType<typeof rolloutOpened>): SagaIterator {
  yield call(watch, action.payload);
}

function* acted(action: ReturnType<typeof rolloutActionRequested>): SagaIterator {
  const { id } = action.payload;
  const http: HttpClient = yield getContext('http');
  let r: Rollout;
  try {
    r = yield call(rolloutAction, http, id, action.payload.action);
  } catch (e) {
    yield put(rolloutActionFailed({ id, error: toErrorInfo(e, `${action.payload.action}Rollout`).message }));
    return;
  }
  yield put(rolloutActionDone(r));
  // Started or resumed: watch it run (a fresh watch replaces a settled one).
  if (!rolloutSettles(r)) yield put(rolloutOpened(id));
  else yield put(rolloutSettled(r));
}

export function* rolloutsSaga(): SagaIterator {
  yield takeLatest(rolloutOpened.type, opened);
  yield takeLatest(rolloutActionRequested.type, acted);
}
