/**
 * The cloud-app and egress-header calls beside their policy documents (docs/policy.md §4 Policy;
 * docs/policy.md §4 Policy reads and saves), typed by contract/casbEgress.ts. The documents
 * themselves (casb/*, profiles/app_links, egress_policy) go through the policy-docs feature.
 */
import {
  CASB_EGRESS_PATHS,
  type AppRepInsightsReply,
  type DiscoveredAppsReply,
  type EgressControlReply,
  type HeaderBlocklistReply,
  type ValidateDdlBody,
  type ValidateDdlReply,
} from './contract/casbEgress';
import type { HttpClient } from './http';

/** Policy reads carry a timestamp so no cache in between answers an old value (docs/policy.md §4). */
const fresh = () => ({ timestamp: String(Date.now()) });

/** POST /api/policy/v1/validate_ddl_domains/: which entries of a domain list are invalid, and why. */
export async function validateDdlDomains(http: HttpClient, body: ValidateDdlBody): Promise<ValidateDdlReply> {
  const r = await http.post<ValidateDdlReply>(CASB_EGRESS_PATHS.validateDdlDomains, body, {
    callName: 'validateDdlDomains',
  });
  return r.data;
}

/** The catalogue's cloud apps with their use in the tenant's web logs of the last `days`. */
export async function getDiscoveredApps(http: HttpClient, days?: number): Promise<DiscoveredAppsReply> {
  const r = await http.get<DiscoveredAppsReply>(CASB_EGRESS_PATHS.discoveredApps, {
    callName: 'getDiscoveredApps',
    params: { ...fresh(), ...(days ? { days: String(days) } : {}) },
  });
  return r.data;
}

/** GET /api/policy/v3/casb/app_rep_insights/{id}. */
export async function getAppRepInsights(http: HttpClient, id: string): Promise<AppRepInsightsReply> {
  const r = await http.get<AppRepInsightsReply>(
    CASB_EGRESS_PATHS.appRepInsights.replace('{id}', encodeURIComponent(id)),
    { callName: 'getAppRepInsights', params: fresh() },
  );
  return r.data;
}

export async function getEgressControl(http: HttpClient): Promise<EgressControlReply> {
  const r = await http.get<EgressControlReply>(CASB_EGRESS_PATHS.egressControl, {
    callName: 'getEgressControl',
    params: fresh(),
  });
  return r.data;
}

export async function getHeaderBlocklist(http: HttpClient): Promise<HeaderBlocklistReply> {
  const r = await http.get<HeaderBlocklistReply>(CASB_EGRESS_PATHS.headerBlocklist, {
    callName: 'getHeaderBlocklist',
    params: fresh(),
  });
  return r.data;
}
