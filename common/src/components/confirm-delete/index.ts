export * from './ConfirmActionDialog';
export * from './ConfirmDeleteDialog';
export * from './EntityActionButtons';
export * from './useConfirmAction';
