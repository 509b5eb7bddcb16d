/**
 * The full provider console: the session store, the hash router and the app (what main.tsx did
 * before the light sign-in path, issue 14). main.tsx loads this module on any visit that is not a
 * sign-in visit; the light sign-in page loads it after the sign-in chain succeeded.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router-dom';
import {
  browserNavigation,
  createWorldStore,
  PROVIDER_WORLD,
  providerSessionStarted,
  providerSessionStartRequested,
  type Navigation,
} from '@workbench/common';
import type { ProviderSignedIn } from '@workbench/common/api/providerSignIn';
import { ProviderConsoleApp } from './app/ProviderConsoleApp';
import { loadRouteCodeEarly } from '@workbench/common/features/route-code/routeCode';
import { buildProviderRoutes, loadShellCode } from './routes/providerRoutes';

/** The console features' module (loaded only: the shell's route adds them to the store). */
const loadConsoleFeatures = () => import('./app/providerStore');

/**
 * Creates the store and the router and renders the console into `container`. Without `signedIn`
 * the session starts from the cookies (me); with it, the sign-in chain that just ran gives the
 * session, as the session saga's login puts it (the user and the key's expiry).
 */
export function mountConsole(container: HTMLElement, signedIn?: ProviderSignedIn): void {
  const navigation: Navigation = {
    ...browserNavigation,
    navigate: (hashPath) => void router.navigate(hashPath),
  };
  // The session store now; the console's features (app/providerStore.ts) with the shell, so the
  // login page's first load holds none of them (issue 14: first load within 170 KB gzipped).
  const created = createWorldStore(PROVIDER_WORLD, { navigation });
  const { store } = created;
  let features: Promise<void> | null = null;
  const loadShellFeatures = (): Promise<void> =>
    (features ??= loadConsoleFeatures().then((m) => m.addConsoleFeatures(created)));
  const router = createHashRouter(buildProviderRoutes({ loadShellFeatures }));
  store.dispatch(signedIn ? providerSessionStarted(signedIn) : providerSessionStartRequested());
  // The shell, the console features' module and the page at the address, beside the session check.
  loadRouteCodeEarly(router.routes, window.location.hash, [loadShellCode, loadConsoleFeatures]);
  createRoot(container).render(
    <StrictMode>
      <ProviderConsoleApp store={store} router={router} />
    </StrictMode>,
  );
}
