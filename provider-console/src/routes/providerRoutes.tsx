/** The provider console's routes (hash routes; tests use createMemoryRouter with the same objects). */
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Loading, NotFoundPage } from '@workbench/common/components/page-states/index';
import { PROVIDER_AREAS, type ProviderArea } from '../app/providerAreas';

// The login page and the shell come with the frame chunk (consoleFrame.tsx), not the entry.
const ProviderLoginRoute = lazy(() =>
  import('./consoleFrame').then((m) => ({ default: m.ProviderLoginRoute })),
);
const GatedShell = lazy(() => import('./consoleFrame').then((m) => ({ default: m.GatedShell })));

const TenantDetailPage = lazy(() =>
  import('../tenants/TenantDetailPage').then((m) => ({ default: m.TenantDetailPage })),
);

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
    {
      path: '/login',
      element: (
        <Suspense fallback={<Loading />}>
          <ProviderLoginRoute />
        </Suspense>
      ),
    },
    {
      path: '/',
      element: (
        <Suspense fallback={<Loading />}>
          <GatedShell />
        </Suspense>
      ),
      children: [
        { index: true, element: <Navigate to="/tenants" replace /> },
        ...PROVIDER_AREAS.map(areaRoute),
        {
          path: 'tenants/:tid',
          element: (
            <Suspense fallback={<Loading />}>
              <TenantDetailPage />
            </Suspense>
          ),
        },
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
