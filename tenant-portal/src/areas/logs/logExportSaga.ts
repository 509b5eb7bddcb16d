/**
 * The logs explorer's export (LogExportButton): the download runs here, not in the button. The
 * saga streams the whole filtered result (requestLogExport), puts its progress (rows received of
 * x-total-events), saves the file, and says in the snackbar that it started or failed; a Cancel
 * aborts the stream and says nothing more. One export at a time (the button shows the progress).
 */
import { createAction, createReducer } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { buffers, channel } from 'redux-saga';
import { call, cancel, cancelled, fork, getContext, join, put, race, take } from 'redux-saga/effects';
import { snackbarShown, type HttpClient } from '@workbench/common';
import { requestLogExport, type LogExportStream, type LogQuery } from '@workbench/common/api/logs';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import {
  exportFileName,
  exportQuery,
  readExport,
  saveChunks,
  type ExportChoice,
  type ExportProgress,
} from './logExport';

export interface LogExportState {
  /** The running export's progress once its stream answered; null when none runs. */
  progress: ExportProgress | null;
}

export interface WithLogExport {
  logExport: LogExportState;
}

export const logExportRequested = createAction<{
  route: LogRoute;
  query: LogQuery;
  choice: ExportChoice;
  visibleColumns: readonly string[];
}>('logExport/requested');
export const logExportCancelled = createAction('logExport/cancelled');
export const logExportProgressed = createAction<ExportProgress>('logExport/progressed');
export const logExportEnded = createAction('logExport/ended');

export const logExportReducer = createReducer<LogExportState>({ progress: null }, (builder) => {
  builder
    .addCase(logExportProgressed, (state, { payload }) => {
      state.progress = payload;
    })
    .addCase(logExportEnded, (state) => {
      state.progress = null;
    });
});

export const selectLogExportProgress = (state: WithLogExport): ExportProgress | null =>
  state.logExport.progress;

function* relayProgress(progress: ReturnType<typeof channel<ExportProgress>>): SagaIterator {
  while (true) {
    const p: ExportProgress = yield take(progress);
    yield put(logExportProgressed(p));
  }
}

function* runExport(http: HttpClient, action: ReturnType<typeof logExportRequested>): SagaIterator {
  const { route, query, choice, visibleColumns } = action.payload;
  const controller = new AbortController();
  // Only the latest progress matters: the stream reports after every chunk.
  const progress = channel<ExportProgress>(buffers.sliding(1));
  const relay: Task = yield fork(relayProgress, progress);
  yield put(
    snackbarShown({
      kind: 'download',
      fileType: choice.format === 'csv' ? 'CSV' : 'NDJSON',
      outcome: 'started',
    }),
  );
  try {
    const reply: LogExportStream = yield call(
      requestLogExport,
      http,
      exportQuery(query, choice, visibleColumns),
      controller.signal,
    );
    const { chunks }: { chunks: Uint8Array[] } = yield call(
      readExport,
      reply,
      (p: ExportProgress) => progress.put(p),
      choice.format === 'csv' ? 1 : 0,
    );
    yield call(saveChunks, exportFileName(route, new Date(), choice.format), chunks, choice.format);
  } catch (e) {
    if (!controller.signal.aborted)
      yield put(
        snackbarShown({
          kind: 'download',
          outcome: 'failed',
          message: e instanceof Error ? e.message : String(e),
        }),
      );
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
    yield cancel(relay);
    progress.close();
    yield put(logExportEnded());
  }
}

export function* logExportSaga(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  while (true) {
    const action: ReturnType<typeof logExportRequested> = yield take(logExportRequested.type);
    const task: Task = yield fork(runExport, http, action);
    const { stop }: { stop?: unknown } = yield race({
      done: join(task),
      stop: take(logExportCancelled.type),
    });
    if (stop) yield cancel(task);
  }
}
