/**
 * The route objects of the tenant portal, built from the route table. The app renders them with
 * createHashRouter; tests with createMemoryRouter.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { RoutePageHandle } from '@workbench/common/features/route-code/routeCode';
import {
  LOGOUT_TIMEOUT_PATH,
  Loading,
  NotFoundPage,
  SessionGate,
  selectSessionStatus,
  selectSessionTimedOut,
  useAppSelector,
} from '@workbench/common';
import { LogoutPage } from '../logout/LogoutPage';
import { AREAS } from './areas';
import { NOT_FOUND_PATH, type Area, type PageLoader, type PageProps } from './routeModel';
import { AreaGuard } from './AreaGuard';
import { PendingStepGate } from '../pending-steps/PendingStepGate';
import { pendingStepPages, type PendingStepPages } from '../pending-steps/pendingStepPages';
import { LOGIN_PATH, rootPath } from './routeRules';
import { useRouteContext } from './useRouteContext';

// Issue 15 (first load within 170 KB gzipped): the login route (with its redirect form) and the
// shell (navigation, user menu, change-password form, publish bar) are loaded on demand like the
// pages, so a new visitor's first load is the router, the session store and the theme.
const LoginRoute = lazy(() => import('../login/LoginRoute').then((m) => ({ default: m.LoginRoute })));

/** The shell's chunk (its route loads it with the page features; startPortal asks for it early). */
export const loadShellCode = () => import('../shell/AppShell');

/** What buildRoutes needs besides the route table. */
export interface BuildRoutesOptions {
  /** Awaited with the shell's code before it renders: the app adds its page features to the store. */
  loadShellFeatures?: () => Promise<void>;
}

// The title-only page of areas whose issue has not landed; loaded on demand like every page.
const AreaPage = lazy(() => import('../areas/AreaPage').then((m) => ({ default: m.AreaPage })));

/** The element of a route of the table: its page (loaded on demand) or, without one, its title. */
function pageElement(page: PageLoader | undefined, props: PageProps): ReactNode {
  if (!page) return <AreaPage title={props.title} />;
  const Page = lazy(page);
  return <Page {...props} />;
}

/**
 * The shell is for logged-in users; others go to login (with a returnUrl unless at the root). A
 * step the account must do first (a password someone else set) shows its page instead.
 */
function ShellGate({ children, stepPages }: { children: ReactNode; stepPages: PendingStepPages }) {
  const status = useAppSelector(selectSessionStatus);
  const timedOut = useAppSelector(selectSessionTimedOut);
  // A session the inactivity time-out ended goes to the logout page with its message, whichever
  // runs first: this gate or the time-out's own navigation there.
  if (status === 'loggedOut' && timedOut) return <Navigate to={LOGOUT_TIMEOUT_PATH} replace />;
  const state = status === 'notInitialized' ? 'checking' : status === 'loggedOut' ? 'signedOut' : 'signedIn';
  return (
    <SessionGate state={state} loginPath={LOGIN_PATH}>
      <PendingStepGate pages={stepPages}>{children}</PendingStepGate>
    </SessionGate>
  );
}

function RootRedirect() {
  const ctx = useRouteContext();
  return <Navigate to={rootPath(ctx, window.location.pathname, AREAS)} replace />;
}

/** A route's page named for loadRouteCodeEarly (common's routeCode.ts). */
const pageHandle = (page: PageLoader | undefined): RoutePageHandle => ({ page });

function areaRoute(area: Area): RouteObject {
  return {
    path: area.path,
    children: [
      {
        index: true,
        handle: pageHandle(area.page),
        element: (
          <AreaGuard area={area} childPath={null}>
            {pageElement(area.page, { title: area.title, path: area.path })}
          </AreaGuard>
        ),
      },
      ...(area.children ?? []).map((child): RouteObject => ({
        path: child.sections ? `${child.path}/*` : child.path,
        handle: pageHandle(child.page),
        element: (
          <AreaGuard area={area} childPath={child.path}>
            {pageElement(child.page, { title: child.title, path: child.path })}
          </AreaGuard>
        ),
      })),
      {
        path: '*',
        handle: pageHandle(area.sections ? area.page : undefined),
        element: area.sections ? (
          <AreaGuard area={area} childPath={null}>
            {pageElement(area.page, { title: area.title, path: area.path })}
          </AreaGuard>
        ) : (
          <Navigate to={NOT_FOUND_PATH} replace />
        ),
      },
    ],
  };
}

export function buildRoutes(areas: readonly Area[] = AREAS, options: BuildRoutesOptions = {}): RouteObject[] {
  const shellAreas = areas.filter((a) => a.requiresLogin);
  const { loadShellFeatures } = options;
  const AppShell = lazy(() =>
    Promise.all([loadShellCode(), loadShellFeatures?.()]).then(([m]) => ({
      default: m.AppShell,
    })),
  );
  const stepPages = pendingStepPages(loadShellFeatures);
  return [
    {
      path: '/login',
      element: (
        <Suspense fallback={<Loading />}>
          <LoginRoute />
        </Suspense>
      ),
    },
    { path: '/logout', element: <LogoutPage /> },
    { path: NOT_FOUND_PATH, element: <NotFoundPage /> },
    {
      path: '/',
      element: (
        <ShellGate stepPages={stepPages}>
          <Suspense fallback={<Loading />}>
            <AppShell />
          </Suspense>
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
