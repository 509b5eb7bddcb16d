import { createSelector } from '@reduxjs/toolkit';
import type { SavedSearchesState } from './savedSearchesSlice';

interface WithSavedSearches {
  savedSearches: SavedSearchesState;
}

export const selectSavedSearchesSlice = (state: WithSavedSearches): SavedSearchesState => state.savedSearches;
export const selectSavedSearchesStatus = createSelector([selectSavedSearchesSlice], (s) => s.status);
/** Every saved search of the user, of all log routes. */
export const selectSavedSearches = createSelector([selectSavedSearchesSlice], (s) => s.searches);
/** The saved searches of one log route, e.g. selectSavedSearchesOfRoute(state, 'web'). */
export const selectSavedSearchesOfRoute = createSelector(
  [selectSavedSearches, (_state: WithSavedSearches, route: string) => route],
  (searches, route) => searches.filter((s) => s.route === route),
);
/** The message of the last failure, null when none (or since the last successful save). */
export const selectSavedSearchError = createSelector(
  [selectSavedSearchesSlice],
  (s) => s.error?.message ?? null,
);
export const selectLastSavedSearch = createSelector([selectSavedSearchesSlice], (s) => s.lastSaved);
