import type { SagaIterator } from 'redux-saga';
import { put } from 'redux-saga/effects';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import { snackbarShown } from './snackbarSlice';

/**
 * A failed call's "Error: <message>" snackbar, except on a 403: the HTTP client has already shown
 * the 5-second permission message (docs/http-client.md §4), which this one would replace. Every
 * saga that words a failure in the snackbar goes through here.
 */
export function* failureSnackbar(info: Pick<ApiCallErrorInfo, 'status' | 'message'>): SagaIterator {
  if (info.status === 403) return;
  yield put(snackbarShown({ kind: 'save', outcome: 'error', message: info.message }));
}
