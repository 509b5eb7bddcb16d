/**
 * The portal's requests on common's entity feature (features/entities/entityRequests.ts): the
 * loads and writes of its pages besides an entity's paged list and the report queries, by the API
 * module's own name. Pages read them with useEntityRead and run them with useEntityCall
 * (app/portalEntities.ts); only the feature's watcher holds the HTTP client.
 */
import { getPolicyReference, request, type HttpClient } from '@workbench/common';
import { mfaConfirm, mfaDisable, mfaEnrol, mfaState, mfaUsers } from '@workbench/common/api/auth';
import {
  bulkCreateUsers,
  listDomainCounts,
  listDomains,
  listUdbTenants,
  listUsernames,
} from '@workbench/common/api/udb';
import { queryLogs } from '@workbench/common/api/logs';
import { fetchLogHistogram, fetchLogTopValues } from '@workbench/common/api/logSummary';
import {
  getAppRepInsights,
  getDiscoveredApps,
  getEgressControl,
  getHeaderBlocklist,
  validateDdlDomains,
} from '@workbench/common/api/casbEgress';
import { getPopularSites, submitUce } from '@workbench/common/api/safemailWhitelist';
import { acceptTerms, getTerms } from '@workbench/common/api/terms';
import { getTsClientProfile, saveTsClientProfile } from '@workbench/common/api/tsClientProfile';
import {
  assignRole,
  createAdministrator,
  deleteAdministrator,
  deleteRole,
  listAdministrators,
  listRoles,
  resetAdministratorPassword,
  saveRole,
  setAdministratorStatus,
  resetAdministratorMfa,
  unlockAdministrator,
} from '@workbench/common/api/administrators';
import { createApiToken, listApiTokens, revokeApiToken } from '@workbench/common/api/apiTokens';
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
import { getMultiTenantInfo, setAssociationStatus } from '@workbench/common/api/multiTenant';
import {
  getForensicsStatus,
  getForensicsViewer,
  saveForensicsViewer,
} from '@workbench/common/api/tenantSettings';
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
import {
  getAllPublicIps,
  getSettingsDocument,
  getUserIp,
  saveSettingsDocument,
} from '@workbench/common/api/settingsDocuments';
import { sendContactMessage } from '@workbench/common/api/contactForm';
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
import {
  applyTemplate,
  approveSv,
  createGroup,
  createTemplate,
  deleteGroup,
  deleteManagedSystem,
  deleteTemplate,
  getAppliances,
  getUpdates,
  updateAction,
  getCurrentSettings,
  getSvCert,
  getTemplateDrift,
  listGroups,
  listManagedSystems,
  listTemplates,
  setMaintenance,
  systemAction,
  crUpdate,
  getSystemLogs,
  getSystemExport,
  getCmAbout,
  getCmSettings,
  saveCmSettings,
} from '@workbench/common/api/centralManager';
import {
  getConnectivitySites,
  listConnectivityRuns,
  saveConnectivityResults,
} from '@workbench/common/api/connectivity';
import { getFileHtmlReport, queryInspectedFiles } from '@workbench/common/api/fileserver';
import {
  createBoard,
  deleteBoard,
  getBoard,
  listBoards,
  saveBoard,
  setStartBoard,
} from '@workbench/common/api/dashboards';
import {
  acknowledgeAlertFiring,
  createAlertChannel,
  deleteAlertChannel,
  deleteAlertRule,
  listAlertChannels,
  listAlertEvaluations,
  listAlertFirings,
  listAlertRules,
  listChannelDeliveries,
  listNotifications,
  markNotificationsRead,
  saveAlertRule,
  silenceAlertFiring,
} from '@workbench/common/api/alerts';
import {
  deleteStreamDestination,
  listStreamDestinations,
  saveStreamDestination,
  testStreamDestination,
} from '@workbench/common/api/streaming';

