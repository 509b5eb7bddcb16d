/** The tenant portal's entry (the only place that reads import.meta: jest cannot load it). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router-dom';
import { configureBuild, sessionStartRequested } from '@workbench/common';
import { TenantPortalApp } from './app/TenantPortalApp';
import { browserNavigation, type AppNavigation } from './app/navigation';
import { createPortalStore } from './app/tenantStore';
import { buildRoutes } from './routes/appRoutes';

configureBuild(import.meta.env.PROD);

const router = createHashRouter(buildRoutes());
const navigation: AppNavigation = {
  ...browserNavigation,
  navigate: (hashPath) => void router.navigate(hashPath),
};
const { store, http } = createPortalStore(navigation);
store.dispatch(sessionStartRequested());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <TenantPortalApp store={store} http={http} navigation={navigation} router={router} />
  </StrictMode>,
);
