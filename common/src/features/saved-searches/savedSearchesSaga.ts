/**
 * Saved searches: lists, saves and deletes through the logs API module. A save or delete is
 * followed by a fresh list (what the server now holds); a save shows a success snackbar. A failure
 * becomes state (the menu shows its message under the name field).
 */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SavedSearch } from '../../api/contract/savedSearches';
import type { HttpClient } from '../../api/http';
import * as logsApi from '../../api/logs';
import { toErrorInfo } from '../../api/ApiCallError';
import { snackbarShown } from '../snackbar/snackbarSlice';
import {
  savedSearchDeleteFailed,
  savedSearchDeleteRequested,
  savedSearchDeleted,
  savedSearchName,
  savedSearchSaveFailed,
  savedSearchSaveRequested,
  savedSearchSaved,
  savedSearchesLoadFailed,
  savedSearchesLoaded,
  savedSearchesRequested,
} from './savedSearchesSlice';

/** The success snackbar of a save. */
export function savedSearchSavedMessage(name: string): string {
  return `The search "${name}" has been saved.`;
}

function* loadSearches(http: HttpClient): SagaIterator {
  try {
    const searches: SavedSearch[] = yield call(logsApi.listSavedSearches, http);
    yield put(savedSearchesLoaded(searches));
  } catch (e) {
    yield put(savedSearchesLoadFailed(toErrorInfo(e, 'listSavedSearches')));
  }
}

function* saveSearch(http: HttpClient, action: ReturnType<typeof savedSearchSaveRequested>): SagaIterator {
  const name = savedSearchName(action.payload.name);
  // A blank name already failed in the reducer; nothing is sent.
  if (!name) return;
  try {
    const saved: SavedSearch = yield call(logsApi.createSavedSearch, http, { ...action.payload, name });
    yield put(savedSearchSaved(saved));
    yield put(snackbarShown({ kind: 'save', outcome: 'success', message: savedSearchSavedMessage(name) }));
    yield put(savedSearchesRequested());
  } catch (e) {
    yield put(savedSearchSaveFailed(toErrorInfo(e, 'createSavedSearch')));
  }
}

function* deleteSearch(
  http: HttpClient,
  action: ReturnType<typeof savedSearchDeleteRequested>,
): SagaIterator {
  try {
    yield call(logsApi.deleteSavedSearch, http, action.payload.id);
    yield put(savedSearchDeleted({ id: action.payload.id }));
    yield put(savedSearchesRequested());
  } catch (e) {
    yield put(savedSearchDeleteFailed(toErrorInfo(e, 'deleteSavedSearch')));
  }
}

export function* savedSearchesSaga(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  // A newer list request supersedes an older one still in flight (its reply may be stale).
  yield takeLatest(savedSearchesRequested.type, loadSearches, http);
  yield takeEvery(savedSearchSaveRequested.type, saveSearch, http);
  yield takeEvery(savedSearchDeleteRequested.type, deleteSearch, http);
}
