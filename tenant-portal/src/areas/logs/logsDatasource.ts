/**
 * The AG Grid infinite-row-model datasource over the log-paging cache: the grid asks for rows
 * [startRow, endRow); the saga fetches the blocks they span (100 events each) and the rows are
 * cut from the cache. A datasource belongs to one query generation: once the query changes its
 * pending requests fail quietly (the grid already has the new datasource).
 *
 * Each pending request waits on one store listener, removed when the request settles. AG Grid
 * calls `destroy()` when it lets the datasource go (a new datasource, or the grid unmounting):
 * every listener still waiting is removed then, so nothing of a grid outlives it in the store.
 *
 * Every `getRows` call settles exactly once (rows or failure), also when the datasource is
 * destroyed or the request is not served: AG Grid counts the block loads in flight per grid, not
 * per datasource (`maxConcurrentDatasourceRequests`, 2), and frees a load's slot only when its
 * callback runs. A request left unanswered holds a slot for the life of the grid; with slow replies
 * two quick query changes used to leave both slots taken, and the grid never asked for rows again.
 */
import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import {
  cutPage,
  logRowsRequested,
  selectLogPaging,
  type LogPagingState,
  type WithLogPaging,
} from '@workbench/common';
import { DEFAULT_LOG_ORDER } from '@workbench/common/api/contract/logs';
import { LOG_SORT_COLUMN, type LogSort } from './logView';

export interface PagingStore {
  getState(): WithLogPaging;
  subscribe(listener: () => void): () => void;
  dispatch(action: unknown): unknown;
}

export interface LogsDatasource extends IDatasource {
  destroy(): void;
  /** Requests of the grid still waiting for their rows. */
  pendingRequests(): number;
}

const pagingOf = (store: PagingStore): LogPagingState => selectLogPaging(store.getState());

/**
 * `sort` is the sort of the datasource's query (a column and its order). A request whose sort
 * model names another column or order comes from a header click the view has not turned into a
 * new query yet: it is failed at once (no fetch of the old sort); the new query's datasource
 * replaces this one.
 */
export function createLogsDatasource(
  store: PagingStore,
  generation: number,
  sort: LogSort = { column: LOG_SORT_COLUMN, order: DEFAULT_LOG_ORDER },
): LogsDatasource {
  /** The requests still waiting for their rows, each with the way to stop waiting and fail it. */
  const waiting = new Set<{ unsubscribe: () => void; fail: () => void }>();
  let destroyed = false;
  return {
    getRows(params: IGetRowsParams) {
      // Not served, and answered at once so the grid frees the load's slot (see above).
      if (destroyed) {
        params.failCallback();
        return;
      }
      const sorted = params.sortModel?.[0];
      if (sorted && (sorted.colId !== sort.column || sorted.sort !== sort.order)) {
        params.failCallback();
        return;
      }
      const { startRow, endRow } = params;
      const settle = (): boolean => {
        const s = pagingOf(store);
        if (s.generation !== generation || s.status === 'failed') {
          params.failCallback();
          return true;
        }
        const page = cutPage(s, startRow, endRow);
        if (!page.complete) return false;
        params.successCallback(page.rows, page.lastRow ?? undefined);
        return true;
      };
      store.dispatch(logRowsRequested({ startRow, endRow, generation }));
      if (settle()) return;
      const request = {
        unsubscribe: store.subscribe(() => {
          if (!settle()) return;
          request.unsubscribe();
          waiting.delete(request);
        }),
        fail: () => params.failCallback(),
      };
      waiting.add(request);
    },
    destroy() {
      destroyed = true;
      const unanswered = [...waiting];
      waiting.clear();
      for (const request of unanswered) {
        request.unsubscribe();
        request.fail();
      }
    },
    pendingRequests: () => waiting.size,
  };
}
