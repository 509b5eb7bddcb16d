export * from './publishApprovalSlice';
export * from './publishApprovalSaga';
