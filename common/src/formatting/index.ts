export * from './formatBytes';
export * from './exportBuilders';
export * from './downloadFile';
export * from './generatePassword';
export * from './localTime';
