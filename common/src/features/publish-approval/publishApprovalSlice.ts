/**
 * Two-person approval of a publish (docs/policy-impact.md §2): whether the tenant requires it, its
 * requests (the pending one first of interest), and the write in flight or its refusal.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApprovalList, ApprovalRequest } from '../../api/contract/publishApproval';
import { loggedOut } from '../session/sessionSlice';

export interface PublishApprovalState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  required: boolean;
  requests: ApprovalRequest[];
  /** A submission or a decision in flight. */
  writing: boolean;
  /** Why the last load or write failed. */
  error: string | null;
}

export const initialPublishApprovalState: PublishApprovalState = {
  status: 'idle',
  required: false,
  requests: [],
  writing: false,
  error: null,
};

export interface ApprovalDecisionRequest {
  id: string;
  outcome: 'approve' | 'reject';
  reason: string;
}

export const publishApprovalSlice = createSlice({
  name: 'publishApproval',
  initialState: initialPublishApprovalState,
  reducers: {
    approvalsRequested(state) {
      state.status = 'loading';
    },
    approvalsLoaded(state, action: PayloadAction<ApprovalList>) {
      state.status = 'loaded';
      state.required = action.payload.required;
      state.requests = action.payload.requests;
      state.error = null;
    },
    approvalsLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    approvalSubmitRequested(state, _action: PayloadAction<{ comment: string }>) {
      state.writing = true;
      state.error = null;
    },
    approvalDecisionRequested(state, _action: PayloadAction<ApprovalDecisionRequest>) {
      state.writing = true;
      state.error = null;
    },
    approvalWritten(state) {
      state.writing = false;
    },
    approvalWriteFailed(state, action: PayloadAction<string>) {
      state.writing = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialPublishApprovalState);
  },
});

export const {
  approvalsRequested,
  approvalsLoaded,
  approvalsLoadFailed,
  approvalSubmitRequested,
  approvalDecisionRequested,
  approvalWritten,
  approvalWriteFailed,
} = publishApprovalSlice.actions;
export const publishApprovalReducer = publishApprovalSlice.reducer;

/** The approval state (its initial state before the page feature that holds it has loaded). */
export const selectPublishApproval = (state: {
  publishApproval?: PublishApprovalState;
}): PublishApprovalState => state.publishApproval ?? initialPublishApprovalState;

/** The tenant's pending request, if any (at most one is pending: a new one voids the last). */
export const selectPendingApproval = (state: {
  publishApproval?: PublishApprovalState;
}): ApprovalRequest | null =>
  selectPublishApproval(state).requests.find((r) => r.status === 'pending') ?? null;
