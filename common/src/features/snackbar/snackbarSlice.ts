/**
 * Snackbar (docs/shared-ui.md §2): kinds save, download, copy and custom; default 3000 ms; bottom by
 * default, top for login errors. One message per position at a time: a newer one replaces it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SNACKBAR_DEFAULT_MS } from './snackbarTiming';

export { SNACKBAR_DEFAULT_MS };
export const SNACKBAR_ERROR_PREFIX = 'Error:';
export const DOWNLOADING_TEXT = 'Downloading file ...';
export const COPIED_SUFFIX = 'has been copied to the clipboard.';
export const INVALID_FILE_TEXT = 'Invalid file uploaded.';

export type SnackbarPosition = 'bottom' | 'top';
export type SnackbarSeverity = 'success' | 'error' | 'info' | 'warning';

interface CommonOptions {
  /** ms; default 3000. */
  duration?: number;
  position?: SnackbarPosition;
}

export type SnackbarRequest =
  | ({ kind: 'save'; outcome: 'success' | 'error'; message: string } & CommonOptions)
  /** fileType e.g. 'CSV'; outcome 'started' shows 'Downloading file ...', 'failed' the failure text. */
  | ({ kind: 'download'; fileType?: string; outcome: 'started' | 'failed'; message?: string } & CommonOptions)
  /** subject e.g. 'The token' → 'The token has been copied to the clipboard.' */
  | ({ kind: 'copy'; subject: string } & CommonOptions)
  | ({ kind: 'custom'; message: string; severity?: SnackbarSeverity } & CommonOptions);

export interface SnackbarMessage {
  id: number;
  kind: SnackbarRequest['kind'];
  text: string;
  severity: SnackbarSeverity;
  duration: number;
  position: SnackbarPosition;
}

export interface SnackbarState {
  nextId: number;
  bottom: SnackbarMessage | null;
  top: SnackbarMessage | null;
}

export const initialSnackbarState: SnackbarState = { nextId: 1, bottom: null, top: null };

/** The text and severity a request shows (pure; exported for tests and custom hosts). */
export function snackbarText(req: SnackbarRequest): { text: string; severity: SnackbarSeverity } {
  switch (req.kind) {
    case 'save':
      return req.outcome === 'success'
        ? { text: req.message, severity: 'success' }
        : { text: `${SNACKBAR_ERROR_PREFIX} ${req.message}`, severity: 'error' };
    case 'download': {
      const type = req.fileType ? `${req.fileType} ` : '';
      if (req.outcome === 'started') return { text: req.message ?? `${DOWNLOADING_TEXT}`, severity: 'info' };
      return {
        text: `${SNACKBAR_ERROR_PREFIX} ${req.message ?? `The ${type}file could not be downloaded.`}`,
        severity: 'error',
      };
    }
    case 'copy':
      return { text: `${req.subject} ${COPIED_SUFFIX}`, severity: 'success' };
    case 'custom':
      return { text: req.message, severity: req.severity ?? 'info' };
  }
}

export const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState: initialSnackbarState,
  reducers: {
    snackbarShown(state, action: PayloadAction<SnackbarRequest>) {
      const req = action.payload;
      const { text, severity } = snackbarText(req);
      const position = req.position ?? 'bottom';
      state[position] = {
        id: state.nextId,
        kind: req.kind,
        text,
        severity,
        duration: req.duration ?? SNACKBAR_DEFAULT_MS,
        position,
      };
      state.nextId += 1;
    },
    /** Closes the message at that position; with an id, only if it is still that message. */
    snackbarClosed(state, action: PayloadAction<{ position: SnackbarPosition; id?: number }>) {
      const { position, id } = action.payload;
      const current = state[position];
      if (current && (id === undefined || current.id === id)) state[position] = null;
    },
  },
});

export const { snackbarShown, snackbarClosed } = snackbarSlice.actions;
export const snackbarReducer = snackbarSlice.reducer;
