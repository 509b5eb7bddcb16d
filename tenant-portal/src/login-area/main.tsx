/** Entry of the separately loaded login area (built to dist/login/index.html, served at /login/). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserNavigation, configureBuild, createAppStore } from '@workbench/common';
import { LoginArea } from './LoginArea';

configureBuild(import.meta.env.PROD);

// A tenant-world store for the login page's snackbar; no session is started here.
const { store, http } = createAppStore({ world: 'tenant', navigation: browserNavigation });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <LoginArea
      store={store}
      http={http}
      assign={(url) => window.location.assign(url)}
      getHash={() => window.location.hash}
    />
  </StrictMode>,
);
