import type { IGetRowsParams } from 'ag-grid-community';
import { createTestStore, stateWhen } from '@workbench/common/test-support/storeHarness';
import { LOG_BLOCK_SIZE, logQueryChanged, type LogPagingState } from '@workbench/common';
import { createLogsDatasource, type PagingStore } from './logsDatasource';
import { LOG_SORT_COLUMN } from './logView';

const PATH = '/api/rep/v1/query/scan_web';

/** The store, with a count of the listeners subscribed to it right now. */
function countingStore(store: PagingStore) {
  let listeners = 0;
  const counted: PagingStore = {
    getState: () => store.getState(),
    dispatch: (action) => store.dispatch(action),
    subscribe(listener) {
      listeners += 1;
      const unsubscribe = store.subscribe(listener);
      let done = false;
      return () => {
        if (!done) listeners -= 1;
        done = true;
        unsubscribe();
      };
    },
  };
  return { counted, listeners: () => listeners };
}

/** A server of `total` events; with holdReplies, a POST (block > 0) answers only after `release()`. */
function serve(mock: ReturnType<typeof createTestStore>['mock'], total: number, holdReplies = false) {
  const held: (() => void)[] = [];
  let hold = holdReplies;
  const page = (offset: number) => {
    const events = [];
    for (let i = offset; i < Math.min(total, offset + LOG_BLOCK_SIZE); i += 1)
      events.push({ id: `e${i}`, time: 5000 - i, log_type: 'scan_web' });
    const next = offset + LOG_BLOCK_SIZE;
    return {
      events,
      pagingIdentifiers:
        next >= total ? { last_iteration: true } : { cursor: String(next), last_iteration: false },
    };
  };
  mock.onGet(PATH).reply(200, page(0));
  mock.onPost(PATH).reply((config) => {
    const offset = Number(
      (JSON.parse(String(config.data)) as { pagingIdentifiers: { cursor: string } }).pagingIdentifiers.cursor,
    );
    if (!hold) return [200, page(offset)];
    return new Promise((resolve) => held.push(() => resolve([200, page(offset)])));
  });
  return {
    /** Answers the held requests and every later one. */
    release: () => {
      hold = false;
      for (const answer of held.splice(0)) answer();
    },
  };
}

/** What the grid passes to getRows, recording how the request settled. */
function gridRequest(block: number) {
  const outcome: { rows: unknown[] | null; failed: boolean } = { rows: null, failed: false };
  const params = {
    startRow: block * LOG_BLOCK_SIZE,
    endRow: (block + 1) * LOG_BLOCK_SIZE,
    sortModel: [],
    filterModel: {},
    context: undefined,
    successCallback: (rows: unknown[]) => {
      outcome.rows = rows;
    },
    failCallback: () => {
      outcome.failed = true;
    },
  } as unknown as IGetRowsParams;
  return { params, outcome };
}

const paging = (s: unknown) => (s as { logPaging: LogPagingState }).logPaging;
const query = { logType: 'scan_web' as const, params: { start: '1000', end: '2000' } };

describe('logs datasource (AG Grid infinite row model over the log-paging cache)', () => {
  it('scrolling through many blocks leaves no store listener behind: each request stops listening once its rows arrive', async () => {
    const { store, mock } = createTestStore();
    serve(mock, 60 * LOG_BLOCK_SIZE);
    store.dispatch(logQueryChanged(query));
    const { counted, listeners } = countingStore(store);
    const datasource = createLogsDatasource(counted, paging(store.getState()).generation);
    for (let block = 0; block < 60; block += 1) {
      const { params, outcome } = gridRequest(block);
      datasource.getRows(params);
      await stateWhen(store, () => outcome.rows !== null);
      expect(outcome.rows).toHaveLength(LOG_BLOCK_SIZE);
    }
    expect(listeners()).toBe(0);
    expect(datasource.pendingRequests()).toBe(0);
  });

  it('a datasource the grid lets go of (destroy) stops listening to the store and fails the requests still waiting, so the grid frees their load slots', async () => {
    const { store, mock } = createTestStore();
    const server = serve(mock, 10 * LOG_BLOCK_SIZE, true);
    store.dispatch(logQueryChanged(query));
    const { counted, listeners } = countingStore(store);
    const datasource = createLogsDatasource(counted, paging(store.getState()).generation);
    const first = gridRequest(0);
    datasource.getRows(first.params);
    await stateWhen(store, () => first.outcome.rows !== null);
    // Blocks 1 and 2 are asked for; their replies are held back by the server.
    const pending = [gridRequest(1), gridRequest(2)];
    for (const r of pending) datasource.getRows(r.params);
    expect(listeners()).toBe(2);
    expect(datasource.pendingRequests()).toBe(2);

    datasource.destroy();
    expect(listeners()).toBe(0);
    expect(datasource.pendingRequests()).toBe(0);
    // AG Grid frees a load's slot only through its callback: each waiting request is failed, once.
    for (const r of pending) expect(r.outcome).toEqual({ rows: null, failed: true });
    // The replies arriving later settle nothing more of the destroyed grid.
    server.release();
    await stateWhen(store, (s) => paging(s).blocks[2] !== undefined);
    for (const r of pending) expect(r.outcome).toEqual({ rows: null, failed: true });
    // A destroyed datasource asks for nothing more, and answers a late request at once.
    const requested = paging(store.getState()).wantedRows;
    const late = gridRequest(3);
    datasource.getRows(late.params);
    expect(late.outcome).toEqual({ rows: null, failed: true });
    expect(paging(store.getState()).wantedRows).toBe(requested);
    expect(listeners()).toBe(0);
  });

  it('a request in another order or of another column (a header click the view has not turned into a new query yet) is failed at once, and nothing is fetched', async () => {
    const { store, mock } = createTestStore();
    serve(mock, 10 * LOG_BLOCK_SIZE);
    store.dispatch(logQueryChanged(query));
    const { counted, listeners } = countingStore(store);
    const datasource = createLogsDatasource(counted, paging(store.getState()).generation, {
      column: LOG_SORT_COLUMN,
      order: 'desc',
    });
    const ascending = gridRequest(0);
    datasource.getRows({ ...ascending.params, sortModel: [{ colId: LOG_SORT_COLUMN, sort: 'asc' }] });
    expect(ascending.outcome).toEqual({ rows: null, failed: true });
    const byDomain = gridRequest(0);
    datasource.getRows({ ...byDomain.params, sortModel: [{ colId: 'domain', sort: 'desc' }] });
    expect(byDomain.outcome).toEqual({ rows: null, failed: true });
    expect(paging(store.getState()).wantedRows).toBe(0);
    expect(mock.history.get).toHaveLength(0);
    expect(listeners()).toBe(0);
  });

  it('requests of a previous query fail quietly once the query changes, and stop listening', async () => {
    const { store, mock } = createTestStore();
    serve(mock, 10 * LOG_BLOCK_SIZE, true);
    store.dispatch(logQueryChanged(query));
    const { counted, listeners } = countingStore(store);
    const datasource = createLogsDatasource(counted, paging(store.getState()).generation);
    const first = gridRequest(0);
    datasource.getRows(first.params);
    await stateWhen(store, () => first.outcome.rows !== null);
    const waiting = gridRequest(4);
    datasource.getRows(waiting.params);
    expect(listeners()).toBe(1);
    store.dispatch(logQueryChanged({ ...query, params: { ...query.params, search: 'x' } }));
    expect(waiting.outcome.failed).toBe(true);
    expect(listeners()).toBe(0);
  });
});
