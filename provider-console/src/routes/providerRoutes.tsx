/** The provider console's routes (hash routes; tests use createMemoryRouter with the same objects). */
import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { LoginPage, providerIds, selectProviderStatus, useAppSelector } from '@workbench/common';
import { safeReturnPath } from '@workbench/common/api/contract/returnUrl';
import { PROVIDER_AREAS, type ProviderArea } from '../app/providerAreas';
import { useProviderLogin } from '../login/useProviderLogin';
import { ProviderShell } from '../shell/ProviderShell';

const TenantsPage = lazy(() => import('../tenants/TenantsPage').then((m) => ({ default: m.TenantsPage })));

function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** On load: me → logged in, else login; after logout → login. */
function SessionGate({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectProviderStatus);
  const location = useLocation();
  if (status === 'notInitialized') return <Loading />;
  if (status !== 'loggedIn') {
    const here = location.pathname + location.search;
    return (
      <Navigate
        to={location.pathname === '/' ? '/login' : `/login?${new URLSearchParams({ returnUrl: here })}`}
        replace
      />
    );
  }
  return <>{children}</>;
}

function ProviderLoginRoute() {
  const status = useAppSelector(selectProviderStatus);
  const submit = useProviderLogin();
  const returnUrl = safeReturnPath(new URLSearchParams(useLocation().search).get('returnUrl'));
  if (status === 'notInitialized') return <Loading />;
  if (status === 'loggedIn') return <Navigate to={returnUrl ?? '/tenants'} replace />;
  // Once logged in this route re-renders and follows the returnUrl.
  return <LoginPage appName="Provider Console" onSubmit={submit} onSuccess={() => undefined} />;
}

/** A page whose issue has not landed yet: its title only. */
function TitleOnlyPage({ area }: { area: ProviderArea }) {
  return (
    <Typography variant="h1" data-testid={providerIds.pageTitle}>
      {area.title}
    </Typography>
  );
}

function NotFound() {
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h1" gutterBottom>
          Oops!
        </Typography>
        <Typography variant="h2" gutterBottom>
          Error 404 - Page Not Found
        </Typography>
        <Typography>The page you are looking for does not exist or another error occurred.</Typography>
      </Paper>
    </Box>
  );
}

export function buildProviderRoutes(): RouteObject[] {
  return [
    { path: '/login', element: <ProviderLoginRoute /> },
    {
      path: '/',
      element: (
        <SessionGate>
          <ProviderShell />
        </SessionGate>
      ),
      children: [
        { index: true, element: <Navigate to="/tenants" replace /> },
        ...PROVIDER_AREAS.map((area): RouteObject => ({
          path: area.path,
          element: area.id === 'tenants' ? <TenantsPage /> : <TitleOnlyPage area={area} />,
        })),
      ],
    },
    { path: '*', element: <NotFound /> },
  ];
}
