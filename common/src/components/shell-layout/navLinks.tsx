/**
 * The side navigation's links as plain anchors, styled once by the navigation (issue 42), in both
 * apps. Drawn with MUI's ListItemButton and ListItemText, each link was about thirteen components
 * (ButtonBase, the styled roots, Typography, emotion's insertions), ~240 of the portal shell's ~375
 * at every page's first render, each serialising its styles; now it is two, one class name each
 * (bench/README.md, "The navigation's links as plain anchors"). They are drawn as MUI draws a dense
 * ListItemButton with its ListItemText: the same box, padding, type, hover, selected and
 * keyboard-focus colours, the theme's focus ring (workbenchTheme.ts styles `a:focus-visible`) and
 * its 4 px corners. What a link no longer has is the ripple of a click. ShellLayout gives the
 * styles to its navigation; an app draws its links with `ShellNavLink`.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { alpha, type Theme } from '@mui/material/styles';

/** The class names of a link's parts; `navLinkStyles` draws them. */
export const navLinkClasses = {
  link: 'WorkbenchNav-link',
  /** An area's child (a log type, a policy family): indented under its area. */
  child: 'WorkbenchNav-child',
  /** The page shown (MUI's `selected`). */
  selected: 'WorkbenchNav-selected',
  text: 'WorkbenchNav-text',
  /** The area the page is in. */
  strong: 'WorkbenchNav-strong',
} as const;

/** The links' styles, given once to the navigation that holds them. */
export const navLinkStyles = (theme: Theme) => {
  const { action, primary } = theme.palette;
  return {
    [`& .${navLinkClasses.link}`]: {
      display: 'flex',
      flexGrow: 1,
      justifyContent: 'flex-start',
      alignItems: 'center',
      position: 'relative',
      boxSizing: 'border-box',
      minWidth: 0,
      textAlign: 'left',
      textDecoration: 'none',
      color: 'inherit',
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      WebkitTapHighlightColor: 'transparent',
      // A dense ListItemButton with gutters, the theme's corners.
      padding: '4px 16px',
      borderRadius: '4px',
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
      '&:hover': {
        backgroundColor: action.hover,
        '@media (hover: none)': { backgroundColor: 'transparent' },
      },
      '&:focus-visible': { backgroundColor: action.focus },
    },
    [`& .${navLinkClasses.child}`]: { paddingLeft: theme.spacing(4) },
    [`& .${navLinkClasses.selected}`]: {
      backgroundColor: alpha(primary.main, action.selectedOpacity),
      '&:hover': {
        backgroundColor: alpha(primary.main, action.selectedOpacity + action.hoverOpacity),
        '@media (hover: none)': { backgroundColor: alpha(primary.main, action.selectedOpacity) },
      },
      '&:focus-visible': {
        backgroundColor: alpha(primary.main, action.selectedOpacity + action.focusOpacity),
      },
    },
    // ListItemText's box (dense) and its primary text in body2.
    [`& .${navLinkClasses.text}`]: {
      ...theme.typography.body2,
      display: 'block',
      flex: '1 1 auto',
      minWidth: 0,
      margin: '4px 0',
    },
    [`& .${navLinkClasses.strong}`]: { fontWeight: 600 },
  };
};

/** The page at `pathname` is `path` or one below it (a link's area holds it). */
export const isAtOrUnder = (pathname: string, path: string): boolean =>
  pathname === path || pathname.startsWith(`${path}/`);

/** Props of ShellNavLink. */
export interface ShellNavLinkProps {
  /** The route the link opens; `href` instead for an address outside the app. */
  to?: string;
  href?: string;
  /** The page shown (MUI's `selected`). */
  selected?: boolean;
  /** The link leads to the page shown or to an area that holds it (`aria-current="page"`). */
  current?: boolean;
  /** An area's child: indented under its area. */
  child?: boolean;
  /** The title in bold (the area the page is in). */
  strong?: boolean;
  testId: string;
  children: ReactNode;
}

/** One link of the navigation (inside ShellLayout's `nav`, which styles it). */
export function ShellNavLink({
  to,
  href,
  selected,
  current,
  child,
  strong,
  testId,
  children,
}: ShellNavLinkProps) {
  const c = navLinkClasses;
  const className = [c.link, child && c.child, selected && c.selected].filter(Boolean).join(' ');
  const text = <span className={strong ? `${c.text} ${c.strong}` : c.text}>{children}</span>;
  const ariaCurrent = current ? 'page' : undefined;
  if (to === undefined) {
    return (
      <a className={className} href={href} aria-current={ariaCurrent} data-testid={testId}>
        {text}
      </a>
    );
  }
  return (
    <RouterLink to={to} className={className} aria-current={ariaCurrent} data-testid={testId}>
      {text}
    </RouterLink>
  );
}
