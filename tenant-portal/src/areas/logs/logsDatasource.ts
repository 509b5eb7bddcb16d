/**
 * The AG Grid infinite-row-model datasource over the log-paging cache: the grid asks for rows
 * [startRow, endRow); the saga fetches the blocks they span (100 events each) and the rows are
 * cut from the cache. A datasource belongs to one query generation: once the query changes its
 * pending requests fail quietly (the grid already has the new datasource).
 *
 * Each pending request waits on one store listener, removed when the request settles. AG Grid
 * calls `destroy()` when it lets the datasource go (a new datasource, or the grid unmounting):
 * every listener still waiting is removed then, so nothing of a grid outlives it in the store.
 */
import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import { cutPage, logRowsRequested, type LogPagingState } from '@workbench/common';
import { DEFAULT_LOG_ORDER, type LogOrder } from '@workbench/common/api/contract/logs';
import { LOG_SORT_COLUMN } from './logView';

export interface PagingStore {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
  dispatch(action: unknown): unknown;
}

export interface LogsDatasource extends IDatasource {
  destroy(): void;
  /** Requests of the grid still waiting for their rows. */
  pendingRequests(): number;
}

const pagingOf = (store: PagingStore): LogPagingState =>
  (store.getState() as { logPaging: LogPagingState }).logPaging;

/**
 * `order` is the time order of the datasource's query. A request whose sort model names the other
 * order comes from a Time header click the view has not turned into a new query yet: it is left
 * alone (no fetch of the old order); the new query's datasource replaces this one.
 */
export function createLogsDatasource(
  store: PagingStore,
  generation: number,
  order: LogOrder = DEFAULT_LOG_ORDER,
): LogsDatasource {
  const waiting = new Set<() => void>();
  let destroyed = false;
  return {
    getRows(params: IGetRowsParams) {
      if (destroyed) return;
      const sorted = params.sortModel?.find((s) => s.colId === LOG_SORT_COLUMN)?.sort;
      if (sorted && sorted !== order) return;
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
      const unsubscribe = store.subscribe(() => {
        if (!settle()) return;
        unsubscribe();
        waiting.delete(unsubscribe);
      });
      waiting.add(unsubscribe);
    },
    destroy() {
      destroyed = true;
      for (const unsubscribe of waiting) unsubscribe();
      waiting.clear();
    },
    pendingRequests: () => waiting.size,
  };
}
