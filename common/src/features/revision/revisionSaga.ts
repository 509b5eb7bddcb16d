import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Revision } from '../../api/contract/policy';
import * as policyApi from '../../api/policy';
import type { HttpClient } from '../../api/http';
import { ApiCallError, toErrorInfo } from '../../api/ApiCallError';
import { snackbarShown } from '../snackbar/snackbarSlice';
import {
  noteSaveFailed,
  noteLoaded,
  noteSaveRequested,
  noteSaved,
  publishFailed,
  publishRequested,
  revisionLoadFailed,
  revisionLoaded,
  revisionPublished,
  revisionRequested,
} from './revisionSlice';
import { selectRevision } from './revisionSelectors';

export const PUBLISHED_MESSAGE = 'The policy has been published.';
export const NOTE_SAVED_MESSAGE = 'The note has been saved.';

function* loadRevision(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const revision: Revision = yield call(policyApi.getRevision, http);
    yield put(revisionLoaded(revision));
    yield call(loadNote, http, revision.staged_rev_id);
  } catch (e) {
    const info = toErrorInfo(e, 'getRevision');
    yield put(revisionLoadFailed(info));
    yield put(snackbarShown({ kind: 'save', outcome: 'error', message: info.message }));
  }
}

function* loadNote(http: HttpClient, rev: number): SagaIterator {
  try {
    const reply: policyApi.RevisionNote = yield call(policyApi.getNote, http, rev);
    yield put(noteLoaded({ note: reply.note }));
  } catch (e) {
    // Roles without policy access get a 403 (skip-403: no snackbar) and simply see no note.
    if (!(e instanceof ApiCallError && e.status === 403)) throw e;
  }
}

function* publish(): SagaIterator {
  const revision: Revision | null = yield select(selectRevision);
  // Publishing posts only when the state is staged; otherwise it does nothing.
  if (!revision || revision.state !== 'staged') return;
  const http: HttpClient = yield getContext('http');
  try {
    const reply: Awaited<ReturnType<typeof policyApi.publishRevision>> = yield call(
      policyApi.publishRevision,
      http,
      revision.staged_rev_id,
    );
    if ('state' in reply) {
      yield put(revisionPublished(reply as Revision));
    } else {
      const fresh: Revision = yield call(policyApi.getRevision, http);
      yield put(revisionPublished(fresh));
    }
    yield put(snackbarShown({ kind: 'save', outcome: 'success', message: PUBLISHED_MESSAGE }));
  } catch (e) {
    const info = toErrorInfo(e, 'publishRevision');
    yield put(publishFailed(info));
    yield put(snackbarShown({ kind: 'save', outcome: 'error', message: info.message }));
  }
}

function* saveNote(action: ReturnType<typeof noteSaveRequested>): SagaIterator {
  const revision: Revision | null = yield select(selectRevision);
  if (!revision) return;
  const http: HttpClient = yield getContext('http');
  try {
    const next: Revision = yield call(policyApi.saveNote, http, revision, action.payload.note);
    yield put(noteSaved({ note: action.payload.note, revision: next }));
    yield put(snackbarShown({ kind: 'save', outcome: 'success', message: NOTE_SAVED_MESSAGE }));
  } catch (e) {
    const info = toErrorInfo(e, 'saveNote');
    yield put(noteSaveFailed(info));
    yield put(snackbarShown({ kind: 'save', outcome: 'error', message: info.message }));
  }
}

export function* revisionSaga(): SagaIterator {
  yield takeLatest(revisionRequested.type, loadRevision);
  yield takeLeading(publishRequested.type, publish);
  yield takeLatest(noteSaveRequested.type, saveNote);
}
