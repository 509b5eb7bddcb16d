/**
 * Tenant session (docs/sessions.md §1). status is the state machine notInitialized → loggedIn |
 * loggedOut; `loggingIn` is the sub-state while a login call runs, `loginError` its failure.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthParams, UserInfo } from '../../api/contract/auth';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';

export type SessionStatus = 'notInitialized' | 'loggedIn' | 'loggedOut';

export interface LoginError {
  msg: string;
  /** Lockout wait in seconds, replacing $1 in msg. */
  delay?: number;
}

export interface SessionState {
  status: SessionStatus;
  /** True between sessionStartRequested and sessionStarted/sessionStartFailed. */
  starting: boolean;
  loggingIn: boolean;
  loginError: LoginError | null;
  /** The login answered that the account's second factor is asked for: its challenge, until the code is in. */
  loginChallenge: string | null;
  /** The cloud login's authentication parameters (the in-app login route's redirect form). */
  authParams: {
    status: 'idle' | 'loading' | 'loaded' | 'failed';
    params: AuthParams | null;
    error: ApiCallErrorInfo | null;
  };
  user: UserInfo | null;
  /** The xsrf cookie when the session started; a later different value reloads the page. */
  xsrfAtStart: string | null;
  startError: ApiCallErrorInfo | null;
  /** On-prem, after the portal version was set to v2 (docs/sessions.md §5). */
  policyWelcomeVisible: boolean;
  /** The last logout came from inactivity. */
  timedOut: boolean;
  /** The user's own password change (the user menu): its call and its refusal. */
  passwordChange: { status: 'idle' | 'saving' | 'done' | 'failed'; error: ApiCallErrorInfo | null };
  /**
   * The capability details read after the start (capabilities/{name}: restricted_logs,
   * runtime_analysis, mobileSupport; docs/access.md §6): they take the place of the session's own
   * entries in the feature flags; `{}` for a capability the tenant does not have.
   */
  capabilityDetails: Record<string, Record<string, unknown>>;
}

export const initialSessionState: SessionState = {
  status: 'notInitialized',
  starting: false,
  loggingIn: false,
  loginError: null,
  loginChallenge: null,
  authParams: { status: 'idle', params: null, error: null },
  user: null,
  xsrfAtStart: null,
  startError: null,
  policyWelcomeVisible: false,
  timedOut: false,
  passwordChange: { status: 'idle', error: null },
  capabilityDetails: {},
};

export interface LoginRequestedPayload {
  username: string;
  password: string;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionStartRequested(state) {
      state.starting = true;
      state.startError = null;
    },
    sessionStarted: {
      reducer(state, action: PayloadAction<UserInfo, string, { xsrf: string | null }>) {
        state.status = 'loggedIn';
        state.starting = false;
        state.loggingIn = false;
        state.user = action.payload;
        state.capabilityDetails = {};
        state.xsrfAtStart = action.meta.xsrf;
        state.startError = null;
        state.timedOut = false;
      },
      prepare(user: UserInfo, xsrf: string | null = null) {
        return { payload: user, meta: { xsrf } };
      },
    },
    /** The app still proceeds and watches the login state (docs/sessions.md §1, docs/http-client.md §4). */
    sessionStartFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'loggedOut';
      state.starting = false;
      state.loggingIn = false;
      state.user = null;
      state.xsrfAtStart = null;
      state.startError = action.payload;
    },
    loginRequested(state, _action: PayloadAction<LoginRequestedPayload>) {
      state.loggingIn = true;
      state.loginError = null;
      state.loginChallenge = null;
    },
    /** The login asks for the account's code (two-factor sign-in); the form shows its code step. */
    loginCodeAsked(state, action: PayloadAction<string>) {
      state.loggingIn = false;
      state.loginChallenge = action.payload;
    },
    loginCodeSubmitted(state, _action: PayloadAction<{ code: string }>) {
      state.loggingIn = true;
      state.loginError = null;
    },
    /** The login call succeeded (the server set the user-id cookie); the session loads next. */
    loginSucceeded(state) {
      state.loginError = null;
      state.loginChallenge = null;
    },
    loginFailed(state, action: PayloadAction<LoginError>) {
      state.loggingIn = false;
      state.loginError = action.payload;
    },
    logoutRequested(_state, _action: PayloadAction<{ timeout?: boolean } | undefined>) {},
    /** Resets the user, the logged-in flag and (through selectAccessController) the access controller. */
    loggedOut(state, action: PayloadAction<{ timeout?: boolean } | undefined>) {
      state.status = 'loggedOut';
      state.starting = false;
      state.loggingIn = false;
      state.user = null;
      state.capabilityDetails = {};
      state.xsrfAtStart = null;
      state.policyWelcomeVisible = false;
      state.timedOut = action.payload?.timeout === true;
    },
    /** A capability's details as capabilities/{name} answered them (not enabled: none). */
    capabilityDetailsReceived(
      state,
      action: PayloadAction<{ name: string; enabled: boolean; details: Record<string, unknown> }>,
    ) {
      const { name, enabled, details } = action.payload;
      state.capabilityDetails[name] = enabled ? details : {};
    },
    passwordChangeRequested(state, _action: PayloadAction<{ current: string; next: string }>) {
      state.passwordChange = { status: 'saving', error: null };
    },
    /** The password someone else set is replaced: that pending step is done (show_change_password). */
    passwordChanged(state) {
      state.passwordChange = { status: 'done', error: null };
      if (state.user) {
        state.user.show_change_password = false;
        state.user.pending_steps = state.user.pending_steps.filter((step) => step !== 'change_password');
      }
    },
    passwordChangeFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.passwordChange = { status: 'failed', error: action.payload };
    },
    /** The dialog closed: the next one starts afresh. */
    passwordChangeReset(state) {
      state.passwordChange = { status: 'idle', error: null };
    },
    authParamsRequested(state, _action: PayloadAction<{ forceUdb?: boolean }>) {
      state.authParams = { status: 'loading', params: null, error: null };
    },
    authParamsReceived(state, action: PayloadAction<AuthParams>) {
      state.authParams = { status: 'loaded', params: action.payload, error: null };
    },
    authParamsFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.authParams = { status: 'failed', params: null, error: action.payload };
    },
    policyWelcomeShown(state) {
      state.policyWelcomeVisible = true;
    },
    policyWelcomeDismissed(state) {
      state.policyWelcomeVisible = false;
    },
  },
});

export const {
  capabilityDetailsReceived,
  sessionStartRequested,
  sessionStarted,
  sessionStartFailed,
  loginRequested,
  loginCodeAsked,
  loginCodeSubmitted,
  loginSucceeded,
  loginFailed,
  authParamsRequested,
  authParamsReceived,
  authParamsFailed,
  logoutRequested,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
  passwordChangeReset,
  loggedOut,
  policyWelcomeShown,
  policyWelcomeDismissed,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
