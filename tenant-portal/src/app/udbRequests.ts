/**
 * The user database lists that pickers and filters suggest from (app/useUdbSuggestions.ts): its
 * requests on common's entity feature (features/entities/entityRequests.ts), and the typed hooks
 * its pages read and run them with. Importing this module adds them to the portal's registry
 * (app/portalRequests.ts), so they load with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import { listDomains, listUsernames } from '@workbench/common/api/udb';
import { portalRequests } from './portalRequests';

export const UDB_REQUESTS = {
  // The user database lists that pickers and filters suggest from (docs/sessions.md §9): usernames
  // (matching the text typed), user domains, and the tenant with its user count.
  listUdbUsernames: request(listUsernames),
  listUdbDomains: request(listDomains),
};

export const { useEntityRead, useEntityCall } = portalRequests(UDB_REQUESTS);
