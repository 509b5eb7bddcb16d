/** The provider world: the operator session and the snackbar. */
import { PROVIDER_XSRF_COOKIE } from '../api/contract/wire';
import { snackbarReducer } from '../features/snackbar/snackbarSlice';
import {
  providerLogoutRequested,
  providerSessionReducer,
  type ProviderSessionState,
} from '../features/provider-session/providerSessionSlice';
import { providerSessionSaga } from '../features/provider-session/providerSessionSaga';
import { extensionsReducer } from '../features/extensions/extensionsSlice';
import { providerExtensionsSaga } from '../features/extensions/extensionsSaga';
import type { WorldDef } from './worldStore';

const reducers = {
  providerSession: providerSessionReducer,
  snackbar: snackbarReducer,
  // Which extensions the server serves, asked as the session starts (docs/api.md).
  extensions: extensionsReducer,
};

export const PROVIDER_WORLD: WorldDef<'provider', typeof reducers> = {
  world: 'provider',
  reducers,
  sagas: [providerSessionSaga, providerExtensionsSaga],
  xsrfCookie: PROVIDER_XSRF_COOKIE,
  sessionHooks(getState, dispatch) {
    const session = () => (getState() as { providerSession: ProviderSessionState }).providerSession;
    return {
      onUnauthorized() {
        if (session().status === 'loggedIn') dispatch(providerLogoutRequested());
      },
      isLoggingIn: () => session().status === 'loggingIn',
      getSessionXsrf: () => null,
    };
  },
};
