/**
 * The tenant portal's store: common's tenant-world store plus the features the portal's pages
 * use (the logs explorer's paging and saved searches). The login area builds a bare tenant-world
 * store instead: it has no page that needs these.
 */
import { useSelector } from 'react-redux';
import {
  createAppStore,
  logPagingReducer,
  logPagingSaga,
  savedSearchesReducer,
  savedSearchesSaga,
  type AppState,
  type HttpClient,
  type Navigation,
} from '@workbench/common';

const portalReducers = {
  logPaging: logPagingReducer,
  savedSearches: savedSearchesReducer,
};

export type PortalState = AppState<'tenant', typeof portalReducers>;
export const usePortalSelector = useSelector.withTypes<PortalState>();

export function createPortalStore(navigation: Navigation, http?: HttpClient) {
  return createAppStore({
    world: 'tenant',
    navigation,
    http,
    extraReducers: portalReducers,
    extraSagas: [logPagingSaga, savedSearchesSaga],
  });
}

export type PortalStore = ReturnType<typeof createPortalStore>['store'];
