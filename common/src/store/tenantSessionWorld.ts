/**
 * The tenant world's session part: session, inactivity and the snackbar, the slices the sign-in
 * page needs. The tenant portal starts its store from this and adds the policy features
 * (TENANT_POLICY_FEATURE in tenantWorld.ts) with its shell, so its first load holds none of the
 * revision and policy-reference machinery (issue 15: first load within 170 KB gzipped).
 */
import { XSRF_COOKIE } from '../api/contract/wire';
import { snackbarReducer } from '../features/snackbar/snackbarSlice';
import {
  logoutRequested,
  sessionReducer,
  sessionStartRequested,
  type SessionState,
} from '../features/session/sessionSlice';
import { sessionSaga } from '../features/session/sessionSaga';
import { inactivityReducer } from '../features/inactivity/inactivitySlice';
import { inactivitySaga } from '../features/inactivity/inactivitySaga';
import { extensionsReducer } from '../features/extensions/extensionsSlice';
import { tenantExtensionsSaga } from '../features/extensions/extensionsSaga';
import type { WorldDef } from './worldStore';

const reducers = {
  session: sessionReducer,
  inactivity: inactivityReducer,
  snackbar: snackbarReducer,
  // Which extensions the server serves, asked as the session starts (docs/api.md).
  extensions: extensionsReducer,
};

export const TENANT_SESSION_WORLD: WorldDef<'tenant', typeof reducers> = {
  world: 'tenant',
  reducers,
  sagas: [sessionSaga, inactivitySaga, tenantExtensionsSaga],
  xsrfCookie: XSRF_COOKIE,
  sessionHooks(getState, dispatch) {
    const session = () => (getState() as { session: SessionState }).session;
    return {
      onUnauthorized() {
        if (session().status === 'loggedIn') dispatch(logoutRequested());
      },
      // A step became due during the session (e.g. new terms): read the session again, and the
      // portal shows the step's page instead of a permission message.
      onPendingStep() {
        if (session().status === 'loggedIn' && !session().starting) dispatch(sessionStartRequested());
      },
      isLoggingIn: () => session().loggingIn,
      getSessionXsrf: () => session().xsrfAtStart,
    };
  },
};
