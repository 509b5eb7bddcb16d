export * from './api/contract/wire';
export * from './env/runtimeEnv';
export * from './features/rbac/permissions';
export * from './test-ids';

// API layer
export * from './api/ApiCallError';
export * from './api/http';
export * from './api/loginRejection';
export * as authApi from './api/auth';
export * as policyApi from './api/policy';
export * as policyReferenceApi from './api/policyReference';
export * as providerApi from './api/provider';
export * as logsApi from './api/logs';
export * as reportsApi from './api/reports';
export * as providerEntitiesApi from './api/providerEntities';
// The same calls by their own names (the provider's logout as providerLogout).
export {
  ON_PREM_AUTH_PATHS,
  authParams,
  login,
  logout,
  cookieRefresh,
  userInfo,
  getPortalVersion,
  setPortalVersion,
} from './api/auth';
export {
  getPolicyDoc,
  savePolicyDoc,
  getRevision,
  publishRevision,
  publishIfStaged,
  getNote,
  saveNote,
  type RevisionNote,
} from './api/policy';
export { getPolicyReference, migratePolicy } from './api/policyReference';
export * from './api/contract/policyReference';
export {
  LOCAL_IDENTITY_PROVIDER,
  idpToken,
  oauthLogin,
  sessionCookie,
  me,
  extendKey,
  listTenants,
  logout as providerLogout,
  type ListTenantsQuery,
} from './api/provider';

// The shared look of both apps
export * from './theme/workbenchTheme';
export * from './theme/themeMode';

// Store
export * from './store/navigation';
export * from './store/createAppStore';
export {
  createWorldStore,
  type StoreFeature,
  type WorldDef,
  type WorldStoreOptions,
} from './store/worldStore';
export { PROVIDER_WORLD } from './store/providerWorld';
export { TENANT_POLICY_FEATURE, TENANT_WORLD } from './store/tenantWorld';
export { TENANT_SESSION_WORLD } from './store/tenantSessionWorld';

// Features
export * from './features/session/sessionSlice';
export * from './features/session/sessionSelectors';
export * from './features/session/sessionSaga';
export * from './features/revision/revisionSlice';
export * from './features/revision/revisionSelectors';
export * from './features/revision/revisionSaga';
export * from './features/revision/diffText';
export * from './features/policy-docs';
export * from './features/policy-tester';
export * from './features/change-markers';
export * from './features/policy-impact';
export * from './features/publish-approval';
export * from './api/contract/publishApproval';
export * from './api/contract/policyImpact';
export * from './features/inactivity/inactivitySlice';
export * from './features/inactivity/inactivitySelectors';
export * from './features/inactivity/inactivitySaga';
export * from './features/snackbar/snackbarSlice';
export * from './features/snackbar/snackbarSelectors';
export * from './features/rbac/rbacSelectors';
export * from './features/feature-flags/deriveFeatureFlags';
export * from './features/feature-flags/featureFlagsSelectors';
export * from './features/extensions';
export * from './features/provider-session/providerSessionSlice';
export * from './features/provider-session/providerSessionSelectors';
export * from './features/provider-session/providerSessionSaga';
export * from './features/log-paging/logPagingSlice';
export * from './features/log-paging/logPagingSelectors';
export * from './features/log-paging/logPagingSaga';
export * from './features/saved-searches/savedSearchesSlice';
export * from './features/saved-searches/savedSearchesSelectors';
export * from './features/saved-searches/savedSearchesSaga';
export * from './features/report-query';
export * from './features/policy-reference';
export * from './features/entities';
export * from './features/jobs';
export * from './api/contract/jobs';
export { getJob } from './api/jobs';

// Components
export * from './features/snackbar/SnackbarHost';
export * from './features/login/LoginPage';
export * from './features/login/useLoginSubmit';
export * from './features/inactivity/InactivityWarning';

// Validators and formatting helpers (docs/shared-ui.md §11, §10, §12)
export * from './validators';
export * from './formatting';

// Shared interface pieces (docs/shared-ui.md): common/src/components/*
export * from './components/filter-bar';
export * from './components/data-table';
export * from './components/upload-box';
export * from './features/import-wizard';
export * from './components/upload-summary';
export * from './components/import-wizard';
export * from './components/dual-list';
export * from './components/checkbox-group';
export * from './components/rule-accordion';
export * from './components/product-mark';
export * from './components/empty-results';
export * from './components/shell-layout';
export * from './components/page-states';
export * from './components/session-gate';
export * from './components/search-field';
export * from './components/readable-diff';
export * from './components/anchored-tooltip';
