/** The provider console's session (docs/http-client.md §6, docs/provider-console.md §2 Provider console): its own cookies and states. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProviderUser } from '../../api/contract/provider';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';

export type ProviderSessionStatus = 'notInitialized' | 'loggingIn' | 'loggedIn' | 'loggedOut';

export interface ProviderSessionState {
  status: ProviderSessionStatus;
  starting: boolean;
  user: ProviderUser | null;
  /** When the session key expires (from oauth login or extendkey). */
  expires: string | null;
  error: ApiCallErrorInfo | null;
  extending: boolean;
}

export const initialProviderSessionState: ProviderSessionState = {
  status: 'notInitialized',
  starting: false,
  user: null,
  expires: null,
  error: null,
  extending: false,
};

export const providerSessionSlice = createSlice({
  name: 'providerSession',
  initialState: initialProviderSessionState,
  reducers: {
    providerSessionStartRequested(state) {
      state.starting = true;
    },
    providerLoginRequested(state, _action: PayloadAction<{ username: string; password: string }>) {
      state.status = 'loggingIn';
      state.error = null;
    },
    providerSessionStarted(state, action: PayloadAction<{ user: ProviderUser; expires?: string | null }>) {
      state.status = 'loggedIn';
      state.starting = false;
      state.user = action.payload.user;
      if (action.payload.expires !== undefined) state.expires = action.payload.expires;
      state.error = null;
    },
    /** Start without a session (me failed) or a failed login. */
    providerSessionFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'loggedOut';
      state.starting = false;
      state.user = null;
      state.error = action.payload;
    },
    providerExtendRequested(state) {
      state.extending = true;
    },
    providerSessionExtended(state, action: PayloadAction<{ expires: string }>) {
      state.extending = false;
      state.expires = action.payload.expires;
    },
    providerExtendFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.extending = false;
      state.error = action.payload;
    },
    providerLogoutRequested() {},
    providerLoggedOut(state) {
      state.status = 'loggedOut';
      state.user = null;
      state.expires = null;
      state.extending = false;
    },
  },
});

export const {
  providerSessionStartRequested,
  providerLoginRequested,
  providerSessionStarted,
  providerSessionFailed,
  providerExtendRequested,
  providerSessionExtended,
  providerExtendFailed,
  providerLogoutRequested,
  providerLoggedOut,
} = providerSessionSlice.actions;
export const providerSessionReducer = providerSessionSlice.reducer;
