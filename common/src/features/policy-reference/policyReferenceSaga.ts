/**
 * Loads a policy reference row on request and keeps it: one watcher; a request for a row that is
 * loaded or loading does nothing (unless it asks to reload), so every editor that needs the
 * category tree may ask for it and it is read once. A failure becomes the entry's state.
 * A migration runs against the revision in the store; its reply is staged (revisionStaged) and
 * the version row it changed is read again.
 */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { toErrorInfo } from '../../api/ApiCallError';
import type { HttpClient } from '../../api/http';
import type { Revision } from '../../api/contract/policy';
import { getPolicyReference, migratePolicy } from '../../api/policyReference';
import { revisionStaged } from '../revision/revisionSlice';
import { selectRevision } from '../revision/revisionSelectors';
import {
  MIGRATION_VERSION_ROW,
  policyMigrated,
  policyMigrationFailed,
  policyMigrationRequested,
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

/** The message of a migration asked for before the revision was loaded. */
export const NO_REVISION_LOADED_MSG = 'The policy revision is not loaded yet.';

function* runMigration(http: HttpClient, action: ReturnType<typeof policyMigrationRequested>): SagaIterator {
  const { migration } = action.payload;
  const callName = `migratePolicy:${migration}`;
  const revision: Revision | null = yield select(selectRevision);
  if (!revision) {
    yield put(policyMigrationFailed({ migration, error: { message: NO_REVISION_LOADED_MSG, callName } }));
    return;
  }
  try {
    const after: Revision = yield call(migratePolicy, http, migration, revision);
    yield put(revisionStaged(after));
    yield put(policyMigrated({ migration }));
    yield put(policyReferenceRequested({ name: MIGRATION_VERSION_ROW[migration] }));
  } catch (e) {
    yield put(policyMigrationFailed({ migration, error: toErrorInfo(e, callName) }));
  }
}

export function* policyReferenceSaga(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  // Every row loads on its own; different rows load side by side.
  yield takeEvery(policyReferenceRequested.type, loadReference, http);
  // Both migrations change the revision: one at a time (the reducer ignores a second request too).
  yield takeLeading(policyMigrationRequested.type, runMigration, http);
}
