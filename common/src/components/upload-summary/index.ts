export * from './UploadSummary';
