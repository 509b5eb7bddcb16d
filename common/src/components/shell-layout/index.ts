export * from './ShellLayout';
export { ShellNavLink, isAtOrUnder, navLinkClasses, type ShellNavLinkProps } from './navLinks';
export type { HelpTopic } from './HelpDialog';
