export * from './UploadBox';
