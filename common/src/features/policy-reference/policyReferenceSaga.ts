/**
 * Loads a policy reference row on request and keeps it: one watcher; a request for a row that is
 * loaded or loading does nothing (unless it asks to reload), so every editor that needs the
 * category tree may ask for it and it is read once. A failure becomes the entry's state.
 */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeEvery } from 'redux-saga/effects';
import { toErrorInfo } from '../../api/ApiCallError';
import type { HttpClient } from '../../api/http';
import { getPolicyReference } from '../../api/policyReference';
import {
  policyReferenceLoadFailed,
  policyReferenceLoadStarted,
  policyReferenceLoaded,
  policyReferenceRequested,
} from './policyReferenceSlice';
import {
  selectPolicyReference,
  type PolicyReferenceView,
  type WithPolicyReference,
} from './policyReferenceSelectors';

function* loadReference(http: HttpClient, action: ReturnType<typeof policyReferenceRequested>): SagaIterator {
  const { name, rev, reload } = action.payload;
  const request = rev === undefined ? { name } : { name, rev };
  const current: PolicyReferenceView<typeof name> = yield select((s: WithPolicyReference) =>
    selectPolicyReference(s, name, rev),
  );
  if (current.status === 'loading' || (current.status === 'ready' && !reload)) return;
  yield put(policyReferenceLoadStarted(request));
  try {
    const data: unknown = yield call(getPolicyReference, http, name, { rev });
    yield put(policyReferenceLoaded({ ...request, data }));
  } catch (e) {
    yield put(policyReferenceLoadFailed({ ...request, error: toErrorInfo(e, `getPolicyReference:${name}`) }));
  }
}

export function* policyReferenceSaga(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  // Every row loads on its own; different rows load side by side.
  yield takeEvery(policyReferenceRequested.type, loadReference, http);
}
