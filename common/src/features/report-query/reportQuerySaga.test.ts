import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { reportQueryPath, tenantReportQueryPath, type ReportReply } from '../../api/contract/reportQueries';
import { createTestStore, stateWhen } from '../../test-support/storeHarness';
import {
  reportQueryFailed,
  reportQueryKey,
  reportQueryReceived,
  reportQueryRequested,
} from './reportQuerySlice';
import { selectReportQuery } from './reportQuerySelectors';

const range = { start: 1_700_000_000, end: 1_700_086_400 };
const reply = (rows: ReportReply['rows']): ReportReply => ({ name: 'top_domains', ...range, rows });

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

describe('report-query feature', () => {
  test('the key does not depend on the order of the parameters, and leaves out empty filters', () => {
    expect(reportQueryKey('top_domains', { ...range, filters: { pe_action: ['block'], userid: [] } })).toBe(
      reportQueryKey('top_domains', {
        filters: { pe_action: ['block'] },
        end: range.end,
        start: range.start,
      }),
    );
    expect(reportQueryKey('top_domains', { ...range, limit: 5 })).not.toBe(
      reportQueryKey('top_domains', range),
    );
    expect(reportQueryKey('top_domains', range)).not.toBe(reportQueryKey('bandwidth_usage_by_date', range));
  });

  test('a request sends the range, limit and comma-joined filters and stores the reply under its key', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(reportQueryPath('top_domains')).reply(200, reply([{ key: 'a.example', value: 3 }]));
    const params = { ...range, limit: 5, filters: { pe_action: ['block', 'isolate'] } };
    store.dispatch(reportQueryRequested({ name: 'top_domains', params }));
    expect(selectReportQuery('top_domains', params)(store.getState())?.status).toBe('loading');
    const s = await stateWhen(
      store,
      (st) => selectReportQuery('top_domains', params)(st)?.status === 'ready',
    );
    expect(selectReportQuery('top_domains', params)(s)?.reply?.rows).toEqual([
      { key: 'a.example', value: 3 },
    ]);
    expect(mock.history.get[0]?.params).toEqual({
      start: String(range.start),
      end: String(range.end),
      limit: '5',
      pe_action: 'block,isolate',
    });
    expect(selectReportQuery('top_domains', range)(s)).toBeNull();
  });

  test("a chosen tenant's query (support view) has its own entry and goes to that tenant's path", async () => {
    const { store, mock } = createTestStore();
    mock
      .onGet(tenantReportQueryPath('t-2', 'top_domains'))
      .reply(200, reply([{ key: 'b.example', value: 7 }]));
    mock.onGet(reportQueryPath('top_domains')).reply(200, reply([{ key: 'own.example', value: 1 }]));
    expect(reportQueryKey('top_domains', range, 't-2')).not.toBe(reportQueryKey('top_domains', range));
    expect(reportQueryKey('top_domains', range, 't-2')).not.toBe(reportQueryKey('top_domains', range, 't-3'));
    store.dispatch(reportQueryRequested({ name: 'top_domains', params: range, tenantId: 't-2' }));
    const s = await stateWhen(
      store,
      (st) => selectReportQuery('top_domains', range, 't-2')(st)?.status === 'ready',
    );
    expect(selectReportQuery('top_domains', range, 't-2')(s)?.reply?.rows).toEqual([
      { key: 'b.example', value: 7 },
    ]);
    expect(selectReportQuery('top_domains', range)(s)).toBeNull();
    expect(mock.history.get.map((r) => r.url)).toEqual([tenantReportQueryPath('t-2', 'top_domains')]);
  });

  test('a failed query keeps its error under its key and does not touch the others', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(reportQueryPath('top_domains')).reply(400, { message: "Unknown filter 'nope'." });
    mock.onGet(reportQueryPath('bandwidth_usage_by_date')).reply(200, reply([]));
    store.dispatch(reportQueryRequested({ name: 'top_domains', params: range }));
    store.dispatch(reportQueryRequested({ name: 'bandwidth_usage_by_date', params: range }));
    const s = await stateWhen(
      store,
      (st) =>
        selectReportQuery('top_domains', range)(st)?.status === 'failed' &&
        selectReportQuery('bandwidth_usage_by_date', range)(st)?.status === 'ready',
    );
    expect(selectReportQuery('top_domains', range)(s)?.error).toMatchObject({
      status: 400,
      message: "Unknown filter 'nope'.",
    });
  });

  test('two widgets asking one query at once share one request (the client joins identical GETs)', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(reportQueryPath('top_domains')).reply(200, reply([{ key: 'a.example', value: 3 }]));
    store.dispatch(reportQueryRequested({ name: 'top_domains', params: range }));
    store.dispatch(reportQueryRequested({ name: 'top_domains', params: range }));
    const s = await stateWhen(store, (st) => selectReportQuery('top_domains', range)(st)?.status === 'ready');
    expect(mock.history.get).toHaveLength(1);
    expect(selectReportQuery('top_domains', range)(s)?.reply?.rows).toHaveLength(1);
  });

  test('an answer for an older request of the key does not land over the newer one', () => {
    const { store } = createTestStore();
    store.dispatch(reportQueryRequested({ name: 'top_domains', params: range }));
    const older = selectReportQuery('top_domains', range)(store.getState())!.requestId;
    store.dispatch(reportQueryRequested({ name: 'top_domains', params: range }));
    const key = reportQueryKey('top_domains', range);
    store.dispatch(
      reportQueryReceived({ key, requestId: older, reply: reply([{ key: 'old.example', value: 1 }]) }),
    );
    store.dispatch(
      reportQueryFailed({
        key,
        requestId: older,
        error: { message: 'late', callName: 'report:top_domains' },
      }),
    );
    const entry = selectReportQuery('top_domains', range)(store.getState());
    expect(entry).toMatchObject({ status: 'loading', reply: null, error: null });
    expect(entry?.requestId).toBeGreaterThan(older);
  });

  test('a refresh keeps the last reply while it loads, so a chart does not blank', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(reportQueryPath('top_domains')).reply(200, reply([{ key: 'a.example', value: 3 }]));
    store.dispatch(reportQueryRequested({ name: 'top_domains', params: range }));
    await stateWhen(store, (st) => selectReportQuery('top_domains', range)(st)?.status === 'ready');
    store.dispatch(reportQueryRequested({ name: 'top_domains', params: range }));
    const entry = selectReportQuery('top_domains', range)(store.getState());
    expect(entry?.status).toBe('loading');
    expect(entry?.reply?.rows).toHaveLength(1);
  });
});
