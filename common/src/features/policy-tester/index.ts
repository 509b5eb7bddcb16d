export * from './policyTesterSlice';
export * from './policyTesterSaga';
