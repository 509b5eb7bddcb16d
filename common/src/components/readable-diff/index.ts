export * from './ReadableDiff';
