/**
 * Contact Us (docs/contact.md): its requests on common's entity feature
 * (features/entities/entityRequests.ts), and the typed hooks its pages read and run them with.
 * Importing this module adds them to the portal's registry (app/portalRequests.ts), so they load
 * with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import {
  getConnectivitySites,
  listConnectivityRuns,
  saveConnectivityResults,
} from '@workbench/common/api/connectivity';
import { sendContactMessage } from '@workbench/common/api/contactForm';
import { portalRequests } from '../../app/portalRequests';

export const CONTACT_REQUESTS = {
  // Contact Us: the message to support, and the connectivity test (docs/contact.md).
  sendContactMessage: request(sendContactMessage),
  getConnectivitySites: request(getConnectivitySites),
  saveConnectivityResults: request(saveConnectivityResults),
  listConnectivityRuns: request(listConnectivityRuns),
};

export const { useEntityRead, useEntityCall } = portalRequests(CONTACT_REQUESTS);
