export * from './SearchField';
