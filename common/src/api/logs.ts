/**
 * Logs calls (api-client-layer §3 Logs; portal-core §4 Logs paging, §7 Logs): the paging query,
 * the export URL and the saved searches. Typed on `contract/logs.ts` and `contract/savedSearches.ts`.
 */
import type { HttpClient } from './http';
import { LOGS_PATHS, type LogQueryReply, type PagingIdentifiers } from './contract/logs';
import {
  SAVED_SEARCH_PATHS,
  type SavedSearch,
  type SavedSearchInput,
  type SavedSearchList,
} from './contract/savedSearches';
import type { LogType } from '../vocabularies/logTypes';

/** Events are fetched 100 at a time (portal-core §9: log page cache, 100 events per block). */
export const LOG_BLOCK_SIZE = 100;

/**
 * A query of one log type: `params` are the query string values (start and end in unix seconds,
 * search, equality filters comma-joined). start and end must stay fixed while paging.
 */
export interface LogQuery {
  logType: LogType;
  params: Readonly<Record<string, string>>;
}

/** The first block of a query: GET /api/rep/v1/query/{logtype}?{query}&limit=100. */
export async function queryLogs(
  http: HttpClient,
  query: LogQuery,
  limit = LOG_BLOCK_SIZE,
): Promise<LogQueryReply> {
  const r = await http.get<LogQueryReply>(LOGS_PATHS.query(query.logType), {
    callName: 'queryLogs',
    params: { ...query.params, limit: String(limit) },
  });
  return r.data;
}

/** The block after the one that returned `pagingIdentifiers`: POST with them as the body. */
export async function queryLogsNext(
  http: HttpClient,
  query: LogQuery,
  pagingIdentifiers: PagingIdentifiers,
  limit = LOG_BLOCK_SIZE,
): Promise<LogQueryReply> {
  const r = await http.post<LogQueryReply>(
    LOGS_PATHS.query(query.logType),
    { pagingIdentifiers },
    { callName: 'queryLogs', params: { ...query.params, limit: String(limit) } },
  );
  return r.data;
}

/** The URL of the CSV export of the whole filtered result (GET, streamed; header x-total-events). */
export function exportLogsUrl(query: LogQuery): string {
  const qs = new URLSearchParams(query.params).toString();
  return qs ? `${LOGS_PATHS.export(query.logType)}?${qs}` : LOGS_PATHS.export(query.logType);
}

export async function listSavedSearches(http: HttpClient): Promise<SavedSearch[]> {
  const r = await http.get<SavedSearchList>(SAVED_SEARCH_PATHS.list, { callName: 'listSavedSearches' });
  return r.data.saved_searches;
}

export async function createSavedSearch(http: HttpClient, input: SavedSearchInput): Promise<SavedSearch> {
  const r = await http.post<SavedSearch>(SAVED_SEARCH_PATHS.list, input, { callName: 'createSavedSearch' });
  return r.data;
}

export async function deleteSavedSearch(http: HttpClient, id: string): Promise<void> {
  await http.delete(SAVED_SEARCH_PATHS.one(id), { callName: 'deleteSavedSearch' });
}
