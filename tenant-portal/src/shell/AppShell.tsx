import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  Chip,
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
  InactivityWarning,
  navItemId,
  publishRequested,
  revisionRequested,
  selectCanPublish,
  selectRevision,
  selectRevisionStatus,
  selectUser,
  selectUserDisplayName,
  shellIds,
  SnackbarHost,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { NAV_WIDTH } from '@workbench/common';
import { findArea, type Area } from '../routes/areas';
import { areaAllowed, visibleAreas, visibleChildren, withQuery } from '../routes/routeRules';
import { useRouteContext } from '../routes/useRouteContext';
import { Loading } from '../routes/AreaGuard';
import { canPublishPolicy } from './policyPermissions';

export const PRODUCT_NAME = 'Workbench Portal';

function RevisionControls() {
  const dispatch = useAppDispatch();
  const ctx = useRouteContext();
  const revision = useAppSelector(selectRevision);
  const status = useAppSelector(selectRevisionStatus);
  const canPublish = useAppSelector(selectCanPublish);
  const policyVisible = areaAllowed(findArea('policy'), ctx);
  useEffect(() => {
    if (policyVisible && status === 'idle') dispatch(revisionRequested());
  }, [dispatch, policyVisible, status]);
  if (!policyVisible || !revision) return null;
  const staged = revision.state === 'staged';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2 }}>
      <Chip
        size="small"
        data-testid={shellIds.revisionState}
        data-state={revision.state}
        label={
          staged
            ? `Revision ${revision.staged_rev_id}: staged`
            : `Revision ${revision.staged_rev_id}: published`
        }
        sx={{ bgcolor: staged ? '#fff3cd' : '#e3f2e8', color: '#1c2430', fontWeight: 600 }}
      />
      {canPublishPolicy(ctx.access) && (
        <Button
          variant="contained"
          color="secondary"
          disabled={!canPublish}
          onClick={() => dispatch(publishRequested())}
          data-testid={shellIds.publish}
          // Readable on the dark app bar also while disabled (nothing staged).
          sx={{ '&.Mui-disabled': { bgcolor: 'rgba(255,255,255,0.14)', color: 'rgba(255,255,255,0.75)' } }}
        >
          {status === 'publishing' ? 'Publishing…' : 'Publish'}
        </Button>
      )}
    </Box>
  );
}

function UserMenu() {
  const user = useAppSelector(selectUser);
  const name = useAppSelector(selectUserDisplayName);
  const navigate = useNavigate();
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
        aria-controls={anchor ? 'user-menu' : undefined}
        data-testid={shellIds.userMenuButton}
      >
        {name}
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { 'data-testid': shellIds.userMenu } as object }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid={shellIds.userName}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Tenant: {user.tenant_name}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          data-testid={shellIds.logout}
          onClick={() => {
            setAnchor(null);
            navigate('/logout');
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

function NavItem({ area }: { area: Area }) {
  const location = useLocation();
  const ctx = useRouteContext();
  const base = `/${area.path}`;
  const active = location.pathname === base || location.pathname.startsWith(`${base}/`);
  const externalUrl = area.externalUrl?.(ctx.env);
  if (externalUrl) {
    return (
      <ListItemButton component="a" href={externalUrl} data-testid={navItemId(area.id)}>
        <ListItemText primary={area.title} />
      </ListItemButton>
    );
  }
  const children = active ? visibleChildren(area, ctx) : [];
  return (
    <>
      <ListItemButton
        component={RouterLink}
        to={base}
        selected={active && location.pathname === base}
        aria-current={active ? 'page' : undefined}
        data-testid={navItemId(area.id)}
      >
        <ListItemText
          primary={area.title}
          slotProps={{ primary: { sx: { fontWeight: active ? 600 : 400 } } }}
        />
      </ListItemButton>
      {children.map((child) => {
        const path = `${base}/${child.path}`;
        return (
          <ListItemButton
            key={child.path}
            component={RouterLink}
            to={withQuery(path, child.defaultFilters)}
            selected={location.pathname === path}
            aria-current={location.pathname === path ? 'page' : undefined}
            sx={{ pl: 4 }}
            data-testid={navItemId(`${area.id}-${child.path}`)}
          >
            <ListItemText primary={child.title} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItemButton>
        );
      })}
    </>
  );
}

/** The logged-in frame: app bar, side navigation of the areas the user may see, the page. */
export function AppShell() {
  const ctx = useRouteContext();
  const areas = visibleAreas(ctx);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" data-testid={shellIds.appBar} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          <Typography
            component="span"
            variant="h6"
            sx={{ flexGrow: 1, fontWeight: 700, fontSize: '1.05rem' }}
          >
            {PRODUCT_NAME}
          </Typography>
          <RevisionControls />
          <UserMenu />
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
        <Box
          component="nav"
          aria-label="Main navigation"
          data-testid={shellIds.nav}
          sx={{ overflowY: 'auto', p: 1 }}
        >
          <List dense disablePadding component="div">
            {areas.map((area) => (
              <NavItem key={area.id} area={area} />
            ))}
          </List>
        </Box>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
        <Toolbar />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SnackbarHost />
      <InactivityWarning />
    </Box>
  );
}
