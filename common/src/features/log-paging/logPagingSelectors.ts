import { createSelector } from '@reduxjs/toolkit';
import type { LogPagingState } from './logPagingSlice';

export interface WithLogPaging {
  logPaging: LogPagingState;
}

export const selectLogPaging = (state: WithLogPaging): LogPagingState => state.logPaging;
export const selectLogPagingStatus = createSelector([selectLogPaging], (s) => s.status);
export const selectLogQuery = createSelector([selectLogPaging], (s) => s.query);
/** The message a failed load shows (docs/logs.md §6 Logs load failure). */
export const selectLogLoadError = createSelector([selectLogPaging], (s) => s.error?.message ?? null);
export const selectLogTotalRows = createSelector([selectLogPaging], (s) => s.totalRows);
/** How many blocks' replies have been seen (each gave the cursor of the next): the rows known to exist. */
export const selectLogBlocksSeen = createSelector(
  [selectLogPaging],
  (s) => Object.keys(s.nextIdentifiers).length,
);
