/** The current user's access controller (docs/access.md §1), derived from roles, capabilities and env. */
import { createSelector } from '@reduxjs/toolkit';
import { getRuntimeEnv } from '../../env/runtimeEnv';
import { selectUser } from '../session/sessionSelectors';
import {
  NO_ACCESS,
  createAccessController,
  isRbacEnforced,
  rolesToPermissions,
  type AccessController,
} from './permissions';

const selectDeployment = (): ReturnType<typeof getRuntimeEnv>['deployment'] => getRuntimeEnv().deployment;
const selectMode = (): ReturnType<typeof getRuntimeEnv>['mode'] => getRuntimeEnv().mode;

/** NO_ACCESS while no user is logged in. */
export const selectAccessController = createSelector(
  [selectUser, selectDeployment, selectMode],
  (user, deployment, mode): AccessController => {
    if (!user) return NO_ACCESS;
    return createAccessController(
      rolesToPermissions(user.roles),
      isRbacEnforced(deployment, mode, user.capabilities ?? {}),
    );
  },
);

/** `useAppSelector(selectCan('logs:dlp:read'))`; one memoised selector per permission. */
const canSelectors = new Map<string, (state: Parameters<typeof selectUser>[0]) => boolean>();
export function selectCan(permission: string): (state: Parameters<typeof selectUser>[0]) => boolean {
  let selector = canSelectors.get(permission);
  if (!selector) {
    selector = createSelector([selectAccessController], (ac) => ac.can(permission));
    canSelectors.set(permission, selector);
  }
  return selector;
}
