export * from './policyDocsSlice';
export * from './policyDocsSelectors';
export * from './policyDocsSaga';
export * from './reorderingEvents';
export * from './usePolicyDocEditor';
export * from './ConflictDialog';
export * from './PolicyDocToolbar';
