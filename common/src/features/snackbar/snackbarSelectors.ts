import { createSelector } from '@reduxjs/toolkit';
import type { SnackbarState } from './snackbarSlice';

interface WithSnackbar {
  snackbar: SnackbarState;
}

export const selectSnackbarState = (state: WithSnackbar): SnackbarState => state.snackbar;
export const selectBottomSnackbar = createSelector([selectSnackbarState], (s) => s.bottom);
export const selectTopSnackbar = createSelector([selectSnackbarState], (s) => s.top);
