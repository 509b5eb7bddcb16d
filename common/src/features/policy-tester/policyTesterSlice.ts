/**
 * The policy tester (issue 12): a request to decide, and the staged and published web policy's
 * decisions the server returned for it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TesterReply, TesterRequest } from '../../api/contract/policy';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import { loggedOut } from '../session/sessionSlice';

export type PolicyTesterStatus = 'idle' | 'testing' | 'done' | 'failed';

export interface PolicyTesterState {
  status: PolicyTesterStatus;
  /** The request the result (or error) is for. */
  request: TesterRequest | null;
  result: TesterReply | null;
  error: ApiCallErrorInfo | null;
}

export const initialPolicyTesterState: PolicyTesterState = {
  status: 'idle',
  request: null,
  result: null,
  error: null,
};

export const policyTesterSlice = createSlice({
  name: 'policyTester',
  initialState: initialPolicyTesterState,
  reducers: {
    policyTestRequested(state, action: PayloadAction<TesterRequest>) {
      state.status = 'testing';
      state.request = action.payload;
      state.error = null;
    },
    policyTestSucceeded(state, action: PayloadAction<TesterReply>) {
      state.status = 'done';
      state.result = action.payload;
    },
    policyTestFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.result = null;
      state.error = action.payload;
    },
    policyTestCleared() {
      return initialPolicyTesterState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialPolicyTesterState);
  },
});

export const { policyTestRequested, policyTestSucceeded, policyTestFailed, policyTestCleared } =
  policyTesterSlice.actions;
export const policyTesterReducer = policyTesterSlice.reducer;

export const selectPolicyTester = (state: { policyTester: PolicyTesterState }): PolicyTesterState =>
  state.policyTester;
