import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
} from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import {
  providerExtendRequested,
  providerIds,
  providerLogoutRequested,
  providerNavItemId,
  providerPageIds,
  selectProviderExpires,
  selectProviderSession,
  selectProviderUser,
  SnackbarHost,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { PROVIDER_AREAS } from '../app/providerAreas';
import { NAV_WIDTH } from '@workbench/common';

export const PROVIDER_PRODUCT_NAME = 'Provider Console';
export const ROLE_LABELS = { operator: 'Operator', support: 'Support (read-only)' } as const;

/** "Session expires at 2026-11-22 05:12" in the browser's time zone. */
export function formatExpiry(iso: string | null): string {
  if (!iso) return 'Session expiry unknown';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Session expiry unknown';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Session expires at ${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function ProviderUserMenu() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectProviderUser);
  const expires = useAppSelector(selectProviderExpires);
  const { extending } = useAppSelector(selectProviderSession);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'provider-user-menu' : undefined}
        data-testid={providerIds.userMenuButton}
      >
        {user.display_name}
      </Button>
      <Menu
        id="provider-user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid={providerIds.userName}>
            {user.display_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid={providerPageIds.userRole}>
            {ROLE_LABELS[user.role]}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid={providerPageIds.sessionExpiry}
            aria-live="polite"
          >
            {formatExpiry(expires)}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          data-testid={providerIds.extendSession}
          disabled={extending}
          onClick={() => dispatch(providerExtendRequested())}
        >
          {extending ? <CircularProgress size={14} sx={{ mr: 1 }} aria-label="Extending" /> : null}
          Extend session
        </MenuItem>
        <MenuItem
          data-testid={providerIds.logout}
          onClick={() => {
            setAnchor(null);
            dispatch(providerLogoutRequested());
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

/** The provider console's frame: app bar, navigation, the page. */
export function ProviderShell() {
  const location = useLocation();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          <Typography
            component="span"
            variant="h6"
            sx={{ flexGrow: 1, fontWeight: 700, fontSize: '1.05rem' }}
          >
            {PROVIDER_PRODUCT_NAME}
          </Typography>
          <ProviderUserMenu />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{
          width: NAV_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Box component="nav" aria-label="Main navigation" data-testid={providerIds.nav} sx={{ p: 1 }}>
          <List dense disablePadding component="div">
            {PROVIDER_AREAS.map((area) => {
              const active =
                location.pathname === `/${area.path}` || location.pathname.startsWith(`/${area.path}/`);
              return (
                <ListItemButton
                  key={area.id}
                  component={RouterLink}
                  to={`/${area.path}`}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  data-testid={providerNavItemId(area.id)}
                >
                  <ListItemText primary={area.title} />
                </ListItemButton>
              );
            })}
          </List>
        </Box>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
        <Toolbar />
        <Suspense fallback={<CircularProgress aria-label="Loading" />}>
          <Outlet />
        </Suspense>
      </Box>
      <SnackbarHost />
    </Box>
  );
}
