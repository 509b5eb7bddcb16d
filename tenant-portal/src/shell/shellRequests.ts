/**
 * The shell: the two-factor dialog and the header's notifications: its requests on common's entity
 * feature (features/entities/entityRequests.ts), and the typed hooks its pages read and run them
 * with. Importing this module adds them to the portal's registry (app/portalRequests.ts), so they
 * load with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import {
  acknowledgeAlertFiring,
  listNotifications,
  markNotificationsRead,
} from '@workbench/common/api/alerts';
import { mfaConfirm, mfaDisable, mfaEnrol, mfaState } from '@workbench/common/api/auth';
import { portalRequests } from '../app/portalRequests';

export const SHELL_REQUESTS = {
  // The signed-in administrator's second factor (the shell's two-factor dialog).
  mfaState: request(mfaState),
  mfaEnrol: request(mfaEnrol),
  mfaConfirm: request(mfaConfirm),
  mfaDisable: request(mfaDisable),
  listNotifications: request(listNotifications),
  markNotificationsRead: request(markNotificationsRead),
  acknowledgeAlertFiring: request(acknowledgeAlertFiring),
};

export const { useEntityRead, useEntityCall } = portalRequests(SHELL_REQUESTS);
