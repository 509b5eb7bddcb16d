/**
 * The impact preview of a publish (docs/policy-impact.md): the window asked for, the job while it
 * runs (its progress) and its result, or why it failed. One preview at a time: a new request
 * replaces the last.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ImpactJob, ImpactWindowDays } from '../../api/contract/policyImpact';
import { loggedOut } from '../session/sessionSlice';

export type PolicyImpactStatus = 'idle' | 'running' | 'done' | 'failed';

export interface PolicyImpactState {
  status: PolicyImpactStatus;
  days: ImpactWindowDays;
  /** The job as last read (progress while running, the result when done). */
  job: ImpactJob | null;
  error: string | null;
}

export const initialPolicyImpactState: PolicyImpactState = {
  status: 'idle',
  days: 7,
  job: null,
  error: null,
};

export const policyImpactSlice = createSlice({
  name: 'policyImpact',
  initialState: initialPolicyImpactState,
  reducers: {
    impactRequested(state, action: PayloadAction<ImpactWindowDays>) {
      state.status = 'running';
      state.days = action.payload;
      state.job = null;
      state.error = null;
    },
    impactProgressed(state, action: PayloadAction<ImpactJob>) {
      if (state.status === 'running') state.job = action.payload;
    },
    impactFinished(state, action: PayloadAction<ImpactJob>) {
      state.status = 'done';
      state.job = action.payload;
    },
    impactFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    impactCleared() {
      return initialPolicyImpactState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialPolicyImpactState);
  },
});

export const { impactRequested, impactProgressed, impactFinished, impactFailed, impactCleared } =
  policyImpactSlice.actions;
export const policyImpactReducer = policyImpactSlice.reducer;

/** The preview (its initial state before the page feature that holds it has loaded). */
export const selectPolicyImpact = (state: { policyImpact?: PolicyImpactState }): PolicyImpactState =>
  state.policyImpact ?? initialPolicyImpactState;
