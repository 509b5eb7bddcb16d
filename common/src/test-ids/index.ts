/**
 * data-testid values shared by the apps and the WebdriverIO page objects. Never rename one:
 * add new ids instead (DESIGN.md convention 7).
 */
export const loginIds = {
  page: 'login-page',
  heading: 'login-heading',
  user: 'login-user',
  password: 'login-password',
  submit: 'login-submit',
  progress: 'login-progress',
  /** The hidden POST form of the cloud login flow. */
  redirectForm: 'login-redirect-form',
  /** The code step of a sign-in with two-factor sign-in. */
  code: 'login-code',
  codeSubmit: 'login-code-submit',
  codeBack: 'login-code-back',
} as const;

export const snackbarIds = {
  bottom: 'snackbar-bottom',
  top: 'snackbar-top',
  message: 'snackbar-message',
  close: 'snackbar-close',
} as const;

export const shellIds = {
  appBar: 'shell-app-bar',
  nav: 'shell-nav',
  /** `${navItem}-${area}`, e.g. nav-item-logs. */
  navItem: 'nav-item',
  /** `${navGroup}-${group}`, e.g. nav-group-services: a heading of the side navigation. */
  navGroup: 'nav-group',
  userMenuButton: 'user-menu-button',
  userMenu: 'user-menu',
  userName: 'user-menu-name',
  logout: 'user-menu-logout',
  pageTitle: 'page-title',
  revisionState: 'revision-state',
  publish: 'revision-publish',
  inactivityWarning: 'inactivity-warning',
  staySignedIn: 'inactivity-stay-signed-in',
  /** The app bar's menu button that opens the folded navigation (narrow windows). */
  navToggle: 'shell-nav-toggle',
  /** "Skip to content": the first stop of the Tab key. */
  skipLink: 'shell-skip-link',
  /** `${themeChoice}-${system|light|dark}`: the user menu's theme items (both apps). */
  themeChoice: 'user-menu-theme',
  /** The user menu's Help item and the dialog it opens (both apps). */
  help: 'user-menu-help',
  helpDialog: 'help-dialog',
} as const;

export const notFoundIds = {
  page: 'not-found-page',
  heading: 'not-found-heading',
  subheading: 'not-found-subheading',
  text: 'not-found-text',
} as const;

/** The page shown in place of an area (or sub-page) the signed-in role does not give access to. */
export const noAccessIds = {
  page: 'no-access-page',
  text: 'no-access-text',
  back: 'no-access-back',
} as const;

export const logoutIds = {
  page: 'logout-page',
  message: 'logout-message',
  signInAgain: 'logout-sign-in-again',
} as const;

export const providerIds = {
  nav: 'provider-nav',
  navItem: 'provider-nav-item',
  userMenuButton: 'provider-user-menu-button',
  userName: 'provider-user-name',
  extendSession: 'provider-extend-session',
  logout: 'provider-logout',
  pageTitle: 'provider-page-title',
  tenantsTable: 'provider-tenants-table',
} as const;

/**
 * An attribute of the page's `main` element (the shells' and the 404 page's): the route it shows
 * (path and query, as the router sees it). The router renders a new route in a transition, so the
 * old page stays until the new one is ready: a browser test waits until this equals the address.
 */
export const pageLocationAttribute = 'data-location';

export const navItemId = (area: string): string => `${shellIds.navItem}-${area}`;
export const providerNavItemId = (area: string): string => `${providerIds.navItem}-${area}`;

/** The user menu's Two-factor sign-in dialog. */
export const twoFactorIds = {
  menuItem: 'user-menu-two-factor',
  dialog: 'two-factor-dialog',
  status: 'two-factor-status',
  start: 'two-factor-start',
  qr: 'two-factor-qr',
  secret: 'two-factor-secret',
  code: 'two-factor-code',
  confirm: 'two-factor-confirm',
  turnOff: 'two-factor-turn-off',
} as const;

/**
 * Change password: the user menu's item and its dialog, and the page a password someone else set
 * opens on (show_change_password) with its sign-out; both forms share the field ids.
 */
