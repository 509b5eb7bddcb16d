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

/**
 * Whether a panel shows two entries of its query alike: the same status, reply and error, a key not
 * asked for yet counting as its first load (`null` and a loading entry without a reply). Given to
 * the selector hook, it spares a panel a render when its own request, dispatched as it mounts,
 * turns the one into the other: the page's panels all rendered again at once for that, inside the
 * task of the page's first render (issue 42, bench/README.md "Panels that ask without rendering
 * again").
 */
export function sameShownEntry(a: ReportQueryEntry | null, b: ReportQueryEntry | null): boolean {
  return (
    (a?.status ?? 'loading') === (b?.status ?? 'loading') &&
    (a?.reply ?? null) === (b?.reply ?? null) &&
    (a?.error ?? null) === (b?.error ?? null)
  );
}

/** Whether an entry is loading, a key not asked for yet included (sameShownEntry). */
export const entryLoading = (entry: ReportQueryEntry | null): boolean =>
  entry === null || entry.status === 'loading';

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
