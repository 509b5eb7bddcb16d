/**
 * The spec's literal shapes: names, enumerations, defaults and bodies copied from the text of
 * api-client-layer and portal-core (section given with each), never from our contract. The
 * conformance suite (server/src/conformance) builds its requests and checks from them, and the
 * client's shape tests (common/src/api/specShapes.test.ts) compare what the portal sends with them.
 */

/** api-client-layer §3 Policy revision: "Fields: staged_rev_id, rev_id, state (new or staged), updated_at." */
export const REVISION_FIELDS = ['staged_rev_id', 'rev_id', 'state', 'updated_at'] as const;
export const REVISION_STATES = ['new', 'staged'] as const;
/** api-client-layer §3: "Every policy save payload carries rev_id, state, updated_at and data." */
export const SAVE_PAYLOAD_FIELDS = ['rev_id', 'state', 'updated_at', 'data'] as const;

/**
 * What goes inside a policy save's `data`, per document (dotted paths), as portal-core §7 Policy and
 * api-client-layer §3 Policy revision name it. portal-core gives one list of bodies for all its
 * kinds ("list (risks also flash); dlp.rules; overrides (dictionaries); copy_paste_policy; ...");
 * which kind takes which body is our reading of that list, recorded here once. Paths are the
 * spec's, with `{rev}` where it writes {rev}.
 */
export const POLICY_SAVE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // portal-core §7 Policy: GET and PUT /rules/{kind}/{rev}
  '/api/policy/v1/rules/risks/{rev}': ['list', 'flash'],
  '/api/policy/v1/rules/cats/{rev}': ['list'],
  '/api/policy/v1/rules/sslbump_bypass/{rev}': ['list'],
  '/api/policy/v1/rules/dlp/{rev}': ['dlp.rules'],
  '/api/policy/v1/rules/dlp_groups/{rev}': ['list'],
  '/api/policy/v1/rules/dlp_dicts/{rev}': ['overrides'],
  '/api/policy/v1/rules/dlp_auditors/{rev}': ['list'],
  '/api/policy/v1/rules/copy_paste/{rev}': ['copy_paste_policy'],
  '/api/policy/v1/rules/watermark/{rev}': ['watermark'],
  '/api/policy/v1/rules/customization/web/{rev}': ['list'],
  '/api/policy/v1/rules/customization/email/{rev}': ['list'],
  '/api/policy/v1/rules/customization/dlp/{rev}': ['list'],
  '/api/policy/v1/rules/bf/web/{rev}': ['browsing_forensics'],
  '/api/policy/v1/rules/safemail/whitelist/{rev}': ['list'],
  '/api/policy/v1/rules/safemail/mobile/{rev}': ['list'],
  '/api/policy/v1/rules/safemail/config/{rev}': ['config', 'quarantine_spec', 'safemail_url_obfuscation'],
  '/api/policy/v1/rules/safemail/phish_targets/{rev}': ['list'],
  '/api/policy/v1/rules/safemail/isolation/{rev}': ['list', 'safemail_classification'],
  '/api/policy/v1/rules/safemail/smtp_users/{rev}': ['identitySourceLists', 'usersLists', 'tid'],
  '/api/policy/v1/rules/smtp/attachments/{rev}': ['content_types', 'groups', 'plugins'],
  // portal-core §7 Policy: egress (body egress_policy) and the category extension (body categories_85_to_88.enable)
  '/api/policy/v1/egress_policy/rules/{rev}': ['egress_policy'],
  '/api/policy/v1/cats/extension/{rev}': ['categories_85_to_88.enable'],
  // api-client-layer §3 Policy revision
  '/api/policy/v3/rules/sslbump_bypass/{rev}': ['integrations_list', 'sslbump_v3', 'list'],
  '/api/policy/v3/rules/bandwidth/{rev}': ['bandwidth.rules'],
  '/api/policy/v3/rules/web/exceptions/{rev}': ['list', 'bypass', 'reorderingEvents'],
  '/api/policy/v3/rules/inspection/exceptions/{rev}': ['list', 'bypass', 'reorderingEvents'],
  '/api/policy/v1/rules/web/global_exceptions/{rev}': ['pre', 'post'],
  '/api/policy/v1/rules/inspection/global_exceptions/{rev}': ['pre', 'post'],
  '/api/policy/v3/rules/inspection/{rev}': ['contentInspection'],
  '/api/policy/v3/rules/bnb/{rev}': ['pre.unsupported_or_non_browsers', 'post.unsupported_or_non_browsers'],
  '/api/policy/v1/rules/global_bnb/{rev}': [
    'pre.unsupported_or_non_browsers',
    'post.unsupported_or_non_browsers',
  ],
  '/api/policy/v3/casb/exceptions/{rev}': ['exceptions.list'],
  '/api/policy/v3/casb/app_rules/{rev}': ['appRules'],
  '/api/policy/v3/casb/profiles/{rev}': ['profiles.list'],
  '/api/policy/v3/rules/runtime_analysis/{rev}': ['runtimeAnalysis'],
};

/**
 * Fields of a save body the spec lists but a client sends only when it has them: a reorder's
 * events (our choice: a save without reorderingEvents reorders nothing).
 */
export const OPTIONAL_SAVE_FIELDS: readonly string[] = ['reorderingEvents'];

/**
 * Read-only documents (api-client-layer §7: GET only) and what the spec names in them:
 * "Parent global exceptions: pre and post", the global bnb's "unsupported_or_non_browsers in pre and post".
 */