/** The terms-of-service step (tenant-portal/src/pending-steps/AcceptTermsStep.tsx). */
export const acceptTermsIds = {
  page: 'accept-terms-page',
  text: 'accept-terms-text',
  link: 'accept-terms-link',
  agree: 'accept-terms-agree',
  submit: 'accept-terms-submit',
  signOut: 'accept-terms-sign-out',
} as const;

export const changePasswordIds = {
  page: 'change-password-page',
  signOut: 'change-password-sign-out',
  menuItem: 'user-menu-change-password',
  dialog: 'change-password-dialog',
  current: 'change-password-current',
  next: 'change-password-new',
  confirm: 'change-password-confirm',
  submit: 'change-password-submit',
} as const;

/** The policy welcome (on-prem, after the start switched to the portal v2). */
export const policyWelcomeIds = {
  dialog: 'policy-welcome',
  open: 'policy-welcome-open',
  close: 'policy-welcome-close',
} as const;

/** The policy area's landing page: the staged revision's publish note (tenant portal). */
export const policyIds = {
  noteEditor: 'policy-note-editor',
  noteInput: 'policy-note-input',
  noteSave: 'policy-note-save',
  revisionSummary: 'policy-revision-summary',
} as const;

/** The policy tester (issue 12): a request, and the staged and published decisions. */
export const policyTesterIds = {
  page: 'policy-tester',
  url: 'policy-tester-url',
  user: 'policy-tester-user',
  groups: 'policy-tester-groups',
  category: 'policy-tester-category',
  risk: 'policy-tester-risk',
  time: 'policy-tester-time',
  userAgent: 'policy-tester-user-agent',
  sourceIp: 'policy-tester-source-ip',
  destIp: 'policy-tester-dest-ip',
  submit: 'policy-tester-submit',
  error: 'policy-tester-error',
  /** `${decision}-staged` / `${decision}-published` */
  decision: 'policy-tester-decision',
  /** The link to the rule that decided, inside a decision. */
  ruleLink: 'policy-tester-rule-link',
  changed: 'policy-tester-changed',
  /** Inside a decision: the site category it used, picked or looked up. */
  categoryUsed: 'policy-tester-category-used',
} as const;

/** The link from a logged event to the policy rule that decided it (logs explorer). */
export const policyRuleLinkId = 'policy-rule-link';

/**
 * The publish bar of every policy page and what it opens (issue 12): the review of the staged
 * changes, publishing with a comment, discarding; and the revision history page.
 */
export const publishBarIds = {
  bar: 'publish-bar',
  /** The count of staged changes, or "No unpublished changes" (data-count holds the number). */
  summary: 'publish-bar-summary',
  review: 'publish-bar-review',
  publish: 'publish-bar-publish',
  discard: 'publish-bar-discard',
  history: 'publish-bar-history',
  reviewDialog: 'review-dialog',
  reviewClose: 'review-close',
  /** `${diffKind}-${kind}`: a kind's group of sentences in a readable diff. */
  diffKind: 'diff-kind',
  diffLine: 'diff-line',
  diffEmpty: 'diff-empty',
  publishDialog: 'publish-dialog',
  publishComment: 'publish-comment',
  publishConfirm: 'publish-confirm',
  publishCancel: 'publish-cancel',
  /** Who changed the policy after the review (a refused publish). */
  conflict: 'publish-conflict',
  discardDialog: 'discard-dialog',
  discardConfirm: 'discard-confirm',
  discardCancel: 'discard-cancel',
  /** The review's impact preview (docs/policy-impact.md): window, start, progress, figures. */
  impact: 'impact-preview',
  impactDays: 'impact-days',
  impactRun: 'impact-run',
  impactProgress: 'impact-progress',
  /** data-count: the changed requests. */
  impactChanged: 'impact-changed',
  impactMatrixRow: 'impact-matrix-row',
  impactSample: 'impact-sample',
  impactUnmatched: 'impact-unmatched',
  /** Two-person approval (docs/policy-impact.md): submit, the pending request, approve, reject. */
  approvalSubmitDialog: 'approval-submit-dialog',
  approvalComment: 'approval-comment',
  approvalSubmit: 'approval-submit',
  approvalPending: 'approval-pending',
  approvalPanel: 'approval-panel',
  approvalReason: 'approval-reason',
  approvalApprove: 'approval-approve',
  approvalReject: 'approval-reject',
} as const;

