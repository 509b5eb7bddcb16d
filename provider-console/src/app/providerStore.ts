/** The provider console's store: common's provider-world store plus the console's own slices. */
import { useSelector } from 'react-redux';
import { createAppStore, type AppState, type HttpClient, type Navigation } from '@workbench/common';
import { tenantsReducer } from '../tenants/tenantsSlice';
import { tenantsSaga } from '../tenants/tenantsSaga';

const providerReducers = { tenants: tenantsReducer };

export type ProviderState = AppState<'provider', typeof providerReducers>;
export const useProviderSelector = useSelector.withTypes<ProviderState>();

export function createProviderStore(navigation: Navigation, http?: HttpClient) {
  return createAppStore({
    world: 'provider',
    navigation,
    http,
    extraReducers: providerReducers,
    extraSagas: [tenantsSaga],
  });
}
