import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Chip, List, ListSubheader, MenuItem, Typography } from '@mui/material';
import {
  InactivityWarning,
  navItemId,
  revisionRequested,
  selectCanPublish,
  selectRevision,
  selectRevisionStatus,
  selectAccessController,
  selectFeatures,
  selectUser,
  selectUserDisplayName,
  shellIds,
  ShellLayout,
  ShellNavLink,
  isAtOrUnder,
  ShellUserMenu,
  useAppDispatch,
  useAppSelector,
  useExtension,
} from '@workbench/common';
import { AREAS, NAV_GROUPS, findArea } from '../routes/areas';
import type { Area } from '../routes/routeModel';
import { areaAllowed, visibleAreas, visibleChildren, withQuery } from '../routes/routeRules';
import { useRouteContext } from '../routes/useRouteContext';
import { Loading } from '@workbench/common';
import { canPublishPolicy } from './policyPermissions';
import { PolicyWelcome } from './PolicyWelcome';
import { NotificationsBell } from './NotificationsBell';
import { changePasswordIds, twoFactorIds } from '@workbench/common/test-ids/index';
import { CM_ABOUT_MENU_ITEM_ID } from '@workbench/common/test-ids/cmAboutMenuItemId';
import { isManagementStation } from '@workbench/common/env/runtimeEnv';
import { MANAGED_SYSTEMS_READ_PERMISSIONS } from '@workbench/common/api/contract/settingsPermissions';

/**
 * The publish bar's dialog (review, comment, publish; or, with two-person approval, the
 * submission for approval), loaded when first opened.
 */
const PublishDialog = lazy(() =>
  import('../areas/policy/ApprovalPanels').then((m) => ({ default: m.PublishStepDialog })),
);

/**
 * The user menu's Change password dialog (Formik, yup and lodash with it), loaded when first
 * opened: none of it is in the signed-in pages' first load (bench/README.md, "First load").
 */
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** The user menu's Two-factor sign-in dialog, loaded when first opened. */
const TwoFactorDialog = lazy(() => import('./TwoFactorDialog').then((m) => ({ default: m.TwoFactorDialog })));
// The management station's About (docs/central-manager.md §13), loaded when opened.
const StationAboutDialog = lazy(() =>
  import('../areas/central-manager/StationAbout').then((m) => ({ default: m.StationAboutDialog })),
);

export const PRODUCT_NAME = 'Workbench Portal';

function RevisionControls() {
  const dispatch = useAppDispatch();
  const ctx = useRouteContext();
  const revision = useAppSelector(selectRevision);
  const status = useAppSelector(selectRevisionStatus);
  const canPublish = useAppSelector(selectCanPublish);
  const policyVisible = areaAllowed(findArea('policy'), ctx);
  const [publishing, setPublishing] = useState(false);
  const closePublish = useCallback(() => setPublishing(false), []);
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
          // Never a publish without seeing what it publishes: the same dialog as the publish bar's.
          onClick={() => setPublishing(true)}
          data-testid={shellIds.publish}
          // Readable on the dark app bar also while disabled (nothing staged).
          sx={{ '&.Mui-disabled': { bgcolor: 'rgba(255,255,255,0.14)', color: 'rgba(255,255,255,0.75)' } }}
        >
          {status === 'publishing' ? 'Publishing…' : 'Publish'}
        </Button>
      )}
      {publishing && (
        <Suspense fallback={null}>
          <PublishDialog onClose={closePublish} />
        </Suspense>
      )}
    </Box>
  );
}

/** The portal's own help topics (the user menu's Help; the shared ones follow). */
const PORTAL_HELP = {
  appName: 'Tenant portal',
  topics: [
    {
      title: 'Policy changes',
      text: 'Save keeps a change in the staged revision: nothing reaches your users yet. The bar at the foot of a policy page counts the staged changes; Review lists them and Publish makes them live, with a comment. Revision history compares any two revisions and rolls back to an earlier one.',
    },
    {
      title: 'Logs',
      text: 'The time range, filters, search and columns of a logs page are in its address: copy it to share the view, or save it as a search. Export downloads the whole filtered result, not only the rows on screen.',
    },
    {
      title: 'What you can see',
      text: 'Your role decides which areas you see and which you may change; a page you may only read shows its controls disabled.',
    },
  ],
};

