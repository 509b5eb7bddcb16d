/**
 * The tenant's policy revision (docs/policy.md §2, §2): loaded, then changes are staged and the
 * staged revision is published. Publishing posts only when the state is 'staged'.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  PolicyDiff,
  PublishedRevision,
  Revision,
  RevisionsPage,
  StaleRevisionDetails,
} from '../../api/contract/policy';
import { REVISIONS_PAGE_DEFAULT } from '../../api/contract/policy';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import { loggedOut } from '../session/sessionSlice';

export type RevisionStatus =
  'idle' | 'loading' | 'loaded' | 'publishing' | 'savingNote' | 'discarding' | 'rollingBack' | 'failed';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * Entries of keyed lists the diff names only by key (changed or moved): kind → list path → key →
 * the entry as the `to` revision holds it, so the readable diff can name a rule rather than its id.
 */
export type DiffEntries = Record<string, Record<string, Record<string, unknown>>>;

/** A diff between two revisions, as loaded. */
export interface DiffSlot {
  status: LoadStatus;
  from: number | null;
  to: number | null;
  diff: PolicyDiff | null;
  entries: DiffEntries;
  error: ApiCallErrorInfo | null;
}

/** The staged review: the diff from the published revision (rev_id) to the staged one. */
export interface ReviewSlot extends DiffSlot {
  /** The revision's updated_at the review was asked for: publishing sends it (a later change gives 409). */
  updatedAt: string | null;
}

/** A page of the published revisions (docs/provider-console.md §3: page size default 25, offset 0). */
export interface HistorySlot {
  status: LoadStatus;
  limit: number;
  offset: number;
  total: number;
  items: PublishedRevision[];
  error: ApiCallErrorInfo | null;
}

const emptyDiff: DiffSlot = { status: 'idle', from: null, to: null, diff: null, entries: {}, error: null };

export interface RevisionSliceState {
  status: RevisionStatus;
  revision: Revision | null;
  error: ApiCallErrorInfo | null;
  /** The note last saved for the staged revision. */
  note: string | null;
  /** A publish, discard or rollback refused as stale (409): who changed the revision, and when. */
  conflict: StaleRevisionDetails | null;
  review: ReviewSlot;
  history: HistorySlot;
  /** Two revisions of the history compared. */
  comparison: DiffSlot;
}

export const initialRevisionState: RevisionSliceState = {
  status: 'idle',
  revision: null,
  error: null,
  note: null,
  conflict: null,
  review: { ...emptyDiff, updatedAt: null },
  history: { status: 'idle', limit: REVISIONS_PAGE_DEFAULT, offset: 0, total: 0, items: [], error: null },
  comparison: emptyDiff,
};

/** After the revision changed: the review is of another revision, the history may have grown. */
function revisionChanged(state: RevisionSliceState, revision: Revision) {
  state.revision = revision;
  state.review = { ...emptyDiff, updatedAt: null };
  if (state.history.status === 'loaded') state.history.status = 'idle';
}

export interface PublishRequest {
  comment?: string;
  reviewedAt?: string;
}

/** A write on the revision is under way: a second one waits for it. */
const busy = (status: RevisionStatus) =>
  status === 'publishing' || status === 'discarding' || status === 'rollingBack' || status === 'savingNote';

