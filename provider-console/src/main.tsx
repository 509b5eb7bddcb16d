/** The provider console's entry (the only place that reads import.meta: jest cannot load it). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router-dom';
import {
  browserNavigation,
  configureBuild,
  createWorldStore,
  PROVIDER_WORLD,
  providerSessionStartRequested,
  type Navigation,
} from '@workbench/common';
import { ProviderConsoleApp } from './app/ProviderConsoleApp';
import { buildProviderRoutes } from './routes/providerRoutes';

configureBuild(import.meta.env.PROD);

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
store.dispatch(providerSessionStartRequested());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <ProviderConsoleApp store={store} router={router} />
  </StrictMode>,
);
