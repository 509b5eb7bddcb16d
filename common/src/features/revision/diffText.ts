/**
 * The structured revision diff (contract policy.ts PolicyDiff) as sentences a person reads
 * (issue 12): kinds by their titles, codes by their vocabularies' labels (docs/glossary.md §2:
 * 'safeview' is Isolate, risk Y is Medium), rules by their names and by their positions as people
 * count them (1-based), categories by name when the caller can look them up.
 *
 *   Categories: Block for category 23 added
 *   Domain rules and exceptions: rule 3 “Block gambling” added (Block)
 *   Domain rules and exceptions: rule “Allow news” moved from 2 to 5
 *   Domain rules and exceptions: rule “Allow news”: action changed from Allow to Block
 *   Risk levels: Medium changed from Isolate to Block
 */
import type { KindDiff, PolicyChange, PolicyDiff } from '../../api/contract/policy';
import { POLICY_KIND_REGISTRY, type PolicyKindDef } from '../../api/contract/policyKinds';
import { COUNTRIES } from '../../vocabularies/countries';
import { NOTIFICATION_PAGE_LABELS } from '../../api/contract/policy-kinds/customizationKinds';
import {
  DLP_ACTIONS,
  FIREWALL_ACTIONS,
  FIREWALL_REQUEST_TYPES,
  FREQUENCIES,
  INSPECTION_ACTIONS,
  INSPECTION_TYPES,
  POLICY_ENFORCEMENT_ACTIONS,
  RISKS,
  THREAT_CLASSES,
} from '../../vocabularies/logFilterVocabularies';
import { vocabularyLabel, type Vocabulary } from '../../vocabularies/vocabulary';
import { POSTURE_CHECK_VOCABULARY, sessionText } from '../../vocabularies/privateAccessVocabularies';
import { contentTypeDisplayName } from '../policy-reference/contentTypeDisplayName';
import type { DiffEntries } from './revisionSlice';

export interface DiffTextOptions {
  /** A category's name from the category tree; without one (or unknown) it reads "category 23". */
  categoryName?: (id: number) => string | undefined;
  /** Entries of the `to` revision by kind, list path and key: names rules the diff gives by key only. */
  entries?: DiffEntries;
}

/** One kind's changes as sentences (lower-case as they follow "Title: "), under the kind's title. */
export interface ReadableKindDiff {
  kind: string;
  title: string;
  lines: string[];
}

type Item = Record<string, unknown>;
const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

const STRING_MATCH_LABELS: Vocabulary = [
  { code: 'starts_with', label: 'starts with' },
  { code: 'ends_with', label: 'ends with' },
  { code: 'contains', label: 'contains' },
  { code: 'equal', label: 'equals' },
  { code: 'regex', label: 'matches' },
];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Fields and document paths as a person names them; others are their last segment, humanised. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  'conditions.domain': 'domains',
  'conditions.uri': 'URLs',
  'conditions.categories': 'categories',
  'conditions.threats': 'threats',
  'conditions.users': 'users',
  'conditions.groups': 'groups',
  'conditions.source_ip_ranges': 'source IP ranges',
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
  'app_discovery.enabled': 'app discovery',
  'app_discovery.hidden_apps': 'hidden apps',
  'pre.unsupported_or_non_browsers': 'unsupported and non-browser clients (checked first)',
  'post.unsupported_or_non_browsers': 'unsupported and non-browser clients (checked last)',
  // Email (issue 13): safemail/config's settings, and fields of the e-mail lists' entries.
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
  action_on_detection: 'action on detection',
  content_types: 'content types',
  mime_types: 'MIME types',
  // Content inspection (issue 13): the settings and runtime analysis documents, and rule fields.
  'contentInspection.enabled': 'file inspection',
  'contentInspection.direction': 'transfers inspected',
  'contentInspection.inspection_types': 'inspect by',
  'contentInspection.max_file_size_mb': 'largest file inspected (MB)',
  'contentInspection.oversize_action': 'larger files',
  'contentInspection.timeout_seconds': 'wait for a verdict (seconds)',
  'contentInspection.timeout_action': 'when no verdict came in time',
  'contentInspection.encrypted_action': 'encrypted files',
  'runtimeAnalysis.risk_level': 'runtime analysis risk level',
  'runtimeAnalysis.custom_threshold': 'runtime analysis score threshold',
  'runtimeAnalysis.file_types': 'file types analysed',
  'runtimeAnalysis.max_file_size_mb': 'largest file analysed (MB)',
  'runtimeAnalysis.timeout_seconds': 'wait for a runtime verdict (seconds)',
  'runtimeAnalysis.timeout_action': 'when no runtime verdict came in time',
  sha256: 'hashes',
  file_types: 'file types',
  cdr: 'content disarm (CDR)',
  allow_download: 'downloading the original',
  allow_print: 'printing',
  password_protected: 'password-protected documents',
  // Web controls (issue 13: copy_paste, watermark, bf/web, bandwidth).
  'copy_paste_policy.copy': 'copying from isolated pages to the device',
  'copy_paste_policy.paste': 'pasting from the device into isolated pages',
  'copy_paste_policy.max_characters': 'longest paste (characters)',
  'watermark.enabled': 'watermark',
  'watermark.text': 'watermark text',
  'watermark.opacity': 'watermark opacity (%)',
  'watermark.font_size': 'watermark font size (px)',
  'watermark.color': 'watermark colour',
  'browsing_forensics.enabled': 'recording of browsing sessions',
  limit_kbps: 'rate limit (kbit/s)',
  daily_quota_mb: 'daily quota (MB)',
};

