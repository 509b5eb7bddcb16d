/** The provider console's routes (hash routes; tests use createMemoryRouter with the same objects). */
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { LoginPage, selectProviderStatus, useAppSelector } from '@workbench/common';
import { safeReturnPath } from '@workbench/common/api/contract/returnUrl';
import { Loading, NotFoundPage } from '@workbench/common/components/page-states/index';
import { SessionGate, type GateState } from '@workbench/common/components/session-gate/index';
import { PROVIDER_AREAS, type ProviderArea } from '../app/providerAreas';
import { useProviderLogin } from '../login/useProviderLogin';
import { ProviderShell } from '../shell/ProviderShell';

function useGateState(): GateState {
  const status = useAppSelector(selectProviderStatus);
  if (status === 'notInitialized') return 'checking';
  return status === 'loggedIn' ? 'signedIn' : 'signedOut';
}

function ProviderLoginRoute() {
  const gate = useGateState();
  const submit = useProviderLogin();
  const returnUrl = safeReturnPath(new URLSearchParams(useLocation().search).get('returnUrl'));
  if (gate === 'checking') return <Loading />;
  if (gate === 'signedIn') return <Navigate to={returnUrl ?? '/tenants'} replace />;
  // Once logged in this route re-renders and follows the returnUrl.
  return <LoginPage appName="Provider Console" onSubmit={submit} onSuccess={() => undefined} />;
}

function GatedShell() {
  return (
    <SessionGate state={useGateState()}>
      <ProviderShell />
    </SessionGate>
  );
}

// The support view: a tenant's report dashboards (read-only), under the tenants area.
const TenantReportsPage = lazy(() =>
  import('../tenants/TenantReportsPage').then((m) => ({ default: m.TenantReportsPage })),
);

/** An area's route: its page, loaded on first visit. */
function areaRoute(area: ProviderArea): RouteObject {
  const Page = lazy(area.page);
  return {
    path: area.path,
    element: (
      <Suspense fallback={<Loading />}>
        <Page area={area} />
      </Suspense>
    ),
  };
}

export function buildProviderRoutes(): RouteObject[] {
  return [
    { path: '/login', element: <ProviderLoginRoute /> },
    {
      path: '/',
      element: <GatedShell />,
      children: [
        { index: true, element: <Navigate to="/tenants" replace /> },
        ...PROVIDER_AREAS.map(areaRoute),
        {
          path: 'tenants/:tid/reports',
          element: (
            <Suspense fallback={<Loading />}>
              <TenantReportsPage />
            </Suspense>
          ),
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}
