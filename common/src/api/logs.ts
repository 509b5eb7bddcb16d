/**
 * Logs calls (docs/logs.md §1 Logs; docs/logs.md §3 Logs paging, §4 Logs): the paging query,
 * the export URL and the saved searches. Typed on `contract/logs.ts` and `contract/savedSearches.ts`.
 */
import { REQUEST_TIMEOUT_MESSAGE, type HttpClient } from './http';
import { ApiCallError } from './ApiCallError';
import { getRuntimeEnv } from '../env/runtimeEnv';
import {
  LOGS_EXPORT_TOTAL_HEADER,
  LOGS_PATHS,
  type LogQueryReply,
  type PagingIdentifiers,
} from './contract/logs';
import {
  SAVED_SEARCH_PATHS,
  type SavedSearch,
  type SavedSearchInput,
  type SavedSearchList,
} from './contract/savedSearches';
import type { LogType } from '../vocabularies/logTypes';

/** Events are fetched 100 at a time (docs/logs.md §3: log page cache, 100 events per block). */
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

/** The export's reply once its headers came: the rows it will hold, and the body as it streams. */
export interface LogExportStream {
  /** x-total-events; null when the server did not say. */
  total: number | null;
  body: ReadableStream<Uint8Array>;
}

/**
 * Starts the CSV export of the whole filtered result through the shared client (its no-cache and
 * xsrf headers, its 401/403 handling and time-out message), streamed: axios's fetch adapter hands
 * over the body as it arrives. The time-out covers the wait for the reply's headers only (the
 * client's own would cut a long download short); the server's message of a refused export is
 * read from the streamed error body.
 */
export async function requestLogExport(
  http: HttpClient,
  query: LogQuery,
  signal?: AbortSignal,
): Promise<LogExportStream> {
  const callName = 'exportLogs';
  const waiting = new AbortController();
  const abort = () => waiting.abort();
  signal?.addEventListener('abort', abort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    waiting.abort();
  }, getRuntimeEnv().apiTimeoutMs);
  try {
    const r = await http.get<ReadableStream<Uint8Array>>(exportLogsUrl(query), {
      adapter: 'fetch',
      responseType: 'stream',
      timeout: 0,
      signal: waiting.signal,
      callName,
    });
    const announced = r.headers[LOGS_EXPORT_TOTAL_HEADER.toLowerCase()] as unknown;
    const total = announced === undefined || announced === null ? NaN : Number(announced);
    return { total: Number.isFinite(total) ? total : null, body: r.data };
  } catch (error) {
    signal?.removeEventListener('abort', abort);
    if (timedOut) throw new ApiCallError({ message: `${REQUEST_TIMEOUT_MESSAGE} ${callName}`, callName });
    if (error instanceof ApiCallError && isStream(error.data)) {
      // The error's body streamed too: its message is the server's reason.
      const text = await readAll(error.data).catch(() => '');
      let message: string | undefined;
      try {
        message = (JSON.parse(text) as { message?: string }).message;
      } catch {
        message = undefined;
      }
      throw new ApiCallError({
        message: message || error.message,
        callName,
        status: error.status,
        field: error.field,
      });
    }
    throw error;
  } finally {
    // The caller's abort keeps cancelling the body as it streams (Cancel during the download).
    clearTimeout(timer);
  }
}

const isStream = (data: unknown): data is ReadableStream<Uint8Array> =>
  typeof data === 'object' && data !== null && typeof (data as ReadableStream).getReader === 'function';

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

/** A small streamed body (an error's) as text. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}
