/**
 * The management station's central-manager pages (docs/central-manager.md §11): its requests on
 * common's entity feature (features/entities/entityRequests.ts), and the typed hooks its pages read
 * and run them with. Importing this module adds them to the portal's registry
 * (app/portalRequests.ts), so they load with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import {
  applyTemplate,
  approveSv,
  createGroup,
  createTemplate,
  deleteGroup,
  deleteManagedSystem,
  deleteTemplate,
  getAppliances,
  getCurrentSettings,
  getSvCert,
  getTemplateDrift,
  getUpdates,
  listGroups,
  listManagedSystems,
  listTemplates,
  setMaintenance,
  systemAction,
  updateAction,
  crUpdate,
  getSystemLogs,
  getSystemExport,
  getCmAbout,
  getCmSettings,
  saveCmSettings,
} from '@workbench/common/api/centralManager';
import { portalRequests } from '../../app/portalRequests';

export const CENTRAL_MANAGER_REQUESTS = {
  // The management station's central-manager pages (docs/central-manager.md §11): the appliances
  // (as last seen, and asked now), adding one, its actions and settings; groups and templates.
  listManagedSystems: request(listManagedSystems),
  getAppliances: request(getAppliances),
  getUpdates: request(getUpdates),
  updateAction: request(updateAction),
  getSvCert: request(getSvCert),
  approveSv: request(approveSv),
  deleteManagedSystem: request(deleteManagedSystem),
  setMaintenance: request(setMaintenance),
  systemAction: request(systemAction),
  getCurrentSettings: request(getCurrentSettings),
  listGroups: request(listGroups),
  createGroup: request(createGroup),
  deleteGroup: request(deleteGroup),
  listTemplates: request(listTemplates),
  createTemplate: request(createTemplate),
  deleteTemplate: request(deleteTemplate),
  applyTemplate: request(applyTemplate),
  getTemplateDrift: request(getTemplateDrift),
  // A managed system's cr_update, logs and exports; the station's own about and settings (§12, §13).
  crUpdate: request(crUpdate),
  getSystemLogs: request(getSystemLogs),
  getSystemExport: request(getSystemExport),
  getCmAbout: request(getCmAbout),
  getCmSettings: request(getCmSettings),
  saveCmSettings: request(saveCmSettings),
};

export const { useEntityRead, useEntityCall } = portalRequests(CENTRAL_MANAGER_REQUESTS);
