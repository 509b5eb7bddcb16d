import { createSelector } from '@reduxjs/toolkit';
import type { InactivityState } from './inactivitySlice';

interface WithInactivity {
  inactivity: InactivityState;
}

export const selectInactivity = (state: WithInactivity): InactivityState => state.inactivity;
export const selectInactivityWarningVisible = createSelector(
  [selectInactivity],
  (s) => s.status === 'warning',
);
export const selectSecondsLeft = createSelector([selectInactivity], (s) => s.secondsLeft);
