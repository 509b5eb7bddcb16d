/**
 * The tenant's policy revision (portal-core §3, §4): loaded, then changes are staged and the
 * staged revision is published. Publishing posts only when the state is 'staged'.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Revision } from '../../api/contract/policy';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import { loggedOut } from '../session/sessionSlice';

export type RevisionStatus = 'idle' | 'loading' | 'loaded' | 'publishing' | 'savingNote' | 'failed';

export interface RevisionSliceState {
  status: RevisionStatus;
  revision: Revision | null;
  error: ApiCallErrorInfo | null;
  /** The note last saved for the staged revision. */
  note: string | null;
}

export const initialRevisionState: RevisionSliceState = {
  status: 'idle',
  revision: null,
  error: null,
  note: null,
};

export const revisionSlice = createSlice({
  name: 'revision',
  initialState: initialRevisionState,
  reducers: {
    revisionRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    revisionLoaded(state, action: PayloadAction<Revision>) {
      state.status = 'loaded';
      state.revision = action.payload;
      state.error = null;
    },
    revisionLoadFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** A policy save staged a change: the page hands over the revision the server returned. */
    revisionStaged(state, action: PayloadAction<Revision>) {
      state.revision = action.payload;
    },
    /** Only a staged revision is published; otherwise nothing happens. */
    publishRequested(state) {
      if (state.revision?.state === 'staged' && state.status !== 'publishing') {
        state.status = 'publishing';
        state.error = null;
      }
    },
    revisionPublished(state, action: PayloadAction<Revision>) {
      state.status = 'loaded';
      state.revision = action.payload;
      state.note = null;
    },
    publishFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** The saved note of the staged revision ('' when none). */
    noteLoaded(state, action: PayloadAction<{ note: string }>) {
      state.note = action.payload.note;
    },
    noteSaveRequested(state, _action: PayloadAction<{ note: string }>) {
      if (state.revision) {
        state.status = 'savingNote';
        state.error = null;
      }
    },
    noteSaved(state, action: PayloadAction<{ note: string; revision: Revision }>) {
      state.status = 'loaded';
      state.note = action.payload.note;
      state.revision = action.payload.revision;
    },
    noteSaveFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    // A signed-out user keeps nothing of the tenant's revision.
    builder.addCase(loggedOut, () => initialRevisionState);
  },
});

export const {
  revisionRequested,
  revisionLoaded,
  revisionLoadFailed,
  revisionStaged,
  publishRequested,
  revisionPublished,
  publishFailed,
  noteLoaded,
  noteSaveRequested,
  noteSaved,
  noteSaveFailed,
} = revisionSlice.actions;
export const revisionReducer = revisionSlice.reducer;
