export * from './extensionsSlice';
export * from './extensionsSelectors';
export * from './extensionsSaga';
export * from './useExtension';
