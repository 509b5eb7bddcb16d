/**
 * The report queries' paths and default limit (api/contract/reportQueries.ts, which re-exports
 * them). Apart from the registry (its schemas, filters and the log schema it reads): the client's
 * calls (api/reports.ts) sit in every signed-in page's store (the report-query feature), while the
 * registry loads with the pages that draw reports (bench/README.md "First load").
 */
import type { ReportQueryName } from './reportQueries';

export const DEFAULT_REPORT_LIMIT = 50;

export const reportQueryPath = (name: ReportQueryName): string => `/api/rep/v1/query/${name}`;

/**
 * The support view (issue 14): the provider console reads any tenant's report queries, the same
 * rows with the same parameters and reply, under the tenant's provider path.
 */
export const tenantReportQueryRoute = (name: ReportQueryName): string =>
  `/gdmanage/api/v1/tenants/:id/reports/${name}`;
export const tenantReportQueryPath = (tid: string, name: ReportQueryName): string =>
  tenantReportQueryRoute(name).replace(':id', encodeURIComponent(tid));

/** The insights query (docs/reports.md). */
export const INSIGHTS_PATH = '/api/insights/v1/q';
