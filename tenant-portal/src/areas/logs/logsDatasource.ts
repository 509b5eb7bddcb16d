/**
 * The AG Grid infinite-row-model datasource over the log-paging cache: the grid asks for rows
 * [startRow, endRow); the saga fetches the blocks they span (100 events each) and the rows are
 * cut from the cache. A datasource belongs to one query generation: once the query changes its
 * pending requests fail quietly (the grid already has the new datasource).
 */
import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import { cutPage, logRowsRequested, type LogPagingState } from '@workbench/common';

interface PagingStore {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
  dispatch(action: unknown): unknown;
}

const pagingOf = (store: PagingStore): LogPagingState =>
  (store.getState() as { logPaging: LogPagingState }).logPaging;

export function createLogsDatasource(store: PagingStore, generation: number): IDatasource {
  return {
    getRows(params: IGetRowsParams) {
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
        if (settle()) unsubscribe();
      });
    },
  };
}
