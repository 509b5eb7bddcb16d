export * from './intervals';
