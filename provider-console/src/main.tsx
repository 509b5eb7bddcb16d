/** The provider console's entry (the only place that reads import.meta: jest cannot load it). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router-dom';
import {
  browserNavigation,
  configureBuild,
  providerSessionStartRequested,
  type Navigation,
} from '@workbench/common';
import { ProviderConsoleApp } from './app/ProviderConsoleApp';
import { buildProviderRoutes } from './routes/providerRoutes';
import { createProviderStore } from './app/providerStore';

configureBuild(import.meta.env.PROD);

const router = createHashRouter(buildProviderRoutes());
const navigation: Navigation = {
  ...browserNavigation,
  navigate: (hashPath) => void router.navigate(hashPath),
};
const { store } = createProviderStore(navigation);
store.dispatch(providerSessionStartRequested());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <ProviderConsoleApp store={store} router={router} />
  </StrictMode>,
);
