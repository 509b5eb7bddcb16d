/**
 * Saved searches of the logs area (named filter sets kept on the server per user): listed, saved
 * under a name, deleted. The state holds every search of the user, all log routes; the menu shows
 * those of its route (savedSearchesSelectors).
 *
 * `status` is the step the feature is at (the latest request or its outcome). `error` is the last
 * failure and stays until a save succeeds or the menu goes away (savedSearchMenuLeft), which is
 * what the saved-search menu has always shown. A blank name fails here, before any call, with the
 * text the menu shows.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import type { SavedSearch, SavedSearchInput } from '../../api/contract/savedSearches';
import { loggedOut } from '../session/sessionSlice';

export const SAVED_SEARCH_NAME_MISSING = 'Enter a name.';

export type SavedSearchesStatus = 'idle' | 'loading' | 'ready' | 'saving' | 'deleting' | 'failed';

export interface SavedSearchesState {
  status: SavedSearchesStatus;
  /** Every saved search of the user, of all log routes, in the server's order. */
  searches: SavedSearch[];
  /** The last failure (list, save or delete, or a blank name); cleared by a save or savedSearchMenuLeft. */
  error: ApiCallErrorInfo | null;
  /** The search saved last (the menu empties its name field when this changes). */
  lastSaved: SavedSearch | null;
}

export const initialSavedSearchesState: SavedSearchesState = {
  status: 'idle',
  searches: [],
  error: null,
  lastSaved: null,
};

/** The name a search is saved under: the typed name trimmed ('' when blank). */
export function savedSearchName(typed: string): string {
  return typed.trim();
}

function failed(state: SavedSearchesState, error: ApiCallErrorInfo) {
  state.status = 'failed';
  state.error = error;
}

export const savedSearchesSlice = createSlice({
  name: 'savedSearches',
  initialState: initialSavedSearchesState,
  reducers: {
    /** The list is wanted (the menu was opened, or a save or delete changed it). */
    savedSearchesRequested(state) {
      state.status = 'loading';
    },
    savedSearchesLoaded(state, action: PayloadAction<SavedSearch[]>) {
      state.status = 'ready';
      state.searches = action.payload;
    },
    savedSearchesLoadFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      failed(state, action.payload);
    },
    /** Save the view `query` of `route` under `name` (trimmed; a blank name fails at once). */
    savedSearchSaveRequested(state, action: PayloadAction<SavedSearchInput>) {
      if (savedSearchName(action.payload.name) === '') {
        failed(state, { message: SAVED_SEARCH_NAME_MISSING, callName: 'createSavedSearch', field: 'name' });
        return;
      }
      state.status = 'saving';
    },
    savedSearchSaved(state, action: PayloadAction<SavedSearch>) {
      state.status = 'ready';
      state.error = null;
      state.lastSaved = action.payload;
      if (!state.searches.some((s) => s.id === action.payload.id)) state.searches.push(action.payload);
    },
    savedSearchSaveFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      failed(state, action.payload);
    },
    savedSearchDeleteRequested(state, _action: PayloadAction<{ id: string }>) {
      state.status = 'deleting';
    },
    savedSearchDeleted(state, action: PayloadAction<{ id: string }>) {
      state.status = 'ready';
      state.searches = state.searches.filter((s) => s.id !== action.payload.id);
    },
    savedSearchDeleteFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      failed(state, action.payload);
    },
    /** The menu went away (its log view was left): its failure is not shown again. */
    savedSearchMenuLeft(state) {
      state.error = null;
      if (state.status === 'failed') state.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    // A signed-out user keeps nothing of the previous user's searches.
    builder.addCase(loggedOut, () => initialSavedSearchesState);
  },
});

export const {
  savedSearchesRequested,
  savedSearchesLoaded,
  savedSearchesLoadFailed,
  savedSearchSaveRequested,
  savedSearchSaved,
  savedSearchSaveFailed,
  savedSearchDeleteRequested,
  savedSearchDeleted,
  savedSearchDeleteFailed,
  savedSearchMenuLeft,
} = savedSearchesSlice.actions;
export const savedSearchesReducer = savedSearchesSlice.reducer;
