export * from './ShellLayout';