export const revisionHistoryIds = {
  page: 'revision-history-page',
  table: 'revision-history-table',
  /** `${row}-${rev}` */
  row: 'revision-history-row',
  /** `${select}-${rev}`: the checkbox that picks a revision to compare. */
  select: 'revision-history-select',
  /** `${rollback}-${rev}` */
  rollback: 'revision-history-rollback',
  rollbackDialog: 'rollback-dialog',
  rollbackConfirm: 'rollback-confirm',
  rollbackCancel: 'rollback-cancel',
  comparison: 'revision-history-comparison',
  empty: 'revision-history-empty',
  error: 'revision-history-error',
  pager: 'revision-history-pager',
} as const;

/** Provider console pages beyond the ids above. */
export const providerPageIds = {
  userRole: 'provider-user-role',
  sessionExpiry: 'provider-session-expiry',
  tenantsQuickFilter: 'provider-tenants-quick-filter',
  /** `${tenantReportsLink}-${tid}`: a tenant row's link to its reports (support view). */
  tenantReportsLink: 'provider-tenant-reports-link',
  /** The support view's page: a tenant's report dashboards, read-only. */
  tenantReports: 'provider-tenant-reports',
  /** Tenants page (issue 14): add, bulk commands, the create form and its one-time password. */
  tenantsAdd: 'provider-tenants-add',
  tenantsDisable: 'provider-tenants-disable',
  tenantsReenable: 'provider-tenants-reenable',
  tenantForm: 'provider-tenant-form',
  tenantFormSubmit: 'provider-tenant-form-submit',
  tenantCreated: 'provider-tenant-created',
  tenantCreatedPassword: 'provider-tenant-created-password',
  /** `${tenantLink}-${tid}`: a tenant row's link to its detail page. */
  tenantLink: 'provider-tenant-link',
  /** Tenant detail: the page, `${tenantTab}-${tab}`, and the controls of the tabs. */
  tenantDetail: 'provider-tenant-detail',
  tenantTab: 'provider-tenant-tab',
  tenantStatus: 'provider-tenant-status',
  tenantToggle: 'provider-tenant-toggle',
  /** The Overview's summary: `${tenantSummary}-${skus|licence|deployment|usage}` its cards. */
  tenantSummary: 'provider-tenant-summary',
  /** The confirmation of a destructive action of a tenant's detail (disable, delete a user, revoke a token). */
  tenantConfirm: 'provider-tenant-confirm',
  tenantConfirmCancel: 'provider-tenant-confirm-cancel',
  tenantConfirmOk: 'provider-tenant-confirm-ok',
  tenantRename: 'provider-tenant-rename',
  tenantSkuSave: 'provider-tenant-sku-save',
  /** `${tenantSku}-${sku_id}`: a SKU's checkbox. */
  tenantSku: 'provider-tenant-sku',
  tenantTabError: 'provider-tenant-tab-error',
  /** `${tenantRevision}-${rev_id}`: a row of the Policy revisions tab (a chart's marker opens one, selected). */
  tenantRevision: 'provider-tenant-revision',
  /** The Policy revisions tab's diff of the revision a marker opened against the one before it. */
  tenantRevisionDiff: 'provider-tenant-revision-diff',
  capabilityPreview: 'provider-capability-preview',
  capabilityApply: 'provider-capability-apply',
  /** `${tenantDocument}-${name}`: a tenant document's section; `-save` its Save, `-${field}` a control. */
  tenantDocument: 'provider-tenant-document',
  /** `${tenantTokens}-${list}`: a token list of the tokens tab. */
  tenantTokens: 'provider-tenant-tokens',
  tenantUsersImport: 'provider-tenant-users-import',
  /** The Users tab's portal accounts with their two-factor state; `${tenantMfaState}-${username}` a row's state. */
  tenantMfaAccounts: 'provider-tenant-mfa-accounts',
  tenantMfaState: 'provider-tenant-mfa-state',
  /** `${tenantDisableMfa}-${username}`: a row's Disable MFA; `-confirm` the dialog's. */
  tenantDisableMfa: 'provider-tenant-disable-mfa',
  /** Users tab (issue 30): add an administrator, its form and submit, and its one-time password. */
  tenantAdminAdd: 'provider-tenant-admin-add',
  tenantAdminForm: 'provider-tenant-admin-form',
  tenantAdminSubmit: 'provider-tenant-admin-submit',
  tenantAdminPassword: 'provider-tenant-admin-password',
  /** `${tenantResetPassword}-${username}`: a row's Reset password (confirmed in the tenant's confirm dialog). */
  tenantResetPassword: 'provider-tenant-reset-password',
  /** The dialog that shows the reset's one-time password once, and the password. */
  tenantResetPasswordIssued: 'provider-tenant-reset-password-issued',
  tenantResetPasswordValue: 'provider-tenant-reset-password-value',
  tenantRbac: 'provider-tenant-rbac',
  /** `${capabilityValidUntil}-${capability}`: the valid-until cell of a capability. */
  capabilityValidUntil: 'provider-capability-valid-until',
} as const;

