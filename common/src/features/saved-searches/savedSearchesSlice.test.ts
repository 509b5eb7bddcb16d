import type { UnknownAction } from '@reduxjs/toolkit';
import type { SavedSearch } from '../../api/contract/savedSearches';
import { loggedOut } from '../session/sessionSlice';
import { blockedSearch as blocked, loginsSearch as logins } from '../../testing/savedSearchServer';
import {
  SAVED_SEARCH_NAME_MISSING,
  initialSavedSearchesState,
  savedSearchDeleteFailed,
  savedSearchDeleteRequested,
  savedSearchDeleted,
  savedSearchMenuLeft,
  savedSearchSaveFailed,
  savedSearchSaveRequested,
  savedSearchSaved,
  savedSearchesLoadFailed,
  savedSearchesLoaded,
  savedSearchesReducer,
  savedSearchesRequested,
  type SavedSearchesState,
} from './savedSearchesSlice';
import { selectSavedSearchError, selectSavedSearchesOfRoute } from './savedSearchesSelectors';

const risky: SavedSearch = { ...blocked, id: 's2', name: 'Risky', query: 'risk=R' };
const taken = {
  status: 409,
  message: 'A saved search with this name already exists.',
  callName: 'createSavedSearch',
  field: 'name',
};

/** The state after the actions, from the initial state. */
const after = (...actions: UnknownAction[]): SavedSearchesState =>
  actions.reduce<SavedSearchesState>(savedSearchesReducer, initialSavedSearchesState);

describe('saved searches reducer', () => {
  test('a list request loads, and the reply is every search of the user', () => {
    expect(after(savedSearchesRequested()).status).toBe('loading');
    const s = after(savedSearchesRequested(), savedSearchesLoaded([blocked, logins]));
    expect(s).toMatchObject({ status: 'ready', searches: [blocked, logins], error: null });
  });

  test("the menu's list is the searches of its route", () => {
    const savedSearches = after(savedSearchesLoaded([blocked, logins, risky]));
    expect(selectSavedSearchesOfRoute({ savedSearches }, 'web')).toEqual([blocked, risky]);
    expect(selectSavedSearchesOfRoute({ savedSearches }, 'audit')).toEqual([logins]);
    expect(selectSavedSearchesOfRoute({ savedSearches }, 'dlp')).toEqual([]);
  });

  test('a blank name fails at once with "Enter a name."', () => {
    const s = after(
      savedSearchesLoaded([blocked]),
      savedSearchSaveRequested({ name: '   ', route: 'web', query: 'risk=R' }),
    );
    expect(s.status).toBe('failed');
    expect(s.error).toEqual({
      message: SAVED_SEARCH_NAME_MISSING,
      callName: 'createSavedSearch',
      field: 'name',
    });
    expect(SAVED_SEARCH_NAME_MISSING).toBe('Enter a name.');
    expect(s.searches).toEqual([blocked]);
  });

  test('a save adds the saved search, remembers it and clears the last failure', () => {
    const saving = after(
      savedSearchSaveFailed(taken),
      savedSearchSaveRequested({ name: 'Risky', route: 'web', query: 'risk=R' }),
    );
    expect(saving.status).toBe('saving');
    const s = savedSearchesReducer(saving, savedSearchSaved(risky));
    expect(s).toMatchObject({ status: 'ready', searches: [risky], error: null, lastSaved: risky });
    // The list that follows the save holds it already: it is not listed twice.
    expect(savedSearchesReducer(s, savedSearchSaved(risky)).searches).toEqual([risky]);
  });

  test('a delete removes the search of that id', () => {
    const deleting = after(savedSearchesLoaded([blocked, logins]), savedSearchDeleteRequested({ id: 's0' }));
    expect(deleting.status).toBe('deleting');
    const s = savedSearchesReducer(deleting, savedSearchDeleted({ id: 's0' }));
    expect(s).toMatchObject({ status: 'ready', searches: [logins] });
  });

  test('a failure of any call becomes the status and the error, and keeps the list', () => {
    const listed = after(savedSearchesLoaded([blocked]));
    const failures = [
      savedSearchesLoadFailed({ message: 'boom', callName: 'listSavedSearches', status: 500 }),
      savedSearchSaveFailed(taken),
      savedSearchDeleteFailed({ message: 'gone', callName: 'deleteSavedSearch', status: 404 }),
    ];
    for (const failure of failures) {
      const s = savedSearchesReducer(listed, failure);
      expect(s).toMatchObject({ status: 'failed', error: failure.payload, searches: [blocked] });
    }
  });

  test('the failure stays shown through later lists and deletes, until a save succeeds', () => {
    const s = after(
      savedSearchSaveFailed(taken),
      savedSearchesRequested(),
      savedSearchesLoaded([blocked]),
      savedSearchDeleteRequested({ id: 's0' }),
      savedSearchDeleted({ id: 's0' }),
    );
    expect(selectSavedSearchError({ savedSearches: s })).toBe(taken.message);
    expect(
      selectSavedSearchError({ savedSearches: savedSearchesReducer(s, savedSearchSaved(risky)) }),
    ).toBeNull();
  });

  test('when the menu goes away its failure goes with it; the list is kept', () => {
    const s = after(savedSearchesLoaded([blocked]), savedSearchSaveFailed(taken), savedSearchMenuLeft());
    expect(s).toMatchObject({ status: 'idle', error: null, searches: [blocked] });
  });

  test('signing out forgets the searches', () => {
    const s = after(savedSearchesLoaded([blocked]), savedSearchSaved(risky), loggedOut(undefined));
    expect(s).toEqual(initialSavedSearchesState);
  });
});
