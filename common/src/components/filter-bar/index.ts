export * from './filterQuery';
export * from './FilterBar';
