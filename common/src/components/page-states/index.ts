export * from './Loading';
export * from './NotFoundPage';
export * from './LoadFailed';
