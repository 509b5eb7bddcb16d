import { createSelector } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import type {
  PolicyMigration,
  PolicyReferenceName,
  PolicyReferenceReply,
} from '../../api/contract/policyReference';
import {
  IDLE_REFERENCE_ENTRY,
  referenceKey,
  type PolicyReferenceState,
  type PolicyReferenceStatus,
} from './policyReferenceSlice';

export interface WithPolicyReference {
  policyReference: PolicyReferenceState;
}

/** A row as a view sees it: its status, its reply once loaded (else null) and the last failure. */
export interface PolicyReferenceView<N extends PolicyReferenceName> {
  status: PolicyReferenceStatus;
  data: PolicyReferenceReply<N> | null;
  error: ApiCallErrorInfo | null;
}

export const selectPolicyReferenceSlice = (state: WithPolicyReference): PolicyReferenceState =>
  state.policyReference;

const selectEntries = createSelector([selectPolicyReferenceSlice], (s) => s.entries);

/** The entry of a row (and revision), idle when never requested. */
export function selectPolicyReference<N extends PolicyReferenceName>(
  state: WithPolicyReference,
  name: N,
  rev?: number,
): PolicyReferenceView<N> {
  const entry = selectEntries(state)[referenceKey({ name, rev })] ?? IDLE_REFERENCE_ENTRY;
  return entry as PolicyReferenceView<N>;
}

/** The category tree's id → name, for labels (empty until /cats is loaded). */
export const selectCategoryNames = createSelector([selectEntries], (entries) => {
  const cats = entries.cats?.data as PolicyReferenceReply<'cats'> | null | undefined;
  return new Map((cats?.categories ?? []).map((c) => [c.id, c.name]));
});

/** A migration's status and last failure. */
export const selectPolicyMigration = (state: WithPolicyReference, migration: PolicyMigration) =>
  selectPolicyReferenceSlice(state).migrations[migration];
