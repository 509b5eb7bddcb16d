/**
 * The client-side view of each policy kind (issue 32 point 1): one row per row of the policy-kind
 * registry (api/contract/policyKinds.ts) saying how the portal shows the kind. The registry says
 * what the document is (path, schema, permissions, keyed and ordered lists) and gives its title;
 * this table says the rest a person reads:
 *
 * - `path`: its tab on its permission group's page (#/policy/web/<path>, #/fwaas/<path>, …); a
 *   group's tabs are its kinds' rows with a path, in this table's order (so the rows are grouped
 *   by family, each in its page's order). Kinds sharing a path are one tab (the first draws it).
 *   `secondTab` is a further tab of the same document (its label and path).
 * - `tab`: the short label of the kind's tab on its family page (where "Cloud app rules" reads
 *   "App rules" under the Cloud Apps Policy heading); the kind's title stays the registry's.
 * - `shape`: which shared editor draws it (ordered rule list, named list, scoped rules, form); a
 *   kind whose family page registers no section of its own is drawn by the kit from its shape
 *   and its registry schema (tenant-portal/src/areas/policy/kit/README.md).
 * - `labels`: its fields as a sentence names them (the revision diff), beside RULE_FIELD_LABELS.
 * - `nouns`: what its lists' entries are called, by list path (`*` for every list).
 * - `actions`, `values`, `references`, `entries`: how its codes and keys read.
 * - `scopes`: the headings of a scoped-rules kind's groups of lists (its editor, the kit's).
 *
 * The revision diff's sentences (features/revision/diffText.ts), the policy pages' tabs and the
 * rule links (tenant-portal/src/areas/policy/familyTabs.ts) derive from these rows. A new kind
 * with a form is a registry row, its example and a view row here (docs/adding-a-row.md §1).
 */
import { POLICY_KIND_REGISTRY, type PolicyKind, type PolicyKindDef } from '../../api/contract/policyKinds';
import { NOTIFICATION_PAGE_LABELS } from '../../api/contract/policy-kinds/customizationKinds';
import {
  DLP_ACTIONS,
  FIREWALL_ACTIONS,
  INSPECTION_ACTIONS,
  POLICY_ENFORCEMENT_ACTIONS,
} from '../../vocabularies/logFilterVocabularies';
import type { Vocabulary } from '../../vocabularies/vocabulary';

/** Which shared editor draws a kind. */
export type EditorShape =
  /** Rules whose order decides (first match wins): a table with the enabled switch, moves, a rule dialog. */
  | 'ordered-rules'
  /** Named entries whose order does not matter (services, feeds, lists, profiles). */
  | 'named-list'
  /** Rules of who and where something applies, around or beside a policy (copy/paste, global rules). */
  | 'scoped-rules'
  /** One document of settings: form fields. */
  | 'form';

/** A field that holds ids of another list's entries: named by that entry when the diff knows it. */
export interface ViewReference {
  kind: string;
  path: string;
  noun: string;
}

/**
 * How a keyed entry is named when its key says what it is: a risk level, a category, a hash (each
 * a value with an action: "Block for Medium added"), or a label of `keyLabels`.
 */
export type EntryNaming = 'risk' | 'category' | 'hash' | 'key-label';

/** A further tab of the same document on its family page. */
export interface SecondTab {
  path: string;
  tab: string;
}

