/**
 * A saved-search server for tests (tests only, never imported by app code): kept in a list, so
 * what a test stores is what the next GET lists, at the axios boundary (axios-mock-adapter).
 */
import type MockAdapter from 'axios-mock-adapter';
import { SAVED_SEARCH_PATHS, type SavedSearch } from '../api/contract/savedSearches';

/** Two saved searches of different log routes. */
export const blockedSearch: SavedSearch = {
  id: 's0',
  name: 'Blocked',
  route: 'web',
  query: 'action=block',
  created_at: '2026-11-21T00:00:00.000Z',
};
export const loginsSearch: SavedSearch = {
  ...blockedSearch,
  id: 'sa',
  name: 'Logins',
  route: 'audit',
  query: 'audit_action=login',
};

/**
 * Answers list, create (409 on a name taken, case-insensitively) and delete (404 for an unknown
 * id) from a copy of `initial`; returns that list, which follows every write.
 */
export function serveSavedSearches(mock: MockAdapter, initial: readonly SavedSearch[]): SavedSearch[] {
  const stored = [...initial];
  mock.onGet(SAVED_SEARCH_PATHS.list).reply(() => [200, { saved_searches: [...stored] }]);
  mock.onPost(SAVED_SEARCH_PATHS.list).reply((config) => {
    const body = JSON.parse(String(config.data)) as { name: string; route: string; query: string };
    if (stored.some((s) => s.name.toLowerCase() === body.name.toLowerCase())) {
      return [409, { message: 'A saved search with this name already exists.', field: 'name' }];
    }
    const saved = { id: `s${stored.length + 1}`, created_at: '2026-11-22T00:00:00.000Z', ...body };
    stored.push(saved);
    return [200, saved];
  });
  mock.onDelete(/\/api\/rep\/v1\/saved_searches\/.+/).reply((config) => {
    const i = stored.findIndex((s) => s.id === String(config.url).split('/').pop());
    if (i < 0) return [404, { message: 'The saved search was not found.' }];
    stored.splice(i, 1);
    return [200, { deleted: true }];
  });
  return stored;
}
