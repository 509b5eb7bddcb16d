/** The change markers' one call per window: each window's latest request wins. */
import type { SagaIterator } from 'redux-saga';
import { call, fork, getContext, put, take } from 'redux-saga/effects';
import type { RevisionsPage } from '../../api/contract/policy';
import type { HttpClient } from '../../api/http';
import * as policyApi from '../../api/policy';
import { toErrorInfo } from '../../api/ApiCallError';
import {
  changeMarkersFailed,
  changeMarkersLoaded,
  changeMarkersRequested,
  type MarkerWindow,
} from './changeMarkersSlice';

function* loadWindow(window: MarkerWindow): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const page: RevisionsPage = yield call(policyApi.listRevisionsPublishedIn, http, {
      from: new Date(window.from).toISOString(),
      to: new Date(window.to).toISOString(),
    });
    yield put(changeMarkersLoaded({ window, items: page.items }));
  } catch (e) {
    yield put(changeMarkersFailed({ window, error: toErrorInfo(e, 'listRevisionsPublishedIn') }));
  }
}

export function* changeMarkersSaga(): SagaIterator {
  // Every window loads on its own (charts of different ranges at once); the hook asks once per window.
  while (true) {
    const action: ReturnType<typeof changeMarkersRequested> = yield take(changeMarkersRequested.type);
    yield fork(loadWindow, action.payload);
  }
}
