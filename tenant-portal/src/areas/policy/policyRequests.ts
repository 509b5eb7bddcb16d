/**
 * The policy editors' reads and checks beside the staged revision: its requests on common's entity
 * feature (features/entities/entityRequests.ts), and the typed hooks its pages read and run them
 * with. Importing this module adds them to the portal's registry (app/portalRequests.ts), so they
 * load with the area's chunk, not with every page.
 */
import { request, getPolicyReference, type HttpClient } from '@workbench/common';
import {
  getAppRepInsights,
  getDiscoveredApps,
  getEgressControl,
  getHeaderBlocklist,
  validateDdlDomains,
} from '@workbench/common/api/casbEgress';
import { getPopularSites, submitUce } from '@workbench/common/api/safemailWhitelist';
import { portalRequests } from '../../app/portalRequests';

export const POLICY_REQUESTS = {
  // The policy editors' reads and checks beside the staged revision (areas/policy): what they
  // show or check is never part of the saved document, so it needs no policy-docs saga.
  validateDdlDomains: request(validateDdlDomains),
  getDiscoveredApps: request(getDiscoveredApps),
  getAppRepInsights: request(getAppRepInsights),
  // Egress Headers: whether the service applies the rules, and the headers no rule may change.
  getEgressControl: request(getEgressControl),
  getHeaderBlocklist: request(getHeaderBlocklist),
  // A fresh password at every call (never kept in the store): not the policy-reference feature's
  // read-once row.
  suggestFilePassword: request((http: HttpClient) => getPolicyReference(http, 'dlp/file_password')),
  // E-mail > Allowed senders: the provider's popular sites, a sender reported to its review.
  getPopularSites: request(getPopularSites),
  submitUce: request(submitUce),
};

export const { useEntityRead, useEntityCall } = portalRequests(POLICY_REQUESTS);
