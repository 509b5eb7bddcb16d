/**
 * Inactivity logout (docs/sessions.md §4): after getRuntimeEnv().inactivityTimeoutDays with no user
 * activity the session logs out. Beyond the spec: a warning one minute before, with a countdown
 * and a "Stay signed in" action that counts as activity.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';

export const ACTIVITY_THROTTLE_MS = 60000;
export const INACTIVITY_WARNING_MS = 60000;
export const MS_PER_DAY = 86400000;
export const ACTIVITY_EVENTS = ['keydown', 'click', 'scroll', 'touchstart'] as const;

export type InactivityStatus = 'idle' | 'watching' | 'warning' | 'timedOut';

export interface InactivityState {
  status: InactivityStatus;
  /** Seconds until the time-out while the warning shows; null otherwise. */
  secondsLeft: number | null;
  refreshError: ApiCallErrorInfo | null;
}

export const initialInactivityState: InactivityState = {
  status: 'idle',
  secondsLeft: null,
  refreshError: null,
};

export const inactivitySlice = createSlice({
  name: 'inactivity',
  initialState: initialInactivityState,
  reducers: {
    inactivityWatchStarted(state) {
      state.status = 'watching';
      state.secondsLeft = null;
    },
    inactivityWatchStopped(state) {
      state.status = 'idle';
      state.secondsLeft = null;
    },
    /** A (throttled) key, click, scroll or touch. */
    userActivityDetected(state) {
      if (state.status === 'warning') {
        state.status = 'watching';
        state.secondsLeft = null;
      }
    },
    staySignedInClicked(state) {
      if (state.status === 'warning') {
        state.status = 'watching';
        state.secondsLeft = null;
      }
    },
    inactivityWarningShown(state, action: PayloadAction<{ secondsLeft: number }>) {
      state.status = 'warning';
      state.secondsLeft = action.payload.secondsLeft;
    },
    inactivityCountdownTicked(state, action: PayloadAction<{ secondsLeft: number }>) {
      if (state.status === 'warning') state.secondsLeft = action.payload.secondsLeft;
    },
    inactivityTimedOut(state) {
      state.status = 'timedOut';
      state.secondsLeft = 0;
    },
    cookieRefreshed(state) {
      state.refreshError = null;
    },
    cookieRefreshFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.refreshError = action.payload;
    },
  },
});

export const {
  inactivityWatchStarted,
  inactivityWatchStopped,
  userActivityDetected,
  staySignedInClicked,
  inactivityWarningShown,
  inactivityCountdownTicked,
  inactivityTimedOut,
  cookieRefreshed,
  cookieRefreshFailed,
} = inactivitySlice.actions;
export const inactivityReducer = inactivitySlice.reducer;