/** The tenant portal's dashboard (report panels). */
export const dashboardIds = {
  page: 'dashboard-page',
  interval: 'dashboard-interval',
  /** The "Compare with the previous period" switch. */
  compare: 'dashboard-compare',
  /** `${kpi}-${query name}`: a KPI tile. */
  kpi: 'dashboard-kpi',
  /** `${unfiltered}-${query name}`: which of the page's filters the panel's query does not take. */
  unfiltered: 'dashboard-unfiltered',
  /** `${textFilter}-${parameter}`: the page's User and Domain filters. */
  textFilter: 'dashboard-text-filter',
  tabs: 'dashboard-tabs',
  /** `${tab}-${dashboard id}` */
  tab: 'dashboard-tab',
  /** `${panel}-${query name}` */
  panel: 'dashboard-panel',
  /** `${chart}-${query name}` */
  chart: 'dashboard-chart',
  /** `${tableToggle}-${query name}`: chart ⇄ table view */
  tableToggle: 'dashboard-table-toggle',
  /** `${csv}-${query name}` */
  csv: 'dashboard-csv',
} as const;

/** A provider-entity page of the console (one per row of the provider-entity registry). */
export const entityPageIds = (entity: string) =>
  ({
    page: `entity-${entity}-page`,
    search: `entity-${entity}-search`,
    total: `entity-${entity}-total`,
    table: `entity-${entity}-table`,
    addButton: `entity-${entity}-add`,
    deleteSelected: `entity-${entity}-delete-selected`,
    /** `${editButton}-${id}` */
    editButton: `entity-${entity}-edit`,
    formDialog: `entity-${entity}-form`,
    /** `${formField}-${field}` */
    formField: `entity-${entity}-field`,
    /** A `references` field's option: `${formOption}-${field}-${id}` */
    formOption: `entity-${entity}-option`,
    /** A `references` field's chip of one id picked: `${formChip}-${field}-${id}` */
    formChip: `entity-${entity}-chip`,
    formSubmit: `entity-${entity}-form-submit`,
    formCancel: `entity-${entity}-form-cancel`,
    deleteDialog: `entity-${entity}-delete-dialog`,
    deleteConfirm: `entity-${entity}-delete-confirm`,
    deleteCancel: `entity-${entity}-delete-cancel`,
  }) as const;

