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
import { areaPageLoaderAt } from './app/providerAreas';
import { buildProviderRoutes } from './routes/providerRoutes';

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
    (features ??= import('./app/providerStore').then((m) => m.addConsoleFeatures(created)));
  const router = createHashRouter(buildProviderRoutes({ loadShellFeatures }));
  store.dispatch(signedIn ? providerSessionStarted(signedIn) : providerSessionStartRequested());
  loadRouteCodeEarly(window.location.hash);
  createRoot(container).render(
    <StrictMode>
      <ProviderConsoleApp store={store} router={router} />
    </StrictMode>,
  );
}

/**
 * The code a signed-in visit draws first, asked for now, beside the session check (issue 42, as the
 * tenant portal's startPortal does): the router asks for the shell's chunk once it renders and the
 * page's once the shell has drawn. Loading a module draws nothing and adds nothing to the store
 * (the shell's route still adds the console's features itself); the routes' own imports then find
 * the modules loaded. A failure here is the route's to report when it asks.
 */
function loadRouteCodeEarly(hash: string): void {
  const ignore = () => undefined;
  const path = hash.replace(/^#/, '').split('?')[0];
  import('./routes/consoleFrame').catch(ignore);
  import('./app/providerStore').catch(ignore);
  areaPageLoaderAt(path)?.().catch(ignore);
}
