import type { SagaIterator } from 'redux-saga';
import { all, call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PolicyDiff, Revision, RevisionsPage, StaleRevisionDetails } from '../../api/contract/policy';
import type { PolicyKind, PolicyKindDef } from '../../api/contract/policyKinds';
import { PORTAL_NOTE_READ } from '../../api/contract/policyKindGroups';
import * as policyApi from '../../api/policy';
import type { HttpClient } from '../../api/http';
import { ApiCallError, toErrorInfo, type ApiCallErrorInfo } from '../../api/ApiCallError';
import { snackbarShown } from '../snackbar/snackbarSlice';
import { failureSnackbar } from '../snackbar/failureSnackbar';
import { extensionServed } from '../extensions/extensionsSaga';
import { selectCan } from '../rbac/rbacSelectors';
import {
  comparisonFailed,
  comparisonLoaded,
  comparisonRequested,
  discardFailed,
  discardRequested,
  historyFailed,
  historyLoaded,
  historyRequested,
  reviewFailed,
  reviewLoaded,
  reviewRequested,
  revisionConflicted,
  revisionDiscarded,
  rollbackFailed,
  rollbackRequested,
  rolledBack,
  type DiffEntries,
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
import { selectComparison, selectHistory, selectRevision } from './revisionSelectors';

export const PUBLISHED_MESSAGE = 'The policy has been published.';
export const NOTE_SAVED_MESSAGE = 'The note has been saved.';
export const DISCARDED_MESSAGE = 'The staged changes have been discarded.';
export const rollbackStagedMessage = (rev: number): string =>
  `Revision ${rev} has been staged. Review the changes, then publish them to complete the rollback.`;

/** A time stamp in the user's local time (dates the server sends are UTC). */
export const localTime = (iso: string): string => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toLocaleString();
};

/** What a stale write's user reads: who changed the policy and when (the review is then reloaded). */
export const conflictMessage = (details: StaleRevisionDetails): string =>
  `${details.changed_by ?? 'Someone'} changed the policy at ${localTime(details.changed_at)}, after you loaded it. ` +
  'Nothing was changed: check the reloaded review and try again.';

/** The 409 of a stale write names who changed the revision and when (ApiError changed_by, changed_at). */
export function staleDetails(e: unknown): StaleRevisionDetails | null {
  if (!(e instanceof ApiCallError) || e.status !== 409) return null;
  const data = e.data as { changed_by?: unknown; changed_at?: unknown } | undefined;
  if (!data || typeof data.changed_at !== 'string') return null;
  return {
    changed_by: typeof data.changed_by === 'string' ? data.changed_by : null,
    changed_at: data.changed_at,
  };
}

function* loadRevision(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const revision: Revision = yield call(policyApi.getRevision, http);
    yield put(revisionLoaded(revision));
    yield call(loadNote, http, revision.staged_rev_id);
  } catch (e) {
    const info = toErrorInfo(e, 'getRevision');
    yield put(revisionLoadFailed(info));
    yield call(failureSnackbar, info);
  }
}

function* loadNote(http: HttpClient, rev: number): SagaIterator {
  // The publish note is an extension (docs/api.md): a backend without it has no note to read.
  if (!(yield call(extensionServed, 'revision-note'))) return;
  // And the note is a web-policy document: a role that may not read web policy (the logs-only role,
  // whose logs and dashboards also load the revision) is not asked for it, rather than refused
  // with a 403 at every visit (issue 31).
  const mayRead: boolean = yield select(selectCan(PORTAL_NOTE_READ));
  if (!mayRead) return;
  try {
    const reply: policyApi.RevisionNote = yield call(policyApi.getNote, http, rev);
    yield put(noteLoaded({ note: reply.note }));
  } catch (e) {
    // A 403 all the same (the server's roles changed since the session started): no note, no snackbar.
    if (!(e instanceof ApiCallError && e.status === 403)) throw e;
  }
}

/**
 * A refused write: a stale one (409 naming who changed the revision) shows who and when, then the
 * revision and its review reload so the user sees what changed; any other error is typed state.
 */
function* writeFailed(
  e: unknown,
  callName: string,
  failed: (info: ApiCallErrorInfo) => { type: string },
): SagaIterator {
  const info = toErrorInfo(e, callName);
  const details = staleDetails(e);
  if (!details) {
    yield put(failed(info));
    yield call(failureSnackbar, info);
    return;
  }
  yield put(revisionConflicted({ error: info, details }));
  yield put(snackbarShown({ kind: 'save', outcome: 'error', message: conflictMessage(details) }));
  yield call(loadRevision);
  // The review is the revision-diff extension's: without it there is none to reload.
  if (yield call(extensionServed, 'revision-diff')) yield put(reviewRequested());
}

function* publish(action: ReturnType<typeof publishRequested>): SagaIterator {
  const revision: Revision | null = yield select(selectRevision);
  // Publishing posts only when the state is staged; otherwise it does nothing.
  if (!revision || revision.state !== 'staged') return;
  const http: HttpClient = yield getContext('http');
  // The updated_at the publisher reviewed: a change made after the review answers 409.
  const reviewed: Revision = { ...revision, updated_at: action.payload?.reviewedAt ?? revision.updated_at };
  try {
    const reply: Awaited<ReturnType<typeof policyApi.publishIfStaged>> = yield call(
      policyApi.publishIfStaged,
      http,
      reviewed,
      action.payload?.comment,
    );
    if ('state' in reply) {
      yield put(revisionPublished(reply as Revision));
    } else {
      const fresh: Revision = yield call(policyApi.getRevision, http);
      yield put(revisionPublished(fresh));
    }
    yield put(snackbarShown({ kind: 'save', outcome: 'success', message: PUBLISHED_MESSAGE }));
  } catch (e) {
    yield call(writeFailed, e, 'publishRevision', publishFailed);
  }
}

