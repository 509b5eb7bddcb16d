export * from './importParsing';
export * from './runBatches';
export * from './importWizardSlice';
