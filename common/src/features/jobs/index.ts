export * from './jobsSlice';
export * from './jobsSelectors';
export * from './jobsSaga';
