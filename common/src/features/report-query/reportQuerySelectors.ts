import { useSelector } from 'react-redux';
import { createSelector } from '@reduxjs/toolkit';
import {
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  reportQueryReadable,
  type ReportQueryName,
  type ReportReader,
  type TenantFeatures,
} from '../../api/contract/reportQueries';
import { selectAccessController } from '../rbac/rbacSelectors';
import { selectFeatures } from '../feature-flags/featureFlagsSelectors';
import type { AccessController } from '../rbac/permissions';
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

/** The report queries a reader may read, by each row's rule (reportQueryAccess). */
export function readableReportQueries(reader: ReportReader): ReadonlySet<ReportQueryName> {
  return new Set(REPORT_QUERY_NAMES.filter((q) => reportQueryReadable(REPORT_QUERY_REGISTRY[q], reader)));
}

/** A reader from an access controller (or none: every permission) and a tenant's feature flags. */
export const reportReaderOf = (access: AccessController | null, features: TenantFeatures): ReportReader => ({
  allows: (rule) => access?.allows(rule) ?? true,
  features,
});

/**
 * The report queries the signed-in user may read (issue 31): their permissions and their tenant's
 * features, by the rule the server's routes apply, so a page hides what would answer 403.
 */
export const selectReadableReportQueries = createSelector(
  [selectAccessController, selectFeatures],
  (access, features) => readableReportQueries(reportReaderOf(access, features)),
);
