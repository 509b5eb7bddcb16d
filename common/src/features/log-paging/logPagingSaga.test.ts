import { createTestStore, stateWhen } from '../../test-support/storeHarness';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import type { LogEvent } from '../../api/contract/logs';
import type { LogQuery } from '../../api/logs';
import {
  MAX_CACHED_BLOCKS,
  cutPage,
  logQueryChanged,
  logRowsRequested,
  type LogPagingState,
} from './logPagingSlice';
import { LOCAL_LOGS_DISABLED_MESSAGE } from './logPagingSaga';

const PATH = '/api/rep/v1/query/scan_web';
const webQuery: LogQuery = { logType: 'scan_web', params: { start: '1000', end: '2000', action: 'block' } };

/** A server of `total` events, newest first, paged by an opaque cursor = the next offset. */
function serve(mock: ReturnType<typeof createTestStore>['mock'], total: number) {
  const calls: { method: string; params: Record<string, string>; body: unknown }[] = [];
  const page = (offset: number, limit: number) => {
    const events: LogEvent[] = [];
    for (let i = offset; i < Math.min(total, offset + limit); i += 1)
      events.push({ id: `e${i}`, time: 5000 - i, log_type: 'scan_web' });
    const next = offset + limit;
    return next >= total
      ? { events, pagingIdentifiers: { last_iteration: true } }
      : { events, pagingIdentifiers: { cursor: String(next), last_iteration: false } };
  };
  mock.onGet(PATH).reply((config) => {
    calls.push({ method: 'get', params: config.params as Record<string, string>, body: null });
    return [200, page(0, Number((config.params as Record<string, string>).limit))];
  });
  mock.onPost(PATH).reply((config) => {
    const body = JSON.parse(String(config.data)) as { pagingIdentifiers: { cursor: string } };
    calls.push({ method: 'post', params: config.params as Record<string, string>, body });
    return [
      200,
      page(Number(body.pagingIdentifiers.cursor), Number((config.params as Record<string, string>).limit)),
    ];
  });
  return calls;
}

const paging = (s: unknown): LogPagingState => (s as { logPaging: LogPagingState }).logPaging;
const settled = (s: unknown) => paging(s).status === 'ready' || paging(s).status === 'failed';

async function rows(store: ReturnType<typeof createTestStore>['store'], startRow: number, endRow: number) {
  store.dispatch(logRowsRequested({ startRow, endRow }));
  const s = await stateWhen(
    store,
    (st) => cutPage(paging(st), startRow, endRow).complete || paging(st).status === 'failed',
  );
  return cutPage(paging(s), startRow, endRow);
}

afterEach(() => setRuntimeEnvForTests(null));

