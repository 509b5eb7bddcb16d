/**
 * The provider console's store: common's provider-world store plus the entity feature over the
 * console's sources and the report queries of the support view.
 */
import { useSelector } from 'react-redux';
import {
  createAppStore,
  createEntitiesReducer,
  entitiesSaga,
  reportQueryReducer,
  reportQuerySaga,
  type AppState,
  type HttpClient,
  type Navigation,
} from '@workbench/common';
import { CONSOLE_ENTITY_SOURCES } from '../entities/entitySources';
import { nodeActionsReducer, nodeActionsSaga } from '../deployments/nodeActions';

const providerReducers = {
  entities: createEntitiesReducer(CONSOLE_ENTITY_SOURCES),
  reportQuery: reportQueryReducer,
  nodeActions: nodeActionsReducer,
};

export type ProviderState = AppState<'provider', typeof providerReducers>;
export const useProviderSelector = useSelector.withTypes<ProviderState>();

export function createProviderStore(navigation: Navigation, http?: HttpClient) {
  return createAppStore({
    world: 'provider',
    navigation,
    http,
    extraReducers: providerReducers,
    extraSagas: [entitiesSaga(CONSOLE_ENTITY_SOURCES), reportQuerySaga, nodeActionsSaga],
  });
}
