import { Outlet, useLocation } from 'react-router-dom';
import { CircularProgress, MenuItem, Typography } from '@mui/material';
import {
  providerExtendRequested,
  providerIds,
  providerLogoutRequested,
  providerNavItemId,
  providerPageIds,
  selectProviderAccess,
  selectProviderExpires,
  selectProviderSession,
  selectProviderUser,
  selectServedExtensions,
  ShellLayout,
  ShellNavLink,
  isAtOrUnder,
  ShellUserMenu,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { PROVIDER_AREAS, areaAllowed } from '../app/providerAreas';

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

/** The console's own help topics (the user menu's Help; the shared ones follow). */
const PROVIDER_HELP = {
  appName: 'Provider console',
  topics: [
    {
      title: 'Who may do what',
      text: 'Operators run tenants, SKUs, licences, deployments and rollouts. Support staff read the tenants, their reports and logs, the SKU catalogue, the RA pre-filter and the audit trail, and change nothing; licence keys, deployments, pods and the inventory are for operators.',
    },
    {
      title: 'Your session',
      text: 'The menu shows when your session ends; Extend session renews it without signing in again.',
    },
  ],
};

function ProviderUserMenu() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectProviderUser);
  const expires = useAppSelector(selectProviderExpires);
  const { extending } = useAppSelector(selectProviderSession);
  if (!user) return null;
  return (
    <ShellUserMenu
      name={user.display_name}
      menuId="provider-user-menu"
      buttonTestId={providerIds.userMenuButton}
      nameTestId={providerIds.userName}
      help={PROVIDER_HELP}
      details={
        <>
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
        </>
      }
      items={(close) => [
        <MenuItem
          key="extend"
          data-testid={providerIds.extendSession}
          disabled={extending}
          onClick={() => dispatch(providerExtendRequested())}
        >
          {extending ? <CircularProgress size={14} sx={{ mr: 1 }} aria-label="Extending" /> : null}
          Extend session
        </MenuItem>,
        <MenuItem
          key="logout"
          data-testid={providerIds.logout}
          onClick={() => {
            close();
            dispatch(providerLogoutRequested());
          }}
        >
          Logout
        </MenuItem>,
      ]}
    />
  );
}

/** The provider console's frame: app bar, navigation, the page. */
export function ProviderShell() {
  const location = useLocation();
  const served = useAppSelector(selectServedExtensions);
  const access = useAppSelector(selectProviderAccess);
  return (
    <ShellLayout
      title={PROVIDER_PRODUCT_NAME}
      actions={<ProviderUserMenu />}
      navTestId={providerIds.nav}
      // An area of a server extension shows once the server listed it (docs/api.md); an area
      // shows only to a role its reads are allowed to (support does not see the licences).
      nav={PROVIDER_AREAS.filter(
        (area) => (!area.extension || served.has(area.extension)) && areaAllowed(area, access),
      ).map((area) => {
        const active = isAtOrUnder(location.pathname, `/${area.path}`);
        return (
          <ShellNavLink
            key={area.id}
            to={`/${area.path}`}
            selected={active}
            current={active}
            testId={providerNavItemId(area.id)}
          >
            {area.title}
          </ShellNavLink>
        );
      })}
      loading={<CircularProgress aria-label="Loading" />}
    >
      <Outlet />
    </ShellLayout>
  );
}