export interface PolicyKindView {
  /** Its tab's path on its group's page; none when it is no tab of its own (drawn inside another). */
  path?: string;
  secondTab?: SecondTab;
  tab?: string;
  shape: EditorShape;
  labels?: Readonly<Record<string, string>>;
  /** By list path; `*` for every list of the kind. Without one an entry is a "rule". */
  nouns?: Readonly<Record<string, string>>;
  /** The vocabulary of its rules' `action` (default POLICY_ENFORCEMENT_ACTIONS). */
  actions?: Vocabulary;
  /** Vocabularies of its own fields' codes, by the field's last segment. */
  values?: Readonly<Record<string, Vocabulary>>;
  references?: Readonly<Record<string, ViewReference>>;
  entries?: EntryNaming;
  /** With entries 'key-label': the key's label (else "<noun> <key>"). */
  keyLabels?: Readonly<Record<string, string>>;
  /** Lists whose keys are codes a person reads (a link class, an engine): "<noun> <key>". */
  keyNamedLists?: readonly string[];
  /** A scoped-rules kind's scopes (the objects holding its lists, e.g. `pre`) as its editor heads them. */
  scopes?: Readonly<Record<string, string>>;
}

/** Fields of the rule parts many kinds share (policy-kinds/ruleParts.ts), as a sentence names them. */
export const RULE_FIELD_LABELS: Readonly<Record<string, string>> = {
  'conditions.domain': 'domains',
  'conditions.uri': 'URLs',
  'conditions.categories': 'categories',
  'conditions.threats': 'threats',
  'conditions.users': 'users',
  'conditions.groups': 'groups',
  'conditions.source_ips': 'source IP addresses',
  'conditions.dest_ips': 'destination IP addresses',
  'conditions.source_ip_ranges': 'source IP ranges',
  'conditions.dest_ip_ranges': 'destination IP ranges',
  'conditions.browser': 'browsers',
  'conditions.entities': 'user database entities',
  'conditions.user_agent': 'user agents',
  'conditions.geo_ip': 'countries',
  'conditions.fileTypes': 'file types',
  conditions: 'conditions',
  min_version: 'minimum version',
  request_type: 'request type',
  refresh_minutes: 'refresh interval (minutes)',
  category_id: 'category',
  log: 'logging',
  url: 'URL',
  flash: 'Flash blocking',
  bypass: 'bypass domains',
  integrations_list: 'bypassed integrations',
  sslbump_v3: 'SSL bypass v3',
  note: 'note',
  notify_on: 'told of',
  attach_file: 'matching file attached',
  notify_user: 'user notified',
  logo_url: 'logo',
  contact_email: 'contact address',
  posture_checks: 'posture checks',
  cluster_id: 'connector cluster',
  clusters: 'connector clusters',
  provisioning_key_lookup: 'provisioning key lookup',
  profile_id: 'profile',
  app_id: 'app',
  tenant_restrictions: 'company instances',
  ddl_url: 'published at',
  action_on_detection: 'action on detection',
  content_types: 'content types',
  mime_types: 'MIME types',
  sha256: 'hashes',
  file_types: 'file types',
  cdr: 'content disarm (CDR)',
  allow_download: 'downloading the original',
  allow_print: 'printing',
  password_protected: 'password-protected documents',
};

const ALLOW_BLOCK: Vocabulary = [
  { code: 'allow', label: 'Allow' },
  { code: 'block', label: 'Block' },
];

/** Bnb's unsupported clients, in its pre and post lists (globalKinds.ts wraps the policy). */
const BNB_LABELS = {
  'pre.unsupported_or_non_browsers': 'unsupported and non-browser clients (checked first)',
  'post.unsupported_or_non_browsers': 'unsupported and non-browser clients (checked last)',
};

/** Codes of the e-mail lists' fields (no log vocabulary labels them). */
const EMAIL_VALUES: Readonly<Record<string, Vocabulary>> = {
  action_on_detection: [
    { code: 'block', label: 'Block the message' },
    { code: 'remove', label: 'Remove the attachment' },
    { code: 'allow', label: 'Deliver and log' },
  ],
  platforms: [
    { code: 'ios', label: 'iOS' },
    { code: 'android', label: 'Android' },
    { code: 'other', label: 'Other' },
  ],
  release_by: [
    { code: 'admin', label: 'Administrators only' },
    { code: 'recipient', label: 'The recipient' },
  ],
};

