export * from './policyReferenceSlice';
export * from './policyReferenceSelectors';
export * from './policyReferenceSaga';
export * from './usePolicyReference';
export * from './contentTypeDisplayName';
export * from './categoryTree';
export * from './useCategoryTree';
