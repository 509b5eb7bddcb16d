/**
 * The route objects of the tenant portal, built from the route table. The app renders them with
 * createHashRouter; tests with createMemoryRouter.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { selectSessionStatus, useAppSelector } from '@workbench/common';
import { isLogRoute } from '@workbench/common/vocabularies/index';
import { LoginRoute } from '../login/LoginRoute';
import { LogoutPage } from '../logout/LogoutPage';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { AppShell } from '../shell/AppShell';
import { AREAS, NOT_FOUND_PATH, type Area, type ChildArea } from './areas';
import { AreaGuard, Loading } from './AreaGuard';
import { loginPathFor, LOGIN_PATH, rootPath } from './routeRules';
import { useRouteContext } from './useRouteContext';

// Areas are loaded on demand so the first page stays small.
const AreaPage = lazy(() => import('../areas/AreaPage').then((m) => ({ default: m.AreaPage })));
const LogsPage = lazy(() => import('../areas/logs/LogsPage').then((m) => ({ default: m.LogsPage })));
const PolicyLanding = lazy(() =>
  import('../areas/policy/PolicyLanding').then((m) => ({ default: m.PolicyLanding })),
);
const UsersPage = lazy(() =>
  import('../areas/settings/users/UsersPage').then((m) => ({ default: m.UsersPage })),
);

/** The shell is for logged-in users; others go to login (with a returnUrl unless at the root). */
function ShellGate({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  if (status === 'notInitialized') return <Loading />;
  if (status === 'loggedOut') {
    const here = location.pathname + location.search;
    return <Navigate to={location.pathname === '/' ? LOGIN_PATH : loginPathFor(here)} replace />;
  }
  return <>{children}</>;
}

function RootRedirect() {
  const ctx = useRouteContext();
  return <Navigate to={rootPath(ctx, window.location.pathname)} replace />;
}

/** The logs explorer of a logs child (web, email, ...); null for other areas. */
function logsPage(area: Area, child: ChildArea): ReactNode | null {
  if (area.id !== 'logs' || !isLogRoute(child.path)) return null;
  return <LogsPage key={child.path} route={child.path} title={child.title} />;
}

function areaLanding(area: Area): ReactNode {
  if (area.id === 'policy') return <PolicyLanding />;
  return <AreaPage title={area.title} />;
}

function childPage(child: ChildArea): ReactNode {
  if (child.path === 'users') return <UsersPage />;
  return <AreaPage title={child.title} />;
}

function areaRoute(area: Area): RouteObject {
  return {
    path: area.path,
    children: [
      {
        index: true,
        element: (
          <AreaGuard area={area} childPath={null}>
            {areaLanding(area)}
          </AreaGuard>
        ),
      },
      ...(area.children ?? []).map((child): RouteObject => ({
        path: child.path,
        element: (
          <AreaGuard area={area} childPath={child.path}>
            {logsPage(area, child) ?? childPage(child)}
          </AreaGuard>
        ),
      })),
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  };
}

export function buildRoutes(areas: readonly Area[] = AREAS): RouteObject[] {
  const shellAreas = areas.filter((a) => a.requiresLogin);
  return [
    { path: '/login', element: <LoginRoute /> },
    { path: '/logout', element: <LogoutPage /> },
    { path: NOT_FOUND_PATH, element: <NotFoundPage /> },
    {
      path: '/',
      element: (
        <ShellGate>
          <AppShell />
        </ShellGate>
      ),
      children: [{ index: true, element: <RootRedirect /> }, ...shellAreas.map(areaRoute)],
    },
    {
      path: '*',
      element: (
        <Suspense fallback={<Loading />}>
          <NotFoundPage />
        </Suspense>
      ),
    },
  ];
}
