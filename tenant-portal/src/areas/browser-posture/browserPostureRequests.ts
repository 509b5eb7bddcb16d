/**
 * The Browser Posture Manager (docs/browser-posture.md): its requests on common's entity feature
 * (features/entities/entityRequests.ts), and the typed hooks its pages read and run them with.
 * Importing this module adds them to the portal's registry (app/portalRequests.ts), so they load
 * with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import {
  assessConfigPolicy,
  deleteConfigPolicies,
  exportConfigPolicy,
  inputConfigPolicy,
  listAssessments,
  listBenchmarkPolicies,
  listConfigPolicies,
  listSettingDefinitions,
  patchConfigPolicy,
  reassess,
  setReviewStatus,
  uploadConfigPolicy,
} from '@workbench/common/api/browserPosture';
import { portalRequests } from '../../app/portalRequests';

export const BROWSER_POSTURE_REQUESTS = {
  // The Browser Posture Manager (docs/browser-posture.md).
  listConfigPolicies: request(listConfigPolicies),
  uploadConfigPolicy: request(uploadConfigPolicy),
  inputConfigPolicy: request(inputConfigPolicy),
  patchConfigPolicy: request(patchConfigPolicy),
  deleteConfigPolicies: request(deleteConfigPolicies),
  exportConfigPolicy: request(exportConfigPolicy),
  listSettingDefinitions: request(listSettingDefinitions),
  listBenchmarkPolicies: request(listBenchmarkPolicies),
  assessConfigPolicy: request(assessConfigPolicy),
  reassess: request(reassess),
  listAssessments: request(listAssessments),
  setReviewStatus: request(setReviewStatus),
};

export const { useEntityRead, useEntityCall } = portalRequests(BROWSER_POSTURE_REQUESTS);
