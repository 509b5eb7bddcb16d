export * from './tableModel';
export * from './DataTable';
export * from './gridTheme';
