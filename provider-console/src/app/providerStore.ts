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
  jobsReducer,
  jobsSaga,
  reportQueryReducer,
  reportQuerySaga,
  type AppState,
  type HttpClient,
  type Navigation,
  type StoreFeature,
} from '@workbench/common';
import { CONSOLE_ENTITY_SOURCES } from '../entities/entitySources';
import { nodeActionsReducer, nodeActionsSaga } from '../deployments/nodeActions';
import { rolloutsReducer, rolloutsSaga } from '@workbench/common/features/rollouts/index';

const providerReducers = {
  entities: createEntitiesReducer(CONSOLE_ENTITY_SOURCES),
  reportQuery: reportQueryReducer,
  jobs: jobsReducer,
  nodeActions: nodeActionsReducer,
  rollouts: rolloutsReducer,
};

const providerSagas = [
  entitiesSaga(CONSOLE_ENTITY_SOURCES),
  reportQuerySaga,
  jobsSaga,
  nodeActionsSaga,
  rolloutsSaga,
];

export type ProviderState = AppState<'provider', typeof providerReducers>;
export const useProviderSelector = useSelector.withTypes<ProviderState>();

/**
 * The console's HTTP client, for a page's one-off calls outside sagas (a tenant's tabs): the
 * client of the store created last (one console per page; each test creates its own).
 */
let consoleHttp: HttpClient | null = null;
export function useConsoleHttp(): HttpClient {
  if (!consoleHttp) throw new Error('The console store has not been created.');
  return consoleHttp;
}

export function createProviderStore(navigation: Navigation, http?: HttpClient) {
  // From the provider world itself: the console's bundle carries no tenant-world code.
  const created = createWorldStore(PROVIDER_WORLD, {
    navigation,
    http,
    extraReducers: providerReducers,
    extraSagas: providerSagas,
  });
  consoleHttp = created.http;
  return created;
}

/** Adds the console's features to the browser's provider-world store (main.tsx, with the shell). */
export function addConsoleFeatures(created: { http: HttpClient; inject(feature: StoreFeature): void }): void {
  consoleHttp = created.http;
  created.inject({ reducers: providerReducers, sagas: providerSagas });
}
