export * from './entitySource';
export * from './entitiesSlice';
export * from './entitySelectors';
export * from './entitiesSaga';
export * from './useEntityList';
export * from './useEntityPage';