function UserMenu() {
  const user = useAppSelector(selectUser);
  const features = useAppSelector(selectFeatures);
  const name = useAppSelector(selectUserDisplayName);
  // Two-factor enrolment is a server extension (docs/api.md): offered when the server serves it.
  const mfaEnrolment = useExtension('mfa-enrolment');
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  const closeChangePassword = useCallback(() => setChangingPassword(false), []);
  const [twoFactor, setTwoFactor] = useState(false);
  const closeTwoFactor = useCallback(() => setTwoFactor(false), []);
  const [about, setAbout] = useState(false);
  const closeAbout = useCallback(() => setAbout(false), []);
  // A management station's About, for who may read the central manager's pages.
  // (The route rule's permissions: the central manager's contract stays out of the shell's bundle.)
  const access = useAppSelector(selectAccessController);
  const stationAbout = isManagementStation() && access.allows({ any: [...MANAGED_SYSTEMS_READ_PERMISSIONS] });
  if (!user) return null;
  return (
    <>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={closeChangePassword} />
        </Suspense>
      )}
      {twoFactor && (
        <Suspense fallback={null}>
          <TwoFactorDialog onClose={closeTwoFactor} />
        </Suspense>
      )}
      {about && (
        <Suspense fallback={null}>
          <StationAboutDialog onClose={closeAbout} />
        </Suspense>
      )}
      <ShellUserMenu
        name={name}
        menuId="user-menu"
        buttonTestId={shellIds.userMenuButton}
        nameTestId={shellIds.userName}
        menuTestId={shellIds.userMenu}
        help={PORTAL_HELP}
        details={
          <Typography variant="body2" color="text.secondary">
            Tenant: {user.tenant_name}
          </Typography>
        }
        items={(close) => [
          // Every account may change its own password; one someone else set is changed first, on
          // its own page (../pending-steps), before this menu is ever shown.
          <MenuItem
            key="change-password"
            data-testid={changePasswordIds.menuItem}
            onClick={() => {
              close();
              setChangingPassword(true);
            }}
          >
            Change password
          </MenuItem>,
          // The tenant's tfa feature (docs/access.md §5) offers it.
          ...(features.tfa && mfaEnrolment
            ? [
                <MenuItem
                  key="two-factor"
                  data-testid={twoFactorIds.menuItem}
                  onClick={() => {
                    close();
                    setTwoFactor(true);
                  }}
                >
                  Two-factor sign-in
                </MenuItem>,
              ]
            : []),
          ...(stationAbout
            ? [
                <MenuItem
                  key="about"
                  data-testid={CM_ABOUT_MENU_ITEM_ID}
                  onClick={() => {
                    close();
                    setAbout(true);
                  }}
                >
                  About
                </MenuItem>,
              ]
            : []),
          <MenuItem
            key="logout"
            data-testid={shellIds.logout}
            onClick={() => {
              close();
              navigate('/logout');
            }}
          >
            Logout
          </MenuItem>,
        ]}
      />
    </>
  );
}

function NavItem({ area }: { area: Area }) {
  const location = useLocation();
  const ctx = useRouteContext();
  const base = `/${area.path}`;
  const active = isAtOrUnder(location.pathname, base);
  const externalUrl = area.externalUrl?.(ctx.env);
  if (externalUrl) {
    return (
      <ShellNavLink href={externalUrl} testId={navItemId(area.id)}>
        {area.title}
      </ShellNavLink>
    );
  }
  const children = active ? visibleChildren(area, ctx) : [];
  return (
    <>
      <ShellNavLink
        to={base}
        selected={active && location.pathname === base}
        current={active}
        strong={active}
        testId={navItemId(area.id)}
      >
        {area.title}
      </ShellNavLink>
      {children.map((child) => {
        const path = `${base}/${child.path}`;
        // A child with sections (/policy/web/categories) is current on each of them.
        const current = isAtOrUnder(location.pathname, path);
        return (
          <ShellNavLink
            key={child.path}
            to={withQuery(path, child.defaultFilters)}
            child
            selected={current}
            current={current}
            testId={navItemId(`${area.id}-${child.path}`)}
          >
            {child.title}
          </ShellNavLink>
        );
      })}
    </>
  );
}

/** The side navigation: the areas the user may see under their group headings (NAV_GROUPS); a group with none is left out. */
function NavGroups({ areas }: { areas: readonly Area[] }) {
  return (
    <>
      {NAV_GROUPS.map((group) => {
        const shown = group.areas.flatMap((id) => areas.filter((area) => area.id === id));
        if (shown.length === 0) return null;
        const headingId = `${shellIds.navGroup}-${group.id}`;
        return (
          <List
            key={group.id}
            dense
            disablePadding
            component="div"
            role="group"
            aria-labelledby={headingId}
            subheader={
              <ListSubheader
                id={headingId}
                component="div"
                disableSticky
                data-testid={headingId}
                sx={{ lineHeight: 2.5, bgcolor: 'transparent', fontWeight: 600 }}
              >
                {group.title}
              </ListSubheader>
            }
          >
            {shown.map((area) => (
              <NavItem key={area.id} area={area} />
            ))}
          </List>
        );
      })}
    </>
  );
}

/** The logged-in frame: app bar, side navigation of the areas the user may see, the page. */
export function AppShell() {
  const ctx = useRouteContext();
  const areas = visibleAreas(ctx, AREAS);
  return (
    <ShellLayout
      title={PRODUCT_NAME}
      appBarTestId={shellIds.appBar}
      actions={
        <>
          <RevisionControls />
          <NotificationsBell />
          <UserMenu />
        </>
      }
      navTestId={shellIds.nav}
      nav={<NavGroups areas={areas} />}
      loading={<Loading />}
      overlays={
        <>
          <InactivityWarning />
          <PolicyWelcome />
        </>
      }
    >
      <Outlet />
    </ShellLayout>
  );
}