/** Copy/paste and bandwidth values by their labels (docs/glossary.md §3 Enumerations, direction). */
const WEB_CONTROL_VALUES: Readonly<Record<string, Vocabulary>> = {
  copy: [
    { code: 'allow', label: 'Allow' },
    { code: 'block', label: 'Block' },
  ],
  paste: [
    { code: 'allow', label: 'Allow' },
    { code: 'block', label: 'Block' },
  ],
  direction: [
    { code: 'all', label: 'all traffic' },
    { code: 'uploads', label: 'uploads' },
    { code: 'downloads', label: 'downloads' },
    { code: 'uploadsAndDownloads', label: 'uploads and downloads' },
  ],
};

/** Transfer directions and risk levels (docs/glossary.md §3 Enumerations) as read in a sentence. */
const DIRECTION_LABELS: Vocabulary = [
  { code: 'all', label: 'all transfers' },
  { code: 'uploads', label: 'uploads' },
  { code: 'downloads', label: 'downloads' },
  { code: 'uploadsAndDownloads', label: 'uploads and downloads' },
];
const RISK_LEVEL_LABELS: Vocabulary = [
  { code: 'disabled', label: 'Disabled' },
  { code: 'relaxed', label: 'Relaxed' },
  { code: 'moderate', label: 'Moderate' },
  { code: 'aggressive', label: 'Aggressive' },
  { code: 'custom', label: 'Custom' },
];
const PASSWORD_PROTECTED_LABELS: Vocabulary = [
  { code: 'allow', label: 'Allow' },
  { code: 'block', label: 'Block' },
  { code: 'prompt', label: 'Ask for the password' },
];

/** Kinds whose rules take the inspection actions (docs/glossary.md §2: allow Mark as Clean, block Mark as Infected). */
const INSPECTION_ACTION_KINDS: ReadonlySet<string> = new Set([
  'inspection/exceptions',
  'inspection/global_exceptions',
  'inspection/parent_global_exceptions',
]);

const humanise = (path: string): string =>
  FIELD_LABELS[path] ??
  (path.split('.').pop() ?? path)
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** The first letter upper-case: a diff line shown on its own under its kind's title. */
export const capitalise = (s: string): string => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** How a list's entries are named: what they are, and whether their order decides. */
interface ListStyle {
  noun: string;
  /** Entries of an ordered list (first match wins) are numbered by position. */
  ordered: boolean;
  /** Which of a kind's lists, when it has several (bnb: checked first, checked last). */
  where: string;
}

const LIST_WHERE: Readonly<Record<string, string>> = {
  'pre.list': ' (checked first)',
  'post.list': ' (checked last)',
  // The global exceptions' lists wrap the policy (globalKinds.ts).
  pre: ' (before the policy)',
  post: ' (after the policy)',
};

/** By kind, or by `<kind>:<list path>` for a kind with several lists. */
const NOUNS: Readonly<Record<string, string>> = {
  'fwaas/services': 'service',
  'fwaas/feeds': 'feed',
  'v3/sslbump_bypass': 'bypass',
  'safemail/whitelist': 'allowed sender',
  'safemail/phish_targets': 'phishing target',
  'safemail/isolation:safemail_classification': 'links classified',
  'safemail/smtp_users:identitySourceLists': 'identity source',
  'safemail/smtp_users:usersLists': 'users list',
  'smtp/attachments:content_types': 'content type',
  'smtp/attachments:groups': 'attachment group',
  'smtp/attachments:plugins': 'scanning engine',
  dlp_groups: 'group',
  dlp_dicts: 'dictionary',
  dlp_auditors: 'auditor',
  'auditor_profiles/list': 'profile',
  'mpa/app_catalogs': 'catalog',
  'mpa/app_connector_clusters': 'cluster',
  'mpa/access_rules:access_rules': 'access rule',
  'mpa/access_rules:applications': 'application',
  'casb/exceptions': 'exception',
  'casb/app_rules': 'app rule',
  'profiles/app_links': 'app link',
  egress_policy: 'header rule',
  'casb/profiles:profiles.list': 'profile',
  'casb/profiles:domain_lists': 'domain list',
};

