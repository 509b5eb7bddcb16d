/** Entry of the separately loaded login area (built to dist/login/index.html, served at /login/). */
import { configureBuild } from '@workbench/common/env/runtimeEnv';
import { loadOnce, renderLightSignIn } from '@workbench/common/features/login/light';
import { LoginArea } from './LoginArea';

configureBuild(import.meta.env.PROD);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The light sign-in page (issue 15): React, MUI's form parts and the theme; no store, and the
// shared HTTP client (axios) only once the user turns to the form.
renderLightSignIn(
  container,
  <LoginArea
    loadHttp={loadOnce(() => import('../login/signInClient').then((m) => m.createSignInHttp()))}
    assign={(url) => window.location.assign(url)}
    getHash={() => window.location.hash}
  />,
);
