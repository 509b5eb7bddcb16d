import { createSelector } from '@reduxjs/toolkit';
import type { SessionState } from './sessionSlice';

interface WithSession {
  session: SessionState;
}

const EMPTY_CAPABILITIES: Readonly<Record<string, unknown>> = Object.freeze({});

export const selectSession = (state: WithSession): SessionState => state.session;
export const selectSessionStatus = createSelector([selectSession], (s) => s.status);
export const selectIsLoggedIn = createSelector([selectSession], (s) => s.status === 'loggedIn');
export const selectUser = createSelector([selectSession], (s) => s.user);
export const selectIsLoggingIn = createSelector([selectSession], (s) => s.loggingIn);
export const selectLoginError = createSelector([selectSession], (s) => s.loginError);
export const selectSessionStarting = createSelector([selectSession], (s) => s.starting);
export const selectPolicyWelcomeVisible = createSelector([selectSession], (s) => s.policyWelcomeVisible);
export const selectSessionTimedOut = createSelector([selectSession], (s) => s.timedOut);
export const selectPasswordChange = createSelector([selectSession], (s) => s.passwordChange);
export const selectXsrfAtStart = createSelector([selectSession], (s) => s.xsrfAtStart);
/** The step the account must do before anything else opens (contract/pendingSteps.ts), or null. */
export const selectPendingStep = createSelector([selectUser], (user) => user?.pending_steps[0] ?? null);
/**
 * The session's capabilities, with the capability details read after the start in place of its
 * own entries (docs/access.md §6): what the feature flags derive from.
 */
export const selectCapabilities = createSelector(
  [selectUser, (state: WithSession) => state.session.capabilityDetails],
  (user, details): Readonly<Record<string, unknown>> => {
    const caps = user?.capabilities ?? EMPTY_CAPABILITIES;
    return details && Object.keys(details).length > 0 ? { ...caps, ...details } : caps;
  },
);
/** "First Last", or the uid when the names are empty. */
export const selectUserDisplayName = createSelector([selectUser], (user) =>
  user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.uid : '',
);
/** The challenge of a login that asks for the account's code (two-factor sign-in), or null. */
export const selectLoginChallenge = createSelector([selectSession], (s) => s.loginChallenge);
export const selectAuthParams = createSelector([selectSession], (s) => s.authParams);
