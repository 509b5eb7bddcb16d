export * from './ShellLayout';
export type { HelpTopic } from './HelpDialog';