/** Shared interface pieces (docs/shared-ui.md): common/src/components/*. */
export const componentIds = {
  filterBar: 'filter-bar',
  /** `${filterMenuButton}-${queryKey}` */
  filterMenuButton: 'filter-menu-button',
  /** `${filterMenu}-${queryKey}` */
  filterMenu: 'filter-menu',
  filterSearch: 'filter-search',
  dataTable: 'data-table',
  /** `${tableRow}-${rowKey}` is on each row's first cell wrapper; rows also carry data-row-key. */
  tableRow: 'table-row',
  tableHeaderCheckbox: 'table-header-checkbox',
  tablePaginator: 'table-paginator',
  tableEmpty: 'table-empty',
  uploadBox: 'upload-box',
  uploadInput: 'upload-input',
  uploadError: 'upload-error',
  /** The allowed file types shown in the upload box (inline up to 5, else a count). */
  uploadTypes: 'upload-types',
  importWizard: 'import-wizard',
  /** `${wizardStep}-${step}` on the active step's content (importing, confirmation, processing, saving, summary). */
  wizardStep: 'wizard-step',
  wizardNext: 'wizard-next',
  wizardBack: 'wizard-back',
  wizardClose: 'wizard-close',
  wizardTemplate: 'wizard-template',
  /** How to fill the columns (lists, codes), beside the template download. */
  wizardNotes: 'wizard-notes',
  wizardPreview: 'wizard-preview',
  /** What the wizard found in the file's first row (a header or none). */
  wizardHeader: 'wizard-header',
  wizardDryRun: 'wizard-dry-run',
  wizardProgress: 'wizard-progress',
  wizardProgressText: 'wizard-progress-text',
  wizardError: 'wizard-error',
  summaryCreated: 'summary-created',
  summaryErrors: 'summary-errors',
  viewErrors: 'summary-view-errors',
  downloadErrors: 'summary-download-errors',
  errorDialog: 'import-error-dialog',
  dualList: 'dual-list',
  dualListAvailable: 'dual-list-available',
  dualListSelected: 'dual-list-selected',
  checkboxGroup: 'checkbox-group',
  ruleAccordion: 'rule-accordion',
  ruleAccordionNext: 'rule-accordion-next',
  ruleAccordionSave: 'rule-accordion-save',
  emptyResults: 'empty-results',
} as const;

/** The logs explorer (tenant-portal/src/areas/logs). */
export const logsIds = {
  page: 'logs-page',
  grid: 'logs-grid',
  search: 'logs-search',
  refresh: 'logs-refresh',
  copyLink: 'logs-copy-link',
  columnsButton: 'logs-columns-button',
  /** `${columnOption}-${field}`: the column's checkbox in the column manager. */
  columnOption: 'logs-column-option',
  /** The column manager dialog and its buttons. */
  columnsDialog: 'logs-columns-dialog',
  columnsApply: 'logs-columns-apply',
  columnsCancel: 'logs-columns-cancel',
  columnsReset: 'logs-columns-reset',
  columnsError: 'logs-columns-error',
  exportButton: 'logs-export',
  exportProgress: 'logs-export-progress',
  error: 'logs-error',
  empty: 'logs-empty',
  rowCount: 'logs-row-count',
  detail: 'logs-detail',
  detailClose: 'logs-detail-close',
  /** `${detailField}-${field}` */
  detailField: 'logs-detail-field',
  savedSearchesButton: 'logs-saved-searches',
  savedSearchName: 'logs-saved-search-name',
  savedSearchSave: 'logs-saved-search-save',
  /** `${savedSearchItem}-${name}` */
  savedSearchItem: 'logs-saved-search-item',
  /** `${savedSearchDelete}-${name}` */
  savedSearchDelete: 'logs-saved-search-delete',
  /** The typed query's syntax error under the search box. */
  queryError: 'logs-query-error',
  /** The toolbar's absolute range picker and its fields. */
  rangeButton: 'logs-range-button',
  rangeFrom: 'logs-range-from',
  rangeTo: 'logs-range-to',
  rangeMonth: 'logs-range-month',
  rangeApply: 'logs-range-apply',
  rangeError: 'logs-range-error',
  /** The live-tail switch and its period. */
  liveTail: 'logs-live-tail',
  liveTailPeriod: 'logs-live-tail-period',
} as const;

