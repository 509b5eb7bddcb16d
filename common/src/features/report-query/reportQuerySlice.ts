/**
 * Report-query results (the data-page pattern of reports): one entry per query name and
 * parameters, each a small state machine (loading → ready | failed). A dashboard asks for what it
 * shows; two widgets asking the same query with the same parameters share one entry, and of
 * two requests of one key only the later one's answer lands.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import type { ReportQueryName, ReportReply } from '../../api/contract/reportQueries';
import { reportQueryParams, type ReportParams } from '../../api/reports';

export type ReportQueryStatus = 'loading' | 'ready' | 'failed';

export interface ReportQueryEntry {
  status: ReportQueryStatus;
  /** The last reply (kept while a refresh of the same key loads, so a chart does not blank). */
  reply: ReportReply | null;
  error: ApiCallErrorInfo | null;
  /** Which request the entry waits for: a newer one of the same key wins. */
  requestId: number;
}

export interface ReportQueryState {
  entries: Record<string, ReportQueryEntry>;
  lastRequestId: number;
}

export const initialReportQueryState: ReportQueryState = { entries: {}, lastRequestId: 0 };

/**
 * The entry key of a query and its parameters (parameters in a fixed order), and its tenant
 * when the provider console reads a chosen tenant's.
 */
export function reportQueryKey(name: ReportQueryName, params: ReportParams, tenantId?: string): string {
  const query = reportQueryParams(params);
  const tenant = tenantId === undefined ? '' : `tenant/${encodeURIComponent(tenantId)}/`;
  return `${tenant}${name}?${Object.keys(query)
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&')}`;
}

export interface ReportQueryRequest {
  name: ReportQueryName;
  params: ReportParams;
  /** The provider console's support view: this tenant's query (default: the session's tenant). */
  tenantId?: string;
}

export const reportQuerySlice = createSlice({
  name: 'reportQuery',
  initialState: initialReportQueryState,
  reducers: {
    reportQueryRequested: {
      reducer(state, action: PayloadAction<ReportQueryRequest & { key: string; requestId: number }>) {
        state.lastRequestId = Math.max(state.lastRequestId, action.payload.requestId);
        const previous = state.entries[action.payload.key];
        state.entries[action.payload.key] = {
          status: 'loading',
          reply: previous?.reply ?? null,
          error: null,
          requestId: action.payload.requestId,
        };
      },
      prepare(request: ReportQueryRequest) {
        return {
          payload: {
            ...request,
            key: reportQueryKey(request.name, request.params, request.tenantId),
            requestId: nextRequestId(),
          },
        };
      },
    },
    reportQueryReceived(
      state,
      action: PayloadAction<{ key: string; requestId: number; reply: ReportReply }>,
    ) {
      const entry = state.entries[action.payload.key];
      if (!entry || entry.requestId !== action.payload.requestId) return; // a newer request won
      entry.status = 'ready';
      entry.reply = action.payload.reply;
    },
    reportQueryFailed(
      state,
      action: PayloadAction<{ key: string; requestId: number; error: ApiCallErrorInfo }>,
    ) {
      const entry = state.entries[action.payload.key];
      if (!entry || entry.requestId !== action.payload.requestId) return;
      entry.status = 'failed';
      entry.error = action.payload.error;
    },
  },
});

let requestCounter = 0;
const nextRequestId = (): number => (requestCounter += 1);

export const { reportQueryRequested, reportQueryReceived, reportQueryFailed } = reportQuerySlice.actions;
export const reportQueryReducer = reportQuerySlice.reducer;
