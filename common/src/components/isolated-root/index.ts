export * from './IsolatedRoot';
