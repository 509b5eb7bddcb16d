import type { ReportQueryName } from '../../api/contract/reportQueries';
import type { ReportParams } from '../../api/reports';
import { reportQueryKey, type ReportQueryEntry, type ReportQueryState } from './reportQuerySlice';

export interface WithReportQuery {
  reportQuery: ReportQueryState;
}

/** The entry of a query with its parameters; null before it was asked for. */
export const selectReportQuery =
  (name: ReportQueryName, params: ReportParams) =>
  (state: WithReportQuery): ReportQueryEntry | null =>
    state.reportQuery.entries[reportQueryKey(name, params)] ?? null;
