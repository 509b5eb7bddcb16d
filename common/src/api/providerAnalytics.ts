/** The provider console's analytics calls (docs/provider-console.md §13). */
import type { HttpClient } from './http';
import {
  ANALYTICS_SUMMARY_PATH,
  tenantInsightsPath,
  type AnalyticsSummaryQuery,
  type AnalyticsSummaryReply,
} from './contract/providerAnalytics';
import type { InsightSource, InsightsReply } from './contract/reportQueries';

const defined = (q: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** Events, blocks, isolations and top threats over a period, per tenant and in all (or one tenant's). */
export async function getAnalyticsSummary(
  http: HttpClient,
  query: AnalyticsSummaryQuery,
): Promise<AnalyticsSummaryReply> {
  return (
    await http.get<AnalyticsSummaryReply>(ANALYTICS_SUMMARY_PATH, {
      callName: 'getAnalyticsSummary',
      params: defined(query),
    })
  ).data;
}

/** A chosen tenant's insights: the tenant's insights query, answered for that tenant (support view). */
export async function getTenantInsights(
  http: HttpClient,
  tid: string,
  params: { q: string; src?: InsightSource; start?: number; end?: number; limit?: number },
): Promise<InsightsReply> {
  return (
    await http.get<InsightsReply>(tenantInsightsPath(tid), {
      callName: 'getTenantInsights',
      params: defined(params),
    })
  ).data;
}
