/**
 * Change markers (docs/policy.md §2): the tenant's policy publishes and rollbacks inside a chart's
 * time range, read from the revision history narrowed to that window. Kept per window, so the
 * charts of one dashboard (one range) share one request.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublishedRevision } from '../../api/contract/policy';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import { loggedOut } from '../session/sessionSlice';
import { revisionPublished } from '../revision/revisionSlice';

/** A chart's range, epoch ms [from, to). */
export interface MarkerWindow {
  from: number;
  to: number;
}

export type ChangeMarkersStatus = 'loading' | 'loaded' | 'failed';

export interface ChangeMarkersEntry {
  status: ChangeMarkersStatus;
  items: PublishedRevision[];
  error: ApiCallErrorInfo | null;
}

export interface ChangeMarkersState {
  /** By markerWindowKey. */
  windows: Record<string, ChangeMarkersEntry>;
}

export const initialChangeMarkersState: ChangeMarkersState = { windows: {} };

export const markerWindowKey = (w: MarkerWindow): string => `${w.from}|${w.to}`;

export const changeMarkersSlice = createSlice({
  name: 'changeMarkers',
  initialState: initialChangeMarkersState,
  reducers: {
    changeMarkersRequested(state, action: PayloadAction<MarkerWindow>) {
      const key = markerWindowKey(action.payload);
      state.windows[key] = { status: 'loading', items: state.windows[key]?.items ?? [], error: null };
    },
    changeMarkersLoaded(state, action: PayloadAction<{ window: MarkerWindow; items: PublishedRevision[] }>) {
      state.windows[markerWindowKey(action.payload.window)] = {
        status: 'loaded',
        items: action.payload.items,
        error: null,
      };
    },
    changeMarkersFailed(state, action: PayloadAction<{ window: MarkerWindow; error: ApiCallErrorInfo }>) {
      const key = markerWindowKey(action.payload.window);
      state.windows[key] = { status: 'failed', items: [], error: action.payload.error };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialChangeMarkersState);
    // A publish (a rollback's too): any window may now hold one more marker; charts ask again.
    builder.addCase(revisionPublished, () => initialChangeMarkersState);
  },
});

export const { changeMarkersRequested, changeMarkersLoaded, changeMarkersFailed } =
  changeMarkersSlice.actions;
export const changeMarkersReducer = changeMarkersSlice.reducer;

export const selectChangeMarkersEntry =
  (w: MarkerWindow) =>
  (state: { changeMarkers?: ChangeMarkersState }): ChangeMarkersEntry | undefined =>
    state.changeMarkers?.windows[markerWindowKey(w)];