export const POLICY_READ_FIELDS: Readonly<Record<string, readonly string[]>> = {
  '/api/policy/v1/rules/web/parent_global_exceptions/': ['pre', 'post'],
  '/api/policy/v1/rules/inspection/parent_global_exceptions/': ['pre', 'post'],
  '/api/policy/v1/rules/parent_global_bnb/': [
    'pre.unsupported_or_non_browsers',
    'post.unsupported_or_non_browsers',
  ],
};

/** api-client-layer §7 Reports: "with start and end (unix seconds) and limit (default 50)". */
export const REPORT_PARAMS = ['start', 'end', 'limit'] as const;
export const DEFAULT_REPORT_LIMIT = 50;
/** api-client-layer §3 Time-range interval: "Default granularity is P2D." */
export const DEFAULT_GRANULARITY = 'P2D';
/** api-client-layer §3 Time-range interval: the granularities of its table, with their width in seconds. */
export const GRANULARITY_SECONDS: Readonly<Record<string, number>> = {
  PT1M: 60,
  PT10M: 600,
  PT1H: 3600,
  PT2H: 7200,
  P1D: 86_400,
  P2D: 172_800,
};
/** api-client-layer §7 Reports: "The value 'isolate' is sent as 'safeview' for pe_action." */
export const PE_ACTION_ISOLATE_SENT_AS = 'safeview';

/** api-client-layer §9: "Policy revision page size default 25, offset 0." */
export const REVISIONS_PAGE_DEFAULT = { limit: 25, offset: 0 } as const;

/** api-client-layer §3 Logs: "Log types: scan_web, scan_email, scan_dlp, scan_audit, fwaas_logs, saa_logs." */
export const LOG_TYPES = [
  'scan_web',
  'scan_email',
  'scan_dlp',
  'scan_audit',
  'fwaas_logs',
  'saa_logs',
] as const;
/** portal-core §4 Logs paging: "Events are fetched 100 at a time". */
export const LOG_BLOCK_SIZE = 100;

/** portal-core §3 User session info. */
export const USER_SESSION_INFO_FIELDS = [
  'uid',
  'first_name',
  'last_name',
  'tenant_name',
  'tid',
  'capabilities',
  'roles',
  'portal_v2',
  'appliance_manager_ui_v2',
  'status_ui_v2',
  'show_change_password',
  'uid_hash',
] as const;

/** portal-core §2 Login route behaviour: the form the login page posts to the returned login_url. */
export const AUTH_PARAMS_FIELDS = ['login_url', 'redirect_uri', 'client_id', 'csrf_token', 'scope'] as const;

/** api-client-layer §7 Provider console: the oauth login's reply; §5: its status must be 'Success'. */
export const PROVIDER_LOGIN_FIELDS = ['username', 'key_id', 'expires', 'Authorization'] as const;
export const PROVIDER_LOGIN_STATUS = 'Success';
/** api-client-layer §5: "The user data must have status 'authenticated'." */
export const PROVIDER_USER_STATUS = 'authenticated';

/** api-client-layer §3 Enumerations. */
export const ENUMERATIONS = {
  licenseState: ['none', 'active', 'expired', 'about_to_expire'],
  licenseType: ['customer', 'poc', 'internal'],
  operationState: ['pending', 'started', 'completed', 'failed'],
  nodeAction: ['thaw', 'freeze', 'restart', 'diagnostics'],
  schemaState: ['deprecated', 'ga', 'controlled', 'obsolete'],
  action: ['allow', 'safeview', 'block'],
  riskLevel: ['disabled', 'moderate', 'aggressive', 'relaxed', 'custom'],
  direction: ['all', 'uploads', 'downloads', 'uploadsAndDownloads'],
} as const;

/** api-client-layer §4 Job polling: "status finished is success. Status failed is an error". */
export const JOB_FINISHED = 'finished';
export const JOB_FAILED = 'failed';

/** api-client-layer §3 provider-console entities, field by field. */
export const PROVIDER_ENTITY_FIELDS = {
  categoryOverride: ['url', 'category_ids', 'tenants', 'submission_reference', 'active'],
  ovaKey: [
    'key_id',
    'expires_at',
    'tenant_name',
    'license_type',
    'does_not_expire',
    'include_ga_supported',
    'versions',
    'note',
  ],
  keyFeature: ['feature_name', 'expires_at', 'does_not_expire'],
  keySku: ['expires_at', 'sku'],
  ovaVersion: ['version_string', 'supported_version', 'ga_version', 'note'],
  deployment: ['deployment_id'],
  tenantDeploymentMove: ['tids', 'deployment'],
  defaultDeployment: ['default_deployment'],
  skuIncompatibility: ['skus'],
  tenantUser: ['uid'],
} as const;
/** api-client-layer §3 Category override: "tenants (default empty list), submission_reference (default empty string)". */
export const CATEGORY_OVERRIDE_DEFAULTS = { tenants: [], submission_reference: '' } as const;

/**
 * portal-core §7 User database and Auth bodies, as the spec writes them (the fields the portal's
 * shape tests compare with).
 */
export const UDB_BODIES = {
  bulkUserModify: ['uid_list'],
  bulkUserDelete: ['uid_list'],
  bulkUserCreate: ['user_list'],
  resetPassword: ['username'],
} as const;
export const LOGIN_BODY = ['username', 'password'] as const;
/** portal-core §7 Auth: "POST /api/auth/v1/auth_params, payload: optional force_udb." */
export const AUTH_PARAMS_BODY = ['force_udb'] as const;
/** api-client-layer §3 Tenant deployment bulk move: "tids (strings) and deployment". */
export const RENAME_TENANT_BODY = ['name'] as const;