const PRIVATE_ACCESS_REFERENCES: Readonly<Record<string, ViewReference>> = {
  applications: { kind: 'mpa/access_rules', path: 'applications', noun: 'application' },
  clusters: { kind: 'mpa/app_connector_clusters', path: 'list', noun: 'cluster' },
  cluster_id: { kind: 'mpa/app_connector_clusters', path: 'list', noun: 'cluster' },
};
const privateAccess = (view: PolicyKindView): PolicyKindView => ({
  references: PRIVATE_ACCESS_REFERENCES,
  ...view,
});
const email = (view: PolicyKindView): PolicyKindView => ({ values: EMAIL_VALUES, ...view });
const customization = (path: string, tab: string): PolicyKindView => ({
  path,
  tab,
  shape: 'named-list',
  nouns: { '*': 'page' },
  entries: 'key-label',
  keyLabels: NOTIFICATION_PAGE_LABELS,
});

export const POLICY_KIND_VIEWS = {
  // web_policy
  portal_note: { shape: 'form' },
  cats: { path: 'categories', tab: 'Categories', shape: 'named-list', entries: 'category' },
  'cats/extension': { tab: 'Extension categories', shape: 'form' },
  risks: { path: 'threats', tab: 'Threats & risk levels', shape: 'named-list', entries: 'risk' },
  'web/exceptions': { path: 'exceptions', tab: 'Domain rules & exceptions', shape: 'ordered-rules' },
  bnb: { path: 'browsers', tab: 'Browsers & applications', shape: 'scoped-rules', labels: BNB_LABELS },
  'web/user_agents': { path: 'user-agents', tab: 'User agents', shape: 'ordered-rules' },
  'web/sha256': { path: 'sha256', tab: 'SHA-256', shape: 'named-list', entries: 'hash' },
  'v3/sslbump_bypass': {
    path: 'ssl-bypass',
    tab: 'SSL bypass',
    shape: 'named-list',
    nouns: { '*': 'bypass' },
  },
  sslbump_bypass: { shape: 'named-list' },
  'v2/sslbump_lists': { shape: 'named-list' },
  copy_paste: {
    path: 'copy-paste',
    tab: 'Copy & paste',
    shape: 'scoped-rules',
    labels: {
      'copy_paste_policy.copy': 'copying from isolated pages to the device',
      'copy_paste_policy.paste': 'pasting from the device into isolated pages',
      'copy_paste_policy.max_characters': 'longest paste (characters)',
    },
    values: { copy: ALLOW_BLOCK, paste: ALLOW_BLOCK },
  },
  watermark: {
    path: 'watermark',
    tab: 'Watermark',
    shape: 'scoped-rules',
    labels: {
      'watermark.enabled': 'watermark',
      'watermark.text': 'watermark text',
      'watermark.opacity': 'watermark opacity (%)',
      'watermark.font_size': 'watermark font size (px)',
      'watermark.color': 'watermark colour',
    },
  },
  'bf/web': {
    path: 'forensics',
    tab: 'Browsing forensics',
    shape: 'scoped-rules',
    labels: { 'browsing_forensics.enabled': 'recording of browsing sessions' },
  },
  bandwidth: {
    path: 'bandwidth',
    tab: 'Bandwidth',
    shape: 'scoped-rules',
    labels: { limit_kbps: 'rate limit (kbit/s)', daily_quota_mb: 'daily quota (MB)' },
    values: {
      direction: [
        { code: 'all', label: 'all traffic' },
        { code: 'uploads', label: 'uploads' },
        { code: 'downloads', label: 'downloads' },
        { code: 'uploadsAndDownloads', label: 'uploads and downloads' },
      ],
    },
  },
  'web/global_exceptions': { path: 'global-exceptions', tab: 'Global exceptions', shape: 'scoped-rules' },
  global_bnb: {
    path: 'global-browsers',
    tab: 'Global browsers & applications',
    shape: 'scoped-rules',
    labels: BNB_LABELS,
    values: { unsupported_or_non_browsers: POLICY_ENFORCEMENT_ACTIONS },
    scopes: { pre: 'Before the policy', post: 'After the policy' },
  },
  'web/parent_global_exceptions': { tab: "Parent tenant's global exceptions", shape: 'scoped-rules' },
  parent_global_bnb: {
    tab: "Parent tenant's global browsers & applications",
    shape: 'scoped-rules',
    labels: BNB_LABELS,
  },
  // email_policy
  'safemail/config': email({
    path: 'settings',
    tab: 'Settings & quarantine',
    shape: 'form',
    labels: {
      'config.rewrite_links': 'link rewriting',
      'config.isolate_attachments': 'attachment isolation',
      'config.external_banner': 'external sender banner',
      'config.fail_open': 'fail open',
      'config.link_expiry_days': 'rewritten links expire after (days)',
      'quarantine_spec.enabled': 'quarantine',
      'quarantine_spec.retention_days': 'quarantine retention (days)',
      'quarantine_spec.release_by': 'quarantine released by',
      'quarantine_spec.digest_frequency_ms': 'quarantine digest every',
      'safemail_url_obfuscation.enabled': 'link obfuscation',
      'safemail_url_obfuscation.show_original_domain': 'original domain in obfuscated links',
    },
  }),
  'safemail/whitelist': email({
    path: 'allow-list',
    tab: 'Allowed senders',
    shape: 'named-list',
    nouns: { '*': 'allowed sender' },
  }),
  'safemail/isolation': email({
    path: 'link-isolation',
    tab: 'Link isolation',
    shape: 'ordered-rules',
    nouns: { safemail_classification: 'links classified' },
    keyNamedLists: ['safemail_classification'],
  }),
  'safemail/mobile': email({ path: 'mobile', tab: 'Mobile devices', shape: 'ordered-rules' }),
  'safemail/phish_targets': email({
    path: 'phishing-targets',
    tab: 'Phishing targets',
    shape: 'named-list',
    nouns: { '*': 'phishing target' },
  }),
  'safemail/smtp_users': email({
    path: 'smtp-users',
    tab: 'SMTP users & groups',
    shape: 'named-list',
    nouns: { identitySourceLists: 'identity source', usersLists: 'users list' },
  }),
  'smtp/attachments': email({
    path: 'attachments',
    tab: 'Attachments',
    shape: 'named-list',
    nouns: { content_types: 'content type', groups: 'attachment group', plugins: 'scanning engine' },
    keyNamedLists: ['plugins'],
  }),
  // dlp_policy: rules first (what decides); dictionaries, groups and auditors are what rules refer to.
  dlp: { path: 'rules', tab: 'DLP rules', shape: 'ordered-rules', actions: DLP_ACTIONS },
  dlp_dicts: { path: 'dictionaries', tab: 'Dictionaries', shape: 'named-list', nouns: { '*': 'dictionary' } },
  dlp_groups: { path: 'groups', tab: 'Groups', shape: 'named-list', nouns: { '*': 'group' } },
  dlp_auditors: {
    path: 'auditors',
    tab: 'Auditors',
    shape: 'named-list',
    nouns: { '*': 'auditor' },
    actions: DLP_ACTIONS,
  },
  'auditor_profiles/list': {
    path: 'profiles',
    tab: 'Auditor profiles',
    shape: 'named-list',
    nouns: { '*': 'profile' },
  },
  'auditor_profiles/default': { shape: 'form' },
  'auditor_profiles/file_password': { shape: 'form' },
  // The DLP editor's reads of other areas' lists (no tab of their own).
  'dlp/mpa/application_list': { shape: 'named-list' },
  'dlp/casb/app_rules': { shape: 'ordered-rules' },
  'dlp/casb/profiles': { shape: 'named-list' },
  'v3/casb/dlp/rules': {
    path: 'cloud-apps',
    tab: 'Cloud-app DLP rules',
    shape: 'named-list',
    actions: DLP_ACTIONS,
  },
  // casb_policy
  'casb/app_rules': {
    path: 'app-rules',
    tab: 'App rules',
    shape: 'ordered-rules',
    nouns: { '*': 'app rule' },
  },
  'casb/exceptions': {
    path: 'exceptions',
    tab: 'Exceptions',
    shape: 'ordered-rules',
    nouns: { '*': 'exception' },
  },
  'casb/profiles': {
    path: 'profiles',
    secondTab: { path: 'domain-lists', tab: 'Unsanctioned domains' },
    tab: 'Profiles',
    shape: 'named-list',
    nouns: { 'profiles.list': 'profile', domain_lists: 'domain list' },
  },
  'profiles/app_links': {
    path: 'app-links',
    tab: 'App links',
    shape: 'named-list',
    nouns: { '*': 'app link' },
  },
  'casb/app_discovery': {
    path: 'discovery',
    tab: 'App discovery',
    shape: 'form',
    labels: { 'app_discovery.enabled': 'app discovery', 'app_discovery.hidden_apps': 'hidden apps' },
  },
  // egress_policy
  egress_policy: {
    path: 'rules',
    tab: 'Header rules',
    shape: 'ordered-rules',
    nouns: { '*': 'header rule' },
  },
  // content_inspection: in the order an administrator sets inspection up: what is inspected, the
  // rules that settle verdicts, file types and documents, the sandbox, then the global rules.
  inspection: {
    path: 'settings',
    tab: 'Inspection settings',
    shape: 'form',
    labels: {
      'contentInspection.enabled': 'file inspection',
      'contentInspection.direction': 'transfers inspected',
      'contentInspection.inspection_types': 'inspect by',
      'contentInspection.max_file_size_mb': 'largest file inspected (MB)',
      'contentInspection.oversize_action': 'larger files',
      'contentInspection.timeout_seconds': 'wait for a verdict (seconds)',
      'contentInspection.timeout_action': 'when no verdict came in time',
      'contentInspection.encrypted_action': 'encrypted files',
    },
  },
  'inspection/exceptions': {
    path: 'exceptions',
    tab: 'Inspection rules & exceptions',
    shape: 'ordered-rules',
    actions: INSPECTION_ACTIONS,
  },
  content: { path: 'file-types', tab: 'File types', shape: 'ordered-rules' },
  'v4/content': { path: 'file-types', tab: 'File types', shape: 'ordered-rules' },
  'v4/docs': { path: 'documents', tab: 'Documents', shape: 'ordered-rules' },
  runtime_analysis: {
    path: 'runtime-analysis',
    tab: 'Runtime analysis',
    shape: 'form',
    labels: {
      'runtimeAnalysis.risk_level': 'runtime analysis risk level',
      'runtimeAnalysis.custom_threshold': 'runtime analysis score threshold',
      'runtimeAnalysis.file_types': 'file types analysed',
      'runtimeAnalysis.max_file_size_mb': 'largest file analysed (MB)',
      'runtimeAnalysis.timeout_seconds': 'wait for a runtime verdict (seconds)',
      'runtimeAnalysis.timeout_action': 'when no runtime verdict came in time',
    },
  },
  'inspection/global_exceptions': {
    path: 'global-exceptions',
    tab: 'Global exceptions',
    shape: 'scoped-rules',
    actions: INSPECTION_ACTIONS,
  },
  'inspection/parent_global_exceptions': {
    path: 'global-exceptions',
    tab: 'Global exceptions',
    shape: 'scoped-rules',
    actions: INSPECTION_ACTIONS,
  },
  // customization
  'customization/web': customization('web', 'Web notification pages'),
  'customization/email': customization('email', 'Email notifications'),
  'customization/dlp': customization('dlp', 'DLP notification pages'),
  // private_access
  'mpa/access_rules': privateAccess({
    path: 'access-rules',
    secondTab: { path: 'applications', tab: 'Applications' },
    tab: 'Access rules',
    shape: 'ordered-rules',
    nouns: { access_rules: 'access rule', applications: 'application' },
  }),
  'mpa/application_list': privateAccess({ shape: 'named-list' }),
  'mpa/app_catalogs': privateAccess({
    path: 'catalogs',
    tab: 'App catalogs',
    shape: 'named-list',
    nouns: { '*': 'catalog' },
  }),
  'mpa/app_connector_clusters': privateAccess({
    path: 'clusters',
    tab: 'Connector clusters',
    shape: 'named-list',
    nouns: { '*': 'cluster' },
  }),
  'mpa/app_connector_cluster_list': privateAccess({ shape: 'named-list' }),
  'mpa/app_connector_aws_region': privateAccess({ shape: 'form' }),
  'mpa/user_portal_url': privateAccess({ shape: 'form' }),
  'mpa/security_config': privateAccess({
    path: 'security',
    tab: 'Security settings',
    shape: 'form',
    labels: {
      require_client_certificate: 'client certificate required',
      min_tls_version: 'lowest TLS version',
      reauth_hours: 'sign in again after (hours)',
      idle_timeout_minutes: 'idle sessions end after (minutes)',
      end_on_posture_failure: 'connections ended when a posture check fails',
      log_allowed_connections: 'allowed connections logged',
    },
    values: {
      min_tls_version: [
        { code: '1.2', label: 'TLS 1.2' },
        { code: '1.3', label: 'TLS 1.3' },
      ],
    },
  }),
  // fwaas: rules first (what decides traffic); services and feeds are what rules refer to.
  'fwaas/rules': { path: 'rules', tab: 'Rules', shape: 'ordered-rules', actions: FIREWALL_ACTIONS },
  'fwaas/services': {
    path: 'services',
    tab: 'Services',
    shape: 'named-list',
    nouns: { '*': 'service' },
    actions: FIREWALL_ACTIONS,
  },
  'fwaas/feeds': {
    path: 'feeds',
    tab: 'Threat feeds',
    shape: 'named-list',
    nouns: { '*': 'feed' },
    actions: FIREWALL_ACTIONS,
  },
} satisfies Record<PolicyKind, PolicyKindView>;

