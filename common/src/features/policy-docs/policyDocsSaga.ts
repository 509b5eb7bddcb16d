/**
 * Side effects of the policy editors (policyDocsSlice): load a kind at the staged revision, save
 * its draft with rev_id, state and updated_at (docs/policy.md §2), and turn a stale save (409) into a
 * conflict holding both versions.
 */
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take } from 'redux-saga/effects';
import type { Revision } from '../../api/contract/policy';
import type { ApiError } from '../../api/contract/errors';
import type { PolicyKind } from '../../api/contract/policyKinds';
import * as policyApi from '../../api/policy';
import type { HttpClient } from '../../api/http';
import { ApiCallError, toErrorInfo } from '../../api/ApiCallError';
import { revisionLoaded, revisionStaged } from '../revision/revisionSlice';
import { selectRevision } from '../revision/revisionSelectors';
import { snackbarShown } from '../snackbar/snackbarSlice';
import { failureSnackbar } from '../snackbar/failureSnackbar';
import {
  conflictReapplyRequested,
  policyDocConflicted,
  policyDocLoadFailed,
  policyDocLoaded,
  policyDocRequested,
  policyDocSaveFailed,
  policyDocSaveRequested,
  policyDocSaved,
  sameDoc,
  type PolicyDocEditorState,
} from './policyDocsSlice';
import { selectPolicyDocEditor } from './policyDocsSelectors';
// The reordering events read the policy-kind registry: they load with the first save, not with
// the store (bench/README.md "First load"; the policy pages have the registry in already).
const reorderingEvents = () => import('./reorderingEvents');

export const POLICY_DOC_SAVED_MESSAGE = 'The changes have been saved to the staged revision.';

/**
 * How many times a save is retried by itself after a 409 whose fresh revision holds this kind
 * unchanged (another administrator saved another part of the policy): the edit cannot clash.
 */
const SILENT_RETRIES = 2;

/** A read answers { rev_id, ...data }: the document is the rest. */
function documentOf(reply: object): unknown {
  const { rev_id: _rev, ...data } = reply as Record<string, unknown>;
  return data;
}

const isTolerant = (kind: PolicyKind): kind is policyApi.TolerantReadKind =>
  (policyApi.TOLERANT_READ_KINDS as readonly PolicyKind[]).includes(kind);

function* readDoc(http: HttpClient, kind: PolicyKind, rev: number): SagaIterator<unknown> {
  // Parent global rules and global bnb read a 403 or 404 as empty (docs/http-client.md §5).
  const reply: object = isTolerant(kind)
    ? yield call(policyApi.getPolicyDocTolerant, http, kind, rev)
    : yield call(policyApi.getPolicyDoc, http, kind, rev);
  return documentOf(reply);
}

function* freshRevision(http: HttpClient): SagaIterator<Revision> {
  const revision: Revision = yield call(policyApi.getRevision, http);
  yield put(revisionLoaded(revision));
  return revision;
}

function* loadDoc(action: ReturnType<typeof policyDocRequested>): SagaIterator {
  const { kind } = action.payload;
  const http: HttpClient = yield getContext('http');
  try {
    // Reads use the staged revision id (docs/policy.md §4); fetch the revision when none is known.
    const known: Revision | null = yield select(selectRevision);
    const revision: Revision = known ?? (yield call(freshRevision, http));
    const data: unknown = yield call(readDoc, http, kind, revision.staged_rev_id);
    yield put(policyDocLoaded({ kind, revision, data }));
  } catch (e) {
    yield put(policyDocLoadFailed({ kind, error: toErrorInfo(e, `getPolicyDoc:${kind}`) }));
  }
}

const conflictOf = (error: ApiCallError): Partial<ApiError> =>
  error.data && typeof error.data === 'object' ? (error.data as Partial<ApiError>) : {};

function* saveDoc(action: { payload: { kind: PolicyKind } }): SagaIterator {
  const { kind } = action.payload;
  const editor: PolicyDocEditorState = yield select(selectPolicyDocEditor(kind));
  // The reducer moved the editor to 'saving' only when a save may start (loaded, not in conflict).
  if (editor.status !== 'saving') return;
  const http: HttpClient = yield getContext('http');
  const mine = editor.draft;
  try {
    let revision: Revision | null = yield select(selectRevision);
    if (!revision) revision = (yield call(freshRevision, http)) as Revision;
    if (editor.basis && revision.updated_at !== editor.basis.updatedAt) {
      // The revision moved since this document was read (a save of another part, or a reload):
      // check that this kind is still what I edited, so a same-kind change is never overwritten.
      const current: unknown = yield call(readDoc, http, kind, revision.staged_rev_id);
      if (!sameDoc(current, editor.saved)) {
        yield put(
          policyDocConflicted({
            kind,
            theirs: current,
            mine,
            changedBy: revision.updated_by ?? null,
            changedAt: revision.updated_at,
            revision,
          }),
        );
        return;
      }
    }
    const { withReorderingEvents }: typeof import('./reorderingEvents') = yield call(reorderingEvents);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const body = withReorderingEvents(kind, editor.saved, mine);
        const next: Revision = yield call(policyApi.savePolicyDoc, http, kind, revision, body as never);
        yield put(revisionStaged(next));
        yield put(policyDocSaved({ kind, revision: next, data: mine }));
        yield put(snackbarShown({ kind: 'save', outcome: 'success', message: POLICY_DOC_SAVED_MESSAGE }));
        return;
      } catch (e) {
        if (!(e instanceof ApiCallError && e.status === 409)) throw e;
        // Stale (docs/policy.md §2): read the fresh revision and the other administrator's version.
        const stale = conflictOf(e);
        const fresh: Revision = yield call(freshRevision, http);
        const theirs: unknown = yield call(readDoc, http, kind, fresh.staged_rev_id);
        if (attempt < SILENT_RETRIES && sameDoc(theirs, editor.saved)) {
          revision = fresh;
          continue;
        }
        yield put(
          policyDocConflicted({
            kind,
            theirs,
            mine,
            changedBy: stale.changed_by ?? fresh.updated_by ?? null,
            changedAt: stale.changed_at ?? fresh.updated_at,
            revision: fresh,
          }),
        );
        return;
      }
    }
  } catch (e) {
    const error = toErrorInfo(e, `savePolicyDoc:${kind}`);
    yield put(policyDocSaveFailed({ kind, error }));
    yield call(failureSnackbar, error);
  }
}

/** takeLatest per kind: a newer load of a kind cancels its older one, other kinds run alongside. */
function* latestLoadPerKind(): SagaIterator {
  const tasks = new Map<PolicyKind, Task>();
  for (;;) {
    const action: ReturnType<typeof policyDocRequested> = yield take(policyDocRequested.type);
    const running = tasks.get(action.payload.kind);
    if (running?.isRunning()) yield cancel(running);
    tasks.set(action.payload.kind, (yield fork(loadDoc, action)) as Task);
  }
}

/** takeLeading per kind: one save of a kind at a time (the reducer also refuses a second one). */
function* leadingSavePerKind(): SagaIterator {
  const tasks = new Map<PolicyKind, Task>();
  for (;;) {
    const action: { payload: { kind: PolicyKind } } = yield take([
      policyDocSaveRequested.type,
      conflictReapplyRequested.type,
    ]);
    if (tasks.get(action.payload.kind)?.isRunning()) continue;
    tasks.set(action.payload.kind, (yield fork(saveDoc, action)) as Task);
  }
}

export function* policyDocsSaga(): SagaIterator {
  yield fork(latestLoadPerKind);
  yield fork(leadingSavePerKind);
}
