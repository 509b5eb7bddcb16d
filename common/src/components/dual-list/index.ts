export * from './dualListModel';
export * from './DualList';
