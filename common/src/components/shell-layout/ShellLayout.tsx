import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemIcon,
  ListSubheader,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Check from '@mui/icons-material/Check';
import { pageLocationAttribute, shellIds } from '../../test-ids/index';
import { THEME_PREFERENCES, useThemeMode, type ThemePreference } from '../../theme/themeMode';
import { SnackbarHost } from '../../features/snackbar/SnackbarHost';
import { HelpDialog, type HelpTopic } from './HelpDialog';
import { NAV_WIDTH } from '../../theme/workbenchTheme';
import { STICKY_TOP_VARIABLE } from '../data-table/tableModel';
import { navLinkStyles } from './navLinks';

/**
 * Props of ShellLayout.
 *
 * Usage: `<ShellLayout title="Workbench Portal" appBarTestId={shellIds.appBar} navTestId={shellIds.nav}
 * actions={<UserMenu />} nav={areas.map(...ShellNavLink...)} loading={<Loading />}><Outlet /></ShellLayout>`.
 */
export interface ShellLayoutProps {
  /** The product name at the left of the app bar. */
  title: string;
  appBarTestId?: string;
  /** The right side of the app bar (revision controls, the user menu). */
  actions?: ReactNode;
  /** The entries of the navigation drawer (`ShellNavLink`s, list headings); styled here. */
  nav: ReactNode;
  navTestId: string;
  /** Shown while a lazily loaded page loads. */
  loading: ReactNode;
  /** The page (the router's `<Outlet />`). */
  children: ReactNode;
  /** App-wide pieces after the page (e.g. the inactivity warning); the snackbar host is always there. */
  overlays?: ReactNode;
}

/** The dense toolbar's height, used until the app bar has been measured. */
const DENSE_APP_BAR_PX = 48;

/**
 * The fixed app bar's height, kept current (its actions may wrap in a narrow window), so sticky
 * table headers on the page stop below the bar instead of under it.
 */
function useAppBarHeight() {
  const ref = useRef<HTMLElement>(null);
  const [px, setPx] = useState(DENSE_APP_BAR_PX);
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return undefined;
    const measure = () => setPx(bar.offsetHeight || DENSE_APP_BAR_PX);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return undefined;
    }
    // Not measured here as well: read in the commit, the height forced a layout of the whole
    // freshly inserted page inside React's task (issue 42). The observer reports the bar once
    // after the browser's own layout, before the first paint, and again when it changes.
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return { ref, px };
}

/**
 * The logged-in frame of both apps: a fixed app bar, the navigation drawer, the page. Below the
 * md breakpoint (900 px) the navigation folds into a menu button (issue 15: narrow windows); a
 * skip link, the first stop of the Tab key, jumps to the page.
 */
