/**
 * The provider console's store: common's provider-world store plus the entity feature over the
 * console's sources, the report queries of the support view, and job polling. The browser starts
 * with the provider world alone and adds these features with the shell (addConsoleFeatures,
 * main.tsx; issue 14: first load within 170 KB gzipped); tests build the whole store at once.
 */
import { useSelector } from 'react-redux';
import {
  createWorldStore,
  PROVIDER_WORLD,
  createEntitiesReducer,
  entitiesSaga,
  entityRequestsReducer,
  jobsReducer,
  jobsSaga,
  reportQueryReducer,
  reportQuerySaga,
  changeMarkersReducer,
  changeMarkersSaga,
  type AppState,
  type EntitySource,
  type HttpClient,
  type Navigation,
  type StoreFeature,
} from '@workbench/common';
import { CONSOLE_ENTITY_SOURCES } from '../entities/entitySources';
import { CONSOLE_REQUESTS } from './consoleRequests';
import { nodeActionsReducer, nodeActionsSaga } from '../deployments/nodeActions';
import { rolloutsReducer, rolloutsSaga } from '@workbench/common/features/rollouts/index';

const sources = Object.values(CONSOLE_ENTITY_SOURCES) as EntitySource[];

const providerReducers = {
  entities: createEntitiesReducer(sources),
  entityRequests: entityRequestsReducer,
  reportQuery: reportQueryReducer,
  jobs: jobsReducer,
  nodeActions: nodeActionsReducer,
  rollouts: rolloutsReducer,
  // A chosen tenant's publishes and rollbacks on the analytics' and its reports' time charts.
  changeMarkers: changeMarkersReducer,
};

const providerSagas = [
  entitiesSaga(sources, CONSOLE_REQUESTS),
  reportQuerySaga,
  jobsSaga,
  nodeActionsSaga,
  rolloutsSaga,
  changeMarkersSaga,
];

export type ProviderState = AppState<'provider', typeof providerReducers>;
export const useProviderSelector = useSelector.withTypes<ProviderState>();

export function createProviderStore(navigation: Navigation, http?: HttpClient) {
  // From the provider world itself: the console's bundle carries no tenant-world code.
  const created = createWorldStore(PROVIDER_WORLD, {
    navigation,
    http,
    extraReducers: providerReducers,
    extraSagas: providerSagas,
  });
  return created;
}

/** Adds the console's features to the browser's provider-world store (main.tsx, with the shell). */
export function addConsoleFeatures(created: { inject(feature: StoreFeature): void }): void {
  created.inject({ reducers: providerReducers, sagas: providerSagas });
}
