/** The policy tester's one call: the latest request wins (an older answer is dropped). */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import type { TesterReply } from '../../api/contract/policy';
import type { HttpClient } from '../../api/http';
import * as policyApi from '../../api/policy';
import { toErrorInfo } from '../../api/ApiCallError';
import { policyTestFailed, policyTestRequested, policyTestSucceeded } from './policyTesterSlice';

function* runTest(action: ReturnType<typeof policyTestRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const reply: TesterReply = yield call(policyApi.testPolicy, http, action.payload);
    yield put(policyTestSucceeded(reply));
  } catch (e) {
    yield put(policyTestFailed(toErrorInfo(e, 'testPolicy')));
  }
}

export function* policyTesterSaga(): SagaIterator {
  yield takeLatest(policyTestRequested.type, runTest);
}