export const revisionSlice = createSlice({
  name: 'revision',
  initialState: initialRevisionState,
  reducers: {
    revisionRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    revisionLoaded(state, action: PayloadAction<Revision>) {
      state.status = 'loaded';
      const before = state.revision;
      if (
        before?.updated_at !== action.payload.updated_at ||
        before.staged_rev_id !== action.payload.staged_rev_id
      )
        revisionChanged(state, action.payload);
      else state.revision = action.payload;
      state.error = null;
    },
    revisionLoadFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** A policy save staged a change: the page hands over the revision the server returned. */
    revisionStaged(state, action: PayloadAction<Revision>) {
      revisionChanged(state, action.payload);
    },
    /**
     * Only a staged revision is published; otherwise nothing happens. `comment` is kept with the
     * published revision; `reviewedAt` is the updated_at the publisher reviewed (default: the
     * loaded revision's), so a change made after the review is refused (409), not published.
     */
    publishRequested(state, _action: PayloadAction<PublishRequest | undefined>) {
      if (state.revision?.state === 'staged' && !busy(state.status)) {
        state.status = 'publishing';
        state.error = null;
        state.conflict = null;
      }
    },
    revisionPublished(state, action: PayloadAction<Revision>) {
      state.status = 'loaded';
      revisionChanged(state, action.payload);
      state.note = null;
    },
    publishFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /**
     * A publish, discard or rollback was refused because the revision changed since it was
     * loaded (409): who changed it and when (the saga then reloads the revision and the review).
     */
    revisionConflicted(
      state,
      action: PayloadAction<{ error: ApiCallErrorInfo; details: StaleRevisionDetails }>,
    ) {
      state.status = 'failed';
      state.error = action.payload.error;
      state.conflict = action.payload.details;
    },
    conflictDismissed(state) {
      state.conflict = null;
    },
    /** Drops the staged changes (only a staged revision has any). */
    discardRequested(state) {
      if (state.revision?.state === 'staged' && !busy(state.status)) {
        state.status = 'discarding';
        state.error = null;
        state.conflict = null;
      }
    },
    revisionDiscarded(state, action: PayloadAction<Revision>) {
      state.status = 'loaded';
      revisionChanged(state, action.payload);
      state.note = null;
    },
    discardFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** Stages a copy of published revision `rev`; the user then reviews and publishes as usual. */
    rollbackRequested(state, _action: PayloadAction<{ rev: number }>) {
      if (state.revision && !busy(state.status)) {
        state.status = 'rollingBack';
        state.error = null;
        state.conflict = null;
      }
    },
    rolledBack(state, action: PayloadAction<Revision>) {
      state.status = 'loaded';
      revisionChanged(state, action.payload);
    },
    rollbackFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** The staged review (diff from rev_id to staged_rev_id) of the revision as loaded now. */
    reviewRequested(state) {
      state.review = {
        ...emptyDiff,
        status: 'loading',
        from: state.revision?.rev_id ?? null,
        to: state.revision?.staged_rev_id ?? null,
        updatedAt: state.revision?.updated_at ?? null,
      };
    },
    reviewLoaded(
      state,
      action: PayloadAction<{ diff: PolicyDiff; entries: DiffEntries; updatedAt: string }>,
    ) {
      // A review of a revision that changed meanwhile is not this revision's review.
      if (state.review.updatedAt !== action.payload.updatedAt) return;
      state.review.status = 'loaded';
      state.review.diff = action.payload.diff;
      state.review.entries = action.payload.entries;
    },
    reviewFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.review.status = 'failed';
      state.review.error = action.payload;
    },
    /** A page of the history; omitted fields keep the current page size and offset. */
    historyRequested(state, action: PayloadAction<{ limit?: number; offset?: number } | undefined>) {
      state.history.status = 'loading';
      state.history.error = null;
      state.history.limit = action.payload?.limit ?? state.history.limit;
      state.history.offset = action.payload?.offset ?? state.history.offset;
    },
    historyLoaded(state, action: PayloadAction<RevisionsPage>) {
      state.history.status = 'loaded';
      state.history.items = action.payload.items;
      state.history.total = action.payload.total;
    },
    historyFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.history.status = 'failed';
      state.history.error = action.payload;
    },
    /** Two revisions compared (any order: the diff reads from `from` to `to`). */
    comparisonRequested(state, action: PayloadAction<{ from: number; to: number }>) {
      state.comparison = { ...emptyDiff, status: 'loading', ...action.payload };
    },
    comparisonLoaded(state, action: PayloadAction<{ diff: PolicyDiff; entries: DiffEntries }>) {
      if (
        state.comparison.from !== action.payload.diff.from ||
        state.comparison.to !== action.payload.diff.to
      )
        return;
      state.comparison.status = 'loaded';
      state.comparison.diff = action.payload.diff;
      state.comparison.entries = action.payload.entries;
    },
    comparisonFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.comparison.status = 'failed';
      state.comparison.error = action.payload;
    },
    comparisonCleared(state) {
      state.comparison = emptyDiff;
    },
    /** The saved note of the staged revision ('' when none). */
    noteLoaded(state, action: PayloadAction<{ note: string }>) {
      state.note = action.payload.note;
    },
    noteSaveRequested(state, _action: PayloadAction<{ note: string }>) {
      if (state.revision) {
        state.status = 'savingNote';
        state.error = null;
      }
    },
    noteSaved(state, action: PayloadAction<{ note: string; revision: Revision }>) {
      state.status = 'loaded';
      state.note = action.payload.note;
      revisionChanged(state, action.payload.revision);
    },
    noteSaveFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    // A signed-out user keeps nothing of the tenant's revision.
    builder.addCase(loggedOut, () => initialRevisionState);
  },
});

export const {
  revisionRequested,
  revisionLoaded,
  revisionLoadFailed,
  revisionStaged,
  publishRequested,
  revisionPublished,
  publishFailed,
  noteLoaded,
  noteSaveRequested,
  noteSaved,
  noteSaveFailed,
  revisionConflicted,
  conflictDismissed,
  discardRequested,
  revisionDiscarded,
  discardFailed,
  rollbackRequested,
  rolledBack,
  rollbackFailed,
  reviewRequested,
  reviewLoaded,
  reviewFailed,
  historyRequested,
  historyLoaded,
  historyFailed,
  comparisonRequested,
  comparisonLoaded,
  comparisonFailed,
  comparisonCleared,
} = revisionSlice.actions;
export const revisionReducer = revisionSlice.reducer;
