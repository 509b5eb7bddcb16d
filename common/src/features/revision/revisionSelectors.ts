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
/** The id policy reads use: the staged revision (api-client §7). */
export const selectStagedRevisionId = createSelector([selectRevision], (r) => r?.staged_rev_id ?? null);
export const selectCanPublish = createSelector(
  [selectRevisionSlice],
  (s) => s.revision?.state === 'staged' && s.status !== 'publishing',
);
