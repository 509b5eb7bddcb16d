/**
 * The logs export's saga over a real store. The export call streams through axios's fetch adapter,
 * which jsdom has not, so the call is stubbed (its own test: common/src/api/logExport.test.ts), and
 * the file save is the browser's.
 */
import { createFeatureTestStore, stateWhen } from '@workbench/common/test-support/storeHarness';
import { setRuntimeEnvForTests } from '@workbench/common';
import { ApiCallError } from '@workbench/common';
import { requestLogExport, type LogExportStream, type LogQuery } from '@workbench/common/api/logs';
import { DEFAULT_EXPORT_CHOICE, exportQuery, saveChunks } from './logExport';
import {
  logExportCancelled,
  logExportReducer,
  logExportRequested,
  logExportSaga,
  selectLogExportProgress,
} from './logExportSaga';

jest.mock('@workbench/common/api/logs', () => ({
  ...jest.requireActual<typeof import('@workbench/common/api/logs')>('@workbench/common/api/logs'),
  requestLogExport: jest.fn(),
}));
jest.mock('./logExport', () => ({
  ...jest.requireActual<typeof import('./logExport')>('./logExport'),
  saveChunks: jest.fn(),
}));

const encoder = new TextEncoder();
const query: LogQuery = { logType: 'scan_web', params: { start: '1', end: '2' } };
const request = {
  route: 'web' as const,
  query,
  choice: DEFAULT_EXPORT_CHOICE,
  visibleColumns: ['time', 'url'],
};
const exportRequest = exportQuery(query, DEFAULT_EXPORT_CHOICE, ['time', 'url']);

/** A streamed body of these chunks; `hold` keeps it open after them until it resolves. */
function body(chunks: string[], hold?: Promise<void>): ReadableStream<Uint8Array> {
  let i = 0;
  return {
    getReader: () => ({
      read: async () => {
        if (i < chunks.length) return { done: false, value: encoder.encode(chunks[i++]) };
        await hold;
        return { done: true };
      },
    }),
  } as unknown as ReadableStream<Uint8Array>;
}

/** The export call answers this stream (or refusal), keeping the abort signal it was given. */
function answer(reply: LogExportStream | ApiCallError): { signal?: AbortSignal } {
  const seen: { signal?: AbortSignal } = {};
  jest.mocked(requestLogExport).mockImplementation(async (_http, asked, signal) => {
    expect(asked).toEqual(exportRequest);
    seen.signal = signal;
    if (reply instanceof ApiCallError) throw reply;
    return reply;
  });
  return seen;
}

function setup() {
  return createFeatureTestStore({ reducers: { logExport: logExportReducer }, sagas: [logExportSaga] });
}

beforeEach(() => {
  setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
  jest.mocked(saveChunks).mockClear();
});
afterAll(() => setRuntimeEnvForTests(null));

test('an export says it started, shows its rows of the announced total, saves the file, then ends', async () => {
  const { store } = setup();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  answer({ total: 3, body: body(['time,url\n1,a\n2,b\n'], held) });
  store.dispatch(logExportRequested(request));
  expect(store.getState().snackbar.bottom).toMatchObject({ severity: 'info' });
  const s = await stateWhen(store, (st) => selectLogExportProgress(st)?.rows === 2);
  expect(selectLogExportProgress(s)).toEqual({ rows: 2, total: 3 });
  release();
  await stateWhen(store, (st) => selectLogExportProgress(st) === null);
  expect(saveChunks).toHaveBeenCalledWith(
    expect.stringMatching(/^web-logs-.*\.csv$/),
    expect.any(Array),
    'csv',
  );
});

test('Cancel aborts the download: nothing is saved and no failure is shown', async () => {
  const { store } = setup();
  const seen = answer({ total: 5, body: body(['time,url\n1,a\n'], new Promise(() => undefined)) });
  store.dispatch(logExportRequested(request));
  await stateWhen(store, (st) => selectLogExportProgress(st)?.rows === 1);
  const started = store.getState().snackbar.bottom;
  store.dispatch(logExportCancelled());
  expect(selectLogExportProgress(store.getState())).toBeNull();
  expect(seen.signal?.aborted).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(saveChunks).not.toHaveBeenCalled();
  expect(store.getState().snackbar.bottom).toEqual(started);
});

test('a refused export says why in the snackbar and ends', async () => {
  const { store } = setup();
  answer(new ApiCallError({ message: "Unknown column 'nope'.", callName: 'exportLogs', status: 400 }));
  store.dispatch(logExportRequested(request));
  const s = await stateWhen(store, (st) => st.snackbar.bottom?.severity === 'error');
  expect(s.snackbar.bottom?.text).toContain("Unknown column 'nope'.");
  expect(selectLogExportProgress(s)).toBeNull();
  expect(saveChunks).not.toHaveBeenCalled();
});
