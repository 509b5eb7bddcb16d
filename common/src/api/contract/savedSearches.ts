/**
 * Saved searches of the logs area (issue 4, beyond peers): named filter sets kept on the server,
 * per tenant and user. GET/POST /api/rep/v1/saved_searches, DELETE /api/rep/v1/saved_searches/{id}.
 * A name is 1–100 characters (after trimming) and unique per user.
 */
import { Type, type Static } from 'typebox';
import { LogRouteSchema } from './logs';

export const SAVED_SEARCH_NAME_MAX = 100;

export const SavedSearchInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SAVED_SEARCH_NAME_MAX }),
    /** The logs route the search belongs to: one of LOG_ROUTES (vocabularies/logTypes). */
    route: LogRouteSchema,
    /** The view's query string without the leading '?': filters, columns, sort. */
    query: Type.String({ maxLength: 4000 }),
  },
  { additionalProperties: false },
);
export type SavedSearchInput = Static<typeof SavedSearchInput>;

export const SavedSearch = Type.Object({
  id: Type.String(),
  name: Type.String(),
  route: Type.String(),
  query: Type.String(),
  created_at: Type.String({ description: 'ISO 8601' }),
});
export type SavedSearch = Static<typeof SavedSearch>;

export const SavedSearchList = Type.Object({ saved_searches: Type.Array(SavedSearch) });
export type SavedSearchList = Static<typeof SavedSearchList>;

export const SavedSearchIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const SAVED_SEARCH_PATHS = {
  list: '/api/rep/v1/saved_searches',
  one: (id: string) => `/api/rep/v1/saved_searches/${encodeURIComponent(id)}`,
} as const;

export const SAVED_SEARCH_NAME_TAKEN = 'A saved search with this name already exists.';
export const SAVED_SEARCH_NOT_FOUND = 'The saved search was not found.';
