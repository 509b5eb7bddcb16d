/** The change markers' one call per source and window: each one's latest request wins. */
import type { SagaIterator } from 'redux-saga';
import { call, fork, getContext, put, take } from 'redux-saga/effects';
import type { ChangeMarker } from '@workbench/charts';
import type { HttpClient } from '../../api/http';
import { toErrorInfo } from '../../api/ApiCallError';
import {
  changeMarkersFailed,
  changeMarkersLoaded,
  changeMarkersRequested,
  type MarkerRequest,
} from './changeMarkersSlice';

function* loadWindow(request: MarkerRequest): SagaIterator {
  const http: HttpClient = yield getContext('http');
  const { source, window } = request;
  try {
    // Loaded with the first request, not with the store (changeMarkerSource.ts says why).
    const { markerSourceDef }: typeof import('./changeMarkerSources') = yield call(
      () => import('./changeMarkerSources'),
    );
    const items: ChangeMarker[] = yield call(markerSourceDef(source).load, http, source, {
      from: new Date(window.from).toISOString(),
      to: new Date(window.to).toISOString(),
    });
    yield put(changeMarkersLoaded({ request, items }));
  } catch (e) {
    yield put(changeMarkersFailed({ request, error: toErrorInfo(e, 'changeMarkers') }));
  }
}

export function* changeMarkersSaga(): SagaIterator {
  // Every window loads on its own (charts of different ranges at once); the hook asks once per window.
  while (true) {
    const action: ReturnType<typeof changeMarkersRequested> = yield take(changeMarkersRequested.type);
    yield fork(loadWindow, action.payload);
  }
}
