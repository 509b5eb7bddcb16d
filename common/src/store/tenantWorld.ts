/** The tenant world: session, revision, inactivity, snackbar and the policy reference data. */
import { XSRF_COOKIE } from '../api/contract/wire';
import { snackbarReducer } from '../features/snackbar/snackbarSlice';
import { logoutRequested, sessionReducer, type SessionState } from '../features/session/sessionSlice';
import { sessionSaga } from '../features/session/sessionSaga';
import { revisionReducer } from '../features/revision/revisionSlice';
import { revisionSaga } from '../features/revision/revisionSaga';
import { inactivityReducer } from '../features/inactivity/inactivitySlice';
import { inactivitySaga } from '../features/inactivity/inactivitySaga';
import { policyReferenceReducer } from '../features/policy-reference/policyReferenceSlice';
import { policyReferenceSaga } from '../features/policy-reference/policyReferenceSaga';
import type { WorldDef } from './worldStore';

const reducers = {
  session: sessionReducer,
  revision: revisionReducer,
  inactivity: inactivityReducer,
  snackbar: snackbarReducer,
  policyReference: policyReferenceReducer,
};

export const TENANT_WORLD: WorldDef<'tenant', typeof reducers> = {
  world: 'tenant',
  reducers,
  sagas: [sessionSaga, revisionSaga, inactivitySaga, policyReferenceSaga],
  xsrfCookie: XSRF_COOKIE,
  sessionHooks(getState, dispatch) {
    const session = () => (getState() as { session: SessionState }).session;
    return {
      onUnauthorized() {
        if (session().status === 'loggedIn') dispatch(logoutRequested());
      },
      isLoggingIn: () => session().loggingIn,
      getSessionXsrf: () => session().xsrfAtStart,
    };
  },
};
