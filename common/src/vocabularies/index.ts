export * from './vocabulary';
export * from './countries';
export * from './logTypes';
export * from './logFilterVocabularies';
export * from './reportFieldVocabularies';
export * from './sharedUiMaps';
export * from './policyGroups';
