/**
 * The provider console's boot module (the only place that reads import.meta: jest cannot load it).
 * A sign-in visit (no gd_xsrf cookie, at the start page or the login route: common's
 * signInVisit.ts) shows the light sign-in page, which loads the HTTP client and the full console
 * when they are needed; any other visit loads the full console at once (issue 14: the sign-in
 * page's first load within 170 KB gzipped; bench/README.md "First load").
 */
import { configureBuild } from '@workbench/common/env/runtimeEnv';
import {
  isProviderSignInVisit,
  loadOnce,
  renderLightSignIn,
  showSignInHash,
} from '@workbench/common/features/login/light';
import { ProviderSignIn } from './login/LightSignIn';

configureBuild(import.meta.env.PROD);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const loadConsole = loadOnce(() => import('./startConsole'));

if (isProviderSignInVisit(window.location.hash)) {
  showSignInHash();
  // The login route's chunk with the console's: the console opens at the login route, which
  // follows the returnUrl, without a spinner while that chunk loads.
  const loadFullConsole = () => Promise.all([loadConsole(), import('./routes/consoleLogin')]);
  const light = renderLightSignIn(
    container,
    <ProviderSignIn
      loadClient={loadOnce(() => import('./login/signInClient').then((m) => m.createSignInClient()))}
      loadConsole={loadFullConsole}
      enterConsole={(signedIn) =>
        light.handOver((c) => void loadConsole().then((m) => m.mountConsole(c, signedIn)))
      }
    />,
  );
} else {
  void loadConsole().then((m) => m.mountConsole(container));
}
