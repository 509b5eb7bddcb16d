/**
 * Change markers (docs/policy.md §2, docs/provider-console.md §3): a tenant's policy publishes and
 * rollbacks inside a chart's time range, read from the revision history narrowed to that window.
 * Kept per source and window, so the charts of one dashboard (one range, one tenant) share one
 * request.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChangeMarker } from '@workbench/charts';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import { loggedOut } from '../session/sessionSlice';
import { providerLoggedOut } from '../provider-session/providerSessionSlice';
import { revisionPublished } from '../revision/revisionSlice';
import { markerSourceKey, type ChangeMarkerSource } from './changeMarkerSource';

/** A chart's range, epoch ms [from, to). */
export interface MarkerWindow {
  from: number;
  to: number;
}

/** One source's markers over one window. */
export interface MarkerRequest {
  source: ChangeMarkerSource;
  window: MarkerWindow;
}

export type ChangeMarkersStatus = 'loading' | 'loaded' | 'failed';

export interface ChangeMarkersEntry {
  status: ChangeMarkersStatus;
  items: ChangeMarker[];
  error: ApiCallErrorInfo | null;
}

export interface ChangeMarkersState {
  /** By markerRequestKey. */
  windows: Record<string, ChangeMarkersEntry>;
}

export const initialChangeMarkersState: ChangeMarkersState = { windows: {} };

export const markerRequestKey = (r: MarkerRequest): string =>
  `${markerSourceKey(r.source)}|${r.window.from}|${r.window.to}`;

export const changeMarkersSlice = createSlice({
  name: 'changeMarkers',
  initialState: initialChangeMarkersState,
  reducers: {
    changeMarkersRequested(state, action: PayloadAction<MarkerRequest>) {
      const key = markerRequestKey(action.payload);
      state.windows[key] = { status: 'loading', items: state.windows[key]?.items ?? [], error: null };
    },
    changeMarkersLoaded(state, action: PayloadAction<{ request: MarkerRequest; items: ChangeMarker[] }>) {
      state.windows[markerRequestKey(action.payload.request)] = {
        status: 'loaded',
        items: action.payload.items,
        error: null,
      };
    },
    changeMarkersFailed(state, action: PayloadAction<{ request: MarkerRequest; error: ApiCallErrorInfo }>) {
      const key = markerRequestKey(action.payload.request);
      state.windows[key] = { status: 'failed', items: [], error: action.payload.error };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialChangeMarkersState);
    builder.addCase(providerLoggedOut, () => initialChangeMarkersState);
    // A publish (a rollback's too): any window may now hold one more marker; charts ask again.
    builder.addCase(revisionPublished, () => initialChangeMarkersState);
  },
});

export const { changeMarkersRequested, changeMarkersLoaded, changeMarkersFailed } =
  changeMarkersSlice.actions;
export const changeMarkersReducer = changeMarkersSlice.reducer;

export const selectChangeMarkersEntry =
  (r: MarkerRequest) =>
  (state: { changeMarkers?: ChangeMarkersState }): ChangeMarkersEntry | undefined =>
    state.changeMarkers?.windows[markerRequestKey(r)];