export function ShellLayout({
  title,
  appBarTestId,
  actions,
  nav,
  navTestId,
  loading,
  children,
  overlays,
}: ShellLayoutProps) {
  const appBarHeight = useAppBarHeight();
  const appBarRef = appBarHeight.ref;
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [navOpen, setNavOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname, search } = useLocation();
  // Choosing a page closes the folded navigation.
  useEffect(() => setNavOpen(false), [pathname, narrow]);
  const navigation = (
    <Box
      component="nav"
      id="main-navigation"
      aria-label="Main navigation"
      data-testid={navTestId}
      sx={[{ overflowY: 'auto', p: 1 }, navLinkStyles]}
    >
      <List dense disablePadding component="div">
        {nav}
      </List>
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Button
        onClick={() => mainRef.current?.focus()}
        data-testid={shellIds.skipLink}
        variant="contained"
        sx={{
          position: 'fixed',
          top: 8,
          left: 8,
          zIndex: (t) => t.zIndex.tooltip + 1,
          transform: 'translateY(-200%)',
          '&:focus-visible': { transform: 'none' },
        }}
      >
        Skip to content
      </Button>
      <AppBar
        ref={appBarRef}
        position="fixed"
        data-testid={appBarTestId}
        sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}
      >
        <Toolbar>
          {narrow && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
              aria-controls="main-navigation"
              aria-expanded={navOpen}
              onClick={() => setNavOpen(!navOpen)}
              data-testid={shellIds.navToggle}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            component="span"
            variant="h6"
            noWrap
            sx={{ flexGrow: 1, fontWeight: 700, fontSize: '1.05rem' }}
          >
            {title}
          </Typography>
          {actions}
        </Toolbar>
      </AppBar>
      {narrow ? (
        <Drawer
          variant="temporary"
          open={navOpen}
          onClose={() => setNavOpen(false)}
          // The folded navigation opens as a modal panel: it needs a name of its own.
          slotProps={{ paper: { 'aria-label': 'Navigation' } }}
          sx={{ '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' } }}
        >
          <Toolbar />
          {navigation}
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          sx={{
            width: NAV_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          {navigation}
        </Drawer>
      )}
      <Box
        component="main"
        ref={mainRef}
        tabIndex={-1}
        {...{ [pageLocationAttribute]: pathname + search }}
        sx={{
          flexGrow: 1,
          p: { xs: 2, md: 3 },
          minWidth: 0,
          outline: 'none',
          [STICKY_TOP_VARIABLE]: `${appBarHeight.px}px`,
        }}
      >
        <Toolbar />
        <Suspense fallback={loading}>{children}</Suspense>
      </Box>
      <SnackbarHost />
      {overlays}
    </Box>
  );
}

/**
 * Props of ShellUserMenu.
 *
 * Usage: `<ShellUserMenu name={name} menuId="user-menu" buttonTestId={shellIds.userMenuButton}
 * nameTestId={shellIds.userName} details={<Typography>Tenant: acme</Typography>}
 * items={(close) => [<MenuItem key="logout" onClick={() => { close(); logout(); }}>Logout</MenuItem>]} />`.
 */
export interface ShellUserMenuProps {
  /** The user's name: on the app-bar button and atop the menu. */
  name: string;
  /** The menu element's id (the button's aria-controls). */
  menuId: string;
  buttonTestId: string;
  nameTestId: string;
  /** data-testid of the menu's paper. */
  menuTestId?: string;
  /** Lines under the name (tenant, role, session expiry). */
  details?: ReactNode;
  /** The menu items after a divider, given `close`. Return an array of MenuItems (MUI's Menu does not look into a Fragment). */
  items: (close: () => void) => ReactNode[];
  /** The Help item's dialog: the app's name and its own topics (before the shared ones). */
  help: { appName: string; topics: readonly HelpTopic[] };
}

/** The app bar's user button and its menu: the name, details, a divider, the items. */
export function ShellUserMenu({
  name,
  menuId,
  buttonTestId,
  nameTestId,
  menuTestId,
  details,
  items,
  help,
}: ShellUserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const close = () => setAnchor(null);
  const themeMode = useThemeMode();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        data-testid={buttonTestId}
      >
        {name}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={menuTestId ? { paper: { 'data-testid': menuTestId } as object } : undefined}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid={nameTestId}>
            {name}
          </Typography>
          {details}
        </Box>
        <Divider />
        {themeItems(themeMode, close)}
        <MenuItem
          data-testid={shellIds.help}
          onClick={() => {
            close();
            setHelpOpen(true);
          }}
        >
          Help
        </MenuItem>
        {items(close)}
      </Menu>
      {helpOpen && (
        <HelpDialog appName={help.appName} topics={help.topics} onClose={() => setHelpOpen(false)} />
      )}
    </>
  );
}

const THEME_LABELS: Record<ThemePreference, string> = {
  system: 'System setting',
  light: 'Light',
  dark: 'Dark',
};

/** The theme choice (dark mode), where the app provides one: a radio group of menu items. */
function themeItems(themeMode: ReturnType<typeof useThemeMode>, close: () => void): ReactNode[] {
  if (!themeMode) return [];
  return [
    <ListSubheader key="theme" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
      Theme
    </ListSubheader>,
    ...THEME_PREFERENCES.map((preference) => {
      const chosen = themeMode.preference === preference;
      return (
        <MenuItem
          key={`theme-${preference}`}
          role="menuitemradio"
          aria-checked={chosen}
          selected={chosen}
          data-testid={`${shellIds.themeChoice}-${preference}`}
          onClick={() => {
            themeMode.setPreference(preference);
            close();
          }}
        >
          <ListItemIcon>{chosen && <Check fontSize="small" />}</ListItemIcon>
          {THEME_LABELS[preference]}
        </MenuItem>
      );
    }),
    <Divider key="theme-divider" />,
  ];
}
