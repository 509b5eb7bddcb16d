/**
 * The Settings pages (and the services' settings documents, areas/services): its requests on
 * common's entity feature (features/entities/entityRequests.ts), and the typed hooks its pages read
 * and run them with. Importing this module adds them to the portal's registry
 * (app/portalRequests.ts), so they load with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import {
  assignRole,
  createAdministrator,
  deleteAdministrator,
  deleteRole,
  listAdministrators,
  listRoles,
  resetAdministratorMfa,
  resetAdministratorPassword,
  saveRole,
  setAdministratorStatus,
  unlockAdministrator,
} from '@workbench/common/api/administrators';
import { createApiToken, listApiTokens, revokeApiToken } from '@workbench/common/api/apiTokens';
import { mfaUsers } from '@workbench/common/api/auth';
import { getMultiTenantInfo, setAssociationStatus } from '@workbench/common/api/multiTenant';
import {
  getPacDefaults,
  getPacProxyIps,
  getPacSettings,
  getPacVersion,
  makePacTemplate,
  savePacDefaults,
  savePacProxyIps,
  savePacSettings,
  savePacVersion,
  testPacFile,
} from '@workbench/common/api/pacSettings';
import {
  getAllPublicIps,
  getSettingsDocument,
  getUserIp,
  saveSettingsDocument,
} from '@workbench/common/api/settingsDocuments';
import {
  decodeCertificate,
  getAdminAccessControl,
  getAuthSettingsV2,
  getSamlSetting,
  getSamlSigningCertificate,
  getTenantIpRestrictions,
  saveAdminAccessControl,
  saveAuthSettingsV2,
  testLdapConnection,
} from '@workbench/common/api/signInSettings';
import {
  deleteStreamDestination,
  listStreamDestinations,
  saveStreamDestination,
  testStreamDestination,
} from '@workbench/common/api/streaming';
import {
  getForensicsStatus,
  getForensicsViewer,
  saveForensicsViewer,
} from '@workbench/common/api/tenantSettings';
import { getTsClientProfile, saveTsClientProfile } from '@workbench/common/api/tsClientProfile';
import { bulkCreateUsers, listDomainCounts, listUdbTenants } from '@workbench/common/api/udb';
import { portalRequests } from '../../app/portalRequests';

export const SETTINGS_REQUESTS = {
  // Settings › Network and General (docs/settings.md §10): the settings documents, the caller's
  // address and the deployment's public addresses.
  getSettingsDocument: request(getSettingsDocument),
  saveSettingsDocument: request(saveSettingsDocument),
  getUserIp: request(getUserIp),
  getAllPublicIps: request(getAllPublicIps),
  // Settings > Users: the import wizard's batches.
  bulkCreateUsers: request(bulkCreateUsers),
  listUdbDomainCounts: request(listDomainCounts),
  listUdbTenants: request(listUdbTenants),
  // Settings › Administrators and Settings › Roles (docs/administrators.md): whole lists, read
  // afresh after each write; a one-time password is in the create or reset call's answer only.
  listAdministrators: request(listAdministrators),
  createAdministrator: request(createAdministrator),
  resetAdministratorPassword: request(resetAdministratorPassword),
  setAdministratorStatus: request(setAdministratorStatus),
  unlockAdministrator: request(unlockAdministrator),
  deleteAdministrator: request(deleteAdministrator),
  assignRole: request(assignRole),
  listRoles: request(listRoles),
  saveRole: request(saveRole),
  deleteRole: request(deleteRole),
  // Settings › API tokens, Two-factor users and Sign-in settings (issue 33; docs/api-tokens.md,
  // docs/administrators.md §4, docs/sign-in-settings.md).
  listApiTokens: request(listApiTokens),
  createApiToken: request(createApiToken),
  revokeApiToken: request(revokeApiToken),
  mfaUsers: request(mfaUsers),
  resetAdministratorMfa: request(resetAdministratorMfa),
  getAuthSettingsV2: request(getAuthSettingsV2),
  saveAuthSettingsV2: request(saveAuthSettingsV2),
  getSamlSetting: request(getSamlSetting),
  getSamlSigningCertificate: request(getSamlSigningCertificate),
  decodeCertificate: request(decodeCertificate),
  testLdapConnection: request(testLdapConnection),
  getAdminAccessControl: request(getAdminAccessControl),
  saveAdminAccessControl: request(saveAdminAccessControl),
  getTenantIpRestrictions: request(getTenantIpRestrictions),
  // Settings › Multi-tenant: the associations (a 403 or 404 reads as none), and approving one.
  getMultiTenantInfo: request(getMultiTenantInfo),
  setAssociationStatus: request(setAssociationStatus),
  // Settings › Forensics Profiles: the status and the viewer beside the list (docs/settings.md §3).
  getForensicsStatus: request(getForensicsStatus),
  getForensicsViewer: request(getForensicsViewer),
  saveForensicsViewer: request(saveForensicsViewer),
  // Settings › TS Client Profile (docs/settings.md §11).
  getTsClientProfile: request(getTsClientProfile),
  saveTsClientProfile: request(saveTsClientProfile),
  // Web and Safemail: the service settings documents (docs/settings.md §9).
  // Settings › PAC Files (docs/settings.md "PAC files").
  getPacSettings: request(getPacSettings),
  savePacSettings: request(savePacSettings),
  getPacProxyIps: request(getPacProxyIps),
  savePacProxyIps: request(savePacProxyIps),
  getPacDefaults: request(getPacDefaults),
  savePacDefaults: request(savePacDefaults),
  makePacTemplate: request(makePacTemplate),
  getPacVersion: request(getPacVersion),
  savePacVersion: request(savePacVersion),
  testPacFile: request(testPacFile),
  // Log streaming to a SIEM (docs/streaming.md): destinations with their health, a test message.
  listStreamDestinations: request(listStreamDestinations),
  saveStreamDestination: request(saveStreamDestination),
  deleteStreamDestination: request(deleteStreamDestination),
  testStreamDestination: request(testStreamDestination),
};

export const { useEntityRead, useEntityCall } = portalRequests(SETTINGS_REQUESTS);
