/**
 * The row shape of the endpoint table (specEndpoints.ts), the spec's sources, and the shapes the
 * spec does not show, which rows name where their checks rest on our choice.
 */
import type { Suite } from './checks';

export type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE' | 'ANY';

export interface SpecSource {
  doc: 'api-client-layer' | 'portal-core';
  section: string;
  /** The spec's sentence (or list item), as it is written. */
  text: string;
}

export interface SpecEndpoint {
  /** The heading of §7 it is listed under. */
  family: string;
  /** ANY: the spec names the call but not its method. */
  method: Method;
  /** The path as the spec writes it (its placeholders as written; a family prefix added where §7 gives it). */
  path: string;
  sources: readonly SpecSource[];
  /**
   * Where the spec's path is not literal (a name pattern, an operation without a path): the path
   * the reference server serves it at, in OpenAPI form; null: the server serves no such call.
   */
  served?: string | null;
  check?: (suite: Suite) => Promise<void>;
  /** The documented choices the check rests on where the spec is silent (ids of SILENT_CHOICES). */
  silent?: readonly SilentChoice[];
}

export const acl = (section: string, text: string): SpecSource => ({
  doc: 'api-client-layer',
  section,
  text,
});
export const core = (section: string, text: string): SpecSource => ({ doc: 'portal-core', section, text });

/**
 * The shapes the spec does not show, as the suite checks them (docs/api.md repeats each, by id;
 * a test keeps the two lists equal).
 */
