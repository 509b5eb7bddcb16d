/**
 * Fetches the blocks the grid asks for, in order (each block's cursor comes with the previous
 * block), one request at a time. A failure becomes state: the message, or on-prem for HTTP 500 the
 * exact "Local Logs" text (docs/logs.md §6).
 */
import type { SagaIterator } from 'redux-saga';
import { actionChannel, call, getContext, put, select, take } from 'redux-saga/effects';
import type { LogQueryReply, PagingIdentifiers } from '../../api/contract/logs';
import type { HttpClient } from '../../api/http';
import * as logsApi from '../../api/logs';
import { toErrorInfo, type ApiCallErrorInfo } from '../../api/ApiCallError';
import { isOnPrem } from '../../env/runtimeEnv';
import {
  LOG_BLOCK_SIZE,
  blocksOfRows,
  logBlockFailed,
  logBlockReceived,
  logRowsRequested,
  type LogPagingState,
  type RowsRequest,
} from './logPagingSlice';
import { selectLogPaging } from './logPagingSelectors';

export const LOCAL_LOGS_DISABLED_MESSAGE =
  'Data loading failed. Please ensure that Local Logs are enabled in the Settings > Logs/Alerts page.';

/** What a logs load failure shows (docs/logs.md §6). */
export function logsLoadErrorMessage(error: ApiCallErrorInfo, onPrem: boolean): string {
  return onPrem && error.status === 500 ? LOCAL_LOGS_DISABLED_MESSAGE : error.message;
}

function* fetchBlock(http: HttpClient, state: LogPagingState, block: number): SagaIterator {
  const query = state.query;
  if (!query) return;
  const generation = state.generation;
  try {
    let reply: LogQueryReply;
    if (block === 0) {
      reply = yield call(logsApi.queryLogs, http, query, LOG_BLOCK_SIZE);
    } else {
      const ids: PagingIdentifiers = state.nextIdentifiers[block - 1] as PagingIdentifiers;
      reply = yield call(logsApi.queryLogsNext, http, query, ids, LOG_BLOCK_SIZE);
    }
    yield put(
      logBlockReceived({
        generation,
        block,
        events: reply.events,
        pagingIdentifiers: reply.pagingIdentifiers,
      }),
    );
  } catch (e) {
    const info = toErrorInfo(e, 'queryLogs');
    yield put(
      logBlockFailed({ generation, error: { ...info, message: logsLoadErrorMessage(info, isOnPrem()) } }),
    );
  }
}

/** Fetches, one after another, every block the wanted rows need that is not cached. */
function* fillCache(http: HttpClient, rows: RowsRequest): SagaIterator {
  for (const block of blocksOfRows(rows.startRow, rows.endRow)) {
    for (;;) {
      const state: LogPagingState = yield select(selectLogPaging);
      if (state.status === 'failed' || !state.query) return;
      // A request queued before the query changed is for rows nobody shows any more.
      if (rows.generation !== undefined && rows.generation !== state.generation) return;
      if (state.lastBlock !== null && block > state.lastBlock) return;
      if (state.blocks[block]) break;
      // Walk forward from the nearest block whose cursor we know.
      let b = block;
      while (b > 0 && state.nextIdentifiers[b - 1] === undefined) b -= 1;
      yield call(fetchBlock, http, state, b);
      const after: LogPagingState = yield select(selectLogPaging);
      if (after.generation !== state.generation) return;
    }
  }
}

export function* logPagingSaga(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  const requests = yield actionChannel(logRowsRequested.type);
  for (;;) {
    const action: ReturnType<typeof logRowsRequested> = yield take(requests);
    yield call(fillCache, http, action.payload);
  }
}
