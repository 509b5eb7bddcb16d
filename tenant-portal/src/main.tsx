/** The tenant portal's entry (the only place that reads import.meta: jest cannot load it). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router-dom';
import { configureBuild, sessionStartRequested } from '@workbench/common';
import { TenantPortalApp } from './app/TenantPortalApp';
import { browserNavigation, type AppNavigation } from './app/navigation';
import { createShellLoadingStore } from './app/tenantStore';
import { AREAS } from './routes/areas';
import { buildRoutes } from './routes/appRoutes';

configureBuild(import.meta.env.PROD);

const navigation: AppNavigation = {
  ...browserNavigation,
  navigate: (hashPath) => void router.navigate(hashPath),
};
// The session store now; the pages' features with the shell (issue 15: first load ≤ 170 KB gzipped).
const { store, http, loadShellFeatures } = createShellLoadingStore(navigation);
const router = createHashRouter(buildRoutes(AREAS, { loadShellFeatures }));
store.dispatch(sessionStartRequested());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <TenantPortalApp store={store} http={http} navigation={navigation} router={router} />
  </StrictMode>,
);
