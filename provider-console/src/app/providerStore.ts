/** The provider console's store: common's provider-world store plus the console's own slices. */
import { useSelector, type TypedUseSelectorHook } from 'react-redux';
import { createAppStore, type HttpClient, type Navigation, type RootState } from '@workbench/common';
import { tenantsReducer, type TenantsState } from '../tenants/tenantsSlice';
import { tenantsSaga } from '../tenants/tenantsSaga';

export type ProviderState = RootState & { tenants: TenantsState };
export const useProviderSelector: TypedUseSelectorHook<ProviderState> = useSelector;

export function createProviderStore(navigation: Navigation, http?: HttpClient) {
  return createAppStore({
    world: 'provider',
    navigation,
    http,
    extraReducers: { tenants: tenantsReducer },
    extraSagas: [tenantsSaga],
  });
}
