export * from './tableModel';
export * from './DataTable';
