/**
 * The conformance suite's one table: every endpoint api-client-layer §7 and portal-core §7 name,
 * one row per method and path, each with the spec's sentence it comes from, the path the reference
 * server serves it at where the spec writes none, and its check (a request in the spec's shape and
 * a check of the answer). A row without a check is an endpoint the server does not serve; the
 * suite fails when the server serves one (so every served endpoint is checked). Where a check
 * rests on a shape the spec does not show, the row names the choice (SILENT_CHOICES), listed in
 * docs/api.md under "Shapes the spec does not show".
 */
import type { SpecEndpoint } from './endpointTypes';
import { AUTH_ENDPOINTS } from './families/auth';
import { POLICY_ENDPOINTS } from './families/policy';
import { REPORT_ENDPOINTS } from './families/reports';
import { PROVIDER_ENDPOINTS } from './families/provider';
import { SETTINGS_ENDPOINTS } from './families/settings';
import { UNSERVED_ENDPOINTS } from './families/unserved';
import { NETWORK_SETTINGS_ENDPOINTS } from './families/networkSettings';
import { API_TOKEN_ENDPOINTS } from './families/apiTokens';
import { CONNECTIVITY_ENDPOINTS, CONTACT_ENDPOINTS } from './families/contactConnectivity';
import { MULTI_TENANT_ENDPOINTS } from './families/multiTenant';
import { FORENSICS_PROFILE_ENDPOINTS, STORAGE_PROFILE_ENDPOINTS } from './families/storageProfiles';
import { CLIENT_PROFILE_ENDPOINTS } from './families/clientProfiles';
import { SERVICE_SETTINGS_ENDPOINTS } from './families/serviceSettings';
import { PAC_ENDPOINTS } from './families/pac';
import { BROWSER_POSTURE_ENDPOINTS } from './families/browserPosture';

export const SPEC_ENDPOINTS: readonly SpecEndpoint[] = [
  ...AUTH_ENDPOINTS,
  ...POLICY_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...PROVIDER_ENDPOINTS,
  ...API_TOKEN_ENDPOINTS,
  ...CONTACT_ENDPOINTS,
  ...CONNECTIVITY_ENDPOINTS,
  ...SETTINGS_ENDPOINTS,
  ...MULTI_TENANT_ENDPOINTS,
  ...STORAGE_PROFILE_ENDPOINTS,
  ...NETWORK_SETTINGS_ENDPOINTS,
  ...FORENSICS_PROFILE_ENDPOINTS,
  ...CLIENT_PROFILE_ENDPOINTS,
  ...SERVICE_SETTINGS_ENDPOINTS,
  ...PAC_ENDPOINTS,
  ...BROWSER_POSTURE_ENDPOINTS,
  ...UNSERVED_ENDPOINTS,
];

export * from './endpointTypes';
