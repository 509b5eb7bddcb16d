import { createSelector } from '@reduxjs/toolkit';
import { PROVIDER_ROLES } from '../../api/contract/providerRoles';
import { createAccessController, rolesToPermissions } from '../rbac/permissions';
import type { ProviderSessionState } from './providerSessionSlice';

interface WithProviderSession {
  providerSession: ProviderSessionState;
}

export const selectProviderSession = (state: WithProviderSession): ProviderSessionState =>
  state.providerSession;
export const selectProviderStatus = createSelector([selectProviderSession], (s) => s.status);
export const selectProviderUser = createSelector([selectProviderSession], (s) => s.user);
export const selectProviderIsLoggedIn = createSelector(
  [selectProviderSession],
  (s) => s.status === 'loggedIn',
);
export const selectProviderError = createSelector([selectProviderSession], (s) => s.error);
export const selectProviderExpires = createSelector([selectProviderSession], (s) => s.expires);
/** Operators manage everything; support staff are read-only. */
export const selectProviderIsOperator = createSelector([selectProviderUser], (u) => u?.role === 'operator');
/**
 * What the signed-in operator's role may do, from the table the server's guard grants
 * (providerRoles.ts): the console shows an area or a control only when it allows the calls behind it.
 */
export const selectProviderAccess = createSelector([selectProviderUser], (u) =>
  createAccessController(u ? rolesToPermissions(PROVIDER_ROLES[u.role]) : [], true),
);
