/**
 * Two-person approval's calls: load the requests; submit the staged revision as loaded; approve or
 * reject; after a write the requests and the revision load again (an approval publishes).
 */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { HttpClient } from '../../api/http';
import type { ApprovalList } from '../../api/contract/publishApproval';
import type { Revision } from '../../api/contract/policy';
import * as approvalApi from '../../api/publishApproval';
import { toErrorInfo } from '../../api/ApiCallError';
import { revisionRequested } from '../revision/revisionSlice';
import { selectRevision } from '../revision/revisionSelectors';
import {
  approvalDecisionRequested,
  approvalSubmitRequested,
  approvalWriteFailed,
  approvalWritten,
  approvalsLoadFailed,
  approvalsLoaded,
  approvalsRequested,
} from './publishApprovalSlice';

function* loadApprovals(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const list: ApprovalList = yield call(approvalApi.listApprovals, http);
    yield put(approvalsLoaded(list));
  } catch (e) {
    yield put(approvalsLoadFailed(toErrorInfo(e, 'listApprovals').message));
  }
}

function* afterWrite(): SagaIterator {
  yield put(approvalWritten());
  yield put(approvalsRequested());
  yield put(revisionRequested());
}

function* submit(action: ReturnType<typeof approvalSubmitRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  const revision: Revision | null = yield select(selectRevision);
  try {
    if (!revision) throw new Error('The policy revision is not loaded.');
    yield call(approvalApi.submitApproval, http, {
      staged_rev_id: revision.staged_rev_id,
      updated_at: revision.updated_at,
      comment: action.payload.comment,
    });
    yield call(afterWrite);
  } catch (e) {
    yield put(approvalWriteFailed(toErrorInfo(e, 'submitApproval').message));
  }
}

function* decide(action: ReturnType<typeof approvalDecisionRequested>): SagaIterator {
  const http: HttpClient = yield getContext('http');
  const { id, outcome, reason } = action.payload;
  try {
    yield call(approvalApi.decideApproval, http, id, outcome, reason);
    yield call(afterWrite);
  } catch (e) {
    yield put(approvalWriteFailed(toErrorInfo(e, `${outcome}Approval`).message));
    yield put(approvalsRequested());
  }
}

export function* publishApprovalSaga(): SagaIterator {
  yield takeLatest(approvalsRequested.type, loadApprovals);
  yield takeLeading(approvalSubmitRequested.type, submit);
  yield takeLeading(approvalDecisionRequested.type, decide);
}