export const SILENT_CHOICES = {
  'wire-xsrf':
    'The xsrf header is x-xsrf-token, echoing the cookie wb_xsrf (tenant) or gd_xsrf (provider console); the user-id cookie is wb_uid.',
  'error-field':
    'A refused request answers 400 with {statusCode, error, message, field}; field names the parameter, or the body field as a dotted path (data.dlp.rules).',
  'unknown-parameter':
    'A query parameter a call does not take is refused with 400 naming it; policy reads take timestamp, report queries limit, wherever the spec sends them.',
  'policy-read-flat':
    'A policy read answers flat {rev_id, ...data}: the revision it was read at and the document fields at the top level (not under data).',
  'policy-save-reply':
    'A policy save answers the revision after it: {staged_rev_id, rev_id, state: staged, updated_at}.',
  'policy-body-mapping':
    'Which kind takes which of portal-core §7 bodies is our reading of its list (conformance/specShapes.ts POLICY_SAVE_FIELDS); documents the spec gives no body for carry the document as read, under data.',
  'policy-no-rev-path':
    'A policy path without {rev} (private access, parent global rules, auditor profiles, app discovery) reads the staged revision; its save still carries rev_id, state, updated_at and data.',
  'settings-in-revision':
    'Tenant settings a policy page edits (mpa_security_config, the private-access security settings) are documents of the policy revision: read flat from the staged revision, saved with rev_id, state, updated_at and data like any policy document.',
  'mpa-write-pairs':
    'Private access saves: update_access_policy_application writes what access_rules reads, update_catalog_clusters what app_catalogs reads, set_provisioning_key_lookup what app_connector_clusters reads.',
  'publish-body':
    'POST /api/policy/v1/rules/{rev} takes an optional {comment, updated_at} and answers the new revision; on a revision that is not staged it answers {} and changes nothing.',
  'report-reply':
    'A report answers {name, start, end, rows: [{key, value, series?}]} (by-date queries add granularity); a top-N query answers at most limit groups (keys), each split by its series where it has one.',
  'report-limit-by-date':
    'On a by-date query, limit bounds the number of series (the top ones by total); every bucket of the range is answered.',
  'report-filter-values':
    'A filter parameter the spec names is taken; a value the server does not know is 400 naming the filter.',
  'logs-block':
    "A log block is asked with start and end (unix seconds) and limit (at most 100); pagingIdentifiers carry last_iteration and a cursor; the POST sends back the previous block's pagingIdentifiers.",
  'udb-user':
    'An end user is {uid, username, first_name, last_name, email, groups, status, created_at, updated_at}; POST /users takes password plus those fields; bulkusermodify takes {uid_list, changes}.',
  'provider-paths':
    "Provider calls the spec names without a path are served at /gdmanage/api/v1/<name>, and a tenant's at /gdmanage/api/v1/tenants/{id}/<name>.",
  'provider-signin':
    'The access token of GET /gdmanage/api/oauth/login comes from the reference identity provider, POST /idp/token {username, password}.',
  'tenant-create':
    'POST /gdmanage/api/v1/tenants takes {name}; with admin_username (and optional admin_first_name, admin_last_name) it also creates the first administrator and answers its one-time password once; POST tenants/{id}/admins adds one later.',
  'tenant-reply':
    'A tenant is {tid, name, status: active or disabled, created_at, user_count, capabilities}; its id in paths is tid.',
  'tenant-skus': "A tenant's SKUs are read and written as {sku_ids: [...]}.",
  'provider-lists':
    'Provider lists answer {<plural>: [...], total} (tenants, users, entities) and take limit and offset; revisions answer {revisions, total, limit, offset}.',
  'entity-replace':
    'A provider entity is replaced whole by PUT {path}/{id} with its create body less its id.',
  'policy-templates':
    'The ops/rollout templates are policy templates at /gdmanage/api/v1/templates: {template_id (its id), title, description, documents: an object of policy documents by policy kind (customization/web, ...)}, each document checked against its kind; tenantpolicyinit takes {template: template_id} and answers {rev_id, changes}.',
  'analytics-summary':
    'Analytics summaries are served at /gdmanage/api/v1/analytics/summaries?start&end&tid (tid: one tenant, default every tenant) and answer {start, end, totals, tenants: [{tid, name, events, blocks, isolations}], top_threats: [{key, value}], by_day}: the web events, those blocked (action block) and those isolated (action safeview or safeview_readonly), the threat classes of the most events.',
  'report-regions':
    "Report regions are the deployments' regions, read at /gdmanage/api/v1/ops/report_regions ({regions: [{region, deployments}], tenants: [{tid, name, deployment, report_region, source}]}); a tenant's is read and set at /gdmanage/api/v1/tenants/{id}/report_region with PUT {report_region, dry_run?}, answered {tid, dry_run, from, to, changed, scheduled_reports, past_reports}.",
  'inventory-item':
    'An inventory item is {serial_number (its id), item_type: hardware_appliance, virtual_appliance, server or network_device, model, status: in_stock, allocated, deployed, in_repair or retired, tenant_name, location, note}; the list answers {inventory, total}.',
  'tenant-quota':
    'Tenant quota is GET quota (every tenant: {quota: [{tid, name, limits, use, over, custom}], total, defaults}), GET and PUT quota/{tid} ({limits} with every limit: administrators, users, api_tokens, roles, scheduled_reports, whole numbers 0 to 1,000,000); over names the limits the use passes.',
  'provider-pac':
    "The provider's default PAC file is GET pac {pac, filename, builtin, tenants_served, updated_at, updated_by} and PUT pac {pac, filename, updated_at?}, refused as a tenant's PAC file is (400 pac); POST pac/test is the tenants' tester ({url, client_ip, pac?, hosts?} answering {result, url, host, client_ip}) on the file given or the provider's.",
  'ra-prefilter-entry':
    'An RA pre-filter entry is {entry_id (its id), match_type: cidr or domain, value (an IP address or CIDR range, or a domain), action: block or bypass, tenants (ids; none: every tenant), active, note}; the list answers {ra_prefilter, total}.',
  'tenant-rbac-put':
    "A tenant's RBAC list is put as {accounts: [{username, role}]}: each listed portal account gets the role (built-in or the tenant's own); the answer is the list as read.",
  'tenant-move-job':
    'A tenant deployment bulk move is answered 202 with a job {id, status, deployment, tids, results}, polled at jobs/{id} as a node action is.',
  'node-action-job':
    "A node action is POST pods/{id}/nodes/{node}/actions {action}, answered 202 with a job {id, status}; a job's status is pending, started, finished or failed.",
  'ddl-body':
    'POST /api/policy/v1/validate_ddl_domains/ takes its params (ddlUrl, isFwaas, options) in the JSON body, with the domains to check: {domains, ddlUrl?, isFwaas?, options?}; it answers {checked, valid, invalid}.',
  'uce-body':
    'POST /api/policy/v1/safemail/whitelist/uce/ takes {type: domain or email, value, subject?, note?}.',
  'policy-by-option':
    'Policy by option: {id} is the revision id; categories reads and saves the category rules (the cats document), exceptions the web exception rules, risks and bnb the risk levels and the browser rules; v1 and v3 answer the same document.',
  'sslbump-lists':
    'GET /api/policy/v2/rules/sslbump_lists/{rev} answers the lists of the SSL bypass document as revision {rev} sees them: list and integrations_list, without the sslbump_v3 switch.',
  'dlp-casb-variant':
    'The /api/policy/v1/rules/dlp/casb/... variants are app_rules/{rev} and profiles/{rev}: read-only, answering the appRules, and the profiles, of the v3 cloud-app documents as revision {rev} sees them.',
  'app-id':
    'The {id} of app_rep_insights is a cloud app id as the discovery lists it (salesforce, microsoft365).',
  'report-files':
    "Scheduled reports: GET answers {scheduled_reports}, PUT one report (an id replaces it); instant reports answer the report file's record; past reports list {past_reports}, each downloaded at past_reports/{id}.",
  fileserver:
    'The file server answers a query {sha256: [...]} or {file_name} with {files: [{file, reports: [{plugin, file_id, verdict, score, ...}]}], not_found}; a report is JSON with verdict, score, findings and file; the html-report variant is served at /api/rep/v1/fileserver/html-report/{sha256}/{plugin}/{file_id}.',
  'api-tokens':
    'API tokens: POST api_tokens takes {name, access: read or write, areas (some of logs, reports, policy, users), expires_at: ISO time or null} and answers 201 with the token and its secret once (token); GET answers {tokens}; DELETE api_token/{id} answers 204; a token is sent as Authorization: Bearer <secret>, with no cookie and no xsrf header.',
  'contact-form':
    'The contact form: POST /api/policy/contact_form takes {topic: support, billing, feature_request or other, subject, message, reply_to?} and answers 201 with the stored message (id, sent_at, status new); at most 5 per account and hour (429 with Retry-After).',
  'connectivity-results':
    "Connectivity: each site of GET /connectivity/manager/sites is {id, name, description, url}, its url answering a fetch with ?testId= on the server's own origin; POST /connectivity/manager/results takes {test_id (a UUID), results: [{site_id, passed, duration_ms, error?}]} and answers 201 with the stored run; the login answers {success} true or false (never a 401), for the signed-in account only.",
  'sign-in-auth':
    'GET /api/settings/v1/tenants/auth answers {sso_enabled, idp, ldap, updated_at, updated_by}; its PUT takes {sso_enabled, idp_metadata?, ldap}, idp_metadata being signed SAML metadata XML (null removes the IdP, absent keeps it); ldap.bind_password is write-only (reads say bind_password_set). The v2 GET answers {sso_enabled, idps, total, ldap, updated_at, updated_by}, ?limit bounding idps; its PUT takes idps as a list of {metadata} or {entity_id} (a stored one kept).',
  'saml-setting':
    'GET setting/saml answers {sso_enabled, sp: {entity_id, signing_certificate}, idp}; GET menloSamlSigningCert answers that signing certificate as a PEM file (application/x-pem-file).',
  'decode-cert':
    'POST decodeCert takes {cert} (PEM or base64 DER) and answers {subject, issuer, common_name, serial_number, not_before, not_after, status: valid, expired or not_yet_valid, self_signed, fingerprint_sha256, key_algorithm, key_size, signature_algorithm, pem}.',
  'admin-access-control':
    "admin_access_control is {enabled, allowed_ranges: IP addresses or CIDR ranges, allowed_methods: password, sso or api_token}; PUT replaces it, and refuses with 409 a list that leaves out the caller's own address.",
  'terms-of-service':
    "GET tos answers the provider's EULA {required, version, url, text} with the caller's acceptance {accepted: {version, accepted_at} or null, due}; PUT tos takes {version} (the version read) and records the caller's acceptance, refusing with 409 a version that is no longer the current one.",
  'storage-profiles':
    "storage_platform names its form by name ('Amazon AWS' or 'Microsoft Azure'); secret_key is write-only (reads say storage_platform.secret_key_set; a save without it keeps the stored one on the same platform); the server gives a new profile its uuid and sets validated; POST validate takes one profile and answers {validated, checks: [{field, ok, message}]}; GET capabilities answers {platforms, max_profiles, text_max, units, access_types, storage_modes, max_size}; a save carrying an older updated_at is refused with 409.",
  'forensics-profiles':
    "bf_profiles is {list, updated_at, updated_by} like storage_profiles; inside capture_params, user_input is {keystrokes, clipboard, form_fields}, files {enabled, max_file_size_mb} and network {enabled, max_payload_kb, max_post_kb} (a new profile starts at the spec's sample values); storage_profile_id names a stored storage profile (400 otherwise) and is required when storage_default is false; a storage profile a forensics profile uses cannot be deleted (409).",
  'forensics-status':
    "GET bf_profiles/status answers {recording, rules, profiles, unvalidated_storage, viewer: {enabled, validated}, state: off, ready or attention}: the staged web policy's browsing-forensics switch and enabled rules, the profiles, those whose storage profile is not validated, and the viewer.",
  'mpa-certificates':
    'mpa_certificates is {list, updated_at, updated_by}; an item is {uuid, name, description?, pem} as written, and the server answers its decoding as certificate {subject, issuer, not_before, not_after, status, fingerprint_sha256, …, as decodeCert answers}; a pem that is not one X.509 certificate, or has expired, is refused (400 list.<i>.pem).',
  'client-profiles':
    'client_profiles is {profiles, updated_at, updated_by}, saved whole with PUT; a profile is {uuid, name, description, connection_mode: always_on or on_demand, fail_open, allow_user_disable, auto_update, posture_check, posture_profile_id} (the posture profile required while posture_check is on); export_client_profile?uuid= answers the profile as a JSON attachment {format: workbench-client-profile, version: 1, tenant, exported_at, profile, posture_profile}, 404 for an unknown uuid.',
  'posture-profiles':
    'posture_profiles is {profiles, updated_at, updated_by}, saved whole with PUT; a profile is {uuid, name, description, logic: and or or, checks: [{check, comparator, values}]}: a true-or-false check takes equal only, os_version versions and crowdstrike_zta a score 0-100 take all four comparators, inbetween two ordered values (inclusive), the others one.',
  'ts-client-profile':
    "ts_client_profile is one document {enabled, client_profile_id (a stored client profile, required while enabled; null when none or deleted), port_range: {start, end} (1024-65535, start not above end), ports_per_user (1-5000, at most the range's size), updated_at, updated_by}, saved with PUT (409 over a newer save); before the first save it reads as off, 10000-60000, 500 per user.",
  'service-settings':
    "The service settings under /api/v1/settings/ (web, ssl_bump, safemail, attachments, smtp, emails) are read with GET and replaced whole with PUT, in effect on save; a read answers the document's fields plus updated_at and updated_by (write-only fields as <field>_set); a list's bad value is refused naming it by position (bypass_hosts.0).",
  'list-users':
    "GET /api/auth/v1/list_users answers {users: [{uid, username, first_name, last_name, role, status: active or disabled, locked, show_change_password, mfa_enrolled_since}]}: the tenant's portal administrators.",
  'rbac-v1':
    "GET /api/policy/v1/rbac answers {enforced, accounts: [{uid, username, role, read, write}]}: who holds which role; its POST gives an administrator a role, {uid, role}, and answers that account's row.",
  'rbac-v2':
    'GET /api/policy/v2/rbac answers {enforced, roles: [{name, description, read, write, builtin, holders, updated_at}]}, the built-in roles (admin, auditor, logs) first; its POST saves one role, {name, description, read, write, create}: 201 a new one, 200 an edit.',
  'userinfo-v2':
    "GET /api/userinfo/v2?key=<base64url of the caller's public P-256 JWK> answers {jwe}: the user info of GET /api/userinfo as a compact JWE to that key (alg ECDH-ES, enc A256GCM).",
  'multi-tenant':
    "GET multi_tenant/ answers the tenant's own associations from both sides: primary_associations are its parents (uuid, primary_name, status), secondary_associations its children (uuid, secondary_name, status); status is pending, active, rejected or revoked. PATCH associations/{id} takes {status} and answers the association as the caller lists it; another tenant's association is 404, as an unknown id is; a change the caller's side may not make is 409.",
  'browser-posture':
    'configPolicies lists {configPolicies: [{id, name, browser, platform, settings: [{name, value}], unknownSettings, uploadedFile, createdBy, ...}]}; POST takes multipart/form-data (file, name, browser, platform) and answers 201 with the policy; PATCH takes {id, ...fields}; DELETE takes ?id=; batchDelete is POST {ids}; export is GET ?id=&format= and answers the file; inputPolicy is POST {name, browser, settings} or {name, text}; assess is POST {configPolicyIds} (201 {assessments}), assess/{id} POST (201, one assessment), reassess/{id} POST; an assessment is {id, score, results: [{setting, comparator, expected, actual, status}], history, reviewStatus, reviewedBy, reviewedAt}; reviewStatus PUT takes {reviewStatus, comment?}; configSettingDefinitions answers {definitions, total}; benchmarkPolicies answers {benchmarkPolicies: [{id, browser, rules: [{setting, comparator, values}]}]}.',
  'pac-files':
    'GET pac answers {pac, filename, url, updated_at, updated_by} (url: where browsers fetch the file); PATCH pac takes {pac?, filename?, updated_at?} and refuses a file that does not parse or does not define FindProxyForURL (400 pac, the line and column in the message); proxy_ips is GET and PUT {proxy_ips: [host:port]}; defaults is GET and PUT {bypass_domains, bypass_private_networks, bypass_plain_hostnames, fail_open}; template answers {pac}: GET from the stored proxies and defaults, POST from {proxy_ips, defaults} given; the PAC version (settings v2 and policy pac_version, one value) is {pac_v2, updated_at, updated_by}, PUT {pac_v2}.',
  'settings-documents':
    'egress_ips is {ips: IP addresses or CIDR ranges}; fixed_egress is {enabled, fixed_egress_user: {list: user names (e-mail addresses)}}, on only with a user; global_settings is {organization_name, support_email, timezone (an IANA name), block_page_message, allow_user_feedback}; casb is {app_discovery, discovery_retention_days (1-365), unclassified_action: allow, safeview or block}. Each GET answers the document with updated_at and updated_by (the defaults and null before the first save); PUT takes the whole document (and optionally the updated_at read: 409 when another save came in since).',
  'settings-utilities':
    "GET setting/{name} answers {name, value}, one field of global_settings (404 for another name); GET capabilities/{name} answers {name, enabled, details} for restricted_logs, runtime_analysis and mobileSupport (400 for another name); GET get_user_ip answers {ip}, the caller's address (X-Forwarded-For believed only from a trusted proxy); GET all_public_ips answers {ips}, the deployment's configured public addresses.",
} as const;
export type SilentChoice = keyof typeof SILENT_CHOICES;

/** A path with every placeholder ({rev}, {id}, :full?) made one mark, to compare spec and OpenAPI paths. */
export const pathShape = (path: string): string =>
  path.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z_]+\??/g, '{}');

/** The path a row is served at, in OpenAPI form (null: not served). */
export const servedPath = (row: SpecEndpoint): string | null =>
  row.served === undefined ? row.path : row.served;
