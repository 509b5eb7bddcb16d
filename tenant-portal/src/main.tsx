/**
 * The tenant portal's boot module (the only place that reads import.meta: jest cannot load it).
 * A sign-in visit (no session cookies, at the start page or the login route: common's
 * signInVisit.ts) shows the light sign-in page, which loads the HTTP client and the full app when
 * they are needed; any other visit loads the full app at once (issue 15: the sign-in page's first
 * load within 170 KB gzipped; login/README.md).
 */
import { configureBuild, getRuntimeEnv } from '@workbench/common/env/runtimeEnv';
import {
  isTenantSignInVisit,
  loadOnce,
  renderLightSignIn,
  showSignInHash,
} from '@workbench/common/features/login/light';
import { TenantSignIn } from './login/LightSignIn';

configureBuild(import.meta.env.PROD);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const loadPortal = loadOnce(() => import('./startPortal'));

const env = getRuntimeEnv();
if (isTenantSignInVisit(env, window.location.hash)) {
  showSignInHash();
  const loadClient = loadOnce(() => import('./login/signInClient').then((m) => m.createSignInClient()));
  let started: ReturnType<Awaited<ReturnType<typeof loadPortal>>['startPortal']> | null = null;
  const startPortal = async () => {
    // The login route's chunk with the app's: the app opens at the login route, which follows the
    // returnUrl, without a spinner while that chunk loads.
    const [portal] = await Promise.all([loadPortal(), import('./login/LoginRoute')]);
    started = portal.startPortal();
    return started;
  };
  const light = renderLightSignIn(
    container,
    <TenantSignIn
      env={env}
      hash={window.location.hash}
      loadClient={loadClient}
      startPortal={startPortal}
      enterPortal={() => light.handOver((c) => started?.mount(c))}
      assign={(url) => window.location.assign(url)}
    />,
  );
} else {
  void loadPortal().then((portal) => portal.startPortal().mount(container));
}