export const PORTAL_REQUESTS = {
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
  // Settings › Network and General (docs/settings.md §10): the settings documents, the caller's
  // address and the deployment's public addresses.
  getSettingsDocument: request(getSettingsDocument),
  saveSettingsDocument: request(saveSettingsDocument),
  getUserIp: request(getUserIp),
  getAllPublicIps: request(getAllPublicIps),
  // The terms-of-service step (pending-steps/AcceptTermsStep).
  getTerms: request(getTerms),
  acceptTerms: request(acceptTerms),
  // The signed-in administrator's second factor (the shell's two-factor dialog).
  mfaState: request(mfaState),
  mfaEnrol: request(mfaEnrol),
  mfaConfirm: request(mfaConfirm),
  mfaDisable: request(mfaDisable),
  // Settings > Users: the import wizard's batches.
  bulkCreateUsers: request(bulkCreateUsers),
  // The logs explorer: a linked event outside the loaded blocks, the histogram, a field's top values.
  queryLogs: request(queryLogs),
  fetchLogHistogram: request(fetchLogHistogram),
  fetchLogTopValues: request(fetchLogTopValues),
  // The policy editors' reads and checks beside the staged revision (areas/policy): what they
  // show or check is never part of the saved document, so it needs no policy-docs saga.
  validateDdlDomains: request(validateDdlDomains),
  getDiscoveredApps: request(getDiscoveredApps),
  getAppRepInsights: request(getAppRepInsights),
  // Egress Headers: whether the service applies the rules, and the headers no rule may change.
  getEgressControl: request(getEgressControl),
  getHeaderBlocklist: request(getHeaderBlocklist),
  // A fresh password at every call (never kept in the store): not the policy-reference feature's
  // read-once row.
  suggestFilePassword: request((http: HttpClient) => getPolicyReference(http, 'dlp/file_password')),
  // E-mail > Allowed senders: the provider's popular sites, a sender reported to its review.
  getPopularSites: request(getPopularSites),
  submitUce: request(submitUce),
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
  // Contact Us: the message to support, and the connectivity test (docs/contact.md).
  sendContactMessage: request(sendContactMessage),
  getConnectivitySites: request(getConnectivitySites),
  saveConnectivityResults: request(saveConnectivityResults),
  listConnectivityRuns: request(listConnectivityRuns),
  // The user database lists that pickers and filters suggest from (docs/sessions.md §9): usernames
  // (matching the text typed), user domains, and the tenant with its user count.
  listUdbUsernames: request(listUsernames),
  listUdbDomains: request(listDomains),
  listUdbDomainCounts: request(listDomainCounts),
  listUdbTenants: request(listUdbTenants),
  // The file analysis dialog (logs details, files report): a file's reports, one as its HTML.
  queryInspectedFiles: request(queryInspectedFiles),
  getFileHtmlReport: request(getFileHtmlReport),
  // Dashboards people build (docs/dashboards.md).
  listBoards: request(listBoards),
  getBoard: request(getBoard),
  createBoard: request(createBoard),
  saveBoard: request(saveBoard),
  deleteBoard: request(deleteBoard),
  setStartBoard: request(setStartBoard),
  // Alerts (issue 40; docs/alerts.md): rules, firings, channels, and the header's notifications.
  listAlertRules: request(listAlertRules),
  saveAlertRule: request(saveAlertRule),
  deleteAlertRule: request(deleteAlertRule),
  listAlertEvaluations: request(listAlertEvaluations),
  listAlertFirings: request(listAlertFirings),
  acknowledgeAlertFiring: request(acknowledgeAlertFiring),
  silenceAlertFiring: request(silenceAlertFiring),
  listAlertChannels: request(listAlertChannels),
  createAlertChannel: request(createAlertChannel),
  deleteAlertChannel: request(deleteAlertChannel),
  listChannelDeliveries: request(listChannelDeliveries),
  listNotifications: request(listNotifications),
  markNotificationsRead: request(markNotificationsRead),
  // Log streaming to a SIEM (docs/streaming.md): destinations with their health, a test message.
  listStreamDestinations: request(listStreamDestinations),
  saveStreamDestination: request(saveStreamDestination),
  deleteStreamDestination: request(deleteStreamDestination),
  testStreamDestination: request(testStreamDestination),
};