/** Licences and Deployments & Pods pages of the provider console (issue 14). */
export const providerOpsIds = {
  licencesPage: 'licences-page',
  /** The tab of a registry entity: `${tab}-${entity}` */
  tab: 'provider-ops-tab',
  /** `${licenceState}-${key_id}` */
  licenceState: 'licence-state',
  aboutToExpireNote: 'licence-about-to-expire-note',
  deploymentsPage: 'deployments-page',
  defaultDeployment: 'default-deployment',
  podSelect: 'nodes-pod-select',
  nodesTable: 'nodes-table',
  /** `${nodeState}-${node}` */
  nodeState: 'node-state',
  /** `${nodeAction}-${node}-${action}` */
  nodeAction: 'node-action',
  /** `${nodeJob}-${node}`: the job's progress or outcome */
  nodeJob: 'node-job',
  /** The confirmation of a destructive node action (restart, freeze): the dialog, its buttons. */
  nodeConfirm: 'node-action-confirm',
  nodeConfirmCancel: 'node-action-confirm-cancel',
  nodeConfirmOk: 'node-action-confirm-ok',
  /** `${nodeHistoryToggle}-${node}` shows or hides `${nodeHistory}-${node}`: the node's recent jobs. */
  nodeHistoryToggle: 'node-history-toggle',
  nodeHistory: 'node-history',
} as const;

/** The provider's audit trail: its page and a tenant's Audit trail tab (issue 14). */
export const providerAuditIds = {
  view: 'provider-audit',
  table: 'provider-audit-table',
  actorFilter: 'provider-audit-actor',
  actionFilter: 'provider-audit-action',
  tenantFilter: 'provider-audit-tenant',
  fromFilter: 'provider-audit-from',
  toFilter: 'provider-audit-to',
  /** `${details}-${id}`: opens the event's details */
  details: 'provider-audit-details',
  detailsDialog: 'provider-audit-details-dialog',
  before: 'provider-audit-before',
  after: 'provider-audit-after',
  error: 'provider-audit-error',
} as const;

/** Settings › TS Client Profile (docs/settings.md §11). */
export const tsClientProfileIds = {
  page: 'ts-client-profile-page',
  enabled: 'ts-client-profile-enabled',
  clientProfile: 'ts-client-profile-client-profile',
  portStart: 'ts-client-profile-port-start',
  portEnd: 'ts-client-profile-port-end',
  portsPerUser: 'ts-client-profile-ports-per-user',
  save: 'ts-client-profile-save',
  error: 'ts-client-profile-error',
} as const;

/** A tenant settings list's page (docs/settings.md): the entity page's ids and its validate action. */
export const settingsListIds = (list: string) =>
  ({
    ...entityPageIds(`settings-${list}`),
    /** `${validateButton}-${id}` */
    validateButton: `settings-${list}-validate`,
    /** The outcome of the last validate: passed, or the failed fields with their reasons. */
    validation: `settings-${list}-validation`,
    /** `${validationCheck}-${field}` one failed check. */
    validationCheck: `settings-${list}-validation-check`,
    /** `${exportLink}-${id}` downloads one item as a file (client profiles). */
    exportLink: `settings-${list}-export`,
    /** The posture checks' editor of a posture profile's form: `${postureCheck}-${i}-<part>`. */
    postureChecks: `settings-${list}-posture-checks`,
    postureCheck: `settings-${list}-posture-check`,
    postureCheckAdd: `settings-${list}-posture-check-add`,
  }) as const;

/** A tenant settings document's form (docs/settings.md §10): `${field}-<dot path>` per field. */
export const settingsDocumentIds = (key: string) =>
  ({
    form: `settings-doc-${key}`,
    field: `settings-doc-${key}-field`,
    save: `settings-doc-${key}-save`,
    error: `settings-doc-${key}-error`,
    updated: `settings-doc-${key}-updated`,
  }) as const;

/** Settings › Network and Settings › General (docs/settings.md §10). */
export const networkSettingsIds = {
  page: 'network-settings-page',
  userIp: 'network-settings-user-ip',
  addUserIp: 'network-settings-add-user-ip',
  publicIps: 'network-settings-public-ips',
} as const;
export const generalSettingsIds = {
  page: 'general-settings-page',
} as const;