describe('log paging (docs/logs.md §3 Logs paging, §3 log page cache)', () => {
  it('Events are fetched 100 at a time and cached', async () => {
    const { store, mock } = createTestStore();
    const calls = serve(mock, 1000);
    store.dispatch(logQueryChanged(webQuery));
    await rows(store, 0, 50);
    await rows(store, 50, 100);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params.limit).toBe('100');
    expect(calls[0]?.params.action).toBe('block');
  });

  it('A smaller page is cut from the cache', async () => {
    const { store, mock } = createTestStore();
    serve(mock, 1000);
    store.dispatch(logQueryChanged(webQuery));
    const page = await rows(store, 20, 45);
    expect(page.rows.map((e) => e.id)).toEqual(Array.from({ length: 25 }, (_, i) => `e${20 + i}`));
  });

  it('the client adds the index to each event', async () => {
    const { store, mock } = createTestStore();
    serve(mock, 1000);
    store.dispatch(logQueryChanged(webQuery));
    const page = await rows(store, 150, 160);
    expect(page.rows.map((e) => e.index)).toEqual([150, 151, 152, 153, 154, 155, 156, 157, 158, 159]);
    expect(page.rows[0]?.id).toBe('e150');
  });

  it('a later block is asked for with the previous block pagingIdentifiers, start and end kept fixed', async () => {
    const { store, mock } = createTestStore();
    const calls = serve(mock, 1000);
    store.dispatch(logQueryChanged(webQuery));
    await rows(store, 250, 300);
    expect(calls.map((c) => c.method)).toEqual(['get', 'post', 'post']);
    expect(calls[2]?.body).toEqual({ pagingIdentifiers: { cursor: '200', last_iteration: false } });
    for (const c of calls) expect([c.params.start, c.params.end]).toEqual(['1000', '2000']);
  });

  it('a page cut across two blocks holds rows of both', async () => {
    const { store, mock } = createTestStore();
    serve(mock, 1000);
    store.dispatch(logQueryChanged(webQuery));
    const page = await rows(store, 90, 110);
    expect(page.rows.map((e) => e.index)).toEqual(Array.from({ length: 20 }, (_, i) => 90 + i));
  });

  it('the last block gives the row count and rows past the end are not fetched', async () => {
    const { store, mock } = createTestStore();
    const calls = serve(mock, 230);
    store.dispatch(logQueryChanged(webQuery));
    const page = await rows(store, 200, 400);
    expect(page.rows).toHaveLength(30);
    expect(page.lastRow).toBe(230);
    expect(calls).toHaveLength(3);
  });

  it('Changing filters clears the cache', async () => {
    const { store, mock } = createTestStore();
    const calls = serve(mock, 1000);
    store.dispatch(logQueryChanged(webQuery));
    await rows(store, 0, 100);
    store.dispatch(
      logQueryChanged({ logType: 'scan_web', params: { start: '1000', end: '2000', action: 'allow' } }),
    );
    expect(cutPage(paging(store.getState()), 0, 100).complete).toBe(false);
    await rows(store, 0, 100);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params.action).toBe('allow');
  });

  it('rows asked for the previous query are not fetched for the new one', async () => {
    const { store, mock } = createTestStore();
    const calls = serve(mock, 100_000);
    store.dispatch(logQueryChanged(webQuery));
    const old = paging(store.getState()).generation;
    store.dispatch(logRowsRequested({ startRow: 0, endRow: 100, generation: old }));
    store.dispatch(logRowsRequested({ startRow: 20_000, endRow: 20_100, generation: old }));
    store.dispatch(
      logQueryChanged({ logType: 'scan_web', params: { start: '1000', end: '2000', action: 'allow' } }),
    );
    const page = await rows(store, 0, 10);
    expect(page.rows[0]?.index).toBe(0);
    const s = await stateWhen(store, (st) => paging(st).status === 'ready');
    expect(Object.keys(paging(s).nextIdentifiers).length).toBeLessThan(5);
    expect(calls.filter((c) => c.params.action === 'allow')).toHaveLength(1);
  });

  it('the cache keeps at most MAX_CACHED_BLOCKS blocks, and an evicted block is fetched again with its known cursor', async () => {
    const { store, mock } = createTestStore();
    const calls = serve(mock, 100 * (MAX_CACHED_BLOCKS + 10));
    store.dispatch(logQueryChanged(webQuery));
    await rows(store, 100 * (MAX_CACHED_BLOCKS + 5), 100 * (MAX_CACHED_BLOCKS + 5) + 10);
    expect(Object.keys(paging(store.getState()).blocks)).toHaveLength(MAX_CACHED_BLOCKS);
    const before = calls.length;
    const again = await rows(store, 0, 10);
    expect(again.rows[0]?.id).toBe('e0');
    expect(calls.length).toBe(before + 1);
  });
});

describe('Logs load failure (docs/logs.md §6)', () => {
  it('shows the error message', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(PATH).reply(400, { message: 'Unknown filter: colour', field: 'colour' });
    store.dispatch(logQueryChanged(webQuery));
    store.dispatch(logRowsRequested({ startRow: 0, endRow: 100 }));
    const s = await stateWhen(store, settled);
    expect(paging(s).status).toBe('failed');
    expect(paging(s).error?.message).toContain('Unknown filter: colour');
  });

  it('on-prem with HTTP 500 it reads "Data loading failed. Please ensure that Local Logs are enabled in the Settings > Logs/Alerts page."', async () => {
    setRuntimeEnvForTests({ deployment: 'on_prem', mode: 'management_station', production: true });
    const { store, mock } = createTestStore();
    mock.onGet(PATH).reply(500, { message: 'boom' });
    store.dispatch(logQueryChanged(webQuery));
    store.dispatch(logRowsRequested({ startRow: 0, endRow: 100 }));
    const s = await stateWhen(store, settled);
    expect(paging(s).error?.message).toBe(
      'Data loading failed. Please ensure that Local Logs are enabled in the Settings > Logs/Alerts page.',
    );
    expect(LOCAL_LOGS_DISABLED_MESSAGE).toBe(paging(s).error?.message);
  });

  it('in the cloud an HTTP 500 shows the server message', async () => {
    setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
    const { store, mock } = createTestStore();
    mock.onGet(PATH).reply(500, { message: 'boom' });
    store.dispatch(logQueryChanged(webQuery));
    store.dispatch(logRowsRequested({ startRow: 0, endRow: 100 }));
    const s = await stateWhen(store, settled);
    expect(paging(s).error?.message).toBe('boom');
  });
});
