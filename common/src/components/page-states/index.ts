export * from './Loading';
export * from './NotFoundPage';
