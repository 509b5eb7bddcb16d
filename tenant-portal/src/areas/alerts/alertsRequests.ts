/**
 * Alerts (issue 40; docs/alerts.md): rules, firings and channels: its requests on common's entity
 * feature (features/entities/entityRequests.ts), and the typed hooks its pages read and run them
 * with. Importing this module adds them to the portal's registry (app/portalRequests.ts), so they
 * load with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import {
  createAlertChannel,
  deleteAlertChannel,
  deleteAlertRule,
  listAlertChannels,
  listAlertEvaluations,
  listAlertFirings,
  listAlertRules,
  listChannelDeliveries,
  saveAlertRule,
  silenceAlertFiring,
} from '@workbench/common/api/alerts';
import { portalRequests } from '../../app/portalRequests';
import { SHELL_REQUESTS } from '../../shell/shellRequests';

export const ALERTS_REQUESTS = {
  // Alerts (issue 40; docs/alerts.md): rules, firings, channels, and the header's notifications.
  listAlertRules: request(listAlertRules),
  saveAlertRule: request(saveAlertRule),
  deleteAlertRule: request(deleteAlertRule),
  listAlertEvaluations: request(listAlertEvaluations),
  listAlertFirings: request(listAlertFirings),
  silenceAlertFiring: request(silenceAlertFiring),
  listAlertChannels: request(listAlertChannels),
  createAlertChannel: request(createAlertChannel),
  deleteAlertChannel: request(deleteAlertChannel),
  listChannelDeliveries: request(listChannelDeliveries),
  // The header's notifications panel acknowledges a firing too: the shell's request, shared.
  acknowledgeAlertFiring: SHELL_REQUESTS.acknowledgeAlertFiring,
};

export const { useEntityRead, useEntityCall } = portalRequests(ALERTS_REQUESTS);
