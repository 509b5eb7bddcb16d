/**
 * The rollout on screen (issue 14 staged rollouts): loaded, then watched while it runs (polled
 * every second until it settles), and the operator's actions on it (start, stop, resume, roll
 * back) with their outcome. A state machine per concern: `status` of the watch, `action` of the
 * last action.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Rollout } from '../../api/contract/providerRollouts';
import type { RolloutStateAction } from '../../api/providerRollouts';

export interface RolloutsState {
  id: string | null;
  rollout: Rollout | null;
  /** loading: the first read; watching: polled while it runs; settled: it no longer moves by itself. */
  status: 'idle' | 'loading' | 'watching' | 'settled' | 'failed';
  error: string | null;
  polls: number;
  action: { name: RolloutStateAction; status: 'busy' | 'done' | 'failed'; error: string | null } | null;
}

export const initialRolloutsState: RolloutsState = {
  id: null,
  rollout: null,
  status: 'idle',
  error: null,
  polls: 0,
  action: null,
};

const rolloutsSlice = createSlice({
  name: 'rollouts',
  initialState: initialRolloutsState,
  reducers: {
    /** The page shows rollout `id`: read it, and watch it while it runs. */
    rolloutOpened(state, action: PayloadAction<string>) {
      // Watched again (started, resumed): what is shown stays until the next read.
      if (state.id === action.payload && state.rollout) {
        state.status = 'watching';
        state.error = null;
        return;
      }
      return { ...initialRolloutsState, id: action.payload, status: 'loading' };
    },
    rolloutPolled(state, action: PayloadAction<Rollout>) {
      if (action.payload.id !== state.id) return;
      state.rollout = action.payload;
      state.polls += 1;
      state.status = 'watching';
      state.error = null;
    },
    rolloutSettled(state, action: PayloadAction<Rollout>) {
      if (action.payload.id !== state.id) return;
      state.rollout = action.payload;
      state.status = 'settled';
    },
    rolloutPollFailed(state, action: PayloadAction<{ id: string; error: string }>) {
      if (action.payload.id !== state.id) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
    rolloutActionRequested(state, action: PayloadAction<{ id: string; action: RolloutStateAction }>) {
      if (action.payload.id !== state.id) return;
      state.action = { name: action.payload.action, status: 'busy', error: null };
    },
    rolloutActionDone(state, action: PayloadAction<Rollout>) {
      if (action.payload.id !== state.id || !state.action) return;
      state.action.status = 'done';
      state.rollout = action.payload;
    },
    rolloutActionFailed(state, action: PayloadAction<{ id: string; error: string }>) {
      if (action.payload.id !== state.id || !state.action) return;
      state.action.status = 'failed';
      state.action.error = action.payload.error;
    },
    /** The detail closed: its polling stops. */
    rolloutClosed() {
      return initialRolloutsState;
    },
  },
});

export const {
  rolloutOpened,
  rolloutPolled,
  rolloutSettled,
  rolloutPollFailed,
  rolloutActionRequested,
  rolloutActionDone,
  rolloutActionFailed,
  rolloutClosed,
} = rolloutsSlice.actions;
export const rolloutsReducer = rolloutsSlice.reducer;
