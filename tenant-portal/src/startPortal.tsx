/**
 * The full tenant portal: the session store, the hash router and the app (what main.tsx did before
 * the light sign-in path, issue 15). main.tsx loads this module on any visit that is not a sign-in
 * visit, and the light sign-in page loads it after the login.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router-dom';
import {
  loginRejectionOf,
  selectLoginError,
  selectSessionStatus,
  sessionStartRequested,
  type LoginRejection,
} from '@workbench/common';
import { TenantPortalApp } from './app/TenantPortalApp';
import { browserNavigation, type AppNavigation } from './app/navigation';
import { createShellLoadingStore } from './app/tenantStore';
import { AREAS } from './routes/areas';
import { buildRoutes, loadShellCode } from './routes/appRoutes';
import { loadRouteCodeEarly } from '@workbench/common/features/route-code/routeCode';
import { loadPortalFeatures } from './app/tenantStore';

export interface StartedPortal {
  /** Settles when the session started ('loggedIn') or did not ('loggedOut'). */
  session: Promise<'loggedIn' | 'loggedOut'>;
  /** Why the session did not start, as the login page shows it (useLocalLogin's rule). */
  rejection(): LoginRejection;
  /** Renders the app into `container`. */
  mount(container: HTMLElement): void;
}

/** Creates the store and the router and starts the session (docs/sessions.md §1). */
export function startPortal(): StartedPortal {
  const navigation: AppNavigation = {
    ...browserNavigation,
    navigate: (hashPath) => void router.navigate(hashPath),
  };
  // The session store now; the pages' features with the shell (issue 15: first load ≤ 170 KB gzipped).
  const { store, loadShellFeatures } = createShellLoadingStore(navigation);
  const router = createHashRouter(buildRoutes(AREAS, { loadShellFeatures }));
  const session = new Promise<'loggedIn' | 'loggedOut'>((resolve) => {
    const settle = (): boolean => {
      const status = selectSessionStatus(store.getState());
      if (status === 'notInitialized') return false;
      resolve(status);
      return true;
    };
    const unsubscribe = store.subscribe(() => {
      if (settle()) unsubscribe();
    });
  });
  store.dispatch(sessionStartRequested());
  // The shell, the page features' module and the page at the address, beside the session check.
  loadRouteCodeEarly(router.routes, window.location.hash, [loadShellCode, loadPortalFeatures]);
  return {
    session,
    rejection: () => loginRejectionOf(selectLoginError(store.getState())),
    mount(container) {
      createRoot(container).render(
        <StrictMode>
          <TenantPortalApp store={store} navigation={navigation} router={router} />
        </StrictMode>,
      );
    },
  };
}
