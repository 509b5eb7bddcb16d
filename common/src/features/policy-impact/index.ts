export * from './policyImpactSlice';
export * from './policyImpactSaga';
