import { createSelector } from '@reduxjs/toolkit';
import type { RevisionSliceState } from './revisionSlice';

interface WithRevision {
  revision: RevisionSliceState;
}

export const selectRevisionSlice = (state: WithRevision): RevisionSliceState => state.revision;
export const selectRevision = createSelector([selectRevisionSlice], (s) => s.revision);
export const selectRevisionStatus = createSelector([selectRevisionSlice], (s) => s.status);
export const selectRevisionError = createSelector([selectRevisionSlice], (s) => s.error);
export const selectIsStaged = createSelector([selectRevision], (r) => r?.state === 'staged');
/** The id policy reads use: the staged revision (docs/policy.md §4). */
export const selectStagedRevisionId = createSelector([selectRevision], (r) => r?.staged_rev_id ?? null);
export const selectCanPublish = createSelector(
  [selectRevisionSlice],
  (s) =>
    s.revision?.state === 'staged' &&
    s.status !== 'publishing' &&
    s.status !== 'discarding' &&
    s.status !== 'rollingBack',
);
export const selectRevisionConflict = createSelector([selectRevisionSlice], (s) => s.conflict);
export const selectReview = createSelector([selectRevisionSlice], (s) => s.review);
export const selectHistory = createSelector([selectRevisionSlice], (s) => s.history);
export const selectComparison = createSelector([selectRevisionSlice], (s) => s.comparison);
/** How many changes the staged revision holds (0 until its review is loaded, or when nothing is staged). */
export const selectStagedChangeCount = createSelector([selectReview], (review) =>
  (review.diff?.kinds ?? []).reduce((n, k) => n + k.changes.length, 0),
);
/** The review is of the revision as loaded now (not of an earlier updated_at). */
export const selectReviewIsCurrent = createSelector(
  [selectReview, selectRevision],
  (review, revision) => revision !== null && review.updatedAt === revision.updated_at,
);
