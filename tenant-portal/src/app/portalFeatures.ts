/**
 * The features the portal's pages use, on top of the session world: the revision and policy
 * reference (common's TENANT_POLICY_FEATURE), the logs explorer's paging and saved searches, the
 * entity feature over the data pages' sources, the dashboard's report queries, the policy editors
 * and the policy tester. The browser loads this module with the shell (tenantStore.ts
 * createShellLoadingStore), not in the first load; tests build the whole store at once (below).
 */
import {
  changeMarkersReducer,
  changeMarkersSaga,
  createEntitiesReducer,
  createWorldStore,
  entitiesSaga,
  entityRequestsReducer,
  jobsReducer,
  jobsSaga,
  logPagingReducer,
  logPagingSaga,
  policyDocsReducer,
  policyDocsSaga,
  policyTesterReducer,
  policyTesterSaga,
  policyImpactReducer,
  policyImpactSaga,
  publishApprovalReducer,
  publishApprovalSaga,
  reportQueryReducer,
  reportQuerySaga,
  savedSearchesReducer,
  savedSearchesSaga,
  TENANT_POLICY_FEATURE,
  TENANT_SESSION_WORLD,
  type EntitySource,
  type HttpClient,
  type Navigation,
} from '@workbench/common';
import { PORTAL_ENTITY_SOURCES } from './portalEntitySources';
import { PORTAL_REQUESTS } from './portalRequests';
import { logExportReducer, logExportSaga } from '../areas/logs/logExportSaga';

/** The portal's data pages on common's entity feature. */
const ENTITY_SOURCES = Object.values(PORTAL_ENTITY_SOURCES) as EntitySource[];

export const portalReducers = {
  ...TENANT_POLICY_FEATURE.reducers,
  logPaging: logPagingReducer,
  savedSearches: savedSearchesReducer,
  // The logs explorer's export download and its progress.
  logExport: logExportReducer,
  entities: createEntitiesReducer(ENTITY_SOURCES),
  // The pages' other loads and writes (app/portalRequests.ts).
  entityRequests: entityRequestsReducer,
  reportQuery: reportQueryReducer,
  // The policy editors (web policy, firewall, …): common's policy-docs feature.
  policyDocs: policyDocsReducer,
  // The policy tester's request and decisions.
  policyTester: policyTesterReducer,
  // The publish review's impact preview (docs/policy-impact.md).
  policyImpact: policyImpactReducer,
  // Two-person approval of publishes (docs/policy-impact.md).
  publishApproval: publishApprovalReducer,
  // The time charts' policy change markers (docs/policy.md §2).
  changeMarkers: changeMarkersReducer,
  // The central manager's jobs (template applied to a group, reboot): polled with their progress.
  jobs: jobsReducer,
};

export const PORTAL_FEATURE = {
  reducers: portalReducers,
  sagas: [
    ...TENANT_POLICY_FEATURE.sagas,
    logPagingSaga,
    savedSearchesSaga,
    logExportSaga,
    entitiesSaga(ENTITY_SOURCES, PORTAL_REQUESTS),
    reportQuerySaga,
    policyDocsSaga,
    policyTesterSaga,
    policyImpactSaga,
    publishApprovalSaga,
    changeMarkersSaga,
    jobsSaga,
  ],
};

/** The whole store at once (tests): the session world with every page feature. */
export function createPortalStore(navigation: Navigation, http?: HttpClient) {
  return createWorldStore(TENANT_SESSION_WORLD, {
    navigation,
    http,
    extraReducers: PORTAL_FEATURE.reducers,
    extraSagas: PORTAL_FEATURE.sagas,
  });
}