function* discard(): SagaIterator {
  const revision: Revision | null = yield select(selectRevision);
  if (!revision || revision.state !== 'staged') return;
  const http: HttpClient = yield getContext('http');
  try {
    const next: Revision = yield call(policyApi.discardStaged, http, revision);
    yield put(revisionDiscarded(next));
    yield put(snackbarShown({ kind: 'save', outcome: 'success', message: DISCARDED_MESSAGE }));
  } catch (e) {
    yield call(writeFailed, e, 'discardStaged', discardFailed);
  }
}

function* rollback(action: ReturnType<typeof rollbackRequested>): SagaIterator {
  const revision: Revision | null = yield select(selectRevision);
  if (!revision) return;
  const http: HttpClient = yield getContext('http');
  try {
    const next: Revision = yield call(policyApi.rollbackTo, http, action.payload.rev, revision);
    yield put(rolledBack(next));
    yield put(
      snackbarShown({ kind: 'save', outcome: 'success', message: rollbackStagedMessage(action.payload.rev) }),
    );
  } catch (e) {
    yield call(writeFailed, e, 'rollbackTo', rollbackFailed);
  }
}

/**
 * The entries the diff names only by key (changed, moved), read from revision `to`'s documents so
 * the readable diff can name them. Best effort: a document that cannot be read leaves its keys.
 */
export function* diffEntries(http: HttpClient, diff: PolicyDiff): SagaIterator<DiffEntries> {
  // The registry loads with the diff, not with the store (bench/README.md "First load").
  const { POLICY_KIND_REGISTRY }: typeof import('../../api/contract/policyKinds') = yield call(
    () => import('../../api/contract/policyKinds'),
  );
  const wanted = diff.kinds.flatMap((k) => {
    const def = (POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>)[k.kind];
    const paths = [
      ...new Set(k.changes.filter((c) => c.op === 'changed' || c.op === 'moved').map((c) => c.path)),
    ].filter((path) => def?.keyedLists?.[path] !== undefined);
    return def && paths.length > 0 ? [{ kind: k.kind as PolicyKind, def, paths }] : [];
  });
  const docs: Array<unknown> = yield all(
    wanted.map(({ kind }) =>
      call(function* readDoc(): SagaIterator {
        try {
          return yield call(policyApi.getPolicyDoc, http, kind, diff.to, { skip403: true });
        } catch {
          return null;
        }
      }),
    ),
  );
  const entries: DiffEntries = {};
  wanted.forEach(({ kind, def, paths }, i) => {
    const doc = docs[i];
    if (!doc) return;
    for (const path of paths) {
      const keyField = def.keyedLists![path];
      const list = path.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)?.[part], doc);
      if (!Array.isArray(list)) continue;
      const byKey: Record<string, unknown> = {};
      for (const item of list) byKey[String((item as Record<string, unknown>)?.[keyField])] = item;
      (entries[kind] ??= {})[path] = byKey;
    }
  });
  return entries;
}

function* loadReview(): SagaIterator {
  const revision: Revision | null = yield select(selectRevision);
  if (!revision) {
    yield put(reviewFailed({ message: 'The policy revision is not loaded.', callName: 'diffRevisions' }));
    return;
  }
  const updatedAt = revision.updated_at;
  // Nothing staged: nothing to review.
  if (revision.state !== 'staged') {
    const empty: PolicyDiff = { from: revision.rev_id, to: revision.staged_rev_id, kinds: [] };
    yield put(reviewLoaded({ diff: empty, entries: {}, updatedAt }));
    return;
  }
  const http: HttpClient = yield getContext('http');
  try {
    const diff: PolicyDiff = yield call(
      policyApi.diffRevisions,
      http,
      revision.rev_id,
      revision.staged_rev_id,
    );
    const entries: DiffEntries = yield call(diffEntries, http, diff);
    yield put(reviewLoaded({ diff, entries, updatedAt }));
  } catch (e) {
    yield put(reviewFailed(toErrorInfo(e, 'diffRevisions')));
  }
}

function* loadHistory(): SagaIterator {
  const { limit, offset }: ReturnType<typeof selectHistory> = yield select(selectHistory);
  const http: HttpClient = yield getContext('http');
  try {
    const page: RevisionsPage = yield call(policyApi.listRevisions, http, { limit, offset });
    yield put(historyLoaded(page));
  } catch (e) {
    yield put(historyFailed(toErrorInfo(e, 'listRevisions')));
  }
}

function* loadComparison(): SagaIterator {
  const { from, to }: ReturnType<typeof selectComparison> = yield select(selectComparison);
  if (from === null || to === null) return;
  const http: HttpClient = yield getContext('http');
  try {
    const diff: PolicyDiff = yield call(policyApi.diffRevisions, http, from, to);
    const entries: DiffEntries = yield call(diffEntries, http, diff);
    yield put(comparisonLoaded({ diff, entries }));
  } catch (e) {
    yield put(comparisonFailed(toErrorInfo(e, 'diffRevisions')));
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
    yield call(failureSnackbar, info);
  }
}

export function* revisionSaga(): SagaIterator {
  yield takeLatest(revisionRequested.type, loadRevision);
  yield takeLeading(publishRequested.type, publish);
  yield takeLatest(noteSaveRequested.type, saveNote);
  yield takeLeading(discardRequested.type, discard);
  yield takeLeading(rollbackRequested.type, rollback);
  yield takeLatest(reviewRequested.type, loadReview);
  yield takeLatest(historyRequested.type, loadHistory);
  yield takeLatest(comparisonRequested.type, loadComparison);
}
