/**
 * Which extensions the server serves (docs/api.md; the registry is contract/extensions.ts): asked
 * once when a session starts, forgotten when it ends. `unknown` (no session started in this
 * store) → `detecting` (from the session's start, so nothing asks before the answer is awaited)
 * → `detected` (the served ids; none when the listing failed, with its error).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import type { ExtensionId } from '../../api/contract/extensions';
import { loggedOut, sessionStarted } from '../session/sessionSlice';
import { providerLoggedOut, providerSessionStarted } from '../provider-session/providerSessionSlice';

export type ExtensionsStatus = 'unknown' | 'detecting' | 'detected';

export interface ExtensionsState {
  status: ExtensionsStatus;
  served: ExtensionId[];
  /** Why the listing failed (the apps then use none). */
  error: ApiCallErrorInfo | null;
}

export const initialExtensionsState: ExtensionsState = { status: 'unknown', served: [], error: null };

const detecting = (): ExtensionsState => ({ status: 'detecting', served: [], error: null });

export const extensionsSlice = createSlice({
  name: 'extensions',
  initialState: initialExtensionsState,
  reducers: {
    extensionsDetected(_state, action: PayloadAction<ExtensionId[]>) {
      return { status: 'detected', served: action.payload, error: null };
    },
    /** The listing failed: every extension's controls stay hidden, the spec's features work. */
    extensionsDetectionFailed(_state, action: PayloadAction<ApiCallErrorInfo>) {
      return { status: 'detected', served: [], error: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder
      // A session with a pending step (a password to change first) is read again once it is done:
      // the detection waits for that start, as every other call of the session does.
      .addCase(sessionStarted, (state, action) =>
        action.payload.pending_steps.length > 0 ? initialExtensionsState : detecting(),
      )
      .addCase(providerSessionStarted, detecting)
      .addCase(loggedOut, () => initialExtensionsState)
      .addCase(providerLoggedOut, () => initialExtensionsState);
  },
});

export const { extensionsDetected, extensionsDetectionFailed } = extensionsSlice.actions;
export const extensionsReducer = extensionsSlice.reducer;
