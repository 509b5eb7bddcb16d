export * from './rolloutsSlice';
export * from './rolloutsSelectors';
export * from './rolloutsSaga';
