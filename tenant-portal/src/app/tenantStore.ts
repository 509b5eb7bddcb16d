/**
 * The tenant portal's store: common's tenant-world store plus the features the portal's pages
 * use (the logs explorer's paging and saved searches, the entity feature over the data pages'
 * sources, the dashboard's report queries). The login area builds a bare tenant-world
 * store instead: it has no page that needs these.
 */
import { useSelector } from 'react-redux';
import {
  createAppStore,
  createEntitiesReducer,
  entitiesSaga,
  logPagingReducer,
  logPagingSaga,
  policyDocsReducer,
  policyDocsSaga,
  policyTesterReducer,
  policyTesterSaga,
  reportQueryReducer,
  reportQuerySaga,
  savedSearchesReducer,
  savedSearchesSaga,
  type AppState,
  type HttpClient,
  type Navigation,
} from '@workbench/common';
import { pastReportsSource, scheduledReportsSource } from '../areas/reports/reportSources';
import { usersSource } from '../areas/settings/users/usersSource';

/** The portal's data pages on common's entity feature. */
const ENTITY_SOURCES = [usersSource, scheduledReportsSource, pastReportsSource];

const portalReducers = {
  logPaging: logPagingReducer,
  savedSearches: savedSearchesReducer,
  entities: createEntitiesReducer(ENTITY_SOURCES),
  reportQuery: reportQueryReducer,
  // The policy editors (web policy, firewall, …): common's policy-docs feature.
  policyDocs: policyDocsReducer,
  // The policy tester's request and decisions.
  policyTester: policyTesterReducer,
};

export type PortalState = AppState<'tenant', typeof portalReducers>;
export const usePortalSelector = useSelector.withTypes<PortalState>();

export function createPortalStore(navigation: Navigation, http?: HttpClient) {
  return createAppStore({
    world: 'tenant',
    navigation,
    http,
    extraReducers: portalReducers,
    extraSagas: [
      logPagingSaga,
      savedSearchesSaga,
      entitiesSaga(ENTITY_SOURCES),
      reportQuerySaga,
      policyDocsSaga,
      policyTesterSaga,
    ],
  });
}

export type PortalStore = ReturnType<typeof createPortalStore>['store'];
