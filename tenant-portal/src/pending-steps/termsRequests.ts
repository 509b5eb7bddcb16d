/**
 * The terms-of-service step (AcceptTermsStep): its requests on common's entity feature
 * (features/entities/entityRequests.ts), and the typed hooks its pages read and run them with.
 * Importing this module adds them to the portal's registry (app/portalRequests.ts), so they load
 * with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import { acceptTerms, getTerms } from '@workbench/common/api/terms';
import { portalRequests } from '../app/portalRequests';

export const TERMS_REQUESTS = {
  // The terms-of-service step (pending-steps/AcceptTermsStep).
  getTerms: request(getTerms),
  acceptTerms: request(acceptTerms),
};

export const { useEntityRead, useEntityCall } = portalRequests(TERMS_REQUESTS);
