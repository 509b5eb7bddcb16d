/**
 * The impact preview's calls: start the job, poll it as any job (jobs' pollJob, on the preview's
 * path) and record its progress; the latest request wins, and clearing stops the polling.
 */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, race, take, takeLatest } from 'redux-saga/effects';
import type { HttpClient } from '../../api/http';
import type { Job } from '../../api/contract/jobs';
import type { ImpactJob } from '../../api/contract/policyImpact';
import * as impactApi from '../../api/policyImpact';
import { toErrorInfo } from '../../api/ApiCallError';
import { JobError, pollJob } from '../jobs/jobsSaga';
import {
  impactCleared,
  impactFailed,
  impactFinished,
  impactProgressed,
  impactRequested,
} from './policyImpactSlice';

function* runImpact(action: ReturnType<typeof impactRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  function* run(): SagaIterator {
    try {
      const started: ImpactJob = yield call(impactApi.startImpact, http, action.payload);
      yield put(impactProgressed(started));
      const job: Job = yield call(pollJob, http, started.id, {
        read: impactApi.getImpactJob,
        onPoll: function* onPoll(j: Job): SagaIterator {
          yield put(impactProgressed(j as unknown as ImpactJob));
        },
      });
      yield put(impactFinished(job as unknown as ImpactJob));
    } catch (e) {
      yield put(impactFailed(e instanceof JobError ? e.message : toErrorInfo(e, 'startImpact').message));
    }
  }
  yield race({ run: call(run), cleared: take(impactCleared.type) });
}

export function* policyImpactSaga(): SagaIterator {
  yield takeLatest(impactRequested.type, runImpact);
}
