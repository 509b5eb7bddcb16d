export * from './reportQuerySlice';
export * from './reportQuerySaga';
export * from './reportQuerySelectors';
