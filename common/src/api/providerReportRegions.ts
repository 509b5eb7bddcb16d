/** The provider console's report regions (docs/provider-console.md §14). */
import type { HttpClient } from './http';
import {
  REPORT_REGIONS_PATH,
  tenantReportRegionPath,
  type ReportRegionChange,
  type ReportRegionChangeBody,
  type ReportRegionList,
} from './contract/providerReportRegions';

/** The regions (the deployments') and every tenant's report region. */
export async function listReportRegions(http: HttpClient): Promise<ReportRegionList> {
  return (await http.get<ReportRegionList>(REPORT_REGIONS_PATH, { callName: 'listReportRegions' })).data;
}

/** Moves a tenant's reports to a region; with `dry_run`, answers what would move and changes nothing. */
export async function changeReportRegion(
  http: HttpClient,
  tid: string,
  body: ReportRegionChangeBody,
): Promise<ReportRegionChange> {
  return (
    await http.put<ReportRegionChange>(tenantReportRegionPath(tid), body, { callName: 'changeReportRegion' })
  ).data;
}
