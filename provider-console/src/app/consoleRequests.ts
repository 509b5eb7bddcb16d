/**
 * The console's requests on common's entity feature (features/entities/entityRequests.ts): every
 * load and write of a page besides an entity's paged list, by the API module's own name. Pages
 * read them with useEntityRead and run them with useEntityCall (app/consoleEntities.ts); only the
 * feature's watcher holds the HTTP client.
 */
import { request } from '@workbench/common';
import * as tenantsApi from '@workbench/common/api/providerTenants';
import * as rolloutsApi from '@workbench/common/api/providerRollouts';
import * as statesApi from '@workbench/common/api/providerCapabilityStates';
import * as analyticsApi from '@workbench/common/api/providerAnalytics';
import * as reportRegionsApi from '@workbench/common/api/providerReportRegions';
import * as quotaApi from '@workbench/common/api/providerQuota';
import * as providerPacApi from '@workbench/common/api/providerPac';
import { listProviderAudit } from '@workbench/common/api/providerAudit';
import { listContactMessages, setContactMessageStatus } from '@workbench/common/api/contactForm';
import { getEntityItems, listEntities, putEntityItems } from '@workbench/common/api/providerEntities';
import type { HttpClient } from '@workbench/common';
import type { EntityListQuery, EntityReferenceList } from '@workbench/common/api/contract/providerEntities';
import { REFERENCE_LOADERS } from '../entities/referenceLists';

export const CONSOLE_REQUESTS = {
  // A tenant's detail and its tabs.
  getTenant: request(tenantsApi.getTenant),
  tenantCommand: request(tenantsApi.tenantCommand),
  listTenantPage: request(tenantsApi.listTenantPage),
  getTenantSkus: request(tenantsApi.getTenantSkus),
  putTenantSkus: request(tenantsApi.putTenantSkus),
  getCapabilities: request(tenantsApi.getCapabilities),
  patchCapabilities: request(tenantsApi.patchCapabilities),
  deleteCapabilities: request(tenantsApi.deleteCapabilities),
  getTenantDocument: request(tenantsApi.getTenantDocument),
  putTenantDocument: request(tenantsApi.putTenantDocument),
  listTenantUsers: request(tenantsApi.listTenantUsers),
  bulkCreateTenantUsers: request(tenantsApi.bulkCreateTenantUsers),
  deleteTenantUser: request(tenantsApi.deleteTenantUser),
  updateTenantUser: request(tenantsApi.updateTenantUser),
  listTenantMfaUsers: request(tenantsApi.listTenantMfaUsers),
  disableTenantUserMfa: request(tenantsApi.disableTenantUserMfa),
  resetTenantUserPassword: request(tenantsApi.resetTenantUserPassword),
  addTenantAdmin: request(tenantsApi.addTenantAdmin),
  getTenantPolicy: request(tenantsApi.getTenantPolicy),
  listTenantRevisions: request(tenantsApi.listTenantRevisions),
  getTenantRevisionDiff: request(tenantsApi.getTenantRevisionDiff),
  listPolicyTokens: request(tenantsApi.listPolicyTokens),
  createPolicyToken: request(tenantsApi.createPolicyToken),
  revokePolicyToken: request(tenantsApi.revokePolicyToken),
  getTenantRbac: request(tenantsApi.getTenantRbac),
  putTenantRbac: request(tenantsApi.putTenantRbac),
  getTenantDeployments: request(tenantsApi.getTenantDeployments),
  moveTenantDeployments: request(tenantsApi.moveTenantDeployments),
  setDefaultDeployment: request(tenantsApi.setDefaultDeployment),
  rolloutInit: request(tenantsApi.rolloutInit),
  tenantPolicyInit: request(tenantsApi.tenantPolicyInit),
  // Registry entities outside their page: a list as choices, a row's sub-resources.
  listSkus: request((http: HttpClient, query: EntityListQuery) => listEntities(http, 'skus', query)),
  listOvaKeys: request((http: HttpClient, query: EntityListQuery) => listEntities(http, 'ova_keys', query)),
  listPolicyTemplates: request((http: HttpClient, query: EntityListQuery) =>
    listEntities(http, 'templates', query),
  ),
  getEntityItems: request(getEntityItems),
  putEntityItems: request(putEntityItems),
  referenceOptions: request((http: HttpClient, list: EntityReferenceList) => REFERENCE_LOADERS[list](http)),
  // Capability states, the provider audit trail, a new rollout's choices, preview and start.
  getCapabilityState: request(statesApi.getCapabilityState),
  getCapabilityStates: request(statesApi.getCapabilityStates),
  listProviderAudit: request(listProviderAudit),
  getRolloutTenants: request(rolloutsApi.getRolloutTenants),
  getRolloutDeployments: request(rolloutsApi.getRolloutDeployments),
  createRollout: request(rolloutsApi.createRollout),
  previewRollout: request(rolloutsApi.previewRollout),
  rolloutAction: request(rolloutsApi.rolloutAction),
  // Tenant quota (docs/provider-console.md §11).
  listTenantQuota: request(quotaApi.listTenantQuota),
  putTenantQuota: request(quotaApi.putTenantQuota),
  // The provider's default PAC file (docs/provider-console.md §12).
  getProviderPac: request(providerPacApi.getProviderPac),
  saveProviderPac: request(providerPacApi.saveProviderPac),
  testProviderPac: request(providerPacApi.testProviderPac),
  // The rollouts a tenant is in and not applied in: what its rolloutinit can apply (docs/provider-console.md §15).
  listRolloutsPendingFor: request((http: HttpClient, tid: string) =>
    rolloutsApi.listRollouts(http, { pending_for: tid, limit: 500, sort: 'created_at', order: 'desc' }),
  ),
  // The tenants' contact messages (docs/contact.md §1).
  listContactMessages: request(listContactMessages),
  setContactMessageStatus: request(setContactMessageStatus),
  // Analytics summaries and a chosen tenant's insights (docs/provider-console.md §13).
  getAnalyticsSummary: request(analyticsApi.getAnalyticsSummary),
  getTenantInsights: request(analyticsApi.getTenantInsights),
  // Report regions (docs/provider-console.md §14).
  listReportRegions: request(reportRegionsApi.listReportRegions),
  changeReportRegion: request(reportRegionsApi.changeReportRegion),
};