/**
 * Fields of the private access kinds that hold ids of another list's entries: named by the entry
 * when the diff's entries know it, else by the noun and the id.
 */
const REFERENCES: Readonly<Record<string, { kind: string; path: string; noun: string }>> = {
  applications: { kind: 'mpa/access_rules', path: 'applications', noun: 'application' },
  clusters: { kind: 'mpa/app_connector_clusters', path: 'list', noun: 'cluster' },
  cluster_id: { kind: 'mpa/app_connector_clusters', path: 'list', noun: 'cluster' },
};

/** Lists whose keys are codes a person reads (a link class, an engine): the key names the entry. */
const KEY_NAMED: ReadonlySet<string> = new Set([
  'safemail/isolation:safemail_classification',
  'smtp/attachments:plugins',
]);

/** Codes of e-mail fields that no log vocabulary labels. */
const EMAIL_CODE_LABELS: Readonly<Record<string, Vocabulary>> = {
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

/** Kinds whose actions are DLP actions (docs/glossary.md §2: allow reads Skip Inspection). */
const DLP_ACTION_KINDS = new Set(['dlp', 'dlp_auditors', 'v3/casb/dlp/rules']);

/** Fields whose values a diff never shows (a shared secret): it says that they changed. */
const SECRET_FIELDS = new Set(['password']);

class Describer {
  private readonly def: PolicyKindDef | undefined;

  constructor(
    private readonly kind: string,
    private readonly options: DiffTextOptions,
  ) {
    this.def = (POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>)[kind];
  }

  private style(path: string): ListStyle {
    return {
      noun: NOUNS[`${this.kind}:${path}`] ?? NOUNS[this.kind] ?? 'rule',
      ordered: this.def?.orderedLists?.includes(path) ?? false,
      where: LIST_WHERE[path] ?? '',
    };
  }

  private category(id: unknown): string {
    const n = Number(id);
    return this.options.categoryName?.(n) ?? `category ${String(id)}`;
  }

  private actionLabel(code: unknown): string {
    const vocabulary = this.kind.startsWith('fwaas/')
      ? FIREWALL_ACTIONS
      : DLP_ACTION_KINDS.has(this.kind)
        ? DLP_ACTIONS
        : INSPECTION_ACTION_KINDS.has(this.kind)
          ? INSPECTION_ACTIONS
          : POLICY_ENFORCEMENT_ACTIONS;
    return vocabularyLabel(vocabulary, String(code));
  }

  /** One value of a field, as a person reads it. */
  private one(field: string, value: unknown): string {
    const leaf = field.split('.').pop() ?? field;
    if (value === null || value === undefined || value === '') return 'none';
    if (leaf === 'action' || leaf === 'unsupported_or_non_browsers' || leaf === 'notify_on')
      return this.actionLabel(value);
    if (leaf === 'risk') return vocabularyLabel(RISKS, String(value));
    if (leaf === 'request_type') return vocabularyLabel(FIREWALL_REQUEST_TYPES, String(value));
    if (leaf === 'categories' || leaf === 'category_id') return this.category(value);
    if (leaf === 'threats') return vocabularyLabel(THREAT_CLASSES, String(value));
    if (leaf === 'geo_ip' || leaf === 'countries') return vocabularyLabel(COUNTRIES, String(value));
    if (leaf === 'match') return vocabularyLabel(STRING_MATCH_LABELS, String(value));
    if (
      (this.kind === 'copy_paste' || this.kind === 'bandwidth') &&
      leaf in WEB_CONTROL_VALUES &&
      typeof value === 'string'
    )
      return vocabularyLabel(WEB_CONTROL_VALUES[leaf], value);
    if (leaf === 'days' && typeof value === 'number') return DAYS[value] ?? String(value);
    if (leaf === 'digest_frequency_ms' && typeof value === 'number')
      return FREQUENCIES.find((f) => f.ms === value)?.label ?? `${value} ms`;
    if (EMAIL_CODE_LABELS[leaf] && typeof value === 'string')
      return vocabularyLabel(EMAIL_CODE_LABELS[leaf], value);
    if (leaf === 'posture_checks' && typeof value === 'string')
      return vocabularyLabel(POSTURE_CHECK_VOCABULARY, value);
    if (this.kind.startsWith('mpa/') && leaf in REFERENCES && typeof value === 'string') {
      const ref = REFERENCES[leaf];
      const entry = this.options.entries?.[ref.kind]?.[ref.path]?.[value];
      return isItem(entry) && typeof entry.name === 'string' ? `“${entry.name}”` : `${ref.noun} ${value}`;
    }
    if (leaf === 'inspection_types') return vocabularyLabel(INSPECTION_TYPES, String(value));
    if (leaf === 'direction') return vocabularyLabel(DIRECTION_LABELS, String(value));
    if (leaf === 'risk_level') return vocabularyLabel(RISK_LEVEL_LABELS, String(value));
    if (leaf === 'password_protected') return vocabularyLabel(PASSWORD_PROTECTED_LABELS, String(value));
    if (leaf.endsWith('_action') && typeof value === 'string')
      return vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, value);
    if (leaf === 'file_types' && typeof value === 'string') return `.${value}`;
    if (leaf === 'sha256' && typeof value === 'string') return `${value.slice(0, 12)}…`;
    if (leaf === 'content_types' && isItem(value) && typeof value.name === 'string') {
      const entries = Array.isArray(value.entries) ? value.entries : [];
      const name = contentTypeDisplayName(value.name);
      return entries.length ? `${name} (${entries.map(String).join(', ')})` : name;
    }
    if (typeof value === 'boolean') return value ? 'on' : 'off';
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string') return `“${value}”`;
    if (Array.isArray(value))
      return value.length === 0 ? 'none' : value.map((v) => this.one(field, v)).join(', ');
    if (isItem(value)) {
      if (leaf === 'session' && typeof value.mode === 'string')
        return sessionText(
          value as { mode: string; duration?: { value: number; unit: string } },
        ).toLowerCase();
      if ('match' in value && 'value' in value)
        return `${this.one('match', value.match)} “${String(value.value)}”`;
      if ('days' in value && 'from' in value && 'to' in value) {
        const days = Array.isArray(value.days) ? value.days.map((d) => DAYS[Number(d)] ?? d).join(', ') : '';
        return `${days} ${String(value.from)}–${String(value.to)} (${String(value.time_zone)})`;
      }
      return Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${humanise(k)} ${this.one(k, v)}`)
        .join(', ');
    }
    return String(value);
  }

  /** An entry of a keyed list by what it holds (its name, risk level, category, hash, domain). */
  private entryName(path: string, key: string, item: unknown, position: number | null): string {
    const style = this.style(path);
    const at = style.ordered && position !== null ? ` ${position + 1}` : '';
    if (this.kind === 'risks') return vocabularyLabel(RISKS, key);
    if (this.kind === 'cats') return this.category(key);
    if (this.kind === 'web/sha256') return `hash ${key.slice(0, 12)}…`;
    if (KEY_NAMED.has(`${this.kind}:${path}`)) return `${style.noun} ${key}`;
    if (this.kind.startsWith('customization/')) return NOTIFICATION_PAGE_LABELS[key] ?? `page ${key}`;
    if (isItem(item) && typeof item.name === 'string')
      return `${style.noun}${at} “${item.name}”${style.where}`;
    if (isItem(item) && typeof item.domain === 'string') return `${style.noun} of ${item.domain}`;
    // The allow list's entries are their sender.
    if (isItem(item) && typeof item.value === 'string') return `${style.noun} “${item.value}”`;
    if (isItem(item) && item.category_id !== undefined)
      return `${style.noun} of ${this.category(item.category_id)}`;
    // Nothing names it: its position does (a key is an id no person chose).
    return `${style.noun}${position !== null ? ` ${position + 1}` : ''}${style.where}`;
  }

  /** Entries that are a value with an action (risk levels, categories, hashes): "Block for X added". */
  private isActionEntry(): boolean {
    return this.kind === 'risks' || this.kind === 'cats' || this.kind === 'web/sha256';
  }

  private known(path: string, key: string): unknown {
    return this.options.entries?.[this.kind]?.[path]?.[key];
  }

  describe(change: PolicyChange): string {
    switch (change.op) {
      case 'added':
      case 'removed': {
        const item = change.item;
        const verb = change.op;
        if (this.isActionEntry() && isItem(item) && item.action !== undefined)
          return `${this.actionLabel(item.action)} for ${this.entryName(change.path, change.key, item, null)} ${verb}`;
        const action = isItem(item) && item.action !== undefined ? ` (${this.actionLabel(item.action)})` : '';
        const name = this.entryName(change.path, change.key, item, change.index);
        return `${name} ${verb}${verb === 'added' ? action : ''}`;
      }
      case 'moved': {
        const name = this.entryName(change.path, change.key, this.known(change.path, change.key), null);
        return `${name} moved from ${change.from + 1} to ${change.to + 1}`;
      }
      case 'changed':
        return change.key === undefined ? this.documentChange(change) : this.entryChange(change);
    }
  }

  /** A value of the document changed (not an entry of a keyed list). */
  private documentChange(change: Extract<PolicyChange, { op: 'changed' }>): string {
    const label = capitalise(humanise(change.path));
    return this.valueChange(label, change.path, change.from, change.to);
  }

  private entryChange(change: Extract<PolicyChange, { op: 'changed' }>): string {
    const key = change.key as string;
    const field = change.field ?? '';
    const known = this.known(change.path, key);
    const position = change.index ?? null;
    if (field === 'name' && typeof change.from === 'string') {
      const before = this.entryName(
        change.path,
        key,
        { ...(isItem(known) ? known : {}), name: change.from },
        null,
      );
      return `${before} renamed to “${String(change.to)}”`;
    }
    const name = this.entryName(change.path, key, known, isItem(known) ? null : position);
    if (this.isActionEntry() && field === 'action')
      return `${name} changed from ${this.one(field, change.from)} to ${this.one(field, change.to)}`;
    if (field === 'enabled' && typeof change.to === 'boolean')
      return `${name} ${change.to ? 'enabled' : 'disabled'}`;
    return this.valueChange(`${name}: ${humanise(field)}`, field, change.from, change.to);
  }

  /** "X changed from A to B"; lists say what was added and removed; switches say on or off. */
  private valueChange(label: string, field: string, from: unknown, to: unknown): string {
    if (SECRET_FIELDS.has(field.split('.').pop() ?? field)) {
      if (from === null || from === undefined || from === '') return `${label} set`;
      return to === null || to === undefined || to === '' ? `${label} removed` : `${label} changed`;
    }
    if (typeof to === 'boolean' && (typeof from === 'boolean' || from === null))
      return `${label} turned ${to ? 'on' : 'off'}`;
    const listish = (v: unknown) => Array.isArray(v) || v === null || v === undefined;
    if (listish(from) && listish(to) && (Array.isArray(from) || Array.isArray(to))) {
      const before = (from as unknown[] | null) ?? [];
      const after = (to as unknown[] | null) ?? [];
      const keyOf = (v: unknown) => JSON.stringify(v);
      const beforeKeys = new Set(before.map(keyOf));
      const afterKeys = new Set(after.map(keyOf));
      const added = after.filter((v) => !beforeKeys.has(keyOf(v)));
      const removed = before.filter((v) => !afterKeys.has(keyOf(v)));
      const parts = [
        ...(added.length ? [`${this.one(field, added)} added`] : []),
        ...(removed.length ? [`${this.one(field, removed)} removed`] : []),
      ];
      return parts.length ? `${label} ${parts.join('; ')}` : `${label} reordered`;
    }
    if (from === null || from === undefined || from === '') return `${label} set to ${this.one(field, to)}`;
    if (to === null || to === undefined || to === '')
      return `${label} removed (was ${this.one(field, from)})`;
    return `${label} changed from ${this.one(field, from)} to ${this.one(field, to)}`;
  }
}

/** One change of a kind as a sentence (without the kind's title). */
export function changeText(
  kindDiff: Pick<KindDiff, 'kind'>,
  change: PolicyChange,
  options: DiffTextOptions = {},
): string {
  return new Describer(kindDiff.kind, options).describe(change);
}

/** Every kind that changed, with its changes as sentences, in the diff's order. */
export function diffText(diff: PolicyDiff, options: DiffTextOptions = {}): ReadableKindDiff[] {
  return diff.kinds
    .filter((k) => k.changes.length > 0)
    .map((k) => {
      const describer = new Describer(k.kind, options);
      const registered = (POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>)[k.kind];
      return {
        kind: k.kind,
        title: k.title || registered?.title || k.kind,
        lines: k.changes.map((c) => describer.describe(c)),
      };
    });
}

/** The diff as one list of "Title: sentence" lines (for a plain-text summary). */
export function diffLines(diff: PolicyDiff, options: DiffTextOptions = {}): string[] {
  return diffText(diff, options).flatMap((k) => k.lines.map((line) => `${k.title}: ${line}`));
}