const NO_VIEW: PolicyKindView = { shape: 'form' };

/** A kind's view row (a kind the registry does not know reads as a form with no labels). */
export const policyKindView = (kind: string): PolicyKindView =>
  (POLICY_KIND_VIEWS as Record<string, PolicyKindView>)[kind] ?? NO_VIEW;

/** A kind's title: the registry's, the one source (or the kind itself when it is unknown). */
export const policyKindTitle = (kind: string): string =>
  (POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>)[kind]?.title ?? kind;

/** The label of a kind's tab on its family page (its title when it has no tab of its own). */
export const policyKindTab = (kind: string): string => policyKindView(kind).tab ?? policyKindTitle(kind);

/** A field of a kind as a sentence names it: the kind's label, a rule part's, or its last segment humanised. */
export const fieldLabel = (kind: string, path: string): string =>
  policyKindView(kind).labels?.[path] ??
  RULE_FIELD_LABELS[path] ??
  (path.split('.').pop() ?? path)
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** What an entry of a kind's list is called ("rule" when the view names none). */
export const entryNoun = (kind: string, listPath: string): string => {
  const nouns = policyKindView(kind).nouns;
  return nouns?.[listPath] ?? nouns?.['*'] ?? 'rule';
};

/** The vocabulary of a kind's rule actions. */
export const actionVocabulary = (kind: string): Vocabulary =>
  policyKindView(kind).actions ?? POLICY_ENFORCEMENT_ACTIONS;
