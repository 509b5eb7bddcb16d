/** Entry of the separately loaded login area (built to dist/login/index.html, served at /login/). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserNavigation, configureBuild, createWorldStore, TENANT_SESSION_WORLD } from '@workbench/common';
import { LoginArea } from './LoginArea';

configureBuild(import.meta.env.PROD);

// The tenant session world's store for the login page's snackbar; no session is started here.
// Not the whole tenant world: its revision and policy machinery is no part of a sign-in page.
const { store, http } = createWorldStore(TENANT_SESSION_WORLD, { navigation: browserNavigation });

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
