export * from './entitySource';
export * from './entitiesSlice';
export * from './entitySelectors';
export * from './entitiesSaga';
export * from './entityRequests';
export * from './createEntityHooks';
export type { EntityRead, EntityReadOptions } from './useEntityRequest';
export { SEARCH_DEBOUNCE_MS, type EntityPageView } from './useEntityPage';
