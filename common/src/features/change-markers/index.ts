export * from './changeMarkerSource';
export * from './changeMarkerSources';
export * from './changeMarkersSlice';
export * from './changeMarkersSaga';
export * from './useChangeMarkers';
