export * from './EmptyResults';
