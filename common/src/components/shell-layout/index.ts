export * from './ShellLayout';
export { ShellNavLink, navLinkClasses, type ShellNavLinkProps } from './navLinks';
export type { HelpTopic } from './HelpDialog';
