/**
 * An on-premises appliance's own settings area (docs/appliances.md): its requests on common's
 * entity feature (features/entities/entityRequests.ts), and the typed hooks its pages read and run
 * them with. Importing this module adds them to the portal's registry (app/portalRequests.ts), so
 * they load with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import {
  exportApplianceSettings,
  generateServiceCsr,
  getApplianceCa,
  getApplianceDocument,
  getSelfServiceCert,
  importApplianceSettings,
  installServiceCert,
  reinitializeApplianceCa,
  saveApplianceDocument,
} from '@workbench/common/api/appliance';
import { portalRequests } from '../../app/portalRequests';

export const APPLIANCE_REQUESTS = {
  // An on-premises appliance's own settings area (docs/appliances.md).
  getApplianceDocument: request(getApplianceDocument),
  saveApplianceDocument: request(saveApplianceDocument),
  getApplianceCa: request(getApplianceCa),
  reinitializeApplianceCa: request(reinitializeApplianceCa),
  getSelfServiceCert: request(getSelfServiceCert),
  generateServiceCsr: request(generateServiceCsr),
  installServiceCert: request(installServiceCert),
  exportApplianceSettings: request(exportApplianceSettings),
  importApplianceSettings: request(importApplianceSettings),
};

export const { useEntityRead, useEntityCall } = portalRequests(APPLIANCE_REQUESTS);
