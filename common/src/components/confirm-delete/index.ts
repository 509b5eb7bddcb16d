export * from './ConfirmDeleteDialog';
export * from './EntityActionButtons';
