import { useSelector } from 'react-redux';
import type { ReportQueryName } from '../../api/contract/reportQueries';
import type { ReportParams } from '../../api/reports';
import { reportQueryKey, type ReportQueryEntry, type ReportQueryState } from './reportQuerySlice';

export interface WithReportQuery {
  reportQuery: ReportQueryState;
}

/** The entry of a query with its parameters; null before it was asked for. */
export const selectReportQuery =
  (name: ReportQueryName, params: ReportParams, tenantId?: string) =>
  (state: WithReportQuery): ReportQueryEntry | null =>
    state.reportQuery.entries[reportQueryKey(name, params, tenantId)] ?? null;

/** A selector hook for any store with the report-query feature (the portal's, the console's). */
export const useReportQuerySelector = useSelector.withTypes<WithReportQuery>();
