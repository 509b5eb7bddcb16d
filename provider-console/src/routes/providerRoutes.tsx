/** The provider console's routes (hash routes; tests use createMemoryRouter with the same objects). */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Loading, NotFoundPage } from '@workbench/common/components/page-states/index';
import { useExtension, useExtensionsKnown } from '@workbench/common/features/extensions/useExtension';
import type { ExtensionId } from '@workbench/common/api/contract/extensions';
import { useSelector } from 'react-redux';
import { selectProviderAccess } from '@workbench/common/features/provider-session/providerSessionSelectors';
import { PROVIDER_AREAS, areaAllowed } from '../app/providerAreas';
import type { RoutePageHandle } from '@workbench/common/features/route-code/routeCode';
import type { ProviderArea } from '../app/providerAreaModel';

// The login page (consoleLogin.tsx) and the shell (consoleFrame.tsx) are chunks of their own, not
// the entry: a new visitor loads the login form only (issue 14: first load within 170 KB gzipped).
const ProviderLoginRoute = lazy(() =>
  import('./consoleLogin').then((m) => ({ default: m.ProviderLoginRoute })),
);

/** What buildProviderRoutes needs besides the areas. */
export interface ProviderRoutesOptions {
  /** Awaited with the shell's code before it renders: main.tsx adds the console's store features. */
  loadShellFeatures?: () => Promise<void>;
}

const TenantDetailPage = lazy(() =>
  import('../tenants/TenantDetailPage').then((m) => ({ default: m.TenantDetailPage })),
);

// The support view: a tenant's report dashboards (read-only), under the tenants area.
const TenantReportsPage = lazy(() =>
  import('../tenants/TenantReportsPage').then((m) => ({ default: m.TenantReportsPage })),
);

// A tenant's insights (support view, read-only), beside its reports.
const TenantInsightsPage = lazy(() =>
  import('../analytics/TenantInsightsPage').then((m) => ({ default: m.TenantInsightsPage })),
);

/** A page of a server extension: once the session's detection answered, the page or the 404 page. */
function ExtensionGate({ id, children }: { id: ExtensionId; children: ReactNode }) {
  const known = useExtensionsKnown();
  const served = useExtension(id);
  if (!known) return <Loading />;
  return served ? <>{children}</> : <NotFoundPage />;
}

/** An area the role's reads do not reach: the 404 page, as for a path that does not exist. */
function RoleGate({ area, children }: { area: ProviderArea; children: ReactNode }) {
  const access = useSelector(selectProviderAccess);
  return areaAllowed(area, access) ? <>{children}</> : <NotFoundPage />;
}

/** An area's route: its page, loaded on first visit. */
function areaRoute(area: ProviderArea): RouteObject {
  const Page = lazy(area.page);
  const page = (
    <Suspense fallback={<Loading />}>
      <Page area={area} />
    </Suspense>
  );
  return {
    path: area.path,
    handle: { page: area.page } satisfies RoutePageHandle,
    element: (
      <RoleGate area={area}>
        {area.extension ? <ExtensionGate id={area.extension}>{page}</ExtensionGate> : page}
      </RoleGate>
    ),
  };
}

/** Where the console's root goes. */
const HOME_PATH = 'tenants';
const HOME_AREA = PROVIDER_AREAS.find((area) => area.path === HOME_PATH);

/** The shell's chunk (its route loads it with the console's features; startConsole asks for it early). */
export const loadShellCode = () => import('./consoleFrame');

export function buildProviderRoutes(options: ProviderRoutesOptions = {}): RouteObject[] {
  const { loadShellFeatures } = options;
  const GatedShell = lazy(() =>
    Promise.all([loadShellCode(), loadShellFeatures?.()]).then(([m]) => ({ default: m.GatedShell })),
  );
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
        {
          index: true,
          // The root goes to the tenants page: named here too, so it loads early (startConsole).
          handle: { page: HOME_AREA?.page } satisfies RoutePageHandle,
          element: <Navigate to={`/${HOME_PATH}`} replace />,
        },
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
        {
          path: 'tenants/:tid/insights',
          element: (
            <Suspense fallback={<Loading />}>
              <TenantInsightsPage />
            </Suspense>
          ),
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}
