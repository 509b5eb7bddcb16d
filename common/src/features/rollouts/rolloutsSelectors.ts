import { createSelector } from '@reduxjs/toolkit';
import type { RolloutsState } from './rolloutsSlice';

export interface WithRollouts {
  rollouts: RolloutsState;
}

export const selectRolloutView = (s: WithRollouts): RolloutsState => s.rollouts;
/** The rollout's tenants by wave (1-based), in order. */
export const selectRolloutWaves = createSelector([(s: WithRollouts) => s.rollouts.rollout], (r) => {
  const waves: NonNullable<typeof r>['tenants'][] = [];
  for (const t of r?.tenants ?? []) (waves[t.wave - 1] ??= []).push(t);
  return waves.filter(Boolean);
});
