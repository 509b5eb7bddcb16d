/**
 * Log paging (docs/logs.md §3 Logs paging, §6 Logs load failure, §3 log page cache): events are
 * fetched 100 at a time and cached; a smaller page is cut from the cache; changing filters clears
 * the cache. The client adds each event's `index` (its 0-based position in the result).
 *
 * Paging is keyset-based: block k is fetched with the pagingIdentifiers the server returned with
 * block k-1, so blocks are fetched in order and those identifiers are kept for every block seen.
 * Event data is kept for at most MAX_CACHED_BLOCKS blocks (the least recently used go first), so
 * scrolling through thousands of blocks keeps memory bounded; an evicted block costs one call.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import type { LogEvent, PagingIdentifiers } from '../../api/contract/logs';
import { LOG_BLOCK_SIZE, type LogQuery } from '../../api/logs';
import { loggedOut } from '../session/sessionSlice';

export { LOG_BLOCK_SIZE };
export const MAX_CACHED_BLOCKS = 50;

/** An event as the grid shows it: the server's fields plus the client's index. */
export type IndexedLogEvent = LogEvent & { index: number };

export type LogPagingStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface LogPagingState {
  status: LogPagingStatus;
  query: LogQuery | null;
  /** Increases on every query change; replies of an older generation are dropped. */
  generation: number;
  /** Cached blocks by block number. */
  blocks: Record<number, IndexedLogEvent[]>;
  /** Block numbers, least recently used first. */
  blockOrder: number[];
  /** nextIdentifiers[k]: what block k's reply returned, i.e. what fetches block k+1. */
  nextIdentifiers: Record<number, PagingIdentifiers>;
  /** The number of the last block once a reply said last_iteration. */
  lastBlock: number | null;
  /** The number of events of the whole result, once the last block is known. */
  totalRows: number | null;
  /** The highest row (exclusive) asked for. */
  wantedRows: number;
  error: ApiCallErrorInfo | null;
}

export const initialLogPagingState: LogPagingState = {
  status: 'idle',
  query: null,
  generation: 0,
  blocks: {},
  blockOrder: [],
  nextIdentifiers: {},
  lastBlock: null,
  totalRows: null,
  wantedRows: 0,
  error: null,
};

export interface RowsRequest {
  startRow: number;
  endRow: number;
  /** The query generation the rows are for; a request for an older query is dropped. */
  generation?: number;
}

export interface BlockReply {
  generation: number;
  block: number;
  events: LogEvent[];
  pagingIdentifiers: PagingIdentifiers;
}

function touch(order: number[], block: number): number[] {
  return [...order.filter((b) => b !== block), block];
}

export const logPagingSlice = createSlice({
  name: 'logPaging',
  initialState: initialLogPagingState,
  reducers: {
    /** A new query (filters, search or interval changed): the cache is cleared. */
    logQueryChanged(state, action: PayloadAction<LogQuery>) {
      return { ...initialLogPagingState, generation: state.generation + 1, query: action.payload };
    },
    logRowsRequested(state, action: PayloadAction<RowsRequest>) {
      const { startRow, endRow, generation } = action.payload;
      if (!state.query || startRow < 0 || endRow <= startRow) return;
      if (generation !== undefined && generation !== state.generation) return;
      state.wantedRows = Math.max(state.wantedRows, endRow);
      for (let b = Math.floor(startRow / LOG_BLOCK_SIZE); b * LOG_BLOCK_SIZE < endRow; b += 1) {
        if (state.blocks[b]) state.blockOrder = touch(state.blockOrder, b);
      }
      if (state.status !== 'failed') state.status = 'loading';
    },
    logBlockReceived(state, action: PayloadAction<BlockReply>) {
      const { generation, block, events, pagingIdentifiers } = action.payload;
      if (generation !== state.generation) return;
      state.blocks[block] = events.map((e, i) => ({ ...e, index: block * LOG_BLOCK_SIZE + i }));
      state.blockOrder = touch(state.blockOrder, block);
      state.nextIdentifiers[block] = pagingIdentifiers;
      if (pagingIdentifiers.last_iteration || !pagingIdentifiers.cursor) {
        state.lastBlock = block;
        state.totalRows = block * LOG_BLOCK_SIZE + events.length;
      }
      while (state.blockOrder.length > MAX_CACHED_BLOCKS) {
        const evicted = state.blockOrder.shift();
        if (evicted !== undefined) delete state.blocks[evicted];
      }
      state.status = 'ready';
      state.error = null;
    },
    logBlockFailed(state, action: PayloadAction<{ generation: number; error: ApiCallErrorInfo }>) {
      if (action.payload.generation !== state.generation) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialLogPagingState);
  },
});

export const { logQueryChanged, logRowsRequested, logBlockReceived, logBlockFailed } = logPagingSlice.actions;
export const logPagingReducer = logPagingSlice.reducer;

/** The blocks rows [startRow, endRow) span. */
export function blocksOfRows(startRow: number, endRow: number): number[] {
  const out: number[] = [];
  for (let b = Math.floor(startRow / LOG_BLOCK_SIZE); b * LOG_BLOCK_SIZE < endRow; b += 1) out.push(b);
  return out;
}

export interface CutPage {
  /** True when every row of the range is known (or known not to exist). */
  complete: boolean;
  rows: IndexedLogEvent[];
  /** The total row count once the last block is known. */
  lastRow: number | null;
}

/** Cuts rows [startRow, endRow) from the cache (a page smaller than a block, or spanning two). */
export function cutPage(state: LogPagingState, startRow: number, endRow: number): CutPage {
  const rows: IndexedLogEvent[] = [];
  const lastRow = state.totalRows;
  for (const b of blocksOfRows(startRow, endRow)) {
    if (state.lastBlock !== null && b > state.lastBlock) break;
    const events = state.blocks[b];
    if (!events) return { complete: false, rows: [], lastRow };
    for (const e of events) if (e.index >= startRow && e.index < endRow) rows.push(e);
  }
  return { complete: true, rows, lastRow };
}
