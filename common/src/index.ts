export * from './api/contract/wire';
export * from './env/runtimeEnv';
export * from './features/rbac/permissions';
export * from './test-ids';
