/**
 * Policy reference data (the rows of contract/policyReference.ts) as the policy editors read it:
 * one entry per name (per name and revision for the rows read by revision), each with an
 * explicit status. An entry is loaded once and kept for the session; `policyReferenceInvalidated`
 * drops a name's entries so the next request reads it again (after a migration changed
 * category_version, say). Signing out forgets everything: part of it is the tenant's.
 *
 * The migrations (PUT /category_migration, /v4/content_migration) run from here too, each with
 * its own status: a success stages the revision the server returned and drops the version row
 * it changed, so the views that show it read it again.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import type { PolicyMigration, PolicyReferenceName } from '../../api/contract/policyReference';
import { loggedOut } from '../session/sessionSlice';

export type PolicyReferenceStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface PolicyReferenceEntry {
  status: PolicyReferenceStatus;
  /** The row's reply once loaded (kept while a reload runs). */
  data: unknown;
  error: ApiCallErrorInfo | null;
}

export type PolicyMigrationStatus = 'idle' | 'running' | 'done' | 'failed';

export interface PolicyMigrationState {
  status: PolicyMigrationStatus;
  error: ApiCallErrorInfo | null;
}

export interface PolicyReferenceState {
  /** By referenceKey(name, rev). */
  entries: Record<string, PolicyReferenceEntry>;
  migrations: Record<PolicyMigration, PolicyMigrationState>;
}

const IDLE_MIGRATION: PolicyMigrationState = { status: 'idle', error: null };

export const initialPolicyReferenceState: PolicyReferenceState = {
  entries: {},
  migrations: { category: IDLE_MIGRATION, content: IDLE_MIGRATION },
};

/** The row whose answer a migration changes. */
export const MIGRATION_VERSION_ROW = {
  category: 'category_version',
  content: 'content_version',
} as const satisfies Record<PolicyMigration, PolicyReferenceName>;

export const IDLE_REFERENCE_ENTRY: PolicyReferenceEntry = { status: 'idle', data: null, error: null };

/** What a request names: the row, and the revision for the rows read by revision. */
export interface PolicyReferenceRequest {
  name: PolicyReferenceName;
  rev?: number;
}

/** The entry key of a request: the name, or `name@rev`. */
export const referenceKey = ({ name, rev }: PolicyReferenceRequest): string =>
  rev === undefined ? name : `${name}@${rev}`;

const forget = (state: PolicyReferenceState, name: PolicyReferenceName) => {
  for (const key of Object.keys(state.entries))
    if (key === name || key.startsWith(`${name}@`)) delete state.entries[key];
};

const entry = (state: PolicyReferenceState, key: string): PolicyReferenceEntry =>
  (state.entries[key] ??= { ...IDLE_REFERENCE_ENTRY });

export const policyReferenceSlice = createSlice({
  name: 'policyReference',
  initialState: initialPolicyReferenceState,
  reducers: {
    /**
     * A view needs the row. The saga loads it unless it is loaded or loading; `reload` reads it
     * again all the same (the view's retry after a failure, or after a change).
     */
    policyReferenceRequested(
      _state,
      _action: PayloadAction<PolicyReferenceRequest & { reload?: boolean }>,
    ) {},
    policyReferenceLoadStarted(state, action: PayloadAction<PolicyReferenceRequest>) {
      const e = entry(state, referenceKey(action.payload));
      e.status = 'loading';
      e.error = null;
    },
    policyReferenceLoaded(state, action: PayloadAction<PolicyReferenceRequest & { data: unknown }>) {
      const e = entry(state, referenceKey(action.payload));
      e.status = 'ready';
      e.data = action.payload.data;
      e.error = null;
    },
    policyReferenceLoadFailed(
      state,
      action: PayloadAction<PolicyReferenceRequest & { error: ApiCallErrorInfo }>,
    ) {
      const e = entry(state, referenceKey(action.payload));
      e.status = 'failed';
      e.error = action.payload.error;
    },
    /** Forget a row (every revision of it): its next request reads it again. */
    policyReferenceInvalidated(state, action: PayloadAction<{ name: PolicyReferenceName }>) {
      forget(state, action.payload.name);
    },
    /** Run a migration on the staged revision (one at a time: a second request while one runs is ignored). */
    policyMigrationRequested(state, action: PayloadAction<{ migration: PolicyMigration }>) {
      if (Object.values(state.migrations).some((m) => m.status === 'running')) return;
      state.migrations[action.payload.migration] = { status: 'running', error: null };
    },
    policyMigrated(state, action: PayloadAction<{ migration: PolicyMigration }>) {
      const { migration } = action.payload;
      state.migrations[migration] = { status: 'done', error: null };
      forget(state, MIGRATION_VERSION_ROW[migration]);
    },
    policyMigrationFailed(
      state,
      action: PayloadAction<{ migration: PolicyMigration; error: ApiCallErrorInfo }>,
    ) {
      state.migrations[action.payload.migration] = { status: 'failed', error: action.payload.error };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialPolicyReferenceState);
  },
});

export const {
  policyReferenceRequested,
  policyReferenceLoadStarted,
  policyReferenceLoaded,
  policyReferenceLoadFailed,
  policyReferenceInvalidated,
  policyMigrationRequested,
  policyMigrated,
  policyMigrationFailed,
} = policyReferenceSlice.actions;
export const policyReferenceReducer = policyReferenceSlice.reducer;
